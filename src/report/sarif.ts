import type { LintResult, LocatedDiagnostic } from '../lint/lint.js';
import type { RuleMeta } from '../define-rule.js';
import { IGNORED_FILE, type Fix, type Position, type Range, type RelatedInfo } from '../finding.js';
import { explainRule } from '../check/rule-docs.js';
import { ALL_RULES } from '../check/registry.js';
import { VERSION } from '../version.js';
import type { FormatContext } from './context.js';
import { byPosition, findings, fingerprinter, isRepoRelative, isSecurityRule, repoPath } from './ci-common.js';
import { HOME_URL, docsBase, ruleDocsUrl } from './rule-url.js';
import { host } from '../services/host.js';

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
/** The base the artifact URIs are relative to (GitHub code scanning resolves it to the repository root). */
export const SRCROOT = '%SRCROOT%';

type Level = 'error' | 'warning' | 'note';

interface SarifRegion {
  startLine?: number;
  startColumn?: number;
  endLine?: number;
  endColumn?: number;
  charOffset?: number;
  charLength?: number;
}

interface SarifPhysicalLocation {
  artifactLocation: { uri: string; uriBaseId?: string };
  region: SarifRegion;
}

/** The subset of SARIF 2.1.0 platlint writes. */
export interface SarifLog {
  $schema: string;
  version: '2.1.0';
  runs: SarifRun[];
}

export interface SarifRun {
  tool: { driver: SarifDriver };
  invocations: {
    executionSuccessful: boolean;
    toolExecutionNotifications: {
      level: Level;
      message: { text: string };
      locations: { physicalLocation: SarifPhysicalLocation }[];
      associatedRule?: { id: string; index: number };
    }[];
  }[];
  originalUriBaseIds: Record<string, { uri: string }>;
  columnKind: 'utf16CodeUnits';
  results: SarifResult[];
}

export interface SarifDriver {
  name: 'platlint';
  version: string;
  semanticVersion: string;
  informationUri: string;
  rules: SarifRule[];
}

export interface SarifRule {
  id: string;
  name: string;
  shortDescription: { text: string };
  fullDescription: { text: string };
  help: { text: string; markdown: string };
  helpUri?: string;
  defaultConfiguration: { level: Level; enabled?: false };
  properties: { tags: string[]; precision: 'very-high'; 'security-severity'?: string };
}

export interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: Level;
  message: { text: string };
  locations: { physicalLocation: SarifPhysicalLocation }[];
  relatedLocations?: { id: number; message: { text: string }; physicalLocation: SarifPhysicalLocation }[];
  partialFingerprints: Record<string, string>;
  /** `inSource`: a `# platlint-disable…` comment; `external`: the baseline file, named by `location`. */
  suppressions?: ({ kind: 'inSource'; justification: string } | { kind: 'external'; justification: string; location: { physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string } } } })[];
  fixes?: {
    description: { text: string };
    artifactChanges: { artifactLocation: { uri: string; uriBaseId?: string }; replacements: { deletedRegion: SarifRegion; insertedContent: { text: string } }[] }[];
  }[];
}

/** `schema/unknown-field` → `SchemaUnknownField` (SARIF's readable rule name). */
function ruleName(id: string): string {
  return id
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');
}

function ruleDescriptor(id: string, meta: RuleMeta, base: string, policyKinds?: string): SarifRule {
  // a policy of the configuration has no page in platlint's documentation: its help is its own description
  const docs = policyKinds === undefined;
  return {
    id,
    name: ruleName(id),
    shortDescription: { text: meta.description },
    fullDescription: { text: `${meta.description} ${meta.docs.rationale}` },
    help: {
      text: `${meta.docs.rationale}\n\nFix: ${meta.docs.remediation}${docs ? `\n\nDocumentation: ${ruleDocsUrl(id, base)}` : ''}`,
      markdown: `${explainRule(id, meta, policyKinds)}${docs ? `\n[Documentation](${ruleDocsUrl(id, base)})` : ''}\n`,
    },
    ...(docs ? { helpUri: ruleDocsUrl(id, base) } : {}),
    defaultConfiguration: { level: meta.severity === 'error' ? 'error' : 'warning', ...(meta.defaultOff ? { enabled: false as const } : {}) },
    properties: {
      tags: [...new Set([id.split('/')[0]!, ...(isSecurityRule(id) ? ['security'] : [])])],
      precision: 'very-high',
      // GitHub lists results of rules with a security-severity as security alerts (7.0 and up: high, 4.0 to 6.9: medium)
      ...(isSecurityRule(id) ? { 'security-severity': meta.severity === 'error' ? '7.0' : '4.0' } : {}),
    },
  };
}

/** Rules outside the registry (none today) still get a descriptor, so every result has a `ruleIndex`. */
function unknownDescriptor(id: string, base: string): SarifRule {
  return ruleDescriptor(id, {
    description: `The ${id} check.`,
    severity: 'error',
    status: 'stable',
    docs: { rationale: `Reported by ${id}.`, remediation: 'See the message.', spec: '' },
  } as RuleMeta, base);
}

/**
 * The descriptors of the rules a run's results refer to, and each one's index among them (a result's
 * `ruleIndex`): the registry's rules in its order, then the configuration's policies, then any other id.
 * Only these: describing all of platlint's rules made a log of a few findings hundreds of kilobytes.
 */
function referencedRules(ids: ReadonlySet<string>, policies: NonNullable<FormatContext['policies']>, base: string): { rules: SarifRule[]; index: Map<string, number> } {
  const rules: SarifRule[] = [];
  const index = new Map<string, number>();
  const add = (id: string, descriptor: () => SarifRule) => {
    if (!ids.has(id) || index.has(id)) return;
    index.set(id, rules.length);
    rules.push(descriptor());
  };
  for (const [id, meta] of ALL_RULES) add(id, () => ruleDescriptor(id, meta, base));
  for (const p of policies) add(p.id, () => ruleDescriptor(p.id, p.meta, base, p.kinds));
  for (const id of [...ids].sort()) add(id, () => unknownDescriptor(id, base));
  return { rules, index };
}

/** A repository-relative path as a URI reference (each segment percent-encoded); an absolute path as a file URI. */
function artifactLocation(path: string): { uri: string; uriBaseId?: string } {
  if (path.startsWith('<')) return { uri: encodeURIComponent(path) };
  if (!isRepoRelative(path)) return { uri: host().fileUrl(path) };
  return { uri: path.split('/').map(encodeURIComponent).join('/'), uriBaseId: SRCROOT };
}

/** SARIF's region: 1-based lines and columns, `endColumn` the column after the last character (as ours). */
function region(p: Position): SarifRegion {
  return { startLine: p.line, startColumn: p.column, endLine: p.endLine, endColumn: p.endColumn };
}

/** A range without line and column: by offsets (UTF-16 units, the run's `columnKind`). */
function offsetRegion(r: Range): SarifRegion {
  return { charOffset: r.start, charLength: r.end - r.start };
}

function hasPosition(x: object): x is Position {
  return typeof (x as Partial<Position>).line === 'number' && typeof (x as Partial<Position>).column === 'number';
}

function levelOf(d: LocatedDiagnostic): Level {
  return d.severity === 'error' ? 'error' : 'warning';
}

/**
 * The SARIF 2.1.0 log of a run, as GitHub code scanning ingests it: the rules its results refer to (in the
 * registry's order, then the configuration's policies) with their descriptions, help and documentation link;
 * every finding with a full region, related locations, a stable fingerprint (`platlint/v1`) and its fix;
 * suppressed findings kept with `suppressions` (`inSource` for a comment, `external` for the baseline); files
 * that cannot be read or parsed also reported as tool execution notifications. Links go to `PLATLINT_DOCS_URL`
 * when `ctx.env` sets it.
 */
export function toSarif(results: readonly LintResult[], ctx: Pick<FormatContext, 'cwd' | 'policies'> & Partial<Pick<FormatContext, 'env'>>): SarifLog {
  const fingerprint = fingerprinter();
  const sarifResults: SarifResult[] = [];
  const notifications: SarifRun['invocations'][number]['toolExecutionNotifications'] = [];
  const all = [
    ...findings(results, ctx.cwd).map((f) => ({ ...f, justification: undefined as string | undefined, baseline: undefined as string | undefined })),
    ...results.flatMap((result) => {
      const path = repoPath(result.filePath, ctx.cwd);
      return result.suppressed.map((d) => ({ path, result, d: d as LocatedDiagnostic, justification: d.justification as string | undefined, baseline: d.baseline }));
    }),
  ].sort(byPosition);
  const { rules, index } = referencedRules(new Set(all.filter((f) => f.d.ruleId !== IGNORED_FILE).map((f) => f.d.ruleId)), ctx.policies ?? [], docsBase(ctx.env));
  const ruleIndex = (id: string) => index.get(id)!;
  for (const { path, d, justification, baseline } of all) {
    const artifact = artifactLocation(path);
    const location = { physicalLocation: { artifactLocation: artifact, region: region(d) } };
    // a file the configuration ignores was not linted: a notification of the run, not a result of a rule
    if (d.ruleId === IGNORED_FILE) {
      notifications.push({ level: 'warning', message: { text: `${path}: ${d.message}` }, locations: [location] });
      continue;
    }
    const r: SarifResult = {
      ruleId: d.ruleId,
      ruleIndex: ruleIndex(d.ruleId),
      level: levelOf(d),
      message: { text: d.message },
      locations: [location],
      partialFingerprints: { 'platlint/v1': fingerprint(path, d) },
    };
    const related = relatedLocations(d.related, artifact);
    if (related.length > 0) r.relatedLocations = related;
    if (d.fix) r.fixes = [fixOf(d, d.fix, artifact)];
    if (justification !== undefined) {
      // a baseline entry is kept outside the file: SARIF's `external`, located at the suppressions file
      r.suppressions = [
        baseline === undefined
          ? { kind: 'inSource', justification }
          : { kind: 'external', justification, location: { physicalLocation: { artifactLocation: artifactLocation(repoPath(baseline, ctx.cwd)) } } },
      ];
    }
    sarifResults.push(r);
    if (d.fatal) notifications.push({ level: 'error', message: { text: `${path}: ${d.message}` }, locations: [location], associatedRule: { id: d.ruleId, index: r.ruleIndex } });
  }
  const base = host().fileUrl(ctx.cwd);
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'platlint', version: VERSION, semanticVersion: VERSION, informationUri: HOME_URL, rules } },
        invocations: [{ executionSuccessful: true, toolExecutionNotifications: notifications }],
        originalUriBaseIds: { [SRCROOT]: { uri: base.endsWith('/') ? base : `${base}/` } },
        columnKind: 'utf16CodeUnits',
        results: sarifResults,
      },
    ],
  };
}

function relatedLocations(related: readonly RelatedInfo[] | undefined, artifact: { uri: string; uriBaseId?: string }): NonNullable<SarifResult['relatedLocations']> {
  return (related ?? [])
    .filter((r) => r.range !== undefined)
    .map((r, i) => ({
      id: i + 1,
      message: { text: r.message },
      physicalLocation: { artifactLocation: artifact, region: hasPosition(r.range!) ? region(r.range) : hasPosition(r) ? region(r) : offsetRegion(r.range!) },
    }));
}

/** The finding's fix as a SARIF fix: by line and column when it replaces the finding's own range, else by offsets. */
function fixOf(d: LocatedDiagnostic, fix: Fix, artifact: { uri: string; uriBaseId?: string }): NonNullable<SarifResult['fixes']>[number] {
  const same = fix.range.start === d.range.start && fix.range.end === d.range.end;
  return {
    description: { text: fix.text === '' ? 'Remove the text' : `Replace with ${fix.text}` },
    artifactChanges: [{ artifactLocation: artifact, replacements: [{ deletedRegion: same ? region(d) : offsetRegion(fix.range), insertedContent: { text: fix.text } }] }],
  };
}

export function formatSarif(results: readonly LintResult[], ctx: Pick<FormatContext, 'cwd' | 'policies'> & Partial<Pick<FormatContext, 'env'>>): string {
  return JSON.stringify(toSarif(results, ctx), null, 2) + '\n';
}

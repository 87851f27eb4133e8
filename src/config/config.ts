// config/: a platlint.config.yaml's text in, what applies to a file out (rule severities, overrides, deployments,
// policies); reading the file from disk is files/config-file.ts.
import { globsMatcher, toPosix } from './globs.js';
import { host } from '../services/host.js';
import { readComposed } from '../parse/reading.js';
import { closestMatches } from '../services/suggest.js';
import { validateSchema, type SchemaSubject } from '../check/schema.js';
import type { Severity } from '../finding.js';
import { BUILTIN_RULES } from '../check/builtin-rules.js';
import { loadPolicies, policyIds } from '../check/policies/config.js';
import type { PolicySet } from '../check/policies/spec.js';
import type { PolicyProblem } from '../check/policies/compile.js';
import { mapSpan, scalarOffsets } from '../parse/scalar-offsets.js';

export const CONFIG_FILE_NAME = 'platlint.config.yaml';

const CONFIG_SUBJECT: SchemaSubject = { kind: 'the platlint configuration', schema: 'platlint-config', sensitive: [] };

export type SeveritySetting = 'off' | 'warn' | 'error';

/**
 * Files applied together as one deployment (`deployments` in the configuration): the checks across files
 * (objects defined twice, role references) compare the files of one deployment, never files of different ones.
 */
export interface Deployment {
  name: string;
  /** Files, folders and glob patterns, relative to the configuration file's folder. */
  files: readonly string[];
}

/** A role defined outside the linted files (`externalRoles`): a `roleRef` naming it resolves. */
export interface ExternalRole {
  kind: 'Role' | 'ClusterRole';
  name: string;
  /** The Role's namespace; a Role without one stands for a Role of that name in every namespace. */
  namespace?: string;
}

/**
 * One entry of `overrides`: rule settings for the files its glob patterns match, applied over `rules` (and
 * over the entries before it) for those files only.
 */
export interface Override {
  /** Glob patterns relative to the configuration file's folder, read as `ignores` reads them (`!` takes back). */
  files: readonly string[];
  /** Severities by rule id or area wildcard (`security/*`). */
  rules: Readonly<Record<string, SeveritySetting>>;
}

/**
 * A loaded, validated configuration. A file's severities come from `rules`, then each entry of `overrides`
 * that matches the file, in order, then `commandLineRules`, one after the other: a later setting wins. Inside
 * one `rules` object an exact id wins over its area's wildcard. `configFor` gives a file's configuration
 * with these layers resolved into `rules`; the linting functions call it with the file's path.
 */
export interface Config {
  /** Severities by rule id, or by area with a wildcard (`security/*`). */
  rules: Readonly<Record<string, SeveritySetting>>;
  /** Severities for the files of some folders or patterns, applied in order after `rules`. */
  overrides?: readonly Override[];
  /** Severities from the command line (`--rule ID=SEVERITY`, in the order given), applied after everything else. */
  commandLineRules?: readonly (readonly [string, SeveritySetting])[];
  /** Ignore globs, relative to `baseDir`. */
  ignores: readonly string[];
  maxFileSize?: number;
  /** Groups of files applied together; the checks across files stay inside one group (src/files/across-files.ts). */
  deployments?: readonly Deployment[];
  /** Roles defined elsewhere that a `roleRef` may name (set/role-ref-unresolved). */
  externalRoles?: readonly ExternalRole[];
  /** The repository's own rules in CEL (`policies`), with the types of their kinds: plain data (src/check/policies/spec.ts). */
  policies?: PolicySet;
  /** Folder the ignore patterns are relative to. */
  baseDir: string;
  /** The file it came from, if any. */
  filePath?: string;
}

/** The configuration of a run without a file: its folder is the working folder (`.`, as paths resolve it). */
export const DEFAULT_CONFIG: Config = { rules: {}, ignores: [], baseDir: '.' };

/**
 * One problem of a configuration file, at 1-based line and column (UTF-16 units) with its end, and what kind
 * of problem it is: `config/syntax` (not well-formed YAML), `config/schema` (a field or value the
 * configuration does not allow), `config/unknown-rule` (a rule id platlint does not have), `config/policy` (a
 * policy that does not compile: at the character of its expression or path).
 */
export interface ConfigProblem {
  message: string;
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
  code?: 'config/syntax' | 'config/schema' | 'config/unknown-rule' | 'config/policy';
}

/** A problem in the configuration file itself: makes the run a usage error (exit 2). */
export class ConfigError extends Error {
  constructor(
    message: string,
    readonly filePath: string,
    readonly problems: ConfigProblem[] = [],
  ) {
    super(message);
  }
}

/**
 * Parses and validates a configuration text. Rule ids are checked against `knownRules` (with a suggestion for
 * typos); every problem comes back with its line and column.
 */
export function parseConfig(text: string, filePath: string, knownRules: ReadonlySet<string>, suggest: (id: string) => string[], options: LoadOptions = {}): Config {
  const reading = readComposed(text);
  const problems: { message: string; offset: number; end: number; code: NonNullable<ConfigProblem['code']> }[] = [];
  for (const d of reading.problems) if (d.severity === 'error') problems.push({ message: d.message, offset: d.range.start, end: d.range.end, code: 'config/syntax' });
  const doc = reading.documents[0];
  const value = (doc?.value ?? {}) as Record<string, unknown>;
  let policies: PolicySet | undefined;
  let deferred: (() => PolicyProblem[]) | undefined;
  // a problem of a policy: inside an expression or path at its characters, through the scalar's own quoting
  const policyProblem = (p: PolicyProblem) => {
    const node = p.span ? doc!.locator.scalar(p.path) : null;
    const offsets = node ? scalarOffsets(node, text) : undefined;
    const at = (offsets && p.span && mapSpan(offsets, p.span)) || doc!.locator.at(p.path, 'value');
    return { message: p.message, offset: at.start, end: at.end, code: 'config/policy' as const };
  };
  if (problems.length === 0 && doc) {
    for (const f of validateSchema(value, CONFIG_SUBJECT)) {
      const at = doc.locator.at(f.path, f.target);
      problems.push({ message: f.message, offset: at.start, end: at.end, code: 'config/schema' });
    }
    const schemaOk = problems.length === 0;
    // the configuration's own policies are rules too: `rules:` may set their severity (and name their areas)
    const ids = policyIds(value);
    const known = ids.length > 0 ? new Set([...knownRules, ...ids]) : knownRules;
    const suggestWithPolicies = ids.length > 0 ? (id: string) => [...closestMatches(id, ids), ...suggest(id)] : suggest;
    // the rule ids of `rules` and of each override's `rules`
    const ruleObjects: (string | number)[][] = [['rules']];
    if (Array.isArray(value.overrides)) value.overrides.forEach((_, i) => ruleObjects.push(['overrides', i, 'rules']));
    for (const path of ruleObjects) {
      const rules = valueAt(value, path);
      if (!rules || typeof rules !== 'object' || Array.isArray(rules)) continue;
      for (const id of Object.keys(rules)) {
        const message = unknownRuleMessage(id, known, suggestWithPolicies);
        if (message === undefined) continue;
        const at = doc.locator.at([...path, id], 'key');
        problems.push({ message, offset: at.start, end: at.end, code: 'config/unknown-rule' });
      }
    }
    problems.push(...setProblems(value, (path) => doc.locator.at(path, 'value')).map((p) => ({ ...p, code: 'config/schema' as const })));
    if (schemaOk) {
      const loaded = loadPolicies(value, knownRules, (path) => reading.lines.linePos(doc.locator.at(path, 'key').start).line, options.deferPolicyCheck);
      policies = loaded.set;
      problems.push(...loaded.problems.map(policyProblem));
      // a configuration with other problems is reported whole, in one pass: its expressions are checked now
      if (loaded.compile && problems.length > 0) problems.push(...loaded.compile().map(policyProblem));
      else deferred = loaded.compile;
    }
  }
  const invalid = (found: typeof problems) => {
    const located = found
      .sort((a, b) => a.offset - b.offset)
      .map((p) => {
        const pos = reading.lines.linePos(p.offset);
        const end = reading.lines.linePos(Math.max(p.end, p.offset));
        return { message: p.message, line: pos.line, column: pos.col, endLine: end.line, endColumn: end.col, code: p.code };
      });
    return new ConfigError(`invalid configuration file ${filePath}`, filePath, located);
  };
  if (problems.length > 0) throw invalid(problems);
  if (deferred && policies) {
    const compile = deferred;
    PENDING.set(policies, () => {
      const found = compile().map(policyProblem);
      if (found.length > 0) throw invalid(found);
    });
  }
  return {
    rules: (value.rules as Record<string, SeveritySetting>) ?? {},
    ignores: (value.ignores as string[]) ?? [],
    ...(Array.isArray(value.overrides) && value.overrides.length > 0 ? { overrides: value.overrides as Override[] } : {}),
    ...(typeof value.maxFileSize === 'number' ? { maxFileSize: value.maxFileSize } : {}),
    ...(Array.isArray(value.deployments) ? { deployments: value.deployments as Deployment[] } : {}),
    ...(Array.isArray(value.externalRoles) ? { externalRoles: value.externalRoles as ExternalRole[] } : {}),
    ...(policies ? { policies } : {}),
    baseDir: host().path.dirname(host().path.resolve(filePath)),
    filePath,
  };
}

function valueAt(value: unknown, path: readonly (string | number)[]): unknown {
  let v = value;
  for (const k of path) v = v !== null && typeof v === 'object' ? (v as Record<string | number, unknown>)[k] : undefined;
  return v;
}

/** An area wildcard: `security/*` sets every rule whose id starts with `security/`. */
const WILDCARD = /^([^/*]+)\/\*$/;

/** The areas of a set of rule ids (`security` of `security/no-pod-exec`), kept per set. */
const AREAS = new WeakMap<ReadonlySet<string>, ReadonlySet<string>>();

function areasOf(knownRules: ReadonlySet<string>): ReadonlySet<string> {
  let areas = AREAS.get(knownRules);
  if (!areas) AREAS.set(knownRules, (areas = new Set([...knownRules].map(areaOf))));
  return areas;
}

/** A rule id's area: what comes before its first `/`. */
function areaOf(ruleId: string): string {
  const slash = ruleId.indexOf('/');
  return slash < 0 ? ruleId : ruleId.slice(0, slash);
}

/**
 * Why a key of a `rules` object (or of `--rule`) names no rule, or undefined when it names one: a rule id of
 * `knownRules`, or the wildcard `<area>/*` of an area that has rules. With a suggestion when one is close.
 */
export function unknownRuleMessage(id: string, knownRules: ReadonlySet<string>, suggest: (id: string) => string[]): string | undefined {
  if (knownRules.has(id)) return undefined;
  const wildcard = WILDCARD.exec(id);
  if (wildcard) {
    const areas = areasOf(knownRules);
    const area = wildcard[1]!;
    if (areas.has(area)) return undefined;
    const near = closestMatches(area, [...areas]);
    return `unknown rule area \`${area}\` in \`${id}\`${near.length ? `; did you mean \`${near[0]}/*\`?` : ''}`;
  }
  if (id.includes('*')) return `\`${id}\` is neither a rule id nor an area wildcard: a wildcard is an area followed by \`/*\`, as \`security/*\``;
  const near = suggest(id);
  return `unknown rule \`${id}\`${near.length ? `; did you mean \`${near[0]}\`?` : ''}`;
}

/**
 * What the schema cannot say of `deployments`, `externalRoles` and `overrides` (the schema has already
 * checked their shapes): deployment names are unique, a ClusterRole has no namespace, and a pattern of an
 * override's `files` can match a file.
 */
function setProblems(value: Record<string, unknown>, at: (path: (string | number)[]) => { start: number; end: number }): { message: string; offset: number; end: number }[] {
  const problems: { message: string; offset: number; end: number }[] = [];
  const seen = new Set<string>();
  if (Array.isArray(value.deployments)) {
    value.deployments.forEach((d: unknown, i) => {
      const name = (d as { name?: unknown } | null)?.name;
      if (typeof name !== 'string') return;
      if (seen.has(name)) {
        const r = at(['deployments', i, 'name']);
        problems.push({ message: `deployment \`${name}\` is named twice; give each deployment its own name`, offset: r.start, end: r.end });
      }
      seen.add(name);
    });
  }
  if (Array.isArray(value.overrides)) {
    value.overrides.forEach((o: unknown, i) => {
      const files = (o as { files?: unknown } | null)?.files;
      if (!Array.isArray(files)) return;
      files.forEach((f: unknown, j) => {
        // a pattern is matched against file paths: one ending in `/` (a folder) matches no file at all
        if (typeof f !== 'string' || !f.endsWith('/')) return;
        const r = at(['overrides', i, 'files', j]);
        problems.push({ message: `\`${f}\` names a folder, which matches no file: write \`${f}**\` for the files below it`, offset: r.start, end: r.end });
      });
    });
  }
  if (Array.isArray(value.externalRoles)) {
    value.externalRoles.forEach((r: unknown, i) => {
      const role = r as { kind?: unknown; namespace?: unknown } | null;
      if (role?.kind === 'ClusterRole' && role.namespace !== undefined) {
        const r = at(['externalRoles', i, 'namespace']);
        problems.push({ message: 'a ClusterRole has no namespace: remove `namespace`, or set `kind: Role`', offset: r.start, end: r.end });
      }
    });
  }
  return problems;
}

/** How a configuration is loaded. */
export interface LoadOptions {
  /**
   * Leave the compilation and type checking of the policies' expressions (most of the time of loading a
   * configuration with policies) for `checkPolicies`, which the caller must call before anything is linted
   * with it: a run with worker threads starts them first, so that they start while the main thread checks.
   * A configuration with other problems is still checked whole when it is loaded.
   */
  deferPolicyCheck?: boolean;
}

/** The checks of policies left for later (`deferPolicyCheck`), by their set: see checkPolicies. */
const PENDING = new WeakMap<PolicySet, () => void>();

/**
 * Compiles and type-checks the policies of a configuration loaded with `deferPolicyCheck`, and throws its
 * ConfigError (as loading it would have) when an expression is invalid; once checked, or for any other
 * configuration, it does nothing. A failed check fails again when called again.
 */
export function checkPolicies(config: Config): void {
  const set = config.policies;
  const check = set && PENDING.get(set);
  if (!check) return;
  check();
  PENDING.delete(set);
}

/**
 * The severity a finding gets under a configuration, or null when its rule is off. The rule's exact id wins
 * over its area's wildcard; a rule that is off by default is turned on only by its exact id, or for the whole
 * run by a switch of the command line (`turnedOn`: `--resolve-refs` for set/role-ref-unresolved), and then
 * takes its area's wildcard or its default severity unless the configuration turns it off. Give it a file's
 * configuration (`configFor`): the overrides and command-line settings of a run's configuration are not read
 * here.
 */
export function effectiveSeverity(config: Config, ruleId: string, base: Severity, turnedOn = false): Severity | null {
  let s = config.rules[ruleId];
  if (s === undefined) {
    if (isDefaultOff(ruleId) && !turnedOn) return null;
    s = config.rules[`${areaOf(ruleId)}/*`];
    if (s === undefined) return base;
  }
  if (s === 'off') return null;
  return s === 'warn' ? 'warning' : 'error';
}

function isDefaultOff(ruleId: string): boolean {
  return BUILTIN_RULES[ruleId]?.defaultOff === true;
}

/**
 * The path of a file relative to the configuration's folder, with `/`, as `overrides[].files` patterns are
 * matched; undefined for a text without a file (`<text>`, `<command line>`, an editor's `untitled:` URI) and
 * for a file outside that folder: no override applies to those. A relative path is taken as relative to the
 * configuration's folder.
 */
export function pathInConfig(config: Config, filePath: string | undefined): string | undefined {
  const { isAbsolute, relative, resolve } = host().path;
  if (filePath === undefined || filePath.startsWith('<') || (/^[a-z][a-z0-9+.-]+:/i.test(filePath) && !isAbsolute(filePath))) return undefined;
  const rel = toPosix(relative(config.baseDir, resolve(config.baseDir, filePath)));
  if (rel === '' || rel === '..' || rel.startsWith('../') || isAbsolute(rel)) return undefined;
  return rel;
}

/** A run configuration's compiled `files` patterns, and the file configurations made so far by matching overrides. */
interface Resolution {
  matchers: ((rel: string) => boolean)[];
  byMatch: Map<string, Config>;
}

/**
 * Per run configuration (a worker thread gets its own copy of the configuration, and fills its own): many
 * files match the same overrides, and share one file configuration (and the enabled rules kept for it).
 */
const RESOLUTIONS = new WeakMap<Config, Resolution>();

function resolutionOf(config: Config): Resolution {
  let r = RESOLUTIONS.get(config);
  if (!r) RESOLUTIONS.set(config, (r = { matchers: (config.overrides ?? []).map((o) => globsMatcher(o.files)), byMatch: new Map() }));
  return r;
}

/** The indexes of the overrides whose `files` match a file, in order. */
export function matchingOverrides(config: Config, filePath: string | undefined): number[] {
  if (!config.overrides?.length) return [];
  const rel = pathInConfig(config, filePath);
  if (rel === undefined) return [];
  const out: number[] = [];
  resolutionOf(config).matchers.forEach((matches, i) => {
    if (matches(rel)) out.push(i);
  });
  return out;
}

/**
 * A file's configuration: the run's configuration with `rules` replaced by the file's own settings (the base
 * `rules`, the matching overrides, the command-line settings, resolved in that order) and no `overrides` or
 * `commandLineRules`. The same object for every file that matches the same overrides; the configuration
 * itself when it has neither. A file's configuration is its own configuration.
 */
export function configFor(config: Config, filePath: string | undefined): Config {
  if (!config.overrides?.length && !config.commandLineRules?.length) return config;
  const matched = matchingOverrides(config, filePath);
  const r = resolutionOf(config);
  const key = matched.join(',');
  let resolved = r.byMatch.get(key);
  if (!resolved) {
    const rules: Record<string, SeveritySetting> = { ...config.rules };
    for (const i of matched) applyLayer(rules, config.overrides![i]!.rules);
    for (const [id, s] of config.commandLineRules ?? []) applyLayer(rules, { [id]: s });
    const { overrides: _overrides, commandLineRules: _commandLine, ...rest } = config;
    r.byMatch.set(key, (resolved = { ...rest, rules }));
  }
  return resolved;
}

/**
 * Applies a later `rules` object over the settings so far, so that `effectiveSeverity`'s lookup (exact id,
 * then the area's wildcard) gives the later setting: an area wildcard replaces the earlier exact settings of
 * its area, except that a rule off by default which is off stays off (only its exact id turns it on) and one
 * that is on takes the wildcard's severity; then the exact ids of the layer are set.
 */
function applyLayer(rules: Record<string, SeveritySetting>, layer: Readonly<Record<string, SeveritySetting>>): void {
  for (const [key, s] of Object.entries(layer)) {
    const wildcard = WILDCARD.exec(key);
    if (!wildcard) continue;
    const area = wildcard[1]!;
    for (const id of Object.keys(rules)) {
      if (id === key || areaOf(id) !== area) continue;
      if (isDefaultOff(id) && s !== 'off') {
        if (rules[id] !== 'off') rules[id] = s;
      } else delete rules[id];
    }
    rules[key] = s;
  }
  for (const [key, s] of Object.entries(layer)) if (!WILDCARD.test(key)) rules[key] = s;
}

// check/: a document's value and kind in, findings by field path out (the schema, the rules of rules/, the policies of
// the configuration); never positions. This file runs the rules.
import { RULES } from '../../rules/index.js';
import type { Rule, ReportExtra, RuleContext, RuleFinding } from '../define-rule.js';
import { base64Length } from '../services/base64.js';
import { celService } from '../services/cel.js';
import { parseDuration } from '../services/duration.js';
import { identify, isLenient, KINDS, type Identification, type KindSpec } from '../kinds/kinds.js';
import type { Path } from '../path.js';
import { validateSchema, type SchemaFinding } from './schema.js';
import { policyFindings } from './policies/run.js';
import type { PolicySet } from './policies/spec.js';

/** Thrown when a rule module fails: an internal error, never a silent pass. */
export class RuleCrash extends Error {
  constructor(readonly ruleId: string, cause: unknown) {
    super(`rule ${ruleId} failed: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

const BY_KIND = new Map<string, Rule[]>();
for (const rule of RULES) for (const k of rule.kinds) BY_KIND.set(k, [...(BY_KIND.get(k) ?? []), rule]);

/**
 * Runs every enabled rule that applies to the document's kind, with one context for the document. The
 * items of a list kind (`RoleList`) are checked by the rules of their kind, at `items[i]`. The parts of a
 * document that name a kind of their own (the items of a `v1` `List`, an admission plugin's embedded
 * `configuration`, the EncryptionConfiguration behind the legacy `EncryptionConfig`) are checked by that
 * kind's schema and rules, at their path (see partsOf). `rules` limits the run to those rules (tests,
 * benchmarks). The configuration's `policies` run like rules, wherever the rules of their kinds run (see
 * policyTargets; without them here, the caller runs the policies itself, later: src/lint/lint.ts PolicyBatch).
 */
export function runRules(value: unknown, kind: KindSpec, enabled: (ruleId: string) => boolean, rules?: readonly Rule[], policies?: PolicySet): RuleFinding[] {
  const own = rules ? rules.filter((r) => r.kinds.includes(kind.kind) && enabled(r.id)) : enabledRules(kind.kind, enabled);
  const out = [...notices(kind).filter((f) => enabled(f.ruleId)), ...runOn(value, kind, own, [])];
  const list = listItems(value, kind);
  if (list) {
    const itemKind = list.kind;
    const itemRules = rules ? rules.filter((r) => r.kinds.includes(itemKind.kind) && enabled(r.id)) : enabledRules(itemKind.kind, enabled);
    for (const [i, item] of list.items) out.push(...runOn(item, itemKind, itemRules, ['items', i]));
  }
  for (const part of partsOf(value, kind)) out.push(...partFindings(part, enabled, rules).filter((f) => enabled(f.ruleId)));
  if (policies) out.push(...policyTargetFindings(policyTargets(value, kind, enabled), policies, enabled));
  return out;
}

/** The object items of a document of a list kind (`RoleList`), with their indexes, and their kind; undefined for other kinds. */
function listItems(value: unknown, kind: KindSpec): { kind: KindSpec; items: [number, object][] } | undefined {
  const itemKind = kind.items === undefined ? undefined : KINDS.find((k) => k.kind === kind.items && k.apiVersion === kind.apiVersion);
  const items = (value as { items?: unknown } | null)?.items;
  if (!itemKind || !Array.isArray(items)) return undefined;
  const out: [number, object][] = [];
  items.forEach((item: unknown, i) => {
    if (item !== null && typeof item === 'object' && !Array.isArray(item)) out.push([i, item]);
  });
  return { kind: itemKind, items: out };
}

/** A value the configuration's policies check, and how their findings on it become findings of the document. */
export interface PolicyTarget {
  value: unknown;
  kind: KindSpec;
  /** A finding on `value` as one of the document (its path from the document's root); undefined when its rule is off there. */
  place: (f: RuleFinding) => RuleFinding | undefined;
}

/**
 * What the policies check in a document: the document, the items of a list kind, and the parts runRules
 * checks as kinds of their own, wherever the rules of their kinds run.
 */
export function policyTargets(value: unknown, kind: KindSpec, enabled: (ruleId: string) => boolean): PolicyTarget[] {
  const out: PolicyTarget[] = [];
  const visit = (v: unknown, k: KindSpec, place: PolicyTarget['place']): void => {
    out.push({ value: v, kind: k, place });
    const list = listItems(v, k);
    for (const [i, item] of list?.items ?? []) out.push({ value: item, kind: list!.kind, place: (f) => place({ ...f, path: ['items', i, ...f.path] }) });
    for (const part of partsOf(v, k)) {
      const { id, prefix } = part;
      if (id.status !== 'kind') continue;
      visit(part.value, id.kind, (f) => {
        const g = prefix.length === 0 ? f : prefixed(f, prefix, id.kind);
        return enabled(g.ruleId) ? place(g) : undefined;
      });
    }
  };
  visit(value, kind, (f) => f);
  return out;
}

/** The findings of a configuration's policies on the targets of a document, placed in the document. */
export function policyTargetFindings(targets: readonly PolicyTarget[], policies: PolicySet, enabled: (ruleId: string) => boolean): RuleFinding[] {
  const out: RuleFinding[] = [];
  for (const t of targets) {
    for (const f of policyFindings(t.value, t.kind, policies, enabled)) {
      const placed = t.place(f);
      if (placed) out.push(placed);
    }
  }
  return out;
}

/**
 * Whether a path of a document lies in what platlint checks: everything but the items of a `v1` `List` that
 * name no kind platlint knows (a `ConfigMap`, a `Deployment`), which get no finding at all.
 */
export function isCheckedPath(value: unknown, kind: KindSpec, path: Path): boolean {
  if (kind.items !== '*' || path[0] !== 'items' || typeof path[1] !== 'number') return true;
  const items = (value as { items?: unknown } | null)?.items;
  const status = Array.isArray(items) ? identify(items[path[1]]).status : 'foreign';
  return status === 'kind' || status === 'invalid';
}

/** A part of a document checked as a kind of its own, at `prefix`. */
interface Part {
  value: unknown;
  id: Identification;
  prefix: Path;
}

/**
 * The parts of a document that are checked as another kind: the EncryptionConfiguration a legacy
 * `EncryptionConfig` decodes as (the document itself, its name corrected), the items of a `v1` `List` (each
 * identified by its own apiVersion and kind), and embedded objects at the kind's `embedded` paths.
 */
function partsOf(value: unknown, kind: KindSpec): Part[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [];
  if (kind.legacyOf) {
    const canonical = { ...(value as Record<string, unknown>), apiVersion: kind.legacyOf.apiVersion, kind: kind.legacyOf.kind };
    return [{ value: canonical, id: { status: 'kind', kind: kind.legacyOf }, prefix: [] }];
  }
  const parts: Part[] = [];
  const items = (value as { items?: unknown }).items;
  if (kind.items === '*' && Array.isArray(items)) items.forEach((item, i) => parts.push({ value: item, id: identify(item), prefix: ['items', i] }));
  for (const { path: pattern, groups } of kind.embedded ?? []) {
    for (const [path, v] of matching(value, pattern, [])) {
      const apiVersion = (v as { apiVersion?: unknown } | null)?.apiVersion;
      const group = typeof apiVersion === 'string' ? apiVersion.slice(0, Math.max(0, apiVersion.lastIndexOf('/'))) : '';
      if (groups.includes(group)) parts.push({ value: v, id: identify(v), prefix: path });
    }
  }
  return parts;
}

/** The values at a path pattern (`*` for any index of a list), with their paths. */
function matching(value: unknown, pattern: readonly string[], at: Path): [Path, unknown][] {
  if (pattern.length === 0) return [[at, value]];
  if (value === null || typeof value !== 'object') return [];
  const [seg, ...rest] = pattern as [string, ...string[]];
  if (seg === '*') return Array.isArray(value) ? value.flatMap((v, i) => matching(v, rest, [...at, i])) : [];
  if (Array.isArray(value) || !Object.prototype.hasOwnProperty.call(value, seg)) return [];
  return matching((value as Record<string, unknown>)[seg], rest, [...at, seg]);
}

/** The findings of one part: its schema and rules, or why it could not be identified, at the part's path. */
function partFindings(part: Part, enabled: (ruleId: string) => boolean, rules: readonly Rule[] | undefined): RuleFinding[] {
  const { id, prefix } = part;
  // an item or embedded object of another group (plat or not) is not checked, and not reported one by one
  if (id.status === 'foreign' || id.status === 'unchecked') return [];
  if (id.status === 'invalid') return [{ ruleId: 'document/unknown-kind', message: id.message, path: [...prefix, id.field], target: 'value' }];
  const schema: RuleFinding[] = kindSchemaFindings(part.value, id.kind).map((f) => {
    const extra = { ...(f.fix !== undefined ? { fix: f.fix } : {}), ...(f.suggest ? { suggest: f.suggest } : {}) };
    return { ruleId: f.ruleId, message: f.message, path: f.path, target: f.target, ...(Object.keys(extra).length > 0 ? { extra } : {}) };
  });
  return [...schema, ...runRules(part.value, id.kind, enabled, rules)].map((f) => (prefix.length === 0 ? f : prefixed(f, prefix, id.kind)));
}

function prefixed(f: RuleFinding, prefix: Path, kind: KindSpec): RuleFinding {
  const related = f.extra?.related?.map((r) => ({ ...r, path: [...prefix, ...r.path] }));
  // the innermost part names the kind (a List item's embedded configuration)
  const part = f.part ? { ...f.part, depth: f.part.depth + prefix.length } : { kind: kind.kind, apiVersion: kind.apiVersion, depth: prefix.length };
  return { ...f, path: [...prefix, ...f.path], part, ...(f.extra ? { extra: { ...f.extra, ...(related ? { related } : {}) } } : {}) };
}

/**
 * Schema findings of a value of a kind, as the platform decodes it; none for a kind checked by rules only. An
 * unknown field of a kind the platform decodes leniently is dropped, not refused: `schema/unknown-field-ignored`,
 * a warning. Its rename is a suggestion, never a fix: the file loads either way, and the field that is read
 * after the rename changes what the platform does (an audit rule's `resource:` renamed `resources:` narrows
 * the rule to the names it lists, and requests it no longer matches fall to the rules below it).
 */
export function kindSchemaFindings(value: unknown, kind: KindSpec): SchemaFinding[] {
  if (kind.schema === '') return [];
  const found = validateSchema(value, kind);
  if (!isLenient(kind, value)) return found;
  return found.map((f) => {
    if (f.ruleId !== 'schema/unknown-field') return f;
    const { fix, ...rest } = f;
    return { ...rest, ruleId: 'schema/unknown-field-ignored', message: ignoredField(f.message), ...(fix !== undefined ? { suggest: [fix] } : {}) };
  });
}

function ignoredField(message: string): string {
  const hint = message.indexOf('; ');
  return hint === -1 ? `${message}, which the platform ignores` : `${message.slice(0, hint)}, which the platform ignores${message.slice(hint)}`;
}

/**
 * What identification alone says of a kind: a pair of the spec's table that the platform registers in another
 * group, a legacy kind name.
 */
function notices(kind: KindSpec): RuleFinding[] {
  if (kind.registeredAs) {
    return [
      {
        ruleId: 'document/unregistered-version',
        message: `the platform does not decode this kind in \`${kind.apiVersion}\`; write \`${kind.registeredAs}\``,
        path: ['apiVersion'],
        target: 'value',
        extra: { fix: kind.registeredAs },
      },
    ];
  }
  if (kind.legacyOf) {
    const to = kind.legacyOf;
    return [
      { ruleId: 'document/deprecated-kind', message: `\`${kind.kind}\` is the legacy name of \`${to.kind}\`, which goes with \`apiVersion: ${to.apiVersion}\``, path: ['kind'], target: 'value', extra: { fix: to.kind } },
      { ruleId: 'document/deprecated-kind', message: `\`${kind.apiVersion}\` is the legacy apiVersion of \`${kind.kind}\`; write \`${to.apiVersion}\` with \`kind: ${to.kind}\``, path: ['apiVersion'], target: 'value', extra: { fix: to.apiVersion } },
    ];
  }
  return [];
}

/** The enabled rules of a kind, kept per `enabled` function (one per configuration: see enabledIn). */
const ENABLED_BY_KIND = new WeakMap<(ruleId: string) => boolean, Map<string, Rule[]>>();

function enabledRules(kind: string, enabled: (ruleId: string) => boolean): Rule[] {
  let byKind = ENABLED_BY_KIND.get(enabled);
  if (!byKind) ENABLED_BY_KIND.set(enabled, (byKind = new Map()));
  let rules = byKind.get(kind);
  if (!rules) byKind.set(kind, (rules = (BY_KIND.get(kind) ?? []).filter((r) => enabled(r.id))));
  return rules;
}

/** Runs rules (enabled, of the kind) on one object; `prefix` places an item of a list kind. */
function runOn(value: unknown, kind: KindSpec, rules: readonly Rule[], prefix: Path): RuleFinding[] {
  const out: RuleFinding[] = [];
  let current = '';
  const ctx: RuleContext = {
    kind,
    report(path: Path, message: string, extra?: ReportExtra) {
      const related = extra?.related && prefix.length > 0 ? extra.related.map((r) => ({ ...r, path: [...prefix, ...r.path] })) : extra?.related;
      const full = prefix.length > 0 ? [...prefix, ...path] : path;
      out.push({ ruleId: current, message, path: full, target: extra?.target ?? 'value', ...(extra ? { extra: { ...extra, ...(related ? { related } : {}) } } : {}) });
    },
    duration: parseDuration,
    base64Length,
    cel: celService,
  };
  for (const rule of rules) {
    current = rule.id;
    try {
      rule.check(value, ctx);
    } catch (err) {
      throw new RuleCrash(rule.id, err);
    }
  }
  return out;
}

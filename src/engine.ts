import { RULES } from '../rules/index.js';
import type { Rule, ReportExtra, RuleContext } from './define-rule.js';
import { base64Length } from './services/base64.js';
import { celService } from './services/cel.js';
import { parseDuration } from './services/duration.js';
import { KINDS, type KindSpec } from './kinds.js';
import type { Path } from './path.js';
import type { Target } from './source-map.js';

/** A rule's report before the engine positions it. */
export interface RuleFinding {
  ruleId: string;
  message: string;
  path: Path;
  target: Target;
  extra?: ReportExtra;
}

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
 * items of a list kind (`RoleList`) are checked by the rules of their kind, at `items[i]`. `rules` limits the
 * run to those rules (tests, benchmarks).
 */
export function runRules(value: unknown, kind: KindSpec, enabled: (ruleId: string) => boolean, rules?: readonly Rule[]): RuleFinding[] {
  const own = rules ? rules.filter((r) => r.kinds.includes(kind.kind) && enabled(r.id)) : enabledRules(kind.kind, enabled);
  const out = runOn(value, kind, own, []);
  const items = (value as { items?: unknown } | null)?.items;
  const itemKind = kind.items === undefined ? undefined : KINDS.find((k) => k.kind === kind.items && k.apiVersion === kind.apiVersion);
  if (itemKind && Array.isArray(items)) {
    const itemRules = rules ? rules.filter((r) => r.kinds.includes(itemKind.kind) && enabled(r.id)) : enabledRules(itemKind.kind, enabled);
    items.forEach((item, i) => {
      if (item !== null && typeof item === 'object' && !Array.isArray(item)) out.push(...runOn(item, itemKind, itemRules, ['items', i]));
    });
  }
  return out;
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

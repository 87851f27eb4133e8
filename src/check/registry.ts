import { RULES } from '../../rules/index.js';
import { BUILTIN_RULES } from './builtin-rules.js';
import type { RuleMeta } from '../define-rule.js';
import { closestMatches } from '../services/suggest.js';

/** Every rule id platlint can report, with its metadata: engine findings first, then rule modules. */
export const ALL_RULES: ReadonlyMap<string, RuleMeta> = new Map<string, RuleMeta>([
  ...Object.entries(BUILTIN_RULES),
  ...RULES.map((r) => [r.id, r.meta] as [string, RuleMeta]),
]);

export const RULE_IDS: ReadonlySet<string> = new Set(ALL_RULES.keys());

export function suggestRuleIds(id: string): string[] {
  return closestRuleIds(id, [...RULE_IDS]);
}

/**
 * The ids closest to a misspelt rule id; a rule named without its area (`no-secret-read` for
 * `security/no-secret-read`) gets the rules of that name, or of the closest name, in every area.
 */
export function closestRuleIds(id: string, ids: readonly string[]): string[] {
  if (!id.includes('/')) {
    const name = (r: string) => r.slice(r.indexOf('/') + 1);
    const named = ids.filter((r) => r.includes('/') && name(r) === id);
    if (named.length > 0) return named;
    const near = new Set(closestMatches(id, ids.filter((r) => r.includes('/')).map(name)));
    if (near.size > 0) return ids.filter((r) => r.includes('/') && near.has(name(r)));
  }
  return closestMatches(id, ids);
}

const WITH_POLICIES = new WeakMap<object, ReadonlySet<string>>();

/** The rule ids a configuration knows: platlint's, and its own policies' (for suppression comments). */
export function knownRuleIds(config: { policies?: { policies: readonly { id: string }[] } }): ReadonlySet<string> {
  const set = config.policies;
  if (!set || set.policies.length === 0) return RULE_IDS;
  let ids = WITH_POLICIES.get(set);
  if (!ids) WITH_POLICIES.set(set, (ids = new Set([...RULE_IDS, ...set.policies.map((p) => p.id)])));
  return ids;
}

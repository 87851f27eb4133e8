// Shared readers for the security rules over Role and ClusterRole policy rules. Matching follows the
// authorizer: an API group matches when it is listed or `*` is; a resource when it is listed, `*` is, or
// (for a subresource) `*/<subresource>` is; a verb when it is listed or `*` is.
//
// Finding policy shared by every rule of the area, so that one list entry gets at most one security finding:
// - the wildcard rules (`no-wildcard-verbs`, `no-wildcard-resources`, `no-wildcard-api-groups`) report each `*`
//   entry;
// - a capability rule (secrets, node proxy, exec, escalate/bind, impersonate, token creation) reports the
//   entry that names its capability explicitly (`secrets`, `pods/exec`, `*/exec`, `escalate`); wildcards in the
//   OTHER lists of the same policy rule count as matching (`*` verbs on `secrets` is secret read access, and
//   both `no-wildcard-verbs` and `no-secret-read` fire, at different entries, saying different things).
import { isObj, items, obj, strings, type Obj } from '../../src/services/values.js';

export { RBAC_GROUP } from '../rbac/_policy-rules.js';

/** The policy rules of a Role or ClusterRole, as [index, rule]. */
export function policyRules(value: unknown): [number, Obj][] {
  const doc = obj(value);
  // rules of an aggregated ClusterRole are written by a controller from the selected ClusterRoles (spec:
  // direct changes are blocked): the findings belong on those ClusterRoles
  if (doc === undefined || isObj(doc.aggregationRule)) return [];
  return items(doc.rules).filter((e): e is [number, Obj] => isObj(e[1]));
}

/** The string entries of a list as [index, value]. */
export const entries = strings;

function values(list: unknown): string[] {
  return entries(list).map(([, s]) => s);
}

/** Whether the rule's `apiGroups` match one of the groups (`""` is the core group). */
export function groupMatches(rule: Obj, groups: readonly string[]): boolean {
  return values(rule.apiGroups).some((g) => g === '*' || groups.includes(g));
}

/** The verbs of the rule among `verbs` (or `*`), in document order, without repeats. */
export function grantedVerbs(rule: Obj, verbs: readonly string[]): string[] {
  return [...new Set(values(rule.verbs).filter((v) => v === '*' || verbs.includes(v)))];
}

/** Whether the rule's `resources` match one of the resources (`pods/exec`), wildcards included. */
export function resourceMatches(rule: Obj, resources: readonly string[]): boolean {
  return values(rule.resources).some((r) => r === '*' || names(resources).includes(r));
}

// The explicit names that match a resource: itself and, for a subresource, `*/<subresource>`.
function names(resources: readonly string[]): string[] {
  return resources.flatMap((r) => {
    const slash = r.indexOf('/');
    return slash === -1 ? [r] : [r, `*${r.slice(slash)}`];
  });
}

// The entries of `resources` that name one of the resources explicitly (`secrets`; `pods/exec` or `*/exec`),
// as [index, entry, resource it stands for]. `*` is left to `no-wildcard-resources`.
export function namedResources(rule: Obj, resources: readonly string[]): [number, string, string][] {
  const out: [number, string, string][] = [];
  for (const [j, r] of entries(rule.resources)) {
    const hit = resources.find((res) => names([res]).includes(r));
    if (hit !== undefined) out.push([j, r, hit]);
  }
  return out;
}

/** Whether a policy rule is restricted to named objects. */
export function hasResourceNames(rule: Obj): boolean {
  return entries(rule.resourceNames).length > 0;
}

/** `a`, `a` and `b`, `a`, `b` and `c`, with backquotes. */
export function quoteList(list: readonly string[]): string {
  const q = list.map((s) => `\`${s}\``);
  return q.length <= 1 ? (q[0] ?? '') : `${q.slice(0, -1).join(', ')} and ${q[q.length - 1]}`;
}

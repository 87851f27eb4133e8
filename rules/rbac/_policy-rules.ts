import type { Path } from '../../src/path.js';
import { items, obj, objItems, type Obj } from '../../src/services/values.js';

export { strings } from '../../src/services/values.js';

/** The policy rules of a Role or ClusterRole, each with its path (`['rules', i]`). */
export function policyRules(value: unknown): [Path, Obj][] {
  return objItems(obj(value)?.rules).map(([i, rule]) => [['rules', i], rule]);
}

/** Whether a list field holds at least one item. */
export function nonEmpty(list: unknown): boolean {
  return items(list).length > 0;
}

/** The subjects of a binding, each with its path (`['subjects', i]`). */
export function subjects(value: unknown): [Path, Obj][] {
  return objItems(obj(value)?.subjects).map(([i, s]) => [['subjects', i], s]);
}

/** The role-based access group: the `apiGroup` of role references and of User and Group subjects. */
export const RBAC_GROUP = 'rbac.authorization.plat.io';

/** A list of values in backquotes: `` `get`, `list` ``. */
export function quoted(values: readonly string[]): string {
  return values.map((v) => (v === '' ? '`""`' : `\`${v}\``)).join(', ');
}

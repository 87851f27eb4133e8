/**
 * Role-based access facts shared by the per-document security rules and the checks across files: who the
 * platform's built-in broad subjects stand for, and whether a policy rule grants everything.
 */
import { isObj, items, type Obj } from './values.js';

/** Built-in ClusterRoles that give control of a namespace (`admin`, `edit`) or of the cluster (`cluster-admin`). */
export const ADMIN_ROLES: ReadonlySet<string> = new Set(['cluster-admin', 'admin', 'edit']);

/**
 * Who a broad subject stands for (a group or user the API server assigns, not an administrator), or
 * undefined for a subject naming specific identities.
 */
export function broadAudience(kind: unknown, name: string): string | undefined {
  if (kind === 'Group') {
    if (name === 'system:unauthenticated') return 'every request without credentials';
    if (name === 'system:authenticated') return 'every authenticated user and service account';
    if (name === 'system:serviceaccounts') return 'every service account of every namespace';
    const ns = /^system:serviceaccounts:(.+)$/.exec(name)?.[1];
    if (ns !== undefined) return `every service account of namespace \`${ns}\``;
  }
  if (kind === 'User' && name === 'system:anonymous') return 'every anonymous request';
  return undefined;
}

const has = (list: unknown, value: string) => items(list).some(([, v]) => v === value);

/** Whether a policy rule grants every verb on every resource of every API group (`*`, `*`, `*`). */
export function grantsEverything(rule: unknown): boolean {
  const r: Obj | undefined = isObj(rule) ? rule : undefined;
  return r !== undefined && has(r.verbs, '*') && has(r.resources, '*') && has(r.apiGroups, '*');
}

// What one set of RBAC objects allows that another does not: every permission (a subject, a verb, and a resource
// with its group, subresource, name and namespace, or a non-resource URL) that the bindings of a cluster grant,
// compared by what they allow, not by the objects that say it: moving a document, writing it in another style
// or renaming a role together with its bindings changes nothing. `platlint access diff`.
import type { Cluster } from './cluster.js';
import type { Grant, Unresolved } from './authorize.js';
import type { Binding, Role, Rule, Subject } from './model.js';
import { serviceAccountUser } from './match.js';

/** Who a permission is for, as the authorizer matches it (a ServiceAccount's namespace filled in). */
export interface PermissionSubject {
  readonly kind: 'User' | 'Group' | 'ServiceAccount';
  readonly name: string;
  /** A ServiceAccount's namespace ('' for a User or Group). */
  readonly namespace: string;
}

/**
 * One thing a subject may do. `namespace`: '' cluster-wide (a ClusterRoleBinding: every namespace, and
 * cluster-scoped resources), a name (a RoleBinding's namespace), or null (a RoleBinding whose manifest leaves
 * its namespace to the apply). A resource permission has `resource` (`*`: every resource and subresource),
 * `subresource` ('' none; with resource `*`, that subresource of every resource), `group` (`*` every group, ''
 * the core group) and `name` ('' every object); a non-resource one has `path` (a trailing `*`: a prefix).
 */
export type Permission =
  | { readonly subject: PermissionSubject; readonly namespace: string | null; readonly verb: string; readonly group: string; readonly resource: string; readonly subresource: string; readonly name: string; readonly path?: undefined }
  | { readonly subject: PermissionSubject; readonly namespace: ''; readonly verb: string; readonly path: string; readonly group?: undefined; readonly resource?: undefined; readonly subresource?: undefined; readonly name?: undefined };

/** A permission with every binding, role and rule of its cluster that grants it, in the authorizer's order. */
export interface Held {
  readonly permission: Permission;
  readonly grants: readonly Grant[];
}

/** A binding whose role's rules are not known (or that names no role), for one subject: what it grants is not known. */
export interface Unknown extends Unresolved {
  readonly subject: Subject;
  /** Whether the role's rules are not known (`unknown`: an external role) or the role does not exist (`error`). */
  readonly why: 'unknown' | 'error';
}

/** Everything a cluster's bindings grant. */
export interface Permissions {
  readonly held: ReadonlyMap<string, Held>;
  /** The keys of `held` by subject. */
  readonly bySubject: ReadonlyMap<string, readonly string[]>;
  readonly unknown: readonly Unknown[];
}

const NS_OPEN = '\u0001';

/** The subject a binding's subject stands for in `namespace` (its binding's), or undefined for nobody. */
export function permissionSubject(s: Subject, namespace: string): PermissionSubject | undefined {
  if (s.kind === 'ServiceAccount') {
    const ns = s.namespace !== '' ? s.namespace : namespace;
    return ns === '' ? undefined : { kind: 'ServiceAccount', name: s.name, namespace: ns };
  }
  if (s.kind === 'User') {
    // a User named as a service account's tokens name it is that service account
    const sa = /^system:serviceaccount:([^:]+):([^:]+)$/.exec(s.name);
    return sa ? { kind: 'ServiceAccount', name: sa[2]!, namespace: sa[1]! } : { kind: 'User', name: s.name, namespace: '' };
  }
  if (s.kind === 'Group') return { kind: 'Group', name: s.name, namespace: '' };
  return undefined;
}

export function subjectKey(s: PermissionSubject): string {
  return s.kind === 'Group' ? `G\u0000${s.name}` : `U\u0000${s.kind === 'ServiceAccount' ? serviceAccountUser(s.namespace, s.name) : s.name}`;
}

function key(p: Permission): string {
  const ns = p.namespace === null ? NS_OPEN : p.namespace;
  return p.path !== undefined
    ? `${subjectKey(p.subject)}\u0000${ns}\u0000${p.verb}\u0000url\u0000${p.path}`
    : `${subjectKey(p.subject)}\u0000${ns}\u0000${p.verb}\u0000${p.group}\u0000${p.resource}\u0000${p.subresource}\u0000${p.name}`;
}

/** The permissions one rule gives one subject of a binding evaluated in `namespace` (URLs only through a ClusterRoleBinding). */
function* expand(rule: Rule, subject: PermissionSubject, binding: Binding, namespace: string | null): Generator<Permission> {
  for (const verb of rule.verbs) {
    if (rule.resources.length > 0) {
      for (const group of rule.apiGroups) {
        for (const r of rule.resources) {
          const slash = r.indexOf('/');
          const resource = slash < 0 ? r : r.slice(0, slash);
          const subresource = slash < 0 ? '' : r.slice(slash + 1);
          for (const name of rule.resourceNames.length > 0 ? rule.resourceNames : ['']) yield { subject, namespace, verb, group, resource, subresource, name };
        }
      }
    }
    if (binding.kind === 'ClusterRoleBinding') for (const path of rule.nonResourceURLs) yield { subject, namespace: '', verb, path };
  }
}

/**
 * Every permission the bindings of a cluster grant (the ClusterRoleBindings', then the RoleBindings' in their
 * namespaces), each with the grants that give it, and the bindings whose roles' rules are not known.
 */
export function permissions(cluster: Cluster): Permissions {
  const held = new Map<string, { permission: Permission; grants: Grant[] }>();
  const bySubject = new Map<string, string[]>();
  const unknown: Unknown[] = [];
  const visit = (binding: Binding, namespace: string) => {
    if (binding.subjects.length === 0) return;
    const resolved = cluster.resolve(binding, namespace);
    const subjects = binding.subjects.map((s) => ({ s, p: permissionSubject(s, namespace) }));
    if (resolved.role === undefined) {
      for (const { s, p } of subjects) {
        if (p) unknown.push({ binding, subject: s, namespace, message: resolved.error ?? resolved.unknown, why: resolved.error !== undefined ? 'error' : 'unknown' });
      }
      return;
    }
    const role: Role = resolved.role;
    const scope = binding.kind === 'ClusterRoleBinding' ? '' : namespace === '' ? null : namespace;
    for (const rule of role.rules) {
      for (const { s, p } of subjects) {
        if (!p) continue;
        for (const permission of expand(rule, p, binding, scope)) {
          const k = key(permission);
          let h = held.get(k);
          if (!h) {
            held.set(k, (h = { permission, grants: [] }));
            const sk = subjectKey(p);
            const list = bySubject.get(sk);
            if (list) list.push(k);
            else bySubject.set(sk, [k]);
          }
          h.grants.push({ binding, subject: s, role, rule, namespace });
        }
      }
    }
  };
  for (const b of cluster.clusterRoleBindings) visit(b, '');
  for (const b of cluster.roleBindings) visit(b, b.namespace);
  return { held, bySubject, unknown };
}

/**
 * Whether `q` allows all that `p` allows (for the same subject): each of its parts equal or wider, as the
 * authorizer's matchers read them (a `*` verb, group or resource; `*` resources with a subresource; no name;
 * a URL prefix ending in `*`; cluster-wide covers every namespace).
 */
export function covers(q: Permission, p: Permission): boolean {
  if (q.verb !== '*' && q.verb !== p.verb) return false;
  if (p.path !== undefined || q.path !== undefined) {
    if (p.path === undefined || q.path === undefined) return false;
    if (q.path === '*' || q.path === p.path) return true;
    return q.path.endsWith('*') && p.path.startsWith(q.path.replace(/\*+$/, ''));
  }
  if (q.namespace !== '' && q.namespace !== p.namespace) return false;
  if (q.group !== '*' && q.group !== p.group) return false;
  if (q.name !== '' && q.name !== p.name) return false;
  if (q.resource === '*' && q.subresource === '') return true;
  if (q.resource === '*') return p.subresource === q.subresource;
  return q.resource === p.resource && q.subresource === p.subresource;
}

/** The permissions of `from` that nothing of `against` allows, in a stable order. */
function notCovered(from: Permissions, against: Permissions): Held[] {
  const out: Held[] = [];
  for (const [k, h] of from.held) {
    if (against.held.has(k)) continue;
    const others = against.bySubject.get(subjectKey(h.permission.subject)) ?? [];
    if (others.some((o) => covers(against.held.get(o)!.permission, h.permission))) continue;
    out.push(h);
  }
  return out.sort((a, b) => comparePermissions(a.permission, b.permission));
}

const KIND_ORDER = { User: 0, Group: 1, ServiceAccount: 2 } as const;
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** By subject (users, groups, service accounts; by name), namespace (cluster-wide first), resources before URLs, resource, verb. */
export function comparePermissions(a: Permission, b: Permission): number {
  return (
    KIND_ORDER[a.subject.kind] - KIND_ORDER[b.subject.kind] ||
    cmp(a.subject.namespace, b.subject.namespace) ||
    cmp(a.subject.name, b.subject.name) ||
    cmp(a.namespace ?? NS_OPEN, b.namespace ?? NS_OPEN) ||
    (a.path === undefined ? 0 : 1) - (b.path === undefined ? 0 : 1) ||
    cmp(a.path ?? '', b.path ?? '') ||
    cmp(a.group ?? '', b.group ?? '') ||
    cmp(a.resource ?? '', b.resource ?? '') ||
    cmp(a.subresource ?? '', b.subresource ?? '') ||
    cmp(a.name ?? '', b.name ?? '') ||
    cmp(a.verb, b.verb)
  );
}

export interface AccessDiff {
  /** What the new side grants and the old one did not. */
  readonly granted: readonly Held[];
  /** What the old side granted and the new one does not. */
  readonly revoked: readonly Held[];
  /** Bindings to roles whose rules are not known, for a subject, on one side only (`head`: only on the new side). */
  readonly unknown: readonly (Unknown & { readonly side: 'head' | 'base' })[];
}

function unknownKey(u: Unknown): string {
  const s = permissionSubject(u.subject, u.namespace)!;
  return `${subjectKey(s)}\u0000${u.binding.kind}\u0000${u.namespace}\u0000${u.binding.roleRef.kind}\u0000${u.binding.roleRef.name}\u0000${u.why}`;
}

/** What `next` grants that `previous` did not, and the reverse (see AccessDiff). */
export function diffClusters(previous: Cluster, next: Cluster): AccessDiff {
  const before = permissions(previous);
  const after = permissions(next);
  const beforeUnknown = new Set(before.unknown.map(unknownKey));
  const afterUnknown = new Set(after.unknown.map(unknownKey));
  const once = <T extends Unknown>(list: readonly T[]) => {
    const seen = new Set<string>();
    return list.filter((u) => !seen.has(unknownKey(u)) && (seen.add(unknownKey(u)), true));
  };
  return {
    granted: notCovered(after, before),
    revoked: notCovered(before, after),
    unknown: [
      ...once(after.unknown.filter((u) => !beforeUnknown.has(unknownKey(u)))).map((u) => ({ ...u, side: 'head' as const })),
      ...once(before.unknown.filter((u) => !afterUnknown.has(unknownKey(u)))).map((u) => ({ ...u, side: 'base' as const })),
    ],
  };
}

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

/** The key of a RoleBinding's scope when its manifest leaves the namespace to the apply. */
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

/** A binding's grant to one subject: its role's rules, in a namespace (or cluster-wide). */
interface Entry {
  readonly binding: Binding;
  readonly subject: Subject;
  readonly namespace: string;
  readonly role: Role;
}

/** What the bindings of a cluster give each subject, and the bindings whose roles' rules are not known. */
interface SubjectGrants {
  readonly bySubject: ReadonlyMap<string, { readonly subject: PermissionSubject; readonly entries: Entry[]; readonly signature: string[] }>;
  readonly unknown: readonly Unknown[];
}

/** The scope a binding's rules grant in: '' cluster-wide, its namespace, or null when its manifest leaves it to the apply. */
function scopeOf(binding: Binding, namespace: string): string | null {
  return binding.kind === 'ClusterRoleBinding' ? '' : namespace === '' ? null : namespace;
}

/** An id per distinct set of rules (the same ids for both sides of a diff): two roles with the same rules grant the same. */
class RuleSets {
  private readonly ids = new Map<string, number>();
  private readonly cache = new WeakMap<Role, [number?, number?]>();

  /** The id of a role's rules as a binding of `kind` grants them (a RoleBinding grants no URL). */
  id(role: Role, kind: Binding['kind']): number {
    const slot = kind === 'ClusterRoleBinding' ? 0 : 1;
    let ids = this.cache.get(role);
    if (!ids) this.cache.set(role, (ids = []));
    const known = ids[slot];
    if (known !== undefined) return known;
    const keys = role.rules.map((r) => JSON.stringify([r.verbs, r.apiGroups, r.resources, r.resourceNames, slot === 0 ? r.nonResourceURLs : []])).sort();
    const text = [...new Set(keys)].join('\n');
    let id = this.ids.get(text);
    if (id === undefined) this.ids.set(text, (id = this.ids.size));
    ids[slot] = id;
    return id;
  }
}

/**
 * What the bindings of a cluster (the ClusterRoleBindings', then the RoleBindings' in their namespaces) give each
 * subject, with a signature that is the same for two clusters exactly when they give the subject the same rules
 * in the same scopes (then nothing of it changed, and its permissions need not be listed).
 */
function subjectGrants(cluster: Cluster, ruleSets: RuleSets): SubjectGrants {
  const bySubject = new Map<string, { subject: PermissionSubject; entries: Entry[]; signature: string[] }>();
  const unknown: Unknown[] = [];
  const visit = (binding: Binding, namespace: string) => {
    if (binding.subjects.length === 0) return;
    const resolved = cluster.resolve(binding, namespace);
    for (const s of binding.subjects) {
      const p = permissionSubject(s, namespace);
      if (!p) continue;
      if (resolved.role === undefined) {
        unknown.push({ binding, subject: s, namespace, message: resolved.error ?? resolved.unknown, why: resolved.error !== undefined ? 'error' : 'unknown' });
        continue;
      }
      const k = subjectKey(p);
      let g = bySubject.get(k);
      if (!g) bySubject.set(k, (g = { subject: p, entries: [], signature: [] }));
      g.entries.push({ binding, subject: s, namespace, role: resolved.role });
      g.signature.push(`${scopeOf(binding, namespace) ?? NS_OPEN}\u0000${ruleSets.id(resolved.role, binding.kind)}`);
    }
  };
  for (const b of cluster.clusterRoleBindings) visit(b, '');
  for (const b of cluster.roleBindings) visit(b, b.namespace);
  return { bySubject, unknown };
}

/** Every permission some entries give, each with the grants that give it. */
function permissionsOf(entries: readonly Entry[], subject: PermissionSubject): Map<string, Held & { grants: Grant[] }> {
  const held = new Map<string, Held & { grants: Grant[] }>();
  for (const e of entries) {
    const scope = scopeOf(e.binding, e.namespace);
    for (const rule of e.role.rules) {
      for (const permission of expand(rule, subject, e.binding, scope)) {
        const k = key(permission);
        let h = held.get(k);
        if (!h) held.set(k, (h = { permission, grants: [] }));
        h.grants.push({ binding: e.binding, subject: e.subject, role: e.role, rule, namespace: e.namespace });
      }
    }
  }
  return held;
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

/** The permissions of `from` that nothing of `against` (the same subject's) allows. */
function notCovered(from: ReadonlyMap<string, Held>, against: ReadonlyMap<string, Held>): Held[] {
  const others = [...against.values()].map((h) => h.permission);
  const out: Held[] = [];
  for (const [k, h] of from) {
    if (against.has(k) || others.some((o) => covers(o, h.permission))) continue;
    out.push(h);
  }
  return out;
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

/**
 * What `next` grants that `previous` did not, and the reverse (see AccessDiff). Only the subjects whose rules or
 * scopes differ are expanded into permissions: a repository of thousands of bindings compares in the time it
 * takes to resolve them.
 */
export function diffClusters(previous: Cluster, next: Cluster): AccessDiff {
  const ruleSets = new RuleSets();
  const before = subjectGrants(previous, ruleSets);
  const after = subjectGrants(next, ruleSets);
  const granted: Held[] = [];
  const revoked: Held[] = [];
  for (const k of new Set([...before.bySubject.keys(), ...after.bySubject.keys()])) {
    const b = before.bySubject.get(k);
    const a = after.bySubject.get(k);
    if (a && b && a.signature.length === b.signature.length && [...a.signature].sort().join('\n') === [...b.signature].sort().join('\n')) continue;
    const subject = (a ?? b)!.subject;
    const was = permissionsOf(b?.entries ?? [], subject);
    const is = permissionsOf(a?.entries ?? [], subject);
    granted.push(...notCovered(is, was));
    revoked.push(...notCovered(was, is));
  }
  const byPermission = (x: Held, y: Held) => comparePermissions(x.permission, y.permission);
  const beforeUnknown = new Set(before.unknown.map(unknownKey));
  const afterUnknown = new Set(after.unknown.map(unknownKey));
  const once = <T extends Unknown>(list: readonly T[]) => {
    const seen = new Set<string>();
    return list.filter((u) => !seen.has(unknownKey(u)) && (seen.add(unknownKey(u)), true));
  };
  return {
    granted: granted.sort(byPermission),
    revoked: revoked.sort(byPermission),
    unknown: [
      ...once(after.unknown.filter((u) => !beforeUnknown.has(unknownKey(u)))).map((u) => ({ ...u, side: 'head' as const })),
      ...once(before.unknown.filter((u) => !afterUnknown.has(unknownKey(u)))).map((u) => ({ ...u, side: 'base' as const })),
    ],
  };
}

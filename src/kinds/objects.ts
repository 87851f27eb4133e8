import { identify, type KindSpec } from './kinds.js';
import type { Path } from '../path.js';
import { broadAudience, grantsEverything } from '../services/rbac.js';
import { obj, objItems, str } from '../services/values.js';
import type { Position, Range } from '../finding.js';

/**
 * What a lint run remembers of a stored object (a Role, a RoleBinding …) to check the set of files as a
 * whole: its identity and the role it references. Only the objects the platform stores by name take part;
 * reviews and configuration files do not.
 */
export interface ObjectFact {
  kind: string;
  apiVersion: string;
  /** `metadata.namespace`, or '' when the manifest leaves it to the tool that applies it. */
  namespace: string;
  name: string;
  /** Where the object's name is (`metadata.name`, or `items[i].metadata.name` in a list). */
  path: Path;
  /** A binding's `roleRef`, when it names a kind and a name. */
  roleRef?: { kind: string; name: string; path: Path };
  /** A role's first policy rule that grants non-resource URLs (`rules[1]`, as text). */
  nonResourceRule?: string;
  /** A role's first policy rule that grants every verb on every resource of every group (`rules[0]`). */
  grantsAll?: string;
  /** A binding's subjects that the API server assigns to everyone of a kind (`system:authenticated` …). */
  broadSubjects?: { name: string; kind: string; audience: string; path: Path }[];
}

/** A fact with the file ranges of its name and its `roleRef`, as a lint run returns it. */
export interface LocatedFact extends Omit<ObjectFact, 'roleRef' | 'broadSubjects'> {
  document: number;
  range: Range & Position;
  roleRef?: { kind: string; name: string; path: Path; range: Range & Position };
  broadSubjects?: { name: string; kind: string; audience: string; path: Path; range: Range & Position }[];
}

/** Kinds whose objects the set checks look at; cluster-scoped ones ignore `metadata.namespace`. */
const STORED: Record<string, { clusterScoped: boolean }> = {
  ClusterRole: { clusterScoped: true },
  ClusterRoleBinding: { clusterScoped: true },
  Role: { clusterScoped: false },
  RoleBinding: { clusterScoped: false },
};

export function isClusterScoped(kind: string): boolean {
  return STORED[kind]?.clusterScoped ?? false;
}

function factOf(value: unknown, kind: KindSpec, itemKind: string, prefix: Path): ObjectFact | undefined {
  if (!STORED[itemKind]) return undefined;
  const o = obj(value);
  const meta = obj(o?.metadata);
  const name = str(meta?.name);
  if (name === undefined || name === '') return undefined;
  const fact: ObjectFact = {
    kind: itemKind,
    apiVersion: kind.apiVersion,
    namespace: isClusterScoped(itemKind) ? '' : (str(meta?.namespace) ?? ''),
    name,
    path: [...prefix, 'metadata', 'name'],
  };
  const withUrls = objItems(o?.rules).find(([, r]) => Array.isArray(r.nonResourceURLs) && r.nonResourceURLs.length > 0);
  if (withUrls) fact.nonResourceRule = `rules[${withUrls[0]}]`;
  const everything = objItems(o?.rules).find(([, r]) => grantsEverything(r));
  if (everything) fact.grantsAll = `rules[${everything[0]}]`;
  const broad = objItems(o?.subjects).flatMap(([i, sub]) => {
    const subjectName = str(sub.name);
    const audience = subjectName === undefined ? undefined : broadAudience(sub.kind, subjectName);
    return audience === undefined ? [] : [{ name: subjectName!, kind: String(sub.kind), audience, path: [...prefix, 'subjects', i, 'name'] }];
  });
  if (broad.length > 0) fact.broadSubjects = broad;
  const ref = obj(o?.roleRef);
  const refKind = str(ref?.kind);
  const refName = str(ref?.name);
  if (refKind && refName) fact.roleRef = { kind: refKind, name: refName, path: [...prefix, 'roleRef', 'name'] };
  return fact;
}

/**
 * The stored objects of a document: itself, or the items of a list kind; the items of a `v1` `List` that name
 * a stored kind (with their paths below `items[i]`), so that the checks over the set of files see them too.
 */
export function objectFacts(value: unknown, kind: KindSpec): ObjectFact[] {
  if (kind.items === '*') {
    return objItems(obj(value)?.items).flatMap(([i, item]) => {
      const id = identify(item);
      return id.status === 'kind' ? objectFacts(item, id.kind).map((f) => prefixedFact(f, ['items', i])) : [];
    });
  }
  if (kind.items !== undefined) {
    return objItems(obj(value)?.items).flatMap(([i, item]) => factOf(item, kind, kind.items!, ['items', i]) ?? []);
  }
  const f = factOf(value, kind, kind.kind, []);
  return f ? [f] : [];
}

function prefixedFact(f: ObjectFact, prefix: Path): ObjectFact {
  return {
    ...f,
    path: [...prefix, ...f.path],
    ...(f.roleRef ? { roleRef: { ...f.roleRef, path: [...prefix, ...f.roleRef.path] } } : {}),
    ...(f.broadSubjects ? { broadSubjects: f.broadSubjects.map((b) => ({ ...b, path: [...prefix, ...b.path] })) } : {}),
  };
}

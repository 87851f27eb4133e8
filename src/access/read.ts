// The RBAC objects of one text: every Role, ClusterRole, RoleBinding and ClusterRoleBinding of
// `rbac.authorization.plat.io/v1`, alone, in its list kind (`RoleList` …) or in a `v1` `List`, with where each
// object, subject and rule is. Values of the wrong shape are skipped (the linter reports them): a field that is
// not a list reads as empty, a subject without a kind or name is left out.
import type { Path } from '../path.js';
import { read, type Locator, type Reading } from '../parse/reading.js';
import { obj, objItems, str, type Obj } from '../services/values.js';
import type { Binding, BindingKind, FileOrigin, Role, RoleKind, Rule, Subject } from './model.js';

export const RBAC_API_VERSION = 'rbac.authorization.plat.io/v1';
/** The annotation by which a role or binding of a bootstrap name opts out of the API server's reconciliation. */
export const AUTOUPDATE = 'rbac.authorization.plat.io/autoupdate';

const OBJECT_KINDS = new Set(['Role', 'ClusterRole', 'RoleBinding', 'ClusterRoleBinding']);
const LIST_KINDS: Readonly<Record<string, string>> = { RoleList: 'Role', ClusterRoleList: 'ClusterRole', RoleBindingList: 'RoleBinding', ClusterRoleBindingList: 'ClusterRoleBinding' };

/** What one file holds. */
export interface RbacFile {
  readonly file: string;
  readonly roles: readonly Role[];
  readonly bindings: readonly Binding[];
  /** Why a part of the file could not be read (a YAML syntax error): its objects are missing from the answers. */
  readonly problems: readonly string[];
}

/** The strings of a list field (other items skipped); empty when the field is not a list. */
function stringList(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

function stringMap(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  const o = obj(v);
  if (o) for (const [k, x] of Object.entries(o)) if (typeof x === 'string') out[k] = x;
  return out;
}

/** Reads the RBAC objects of a text (YAML or JSON); `file` names it in the origins. */
export function readRbac(text: string, file: string): RbacFile {
  // most files of a repository hold no RBAC object: they are not read at all
  if (!text.includes('rbac.authorization.plat.io')) return { file, roles: [], bindings: [], problems: [] };
  return rbacOfReading(read(text), file);
}

/** The RBAC objects of a text already read (the language server's hover reads the text once for both). */
export function rbacOfReading(reading: Reading, file: string): RbacFile {
  const roles: Role[] = [];
  const bindings: Binding[] = [];
  const problems: string[] = [];
  for (const doc of reading.documents) {
    if (doc.broken) {
      problems.push(`document ${doc.index + 1} has a syntax error: its objects are not counted`);
      continue;
    }
    const value = obj(doc.value);
    if (!value) continue;
    const origin = origins(file, doc.index, doc.locator, reading);
    const add = (item: Obj, kind: string, prefix: Path) => {
      if (kind === 'Role' || kind === 'ClusterRole') roles.push(roleOf(item, kind, prefix, origin));
      else bindings.push(bindingOf(item, kind as BindingKind, prefix, origin));
    };
    const apiVersion = str(value.apiVersion);
    const kind = str(value.kind) ?? '';
    if (apiVersion === RBAC_API_VERSION && OBJECT_KINDS.has(kind)) add(value, kind, []);
    else if (apiVersion === RBAC_API_VERSION && LIST_KINDS[kind]) {
      // the items of a typed list may leave out their apiVersion and kind
      for (const [i, item] of objItems(value.items)) add(item, LIST_KINDS[kind]!, ['items', i]);
    } else if (apiVersion === 'v1' && kind === 'List') {
      for (const [i, item] of objItems(value.items)) {
        const k = str(item.kind) ?? '';
        if (str(item.apiVersion) === RBAC_API_VERSION && OBJECT_KINDS.has(k)) add(item, k, ['items', i]);
      }
    }
  }
  return { file, roles, bindings, problems };
}

type OriginOf = (path: Path) => FileOrigin;

function origins(file: string, document: number, locator: Locator, reading: Reading): OriginOf {
  return (path) => {
    let at: { line: number; column: number; endLine: number; endColumn: number } | undefined;
    const span = () => {
      if (!at) {
        const range = locator.at(path, 'value');
        const start = reading.lines.linePos(range.start);
        const end = reading.lines.linePos(range.end);
        at = { line: start.line, column: start.col, endLine: end.line, endColumn: end.col };
      }
      return at;
    };
    return {
      source: 'file',
      file,
      document,
      path,
      position() {
        const { line, column } = span();
        return { line, column };
      },
      span,
    };
  };
}

function metadata(item: Obj): { name: string; namespace: string; labels: Record<string, string>; autoupdate: boolean } {
  const meta = obj(item.metadata);
  const annotations = stringMap(meta?.annotations);
  return { name: str(meta?.name) ?? '', namespace: str(meta?.namespace) ?? '', labels: stringMap(meta?.labels), autoupdate: annotations[AUTOUPDATE] !== 'false' };
}

function roleOf(item: Obj, kind: RoleKind, prefix: Path, origin: OriginOf): Role {
  const meta = metadata(item);
  const namespace = kind === 'ClusterRole' ? '' : meta.namespace;
  const owner = { kind, name: meta.name, namespace };
  const rules: Rule[] = objItems(item.rules).map(([i, r]) => ({
    verbs: stringList(r.verbs),
    apiGroups: stringList(r.apiGroups),
    resources: stringList(r.resources),
    resourceNames: stringList(r.resourceNames),
    nonResourceURLs: stringList(r.nonResourceURLs),
    owner,
    index: i,
    origin: origin([...prefix, 'rules', i]),
  }));
  const aggregation = kind === 'ClusterRole' ? obj(item.aggregationRule) : undefined;
  const selectors = aggregation && Array.isArray(aggregation.clusterRoleSelectors) ? aggregation.clusterRoleSelectors : aggregation ? [] : undefined;
  return {
    kind,
    name: meta.name,
    namespace,
    labels: meta.labels,
    autoupdate: meta.autoupdate,
    ...(selectors ? { selectors } : {}),
    ownRules: rules,
    rules,
    origin: origin([...prefix, 'metadata', 'name']),
    bootstrap: false,
  };
}

function bindingOf(item: Obj, kind: BindingKind, prefix: Path, origin: OriginOf): Binding {
  const meta = metadata(item);
  const ref = obj(item.roleRef);
  const subjects: Subject[] = [];
  for (const [i, s] of objItems(item.subjects)) {
    const subjectKind = str(s.kind);
    const name = str(s.name);
    if (subjectKind === undefined || name === undefined) continue;
    subjects.push({ kind: subjectKind, name, namespace: str(s.namespace) ?? '', index: i, origin: origin([...prefix, 'subjects', i, 'name']) });
  }
  return {
    kind,
    name: meta.name,
    namespace: kind === 'ClusterRoleBinding' ? '' : meta.namespace,
    roleRef: { kind: str(ref?.kind) ?? '', name: str(ref?.name) ?? '' },
    subjects,
    origin: origin([...prefix, 'metadata', 'name']),
    roleRefOrigin: origin([...prefix, 'roleRef', 'name']),
    autoupdate: meta.autoupdate,
    bootstrap: false,
  };
}

// The roles and bindings the platform's API server creates at start-up (its bootstrap policy), with their rules:
// bootstrap-policy.json, written by src/tools/gen-bootstrap-policy.mjs from the upstream policy's test data (its
// `source` names the files and commits).
import policy from './bootstrap-policy.json' with { type: 'json' };
import { BOOTSTRAP, type Binding, type Role, type Rule } from './model.js';

interface PolicyRuleData {
  verbs: string[];
  apiGroups?: string[];
  resources?: string[];
  resourceNames?: string[];
  nonResourceURLs?: string[];
}
interface RoleData {
  name: string;
  namespace?: string;
  labels?: Record<string, string>;
  aggregationRule?: { clusterRoleSelectors: unknown[] };
  rules: PolicyRuleData[];
}
interface BindingData {
  name: string;
  namespace?: string;
  roleRef: { kind: string; name: string };
  subjects: { kind: string; name: string; namespace?: string }[];
}
interface PolicyData {
  source: { repository: string; folder: string; files: Record<string, string> };
  clusterRoles: RoleData[];
  roles: RoleData[];
  clusterRoleBindings: BindingData[];
  roleBindings: BindingData[];
}

const DATA = policy as unknown as PolicyData;

/** Where the bootstrap policy was taken from: the upstream repository, folder, and each file's commit. */
export const BOOTSTRAP_SOURCE: Readonly<PolicyData['source']> = DATA.source;

function role(kind: 'Role' | 'ClusterRole', r: RoleData): Role {
  const owner = { kind, name: r.name, namespace: r.namespace ?? '' };
  const rules: Rule[] = r.rules.map((x, index) => ({
    verbs: x.verbs,
    apiGroups: x.apiGroups ?? [],
    resources: x.resources ?? [],
    resourceNames: x.resourceNames ?? [],
    nonResourceURLs: x.nonResourceURLs ?? [],
    owner,
    index,
    origin: BOOTSTRAP,
  }));
  return {
    kind,
    name: r.name,
    namespace: r.namespace ?? '',
    labels: r.labels ?? {},
    autoupdate: true,
    ...(r.aggregationRule ? { selectors: r.aggregationRule.clusterRoleSelectors } : {}),
    ownRules: rules,
    rules,
    origin: BOOTSTRAP,
    bootstrap: true,
  };
}

function binding(kind: 'RoleBinding' | 'ClusterRoleBinding', b: BindingData): Binding {
  return {
    kind,
    name: b.name,
    namespace: b.namespace ?? '',
    roleRef: b.roleRef,
    subjects: b.subjects.map((s, index) => ({ kind: s.kind, name: s.name, namespace: s.namespace ?? '', index, origin: BOOTSTRAP })),
    origin: BOOTSTRAP,
    roleRefOrigin: BOOTSTRAP,
    autoupdate: true,
    bootstrap: true,
  };
}

let made: { roles: Role[]; bindings: Binding[] } | undefined;

/** The bootstrap policy's roles and bindings (made once; callers copy what they change). */
export function bootstrapPolicy(): { readonly roles: readonly Role[]; readonly bindings: readonly Binding[] } {
  made ??= {
    roles: [...DATA.clusterRoles.map((r) => role('ClusterRole', r)), ...DATA.roles.map((r) => role('Role', r))],
    bindings: [...DATA.clusterRoleBindings.map((b) => binding('ClusterRoleBinding', b)), ...DATA.roleBindings.map((b) => binding('RoleBinding', b))],
  };
  return made;
}

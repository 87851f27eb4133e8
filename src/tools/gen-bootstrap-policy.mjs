// node src/tools/gen-bootstrap-policy.mjs DIR: writes src/access/bootstrap-policy.json, the roles and bindings the
// platform's API server creates at start-up (its bootstrap policy), from the upstream project's test data of that
// policy: the files below, read from DIR, as they are in the upstream repository (kubernetes/kubernetes,
// plugin/pkg/auth/authorizer/rbac/bootstrappolicy/testdata/) at the commits named in SOURCES. Those files are the
// upstream policy's own output (policy_test.go compares them with it): the facts are taken from them, never
// re-typed into platlint's code.
//
// What is done to them:
// - every name is written as the platform writes it: `kubernetes.io` and `k8s.io` become `plat.io`, `kube`
//   becomes `plat` (`kube-system` → `plat-system`, `kubelet` → `platlet`, `system:kube-scheduler` →
//   `system:plat-scheduler`, `rbac.authorization.k8s.io/aggregate-to-view` → `rbac.authorization.plat.io/aggregate-to-view`);
// - the controllers' ClusterRoleBindings are made from controller-roles.yaml as ControllerRoleBindings() makes
//   them (controller_policy.go: each `system:controller:NAME` bound to the service account NAME of
//   plat-system, as controller-role-bindings.yaml lists them);
// - the two ClusterRoleBindings that clusterRoleBindings() of policy.go creates since its roles exist and the
//   stored cluster-role-bindings.yaml predates (system:monitoring to the group system:monitoring,
//   system:service-account-issuer-discovery to system:serviceaccounts) are added (ADDED below);
// - only what the authorizer and the aggregation controller read is kept: names, namespaces, labels, the
//   aggregation selectors, the rules, roleRef and subjects (every object carries the annotation
//   `rbac.authorization.plat.io/autoupdate: "true"`, and none is dropped).
// The feature-gated roles (cluster-roles-featuregates.yaml, controller-roles-featuregates.yaml) are left out: the
// platform creates them only where their gate is on.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const OUT = join(root, 'src', 'access', 'bootstrap-policy.json');
const UPSTREAM = 'kubernetes/kubernetes';
const FOLDER = 'plugin/pkg/auth/authorizer/rbac/bootstrappolicy/testdata';
/** The upstream files read, with the commit each was taken at (one stored version of each was at hand). */
const SOURCES = {
  'cluster-roles.yaml': '025f2834a128798cef30018a5e6a6ae82b5ad885',
  'controller-roles.yaml': '008b3652959ca58af8be3fb5b6ecfe9ae7638282',
  'namespace-roles.yaml': '008b3652959ca58af8be3fb5b6ecfe9ae7638282',
  'namespace-role-bindings.yaml': '008b3652959ca58af8be3fb5b6ecfe9ae7638282',
  'cluster-role-bindings.yaml': 'c60df8997f62f861cf0cd2b13ab62271464589ed',
};
/** ClusterRoleBindings of policy.go's clusterRoleBindings() missing from the stored cluster-role-bindings.yaml. */
const ADDED = [
  { name: 'system:monitoring', roleRef: { kind: 'ClusterRole', name: 'system:monitoring' }, subjects: [{ kind: 'Group', name: 'system:monitoring' }] },
  { name: 'system:service-account-issuer-discovery', roleRef: { kind: 'ClusterRole', name: 'system:service-account-issuer-discovery' }, subjects: [{ kind: 'Group', name: 'system:serviceaccounts' }] },
];

const dir = process.argv[2];
if (!dir) {
  process.stderr.write(`usage: node src/tools/gen-bootstrap-policy.mjs DIR (DIR holds ${Object.keys(SOURCES).join(', ')} of ${UPSTREAM} ${FOLDER})\n`);
  process.exit(2);
}

/** A name as the platform spells it. */
const plat = (s) => s.replace(/kubernetes\.io/g, 'plat.io').replace(/k8s\.io/g, 'plat.io').replace(/kube/g, 'plat').replace(/Kube/g, 'Plat');
const platMap = (m) => Object.fromEntries(Object.entries(m ?? {}).map(([k, v]) => [plat(k), plat(String(v))]));

function items(file, kind) {
  const doc = parse(readFileSync(join(dir, file), 'utf8'));
  if (doc?.kind !== 'List' || !Array.isArray(doc.items)) throw new Error(`${file}: not a List`);
  for (const item of doc.items) if (item.kind !== kind) throw new Error(`${file}: an item of kind ${item.kind}, expected ${kind}`);
  return doc.items;
}

/** A policy rule with its fields in the platform's order, empty ones left out. */
function rule(r) {
  const out = {};
  for (const key of ['verbs', 'apiGroups', 'resources', 'resourceNames', 'nonResourceURLs']) {
    if (Array.isArray(r[key]) && r[key].length > 0) out[key] = r[key].map((v) => plat(String(v)));
  }
  return out;
}

function role(item) {
  const m = item.metadata;
  if (m.annotations?.['rbac.authorization.kubernetes.io/autoupdate'] !== 'true') throw new Error(`${m.name}: not reconciled at start-up`);
  const out = { name: plat(m.name) };
  if (m.namespace) out.namespace = plat(m.namespace);
  out.labels = platMap(m.labels);
  const selectors = item.aggregationRule?.clusterRoleSelectors;
  if (selectors) out.aggregationRule = { clusterRoleSelectors: selectors.map((s) => ({ ...(s.matchLabels ? { matchLabels: platMap(s.matchLabels) } : {}), ...(s.matchExpressions ? { matchExpressions: s.matchExpressions.map((e) => ({ key: plat(e.key), operator: e.operator, ...(e.values ? { values: e.values.map(plat) } : {}) })) } : {}) })) };
  out.rules = (item.rules ?? []).map(rule);
  return out;
}

function subject(s) {
  return { kind: s.kind, name: plat(s.name), ...(s.namespace ? { namespace: plat(s.namespace) } : {}) };
}

function binding(item) {
  const m = item.metadata;
  const out = { name: plat(m.name) };
  if (m.namespace) out.namespace = plat(m.namespace);
  out.roleRef = { kind: item.roleRef.kind, name: plat(item.roleRef.name) };
  out.subjects = (item.subjects ?? []).map(subject);
  return out;
}

const clusterRoles = items('cluster-roles.yaml', 'ClusterRole').map(role);
const controllerRoles = items('controller-roles.yaml', 'ClusterRole').map(role);
const controllerBindings = controllerRoles.map((r) => {
  const sa = /^system:controller:(.+)$/.exec(r.name)?.[1];
  if (!sa) throw new Error(`${r.name}: not a controller role`);
  return { name: r.name, roleRef: { kind: 'ClusterRole', name: r.name }, subjects: [{ kind: 'ServiceAccount', name: sa, namespace: 'plat-system' }] };
});
const clusterRoleBindings = [...items('cluster-role-bindings.yaml', 'ClusterRoleBinding').map(binding), ...ADDED, ...controllerBindings];
const policy = {
  source: {
    repository: UPSTREAM,
    folder: FOLDER,
    files: SOURCES,
    generatedBy: 'src/tools/gen-bootstrap-policy.mjs',
    note: 'Names as the platform writes them. Controller bindings made as controller_policy.go makes them; system:monitoring and system:service-account-issuer-discovery bindings from policy.go clusterRoleBindings().',
  },
  clusterRoles: [...clusterRoles, ...controllerRoles],
  roles: items('namespace-roles.yaml', 'Role').map(role),
  clusterRoleBindings: clusterRoleBindings.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
  roleBindings: items('namespace-role-bindings.yaml', 'RoleBinding').map(binding),
};

// one rule or subject per line: the file is read by people reviewing a change of it
const json = JSON.stringify(policy, null, 1)
  .replace(/\{\n\s*("(?:verbs|kind)"[^{}]*?)\n\s*\}/g, (_, body) => `{ ${body.replace(/\n\s*/g, ' ')} }`)
  .replace(/\[\n\s*((?:"[^"\n]*",?\n\s*)+)\]/g, (_, body) => `[${body.replace(/\n\s*/g, ' ').trim()}]`);
JSON.parse(json); // the compacting kept it JSON
writeFileSync(OUT, `${json}\n`);
process.stdout.write(`wrote ${OUT}: ${policy.clusterRoles.length} ClusterRoles, ${policy.roles.length} Roles, ${policy.clusterRoleBindings.length} ClusterRoleBindings, ${policy.roleBindings.length} RoleBindings\n`);

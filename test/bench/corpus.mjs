// The bulk-speed corpus of issue 26: a repository of plat configuration generated from a seed, the same files for
// the same seed on every machine. Seed 42 at 5,000 files is 22.8 MB and 820,909 lines (issue 26 measured 800,000);
// about one file in nineteen has one defect, which `defect` names (the platform refuses it: the corpus test checks that platlint
// reports an error in exactly those files). The first n files of a seed are the same whatever the total, so the
// 1- and 100-file rows of the bench are the start of the 5,000-file corpus.
//
// The mix, by share of files: access control (Roles, ClusterRoles and their bindings, several to a file) 38%;
// audit policies 12%; structured authentication 8%; encryption at rest 6%; structured authorization 6%;
// controller-manager configuration 8%; the other component files (admission, egress, tracing, leader migration,
// event rate limit, cloud controller manager) and payloads (reviews, credentials, events) 10%; application
// manifests that are not plat (Deployments, Services, ConfigMaps) 12%.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const examples = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'examples');

/** mulberry32: a small seeded generator, good enough to pick words */
function generator(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo, hi) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = (xs) => xs[Math.floor(next() * xs.length)];
  const some = (xs, lo, hi) => {
    const n = Math.min(xs.length, int(lo, hi));
    const copy = [...xs];
    const out = [];
    for (let i = 0; i < n; i++) out.push(copy.splice(Math.floor(next() * copy.length), 1)[0]);
    return out;
  };
  return { next, int, pick, some };
}

const TEAMS = ['payments', 'search', 'checkout', 'identity', 'billing', 'data', 'ml', 'edge', 'mobile', 'web', 'infra', 'security', 'support', 'growth', 'ads', 'maps', 'media', 'mail', 'chat', 'store'];
const WORDS = ['reader', 'writer', 'deployer', 'operator', 'auditor', 'viewer', 'editor', 'admin', 'runner', 'scraper', 'syncer', 'backup', 'release', 'oncall'];
const CORE = ['pods', 'pods/log', 'services', 'endpoints', 'configmaps', 'persistentvolumeclaims', 'serviceaccounts', 'events', 'nodes', 'namespaces', 'resourcequotas', 'limitranges'];
const GROUPS = {
  '': CORE,
  apps: ['deployments', 'replicasets', 'statefulsets', 'daemonsets', 'deployments/scale'],
  batch: ['jobs', 'cronjobs'],
  'networking.plat.io': ['ingresses', 'networkpolicies'],
  'coordination.plat.io': ['leases'],
  'policy': ['poddisruptionbudgets'],
  'autoscaling': ['horizontalpodautoscalers'],
  'monitoring.example.com': ['servicemonitors', 'prometheusrules'],
};
const READ = ['get', 'list', 'watch'];
const WRITE = ['create', 'update', 'patch', 'delete', 'deletecollection'];
const q = (xs) => `[${xs.map((x) => JSON.stringify(x)).join(', ')}]`;

function rule(r) {
  const group = r.pick(Object.keys(GROUPS));
  const lines = [`  - apiGroups: ${q([group])}`, `    resources: ${q(r.some(GROUPS[group], 1, 4))}`];
  const named = r.next() < 0.1;
  if (named) lines.push(`    resourceNames: ${q([`${r.pick(WORDS)}-${r.int(1, 99)}`])}`);
  const verbs = named ? ['get', ...r.some(['update', 'patch', 'delete'], 0, 2)] : r.next() < 0.6 ? r.some(READ, 1, 3) : [...r.some(READ, 1, 3), ...r.some(WRITE, 1, 4)];
  if (r.next() < 0.5) lines.push(`    verbs: ${q(verbs)}`);
  else lines.push('    verbs:', ...verbs.map((v) => `      - ${v}`));
  return lines;
}

function rbacDocument(r, id) {
  const team = r.pick(TEAMS);
  const cluster = r.next() < 0.35;
  const name = `${team}-${r.pick(WORDS)}-${id}`;
  const meta = ['metadata:', `  name: ${name}`, ...(cluster ? [] : [`  namespace: ${team}`]), '  labels:', `    team: ${team}`, `    app.example.com/part-of: ${team}-platform-services`, '  annotations:', `    example.com/owner-contact: ${team}-platform-team@mail.example.com`];
  if (r.next() < 0.6) {
    const rules = [];
    for (let i = r.int(3, 17); i > 0; i--) rules.push(...rule(r));
    if (cluster && r.next() < 0.3) rules.push(`  - nonResourceURLs: ${q(['/metrics', `/debug/${team}/*`])}`, '    verbs: ["get"]');
    return { lines: [`# ${cluster ? 'cluster-wide' : 'namespaced'} access for the ${team} team, reviewed by the platform group every quarter`, 'apiVersion: rbac.authorization.plat.io/v1', `kind: ${cluster ? 'ClusterRole' : 'Role'}`, ...meta, 'rules:', ...rules], kind: 'role', cluster };
  }
  const subjects = [];
  for (let i = r.int(2, 9); i > 0; i--) {
    const k = r.next();
    if (k < 0.4) subjects.push('  - kind: Group', `    name: ${team}-${r.pick(WORDS)}s`, '    apiGroup: rbac.authorization.plat.io');
    else if (k < 0.75) subjects.push('  - kind: User', `    name: ${r.pick(['jane', 'omar', 'li', 'ana', 'kofi', 'sam'])}-${r.int(1, 999)}@example.com`, '    apiGroup: rbac.authorization.plat.io');
    else subjects.push('  - kind: ServiceAccount', `    name: ${r.pick(WORDS)}-bot`, `    namespace: ${team}`);
  }
  const ref = cluster || r.next() < 0.4 ? 'ClusterRole' : 'Role';
  return {
    lines: ['apiVersion: rbac.authorization.plat.io/v1', `kind: ${cluster ? 'ClusterRoleBinding' : 'RoleBinding'}`, ...meta, 'subjects:', ...subjects, 'roleRef:', `  kind: ${ref}`, `  name: ${team}-${r.pick(WORDS)}`, '  apiGroup: rbac.authorization.plat.io'],
    kind: 'binding',
    cluster,
  };
}

function auditPolicy(r) {
  const lines = ['# Audit policy of the plat API server (--audit-policy-file); the first matching rule decides.', 'apiVersion: audit.plat.io/v1', 'kind: Policy', 'omitStages:', '  - RequestReceived', 'rules:'];
  lines.push('  - level: None', '    nonResourceURLs:', '      - /healthz*', '      - /livez*', '      - /readyz*');
  lines.push('  - level: Metadata', '    resources:', '      - group: ""', '        resources: ["secrets", "configmaps", "serviceaccounts/token"]');
  for (let i = r.int(10, 34); i > 0; i--) {
    const team = r.pick(TEAMS);
    const group = r.pick(Object.keys(GROUPS));
    lines.push(`  # ${team}: ${r.pick(['writes', 'reads', 'everything'])} of ${group || 'the core group'}`);
    lines.push(`  - level: ${r.pick(['None', 'Metadata', 'Request', 'RequestResponse'])}`);
    if (r.next() < 0.5) lines.push(`    verbs: ${q(r.some([...READ, ...WRITE], 1, 4))}`);
    if (r.next() < 0.4) lines.push(`    namespaces: ${q([team, `${team}-staging`])}`);
    if (r.next() < 0.2) lines.push(`    userGroups: ${q([`${team}-admins`])}`);
    lines.push('    resources:', `      - group: ${JSON.stringify(group)}`, `        resources: ${q(r.some(GROUPS[group], 1, 3))}`);
  }
  lines.push('  - level: Metadata');
  return lines;
}

function authentication(r, id) {
  const lines = ['# Structured authentication for the plat API server (--authentication-config).', 'apiVersion: apiserver.config.plat.io/v1', 'kind: AuthenticationConfiguration', 'jwt:'];
  const n = r.int(1, 4);
  for (let i = 0; i < n; i++) {
    const team = r.pick(TEAMS);
    lines.push(
      '  - issuer:',
      `      url: https://sso-${id}-${i}.example.com/realms/${team}`,
      '      audiences:',
      `        - plat-${team}`,
      '    claimValidationRules:',
      '      - expression: "claims.?email_verified.orValue(false) == true"',
      '        message: the email address must be verified',
      '    claimMappings:',
      '      username:',
      '        claim: email',
      `        prefix: "${team}:"`,
      '      groups:',
      '        claim: groups',
      `        prefix: "${team}:"`,
      '      extra:',
      `        - key: example.com/${team}-department`,
      "          valueExpression: \"claims.?department.orValue('')\"",
      '    userValidationRules:',
      "      - expression: \"!user.username.startsWith('system:')\"",
      '        message: "usernames must not use the reserved system: prefix"',
    );
  }
  lines.push('anonymous:', '  enabled: true', '  conditions:', '    - path: /livez', '    - path: /readyz');
  return lines;
}

function encryption(r, id) {
  const lines = ['# Encryption at rest (--encryption-provider-config); made-up keys.', 'apiVersion: apiserver.config.plat.io/v1', 'kind: EncryptionConfiguration', 'resources:'];
  const seen = new Set();
  for (let i = r.int(1, 5); i > 0; i--) {
    const resources = r.some(['secrets', 'configmaps', 'events', 'leases.coordination.plat.io', 'deployments.apps', 'jobs.batch'], 1, 2).filter((x) => !seen.has(x));
    if (resources.length === 0) continue;
    for (const x of resources) seen.add(x);
    const key = Buffer.from(Array.from({ length: 32 }, () => r.int(0, 255))).toString('base64');
    lines.push('  - resources:', ...resources.map((x) => `      - ${x}`), '    providers:', '      - aescbc:', '          keys:', `            - name: key-${id}-${i}`, `              secret: ${key}`, '      - identity: {}');
  }
  return lines;
}

function application(r, id) {
  const team = r.pick(TEAMS);
  const app = `${team}-${r.pick(['api', 'web', 'worker', 'cron', 'gateway'])}-${id}`;
  const env = [];
  for (let i = r.int(2, 10); i > 0; i--) env.push(`            - name: ${r.pick(['LOG_LEVEL', 'PORT', 'REGION', 'FEATURE_FLAGS', 'CACHE_TTL', 'DB_HOST'])}_${i}`, `              value: "${r.int(1, 9999)}"`);
  return [
    `# ${app}: its Deployment, Service and settings`,
    'apiVersion: apps/v1',
    'kind: Deployment',
    'metadata:',
    `  name: ${app}`,
    `  namespace: ${team}`,
    'spec:',
    `  replicas: ${r.int(1, 6)}`,
    '  selector:',
    '    matchLabels:',
    `      app: ${app}`,
    '  template:',
    '    metadata:',
    '      labels:',
    `        app: ${app}`,
    '    spec:',
    '      containers:',
    `        - name: ${app}`,
    `          image: registry.example.com/${team}/${app}:1.${r.int(0, 40)}.${r.int(0, 9)}`,
    '          ports:',
    `            - containerPort: ${r.pick([8080, 8443, 9090])}`,
    '          env:',
    ...env,
    '          resources:',
    '            requests:',
    `              cpu: ${r.int(1, 9) * 50}m`,
    `              memory: ${r.int(1, 16) * 64}Mi`,
    '---',
    'apiVersion: v1',
    'kind: Service',
    'metadata:',
    `  name: ${app}`,
    `  namespace: ${team}`,
    'spec:',
    '  selector:',
    `    app: ${app}`,
    '  ports:',
    '    - port: 80',
    '      targetPort: 8080',
    '---',
    'apiVersion: v1',
    'kind: ConfigMap',
    'metadata:',
    `  name: ${app}-settings`,
    `  namespace: ${team}`,
    'data:',
    `  region: ${r.pick(['eu-west-1', 'us-east-2', 'ap-south-1'])}`,
    `  replicas: "${r.int(1, 6)}"`,
  ];
}

/** the defects, each one the platform refuses; `at` finds the line to change, `change` rewrites it */
const DEFECTS = {
  rbac: [
    ['unknown field (resource for resources)', /^(\s+)resources: /, (l) => l.replace('resources: ', 'resource: ')],
    ['a removed version', /^apiVersion: rbac/, (l) => l.replace('/v1', '/v1beta1')],
  ],
  audit: [['unknown audit level', /^\s+- level: (Request|Metadata)$/, (l) => l.replace(/level: \w+/, 'level: Everything')]],
  authn: [['CEL expression that does not compile', /expression: "claims/, (l) => l.replace('== true', '== ')]],
  encryption: [['aescbc key of the wrong length', /^\s+secret: /, (l) => l.replace(/secret: \S+/, 'secret: c2hvcnQta2V5')]],
  authz: [['webhook timeout over 30s', /^\s+timeout: 3s$/, (l) => l.replace('3s', '45s')]],
  manager: [['a quantity that is not a number', /^\s+qps: \d+$/, (l) => l.replace(/\d+$/, 'fast')]],
};

/**
 * The corpus of `seed`: `files` entries `{ name, text, defect }` (defect: what was broken, or null). Files of the
 * kinds that carry a defect get one with probability 0.0526 (about 263 in 5,000).
 */
export function generateCorpus({ seed = 42, files = 5000 } = {}) {
  const r = generator(seed);
  const read = (f) => readFileSync(join(examples, f), 'utf8');
  const authz = read('authorization-config.yaml');
  const manager = read('controller-manager.yaml');
  const others = ['admission-config.yaml', 'egress-selector-config.yaml', 'tracing-config.yaml', 'leader-migration.yaml', 'event-rate-limit.yaml', 'cloud-controller-manager.yaml', 'exec-credential.yaml', 'subject-access-review.yaml', 'admission-review.yaml', 'image-review.yaml', 'audit-event.yaml'].map(read);
  const out = [];
  for (let i = 0; i < files; i++) {
    const k = r.next();
    const broken = r.next() < 0.07;
    let lines;
    let area = null;
    if (k < 0.38) {
      area = 'rbac';
      lines = [];
      for (let d = r.int(2, 10), j = 0; j < d; j++) {
        const doc = rbacDocument(r, `${i}-${j}`);
        if (j > 0) lines.push('---');
        lines.push(...doc.lines);
      }
    } else if (k < 0.5) [area, lines] = ['audit', auditPolicy(r)];
    else if (k < 0.58) [area, lines] = ['authn', authentication(r, i)];
    else if (k < 0.64) [area, lines] = ['encryption', encryption(r, i)];
    else if (k < 0.7) [area, lines] = ['authz', authz.replace('tenant-policy.example.com', `tenant-policy-${i}.example.com`).split('\n')];
    else if (k < 0.78) [area, lines] = ['manager', manager.replace(/qps: \d+/, `qps: ${r.int(5, 100)}`).replace(/burst: \d+/, `burst: ${r.int(100, 200)}`).split('\n')];
    else if (k < 0.88) lines = r.pick(others).split('\n');
    else lines = application(r, i);
    let defect = null;
    if (broken && area) {
      const [what, at, change] = r.pick(DEFECTS[area]);
      const candidates = lines.map((l, n) => (at.test(l) ? n : -1)).filter((n) => n >= 0);
      if (candidates.length > 0) {
        const n = r.pick(candidates);
        lines = [...lines];
        lines[n] = change(lines[n]);
        defect = what;
      }
    }
    const text = `# generated file ${i} of seed ${seed}\n${lines.join('\n').replace(/\n*$/, '\n')}`;
    out.push({ name: `team-${i % 50}/config-${i}.yaml`, text, defect });
  }
  return out;
}

/** Writes the corpus below `dir` (emptied first); returns its size and the names of the files with a defect. */
export function writeCorpus(dir, options) {
  rmSync(dir, { recursive: true, force: true });
  let bytes = 0;
  let lines = 0;
  const defects = [];
  for (const f of generateCorpus(options)) {
    const path = join(dir, f.name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, f.text);
    bytes += Buffer.byteLength(f.text);
    lines += f.text.split('\n').length - 1;
    if (f.defect) defects.push(f.name);
  }
  return { dir, bytes, lines, defects };
}

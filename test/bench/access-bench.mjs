// npm run bench:access (and the end of npm run bench): `platlint access` on a generated repository of 20,000 RBAC
// documents (--documents=N for another size), run with the built CLI (npm run build first). Numbers are printed,
// never asserted: timing belongs here, not in tests. Target: who-can answers in a few seconds on 2 cores.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const bin = join(root, 'bin', 'platlint.js');
const args = process.argv.slice(2);
const DOCUMENTS = Number(args.find((a) => a.startsWith('--documents='))?.slice(12) ?? 20000);
const RUNS = Number(args.find((a) => a.startsWith('--runs='))?.slice(7) ?? 5);
// --keep: leave the generated repository in place (its folder is printed), to profile a question on it
const KEEP = args.includes('--keep');

/**
 * A repository of teams, one file per team, ten documents each: three Roles, four RoleBindings (of Roles, of the
 * platform's edit and view, of a team ClusterRole), two ClusterRoles (one labelled into an aggregated role) and one
 * ClusterRoleBinding; plus aggregated ClusterRoles that select the labelled ones.
 */
function makeRepository(documents) {
  const dir = join(tmpdir(), `platlint-access-bench-${documents}-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  const teams = Math.floor(documents / 10);
  const doc = (kind, body) => `apiVersion: rbac.authorization.plat.io/v1\nkind: ${kind}\n${body}`;
  const binding = (kind, name, ns, roleKind, role, subjects) =>
    doc(kind, `metadata:\n  name: ${name}\n${ns ? `  namespace: ${ns}\n` : ''}roleRef:\n  apiGroup: rbac.authorization.plat.io\n  kind: ${roleKind}\n  name: ${role}\nsubjects:\n${subjects.map((s) => `  - kind: ${s[0]}\n    name: ${s[1]}\n${s[2] ? `    namespace: ${s[2]}\n` : ''}`).join('')}`);
  const role = (kind, name, ns, labels, rules) =>
    doc(kind, `metadata:\n  name: ${name}\n${ns ? `  namespace: ${ns}\n` : ''}${labels ? `  labels:\n    ${labels}\n` : ''}rules:\n${rules.map(([groups, resources, verbs]) => `  - apiGroups: [${groups}]\n    resources: [${resources}]\n    verbs: [${verbs}]\n`).join('')}`);
  for (let t = 0; t < teams; t++) {
    const ns = `team-${t}`;
    const folder = join(dir, `group-${t % 50}`);
    mkdirSync(folder, { recursive: true });
    const docs = [
      role('Role', 'config-editor', ns, '', [['""', 'configmaps', 'get, list, update, patch']]),
      role('Role', 'secret-reader', ns, '', [['""', 'secrets', 'get']]),
      role('Role', 'deployer', ns, '', [['apps', 'deployments, deployments/scale', 'get, update, patch'], ['""', 'pods/exec', 'create']]),
      binding('RoleBinding', 'config-editors', ns, 'Role', 'config-editor', [['Group', `${ns}-devs`]]),
      binding('RoleBinding', 'secret-readers', ns, 'Role', 'secret-reader', [['ServiceAccount', 'app', ns], ['User', `lead-${t}@example.com`]]),
      binding('RoleBinding', 'editors', ns, 'ClusterRole', t % 3 === 0 ? 'edit' : 'view', [['Group', `${ns}-admins`], ['ServiceAccount', 'ci']]),
      binding('RoleBinding', 'deployers', ns, 'ClusterRole', `${ns}-operator`, [['ServiceAccount', 'deployer', 'ci']]),
      role('ClusterRole', `${ns}-operator`, '', '', [[`${ns}.example.com`, 'widgets, widgets/status', '"*"']]),
      role('ClusterRole', `${ns}-widgets-view`, '', `example.com/aggregate-to-widgets-${t % 20}: "true"`, [[`${ns}.example.com`, 'widgets', 'get, list, watch']]),
      binding('ClusterRoleBinding', `${ns}-widgets-viewers`, '', 'ClusterRole', `widgets-viewer-${t % 20}`, [['Group', `${ns}-auditors`]]),
    ];
    writeFileSync(join(folder, `${ns}.yaml`), docs.join('---\n'));
  }
  const aggregated = Array.from({ length: 20 }, (_, i) =>
    doc('ClusterRole', `metadata:\n  name: widgets-viewer-${i}\naggregationRule:\n  clusterRoleSelectors:\n    - matchLabels:\n        example.com/aggregate-to-widgets-${i}: "true"\n`),
  );
  writeFileSync(join(dir, 'aggregated.yaml'), aggregated.join('---\n'));
  return { dir, teams, documents: teams * 10 + aggregated.length };
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

function time(argv, cwd) {
  const times = [];
  let last;
  for (let i = 0; i < RUNS; i++) {
    const start = process.hrtime.bigint();
    last = spawnSync(process.execPath, [bin, ...argv], { cwd, encoding: 'utf8', maxBuffer: 1 << 28 });
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
    if (last.status !== 0 && last.status !== 1) throw new Error(`platlint ${argv.join(' ')} failed (exit ${last.status}): ${last.stderr}`);
  }
  return { ms: median(times), min: Math.min(...times), max: Math.max(...times), bytes: last.stdout.length };
}

const repo = makeRepository(DOCUMENTS);
console.log(`access (test/bench/access-bench.mjs): ${repo.documents} RBAC documents in ${repo.teams + 1} files, median of ${RUNS} runs, wall time`);
const questions = [
  ['who-can get secrets --all-namespaces', ['access', 'who-can', 'get', 'secrets', '--all-namespaces', '--no-config', '.']],
  ['who-can get widgets in one namespace', ['access', 'who-can', 'get', 'widgets.team-7.example.com', '-n', 'team-7', '--no-config', '.']],
  ['who-can --all-namespaces --format json', ['access', 'who-can', 'update', 'deployments.apps/scale', '--all-namespaces', '--format', 'json', '--no-config', '.']],
  ['can-i (a service account)', ['access', 'can-i', 'get', 'secrets', 'db', '-n', 'team-7', '--as', 'system:serviceaccount:team-7:app', '--no-config', '.']],
  ['rules (a service account)', ['access', 'rules', '-n', 'team-7', '--as', 'system:serviceaccount:team-7:ci', '--no-config', '.']],
  ['node -e 0', null],
];
for (const [label, argv] of questions) {
  const r = argv ? time(argv, repo.dir) : (() => {
    const times = [];
    for (let i = 0; i < RUNS; i++) {
      const start = process.hrtime.bigint();
      spawnSync(process.execPath, ['-e', '0']);
      times.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    return { ms: median(times), min: Math.min(...times), max: Math.max(...times), bytes: 0 };
  })();
  console.log(`${label.padEnd(40)} ${`${r.ms.toFixed(0)} ms`.padStart(9)}  (${r.min.toFixed(0)}-${r.max.toFixed(0)} ms${r.bytes ? `, ${(r.bytes / 1024).toFixed(0)} KiB of output` : ''})`);
}
console.log('target: who-can over 20,000 RBAC documents in a few seconds on the 2-core machine');
if (KEEP) console.log(`the repository is kept in ${repo.dir}`);
else rmSync(repo.dir, { recursive: true, force: true });

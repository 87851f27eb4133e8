// `platlint access diff`: a scratch git repository with commits that move, reformat and rename RBAC documents (no
// difference), grant and revoke (each permission with its binding and rule), every format (the SARIF validated
// against its schema), --fail-on, deployments and usage errors; then what the comparison itself decides
// (src/access/diff.ts) on texts, through the library's diffAccess.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { covers, type Permission } from '../src/access/diff.js';
import { diffAccess } from '../src/files/access-files.js';
import { platlint } from './helpers/cli.js';
import { ROOT } from './helpers/fixtures.js';
import { GitRepo } from './helpers/git-repo.js';
import { sarifValidator } from './helpers/sarif.js';

const CLUSTER = `apiVersion: rbac.authorization.plat.io/v1
kind: ClusterRole
metadata:
  name: secret-reader
rules:
  - apiGroups: [""]
    resources: [secrets]
    verbs: [get, list, watch]
---
apiVersion: rbac.authorization.plat.io/v1
kind: ClusterRoleBinding
metadata:
  name: read-secrets
roleRef: {apiGroup: rbac.authorization.plat.io, kind: ClusterRole, name: secret-reader}
subjects:
  - {kind: Group, apiGroup: rbac.authorization.plat.io, name: ops}
  - {kind: ServiceAccount, name: auditor, namespace: tools}
`;

const PROD = `apiVersion: rbac.authorization.plat.io/v1
kind: Role
metadata:
  name: settings-editor
  namespace: prod
rules:
  - apiGroups: [""]
    resources: [configmaps]
    resourceNames: [settings]
    verbs: [get, update, patch]
---
apiVersion: rbac.authorization.plat.io/v1
kind: RoleBinding
metadata:
  name: settings-editor
  namespace: prod
roleRef: {apiGroup: rbac.authorization.plat.io, kind: Role, name: settings-editor}
subjects:
  - {kind: User, apiGroup: rbac.authorization.plat.io, name: jane}
`;

const [SECRET_READER, READ_SECRETS] = CLUSTER.split('---\n') as [string, string];

/** prod.yaml as one JSON `List`, its verbs in another order and its Role named `name` (with its binding's roleRef). */
function prodJson(name: string, verbs: string[]): string {
  const role = { apiVersion: 'rbac.authorization.plat.io/v1', kind: 'Role', metadata: { name, namespace: 'prod' }, rules: [{ verbs, resourceNames: ['settings'], resources: ['configmaps'], apiGroups: [''] }] };
  const binding = {
    apiVersion: 'rbac.authorization.plat.io/v1',
    kind: 'RoleBinding',
    metadata: { name, namespace: 'prod' },
    roleRef: { apiGroup: 'rbac.authorization.plat.io', kind: 'Role', name },
    subjects: [{ kind: 'User', apiGroup: 'rbac.authorization.plat.io', name: 'jane' }],
  };
  return `${JSON.stringify({ apiVersion: 'v1', kind: 'List', items: [role, binding] }, null, 2)}\n`;
}

let repo: GitRepo;
const diff = (args: string[], cwd = repo.dir) => platlint(['access', 'diff', ...args], { cwd });

beforeAll(() => {
  repo = new GitRepo();
  repo.write({ 'rbac/cluster.yaml': CLUSTER, 'rbac/prod.yaml': PROD, 'README.md': 'not RBAC\n' }).commit('base');
  repo.git('tag', 'base');
  // the ClusterRole moves to a file of its own
  repo.write({ 'rbac/roles.yaml': SECRET_READER, 'rbac/cluster.yaml': READ_SECRETS }).commit('move');
  repo.git('tag', 'moved');
  // prod.yaml becomes a JSON List, its verbs in another order
  repo.write({ 'rbac/prod.yaml': prodJson('settings-editor', ['patch', 'get', 'update']) }).commit('reformat');
  repo.git('tag', 'reformatted');
  // the Role is renamed, and its binding with it
  repo.write({ 'rbac/prod.yaml': prodJson('config-editor', ['patch', 'get', 'update']) }).commit('rename');
  repo.git('tag', 'renamed');
  // jane may delete the settings; sam joins the readers of secrets
  repo.write({ 'rbac/prod.yaml': prodJson('config-editor', ['patch', 'get', 'update', 'delete']), 'rbac/cluster.yaml': READ_SECRETS.replace('name: ops}', 'name: ops}\n  - {kind: User, apiGroup: rbac.authorization.plat.io, name: sam}') }).commit('grant');
  repo.git('tag', 'granted');
  // the auditor leaves the readers of secrets
  repo.write({ 'rbac/cluster.yaml': READ_SECRETS.replace('name: ops}', 'name: ops}\n  - {kind: User, apiGroup: rbac.authorization.plat.io, name: sam}').replace('  - {kind: ServiceAccount, name: auditor, namespace: tools}\n', '') }).commit('revoke');
});
afterAll(() => repo.remove());

describe('what changes nothing', () => {
  it.each([
    ['moving a document to another file', 'base', 'moved'],
    ['writing a file as JSON, its lists in another order', 'moved', 'reformatted'],
    ['renaming a role together with its binding', 'reformatted', 'renamed'],
    ['all three', 'base', 'renamed'],
  ])('%s', async (_, from, to) => {
    repo.git('checkout', '-q', to);
    try {
      const r = await diff(['--base', from, '--fail-on', 'any']);
      expect([r.code, r.stderr]).toEqual([0, '']);
      expect(r.stdout).toBe(`the working tree (3 files) against ${from} (${from === 'base' ? 2 : 3} files):\n  no access granted or revoked\n`);
      const json = JSON.parse((await diff(['--base', from, '--format', 'json'])).stdout);
      expect([json.granted, json.revoked, json.answers[0].granted, json.answers[0].revoked, json.answers[0].unknown]).toEqual([0, 0, [], [], []]);
    } finally {
      repo.git('checkout', '-q', 'main');
    }
  });
});

describe('what is granted and revoked', () => {
  it('text: each permission with the binding and the rule that give it (those of what is revoked at REV)', async () => {
    const r = await diff(['--base', 'renamed']);
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toBe(
      [
        'the working tree (3 files) against renamed (3 files):',
        'granted: 4 permissions',
        '  User jane in namespace prod',
        '    delete on configmaps named settings (core)',
        '      by RoleBinding prod/config-editor (rbac/prod.yaml:36:17), rule Role prod/config-editor rules[0] (rbac/prod.yaml:13:9)',
        '  User sam cluster-wide',
        '    get, list, watch on secrets (core)',
        '      by ClusterRoleBinding read-secrets (rbac/cluster.yaml:4:9), rule ClusterRole secret-reader rules[0] (rbac/roles.yaml:6:5)',
        'revoked: 3 permissions',
        '  ServiceAccount tools/auditor cluster-wide',
        '    get, list, watch on secrets (core)',
        '      by ClusterRoleBinding read-secrets (renamed:rbac/cluster.yaml:4:9), rule ClusterRole secret-reader rules[0] (renamed:rbac/roles.yaml:6:5)',
        '',
      ].join('\n'),
    );
  });

  it('one commit at a time: the grant, then the revoke', async () => {
    repo.git('checkout', '-q', 'granted');
    try {
      const granted = JSON.parse((await diff(['--base', 'HEAD~1', '--format', 'json'])).stdout);
      expect([granted.granted, granted.revoked]).toEqual([4, 0]);
    } finally {
      repo.git('checkout', '-q', 'main');
    }
    const revoked = JSON.parse((await diff(['--base', 'HEAD~1', '--format', 'json'])).stdout);
    expect([revoked.granted, revoked.revoked]).toEqual([0, 3]);
    expect(revoked.answers[0].revoked.map((p: { verb: string; subject: { name: string } }) => `${p.subject.name} ${p.verb}`)).toEqual(['auditor get', 'auditor list', 'auditor watch']);
  });

  it('the working tree counts as it is, committed or not; so does a file not yet added', async () => {
    repo.write({ 'extra.yaml': PROD.replace(/settings-editor/g, 'extra').replace('namespace: prod', 'namespace: dev').replace('namespace: prod', 'namespace: dev') });
    try {
      const r = await diff(['--base', 'HEAD']);
      expect(r.stdout).toBe(
        [
          'the working tree (4 files) against HEAD (3 files):',
          'granted: 3 permissions',
          '  User jane in namespace dev',
          '    get, patch, update on configmaps named settings (core)',
          '      by RoleBinding dev/extra (extra.yaml:15:9), rule Role dev/extra rules[0] (extra.yaml:7:5)',
          '',
        ].join('\n'),
      );
    } finally {
      repo.write({ 'extra.yaml': null });
    }
  });

  it('--fail-on granted, revoked or any: exit 1 when there is such a change', async () => {
    const codes = async (base: string) => Promise.all(['granted', 'revoked', 'any'].map(async (f) => (await diff(['--base', base, '--fail-on', f])).code));
    expect(await codes('renamed')).toEqual([1, 1, 1]);
    expect(await codes('granted')).toEqual([0, 1, 1]);
    expect(await codes('HEAD')).toEqual([0, 0, 0]);
    expect((await diff(['--base', 'renamed'])).code).toBe(0);
  });

  it('json: each permission with its subject, namespace, verb and resource, or URL, and every grant on its side', async () => {
    const r = await diff(['--base', 'renamed', '--format', 'json']);
    const json = JSON.parse(r.stdout);
    expect(Object.keys(json)).toEqual(['base', 'granted', 'revoked', 'answers']);
    expect(json.base).toEqual({ revision: 'renamed', commit: repo.git('rev-parse', 'renamed').trim() });
    expect(Object.keys(json.answers[0])).toEqual(['deployment', 'noDeployment', 'files', 'granted', 'revoked', 'unknown', 'notes']);
    expect(json.answers[0].files).toEqual({ base: 3, head: 3 });
    const { grantedBy, ...permission } = json.answers[0].granted[0];
    expect(permission).toEqual({ subject: { kind: 'User', name: 'jane', namespace: '' }, namespace: 'prod', verb: 'delete', group: '', resource: 'configmaps', subresource: '', name: 'settings' });
    expect(grantedBy).toHaveLength(1);
    expect(grantedBy[0].binding).toEqual({ kind: 'RoleBinding', name: 'config-editor', namespace: 'prod', file: 'rbac/prod.yaml', line: 36, column: 17, bootstrap: false });
    expect(grantedBy[0].rule).toMatchObject({ kind: 'Role', name: 'config-editor', index: 0, file: 'rbac/prod.yaml', line: 13, column: 9, verbs: ['patch', 'get', 'update', 'delete'] });
    const revoked = json.answers[0].revoked[2];
    expect(revoked.subject).toEqual({ kind: 'ServiceAccount', name: 'auditor', namespace: 'tools' });
    expect([revoked.namespace, revoked.verb, revoked.grantedBy[0].subject.file, revoked.grantedBy[0].subject.line, revoked.grantedBy[0].subject.index]).toEqual(['', 'watch', 'rbac/cluster.yaml', 8, 1]);
  });

  it('markdown: a table per side for a pull request comment', async () => {
    const r = await diff(['--base', 'renamed', '--format', 'markdown']);
    expect(r.stdout).toBe(
      [
        '### Access granted and revoked against `renamed`',
        '',
        '#### Granted: 4 permissions',
        '',
        '| Subject | Where | Permission | Binding | Rule |',
        '| --- | --- | --- | --- | --- |',
        '| User `jane` | `prod` | delete on configmaps named settings (core) | RoleBinding `prod/config-editor` ([rbac/prod.yaml:36:17](rbac/prod.yaml#L36)) | `config-editor rules[0]` ([rbac/prod.yaml:13:9](rbac/prod.yaml#L13)) |',
        '| User `sam` | cluster-wide | get, list, watch on secrets (core) | ClusterRoleBinding `read-secrets` ([rbac/cluster.yaml:4:9](rbac/cluster.yaml#L4)) | `secret-reader rules[0]` ([rbac/roles.yaml:6:5](rbac/roles.yaml#L6)) |',
        '',
        '#### Revoked: 3 permissions',
        '',
        '| Subject | Where | Permission | Binding | Rule |',
        '| --- | --- | --- | --- | --- |',
        '| ServiceAccount `tools/auditor` | cluster-wide | get, list, watch on secrets (core) | ClusterRoleBinding `read-secrets` (`renamed:rbac/cluster.yaml:4:9`) | `secret-reader rules[0]` (`renamed:rbac/roles.yaml:6:5`) |',
        '',
      ].join('\n'),
    );
    expect((await diff(['--base', 'HEAD', '--format', 'markdown'])).stdout).toBe('### Access granted and revoked against `HEAD`\n\nNo access granted or revoked.\n');
  });

  it('sarif: valid SARIF 2.1.0, one result per granted permission at the rule that grants it', async () => {
    const r = await diff(['--base', 'renamed', '--format', 'sarif']);
    const log = JSON.parse(r.stdout);
    const validate = sarifValidator();
    expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
    const run = log.runs[0];
    expect(run.tool.driver.rules.map((x: { id: string; defaultConfiguration: unknown }) => [x.id, x.defaultConfiguration])).toEqual([['access/granted', { level: 'note' }]]);
    expect(run.originalUriBaseIds).toEqual({ '%SRCROOT%': { uri: `file://${repo.dir}/` } });
    expect(run.results).toHaveLength(4);
    expect(run.results.map((x: { message: { text: string } }) => x.message.text)).toEqual([
      'User jane may delete on configmaps named settings (core) in namespace prod, which renamed did not allow: granted by RoleBinding prod/config-editor, rule Role prod/config-editor rules[0]',
      'User sam may get on secrets (core) cluster-wide, which renamed did not allow: granted by ClusterRoleBinding read-secrets, rule ClusterRole secret-reader rules[0]',
      'User sam may list on secrets (core) cluster-wide, which renamed did not allow: granted by ClusterRoleBinding read-secrets, rule ClusterRole secret-reader rules[0]',
      'User sam may watch on secrets (core) cluster-wide, which renamed did not allow: granted by ClusterRoleBinding read-secrets, rule ClusterRole secret-reader rules[0]',
    ]);
    expect(run.results[1].locations).toEqual([{ physicalLocation: { artifactLocation: { uri: 'rbac/roles.yaml', uriBaseId: '%SRCROOT%' }, region: { startLine: 6, startColumn: 5, endLine: 6, endColumn: 14 } } }]);
    expect(run.results[1].relatedLocations.map((l: { message: { text: string }; physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }) => [l.message.text, l.physicalLocation.artifactLocation.uri, l.physicalLocation.region.startLine])).toEqual([
      ['the binding: ClusterRoleBinding read-secrets', 'rbac/cluster.yaml', 4],
      ['the subject: User sam', 'rbac/cluster.yaml', 8],
    ]);
    const prints = run.results.map((x: { partialFingerprints: Record<string, string> }) => x.partialFingerprints['platlint/v1']);
    expect(new Set(prints).size).toBe(4);
    // the fingerprint is the permission's: the same when the lines move
    repo.write({ 'rbac/roles.yaml': `# a comment moves every line\n${SECRET_READER}` });
    try {
      const moved = JSON.parse((await diff(['--base', 'renamed', '--format', 'sarif', '--fail-on', 'granted'])).stdout).runs[0];
      expect(moved.results.map((x: { partialFingerprints: Record<string, string> }) => x.partialFingerprints['platlint/v1'])).toEqual(prints);
      expect([moved.results[1].locations[0].physicalLocation.region.startLine, moved.results[1].level]).toEqual([7, 'error']);
    } finally {
      repo.git('checkout', '-q', '--', 'rbac/roles.yaml');
    }
  });
});

describe('deployments', () => {
  it('each deployment compared with itself at REV', async () => {
    const dep = new GitRepo();
    try {
      cpSync(join(ROOT, 'fixtures', 'access', 'deployments'), dep.dir, { recursive: true });
      dep.commit('base');
      dep.write({ 'gcp/role.yaml': `apiVersion: rbac.authorization.plat.io/v1\nkind: ClusterRole\nmetadata:\n  name: ops\nrules:\n  - apiGroups: [""]\n    resources: [configmaps, secrets]\n    verbs: [get]\n` });
      const r = await diff(['--base', 'main', '--no-bootstrap'], dep.dir);
      expect(r.stdout).toBe(
        [
          'deployment aws: the working tree (2 files) against main (2 files):',
          '  no access granted or revoked',
          'deployment gcp: the working tree (2 files) against main (2 files):',
          'granted: 1 permission',
          '  Group ops in namespace prod',
          '    get on secrets (core)',
          '      by RoleBinding prod/ops (base/binding.yaml:4:9), rule ClusterRole ops rules[0] (gcp/role.yaml:6:5)',
          'files of no deployment: the working tree (2 files) against main (2 files):',
          '  no access granted or revoked',
          '',
        ].join('\n'),
      );
    } finally {
      dep.remove();
    }
  });
});

describe('usage', () => {
  it.each([
    [['--fail-on', 'any'], 'diff needs --base REV: the git revision to compare the working tree with'],
    [['--base', 'main', '--fail-on', 'some'], '--fail-on takes granted, revoked, any, not "some"'],
    [['--base', 'main', '--as', 'jane'], 'diff compares every subject: it takes no --as or --as-group'],
    [['--base', 'main', '-n', 'prod'], 'diff takes no -n'],
    [['--base', 'main', '-f', 'yaml'], 'diff has no format "yaml"; its formats: text, json, markdown, sarif'],
    [['--base', 'main', 'nowhere/'], 'no files matching "nowhere/" in the working tree or at main'],
    [['--base=-x'], '--base needs a revision (a branch, a tag or a commit), not "-x"'],
    [['--base'], 'option --base needs a value'],
  ])('%j: exit 2', async (args, message) => {
    const r = await diff(args);
    expect([r.code, r.stdout, r.stderr]).toEqual([2, '', `platlint access: ${message}\nRun platlint access --help for usage.\n`]);
  });

  it('an unknown revision, and a folder outside any git repository: exit 2', async () => {
    const r = await diff(['--base', 'no-such-branch']);
    expect([r.code, r.stderr]).toEqual([2, `platlint access: --base no-such-branch: no such revision in the git repository at ${repo.dir}\nRun platlint access --help for usage.\n`]);
    const outside = mkdtempSync(join(tmpdir(), 'platlint-no-git-'));
    try {
      const o = await diff(['--base', 'main'], outside);
      expect(o.code).toBe(2);
      expect(o.stderr).toMatch(/^platlint access: access diff needs a git repository: fatal: not a git repository/);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });
});

// ---- the comparison (src/access/diff.ts), on texts ----

const rbac = (...docs: string[]) => docs.join('---\n');
const crole = (name: string, rules: string, labels = '') => `apiVersion: rbac.authorization.plat.io/v1\nkind: ClusterRole\nmetadata:\n  name: ${name}\n${labels}rules:\n${rules}`;
const binding = (kind: 'ClusterRoleBinding' | 'RoleBinding', name: string, role: string, subjects: string, namespace = '', roleKind = 'ClusterRole') =>
  `apiVersion: rbac.authorization.plat.io/v1\nkind: ${kind}\nmetadata:\n  name: ${name}\n${namespace !== '' ? `  namespace: ${namespace}\n` : ''}roleRef: {apiGroup: rbac.authorization.plat.io, kind: ${roleKind}, name: ${role}}\nsubjects:\n${subjects}`;
const change = (base: string, head: string, bootstrap = false) => {
  const json = diffAccess({ base: [{ name: 'rbac.yaml', text: base }], head: [{ name: 'rbac.yaml', text: head }], bootstrap });
  const words = (p: { subject: { kind: string; name: string; namespace: string }; namespace: string | null; verb: string; resource?: string; subresource?: string; group?: string; name?: string; path?: string }) =>
    `${p.subject.kind} ${p.subject.namespace === '' ? '' : `${p.subject.namespace}/`}${p.subject.name} ${p.namespace === null ? '(applied)' : p.namespace === '' ? '*' : p.namespace} ${p.verb} ${p.path ?? `${p.resource}${p.subresource ? `/${p.subresource}` : ''}${p.group ? `.${p.group}` : ''}${p.name ? `:${p.name}` : ''}`}`;
  return { granted: json.answers[0]!.granted.map(words), revoked: json.answers[0]!.revoked.map(words), unknown: json.answers[0]!.unknown.map((u) => `${u.side} ${u.why} ${u.subject!.kind} ${u.subject!.name}: ${u.message}`) };
};
const OPS = '  - {kind: Group, name: ops}\n';

describe('what a change grants and revokes (diffAccess)', () => {
  it('a wider rule grants what it adds (`*`), and revokes nothing that it covers; the reverse revokes it', () => {
    const narrow = rbac(crole('r', '  - {apiGroups: [""], resources: [pods], verbs: [get, list]}\n'), binding('ClusterRoleBinding', 'b', 'r', OPS));
    const wide = rbac(crole('r', '  - {apiGroups: ["*"], resources: ["*"], verbs: ["*"]}\n'), binding('ClusterRoleBinding', 'b', 'r', OPS));
    expect(change(narrow, wide)).toEqual({ granted: ['Group ops * * *.*'], revoked: [], unknown: [] });
    expect(change(wide, narrow)).toEqual({ granted: [], revoked: ['Group ops * * *.*'], unknown: [] });
  });

  it('a ClusterRoleBinding made a RoleBinding revokes the access everywhere else; the reverse grants it', () => {
    const role = crole('r', '  - {apiGroups: [""], resources: [pods], verbs: [get]}\n');
    const cluster = rbac(role, binding('ClusterRoleBinding', 'b', 'r', OPS));
    const local = rbac(role, binding('RoleBinding', 'b', 'r', OPS, 'prod'));
    expect(change(cluster, local)).toEqual({ granted: [], revoked: ['Group ops * get pods'], unknown: [] });
    expect(change(local, cluster)).toEqual({ granted: ['Group ops * get pods'], revoked: [], unknown: [] });
  });

  it('a RoleBinding grants no URL; a ClusterRoleBinding does, and a `/*` prefix covers the paths below it', () => {
    const role = crole('r', '  - {nonResourceURLs: [/metrics, /debug/*], verbs: [get]}\n');
    expect(change('', rbac(role, binding('RoleBinding', 'b', 'r', OPS, 'prod')))).toEqual({ granted: [], revoked: [], unknown: [] });
    expect(change('', rbac(role, binding('ClusterRoleBinding', 'b', 'r', OPS))).granted).toEqual(['Group ops * get /debug/*', 'Group ops * get /metrics']);
    const wider = crole('r', '  - {nonResourceURLs: ["/*"], verbs: [get]}\n');
    expect(change(rbac(wider, binding('ClusterRoleBinding', 'b', 'r', OPS)), rbac(role, binding('ClusterRoleBinding', 'b', 'r', OPS)))).toEqual({ granted: [], revoked: ['Group ops * get /*'], unknown: [] });
  });

  it('subresources, `*/scale` and names: each as the authorizer matches it', () => {
    const pods = crole('r', '  - {apiGroups: [""], resources: [pods, pods/log], resourceNames: [web], verbs: [get]}\n');
    const any = crole('r', '  - {apiGroups: [""], resources: ["*/log", pods], verbs: [get]}\n');
    const b = binding('ClusterRoleBinding', 'b', 'r', OPS);
    expect(change(rbac(pods, b), rbac(any, b))).toEqual({ granted: ['Group ops * get */log', 'Group ops * get pods'], revoked: [], unknown: [] });
    expect(change(rbac(any, b), rbac(pods, b))).toEqual({ granted: [], revoked: ['Group ops * get */log', 'Group ops * get pods'], unknown: [] });
  });

  it('a service account is the same whether a subject names it as a ServiceAccount or as its username', () => {
    const role = crole('r', '  - {apiGroups: [""], resources: [pods], verbs: [get]}\n');
    const sa = rbac(role, binding('RoleBinding', 'b', 'r', '  - {kind: ServiceAccount, name: ci}\n', 'prod'));
    const user = rbac(role, binding('RoleBinding', 'b', 'r', '  - {kind: User, name: "system:serviceaccount:prod:ci"}\n', 'prod'));
    expect(change(sa, user)).toEqual({ granted: [], revoked: [], unknown: [] });
    // a ServiceAccount without a namespace in a ClusterRoleBinding stands for nobody
    expect(change('', rbac(role, binding('ClusterRoleBinding', 'b', 'r', '  - {kind: ServiceAccount, name: ci}\n')))).toEqual({ granted: [], revoked: [], unknown: [] });
    // a RoleBinding whose manifest leaves its namespace to the apply: its own namespace
    expect(change('', rbac(role, binding('RoleBinding', 'b', 'r', OPS))).granted).toEqual(['Group ops (applied) get pods']);
  });

  it('a label that aggregates a ClusterRole into the platform\'s `view` grants its rules to whoever is bound to `view`', () => {
    const widgets = (labels: string) => crole('widgets', '  - {apiGroups: [example.com], resources: [widgets], verbs: [get]}\n', labels);
    const viewers = binding('RoleBinding', 'viewers', 'view', OPS, 'prod');
    const before = rbac(widgets(''), viewers);
    const after = rbac(widgets('  labels: {rbac.authorization.plat.io/aggregate-to-view: "true"}\n'), viewers);
    expect(change(before, after, true)).toEqual({ granted: ['Group ops prod get widgets.example.com'], revoked: [], unknown: [] });
  });

  it('a binding to a role whose rules are not known, or that names no role, is unknown on its side', () => {
    const role = crole('r', '  - {apiGroups: [""], resources: [pods], verbs: [get]}\n');
    expect(change(role, rbac(role, binding('ClusterRoleBinding', 'b', 'missing', OPS)))).toEqual({ granted: [], revoked: [], unknown: ['head error Group ops: clusterrole.rbac.authorization.plat.io "missing" not found'] });
    expect(change(rbac(role, binding('RoleBinding', 'b', 'gone', OPS, 'prod', 'Role')), role)).toEqual({ granted: [], revoked: [], unknown: ['base error Group ops: role.rbac.authorization.plat.io "gone" not found'] });
  });
});

describe('covers (one permission allows all that another does)', () => {
  const p = (x: Partial<Permission> & { verb: string }): Permission => ({ subject: { kind: 'User', name: 'u', namespace: '' }, namespace: 'ns', group: '', resource: 'pods', subresource: '', name: '', ...x }) as Permission;
  it.each([
    [p({ verb: '*' }), p({ verb: 'get' }), true],
    [p({ verb: 'get' }), p({ verb: '*' }), false],
    [p({ verb: 'get', namespace: '' }), p({ verb: 'get', namespace: 'ns' }), true],
    [p({ verb: 'get', namespace: 'ns' }), p({ verb: 'get', namespace: '' }), false],
    [p({ verb: 'get', namespace: 'ns' }), p({ verb: 'get', namespace: null }), false],
    [p({ verb: 'get', resource: '*' }), p({ verb: 'get', resource: 'pods', subresource: 'log' }), true],
    [p({ verb: 'get', resource: '*', subresource: 'log' }), p({ verb: 'get', resource: 'pods', subresource: 'log' }), true],
    [p({ verb: 'get', resource: '*', subresource: 'log' }), p({ verb: 'get', resource: 'pods' }), false],
    [p({ verb: 'get' }), p({ verb: 'get', subresource: 'log' }), false],
    [p({ verb: 'get', group: '*' }), p({ verb: 'get', group: 'apps' }), true],
    [p({ verb: 'get' }), p({ verb: 'get', name: 'web' }), true],
    [p({ verb: 'get', name: 'web' }), p({ verb: 'get' }), false],
    [p({ verb: 'get', namespace: '', path: '/api/*' } as Partial<Permission> & { verb: string }), p({ verb: 'get', namespace: '', path: '/api/v1' } as Partial<Permission> & { verb: string }), true],
    [p({ verb: 'get', namespace: '', path: '/api/*' } as Partial<Permission> & { verb: string }), p({ verb: 'get', namespace: '', path: '/apis' } as Partial<Permission> & { verb: string }), false],
    [p({ verb: 'get', namespace: '', path: '/api/v1' } as Partial<Permission> & { verb: string }), p({ verb: 'get', namespace: '', path: '/api/*' } as Partial<Permission> & { verb: string }), false],
    [p({ verb: 'get', namespace: '', path: '*' } as Partial<Permission> & { verb: string }), p({ verb: 'get' }), false],
  ])('%j covers %j: %s', (q, x, expected) => {
    expect(covers(q, x)).toBe(expected);
  });
});

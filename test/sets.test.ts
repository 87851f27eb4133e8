// The checks over the set of files of one run (src/files/across-files.ts), from fixtures/sets/<case>/: every YAML file of
// a case folder is linted as one run; `expect.txt` lists every finding of the set as
// `<file> <rule> <path> <line>:<col>` (all rules on: a finding of any rule must be listed), and
// `# options: --resolve-refs` turns unresolved references on; a `platlint.config.yaml` in the folder (its
// deployments) is the run's configuration.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../src/config/config.js';
import { lintFiles } from '../src/files/lint-files.js';
import { diagnosticPath } from '../src/kinds/field-path.js';
import { RULE_IDS, suggestRuleIds } from '../src/check/registry.js';
import { lintJob } from '../src/lsp/lint-job.js';
import { ROOT } from './helpers/fixtures.js';
import { platlint } from './helpers/cli.js';

const DIR = join(ROOT, 'fixtures', 'sets');

/** The case folder's own configuration file, or none. */
const configOf = (folder: string): string | false => (existsSync(join(folder, 'platlint.config.yaml')) ? join(folder, 'platlint.config.yaml') : false);

for (const name of readdirSync(DIR).sort()) {
  const folder = join(DIR, name);
  describe(`set ${name}`, () => {
    const spec = readFileSync(join(folder, 'expect.txt'), 'utf8');
    const resolveRefs = /^# options:.*--resolve-refs/m.test(spec);
    const expected = spec.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('#')).sort();
    it(`gives exactly the findings of expect.txt${resolveRefs ? ' (--resolve-refs)' : ''}`, async () => {
      const results = await lintFiles([folder], { configFile: configOf(folder), concurrency: 'off', resolveRefs, cwd: folder });
      expect(results.length).toBeGreaterThan(0);
      const got = results.flatMap((r) => r.diagnostics.map((d) => `${relative(folder, r.filePath)} ${d.ruleId} ${diagnosticPath(d) || '-'} ${d.line}:${d.column}`)).sort();
      expect(got).toEqual(expected);
      for (const r of results) {
        expect(r.errorCount).toBe(r.diagnostics.filter((d) => d.severity === 'error').length);
        expect(r.warningCount).toBe(r.diagnostics.filter((d) => d.severity === 'warning').length);
      }
    });
  });
}

describe('set findings', () => {
  it('name the other definition with its file, line and column', async () => {
    const results = await lintFiles([join(DIR, 'duplicate-objects')], { configFile: configOf(join(DIR, 'duplicate-objects')), concurrency: 'off', cwd: join(DIR, 'duplicate-objects') });
    const first = results.find((r) => r.filePath.endsWith('first.yaml'))!;
    expect(first.diagnostics.map((d) => d.message)).toEqual([
      'ClusterRole `secret-auditor` is defined more than once: also at second.yaml:15:9',
      'Role `deployer` in namespace `team-a` is defined more than once: also at second.yaml:27:13',
    ]);
    const binding = (await lintFiles([join(DIR, 'role-ref-kind')], { configFile: configOf(join(DIR, 'role-ref-kind')), cwd: join(DIR, 'role-ref-kind') })).find((r) => r.filePath.endsWith('binding.yaml'))!;
    expect(binding.diagnostics[0]!.message).toBe('`roleRef` names Role `log-reader`, but `log-reader` is a ClusterRole (role.yaml:4:9); set `roleRef.kind: ClusterRole`');
    expect(binding.diagnostics[0]).toMatchObject({ line: 12, column: 9, endLine: 12, endColumn: 19, severity: 'warning', kind: 'RoleBinding' });
  });
  it('are kept with their justification when a comment suppresses them', async () => {
    const [r] = await lintFiles([join(DIR, 'suppressed')], { configFile: false, cwd: join(DIR, 'suppressed') });
    expect(r!.suppressed.map((d) => [d.ruleId, d.line, d.justification])).toEqual([['set/role-ref-mismatch', 22, 'team-a defines its own log-reader Role at deploy time']]);
  });
  it('follow the configuration: off, or another severity', async () => {
    const folder = join(DIR, 'role-ref-kind');
    const deployments = [{ name: 'all', files: ['.'] }];
    const off = await lintFiles([folder], { config: { rules: { 'set/role-ref-mismatch': 'off' }, ignores: [], baseDir: folder, deployments } });
    expect(off.flatMap((r) => r.diagnostics)).toEqual([]);
    const error = await lintFiles([folder], { config: { rules: { 'set/role-ref-mismatch': 'error' }, ignores: [], baseDir: folder, deployments } });
    expect(error.flatMap((r) => r.diagnostics.map((d) => d.severity))).toEqual(['error']);
    expect(error.reduce((n, r) => n + r.errorCount, 0)).toBe(1);
  });
});

describe('an object copied into many files', () => {
  it('is reported in each file, naming three other copies and how many more', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'platlint-sets-'));
    const role = 'apiVersion: rbac.authorization.plat.io/v1\nkind: ClusterRole\nmetadata:\n  name: viewer\nrules:\n  - apiGroups: [""]\n    resources: ["events"]\n    verbs: ["list"]\n';
    for (const n of ['a', 'b', 'c', 'd', 'e']) writeFileSync(join(dir, `${n}.yaml`), role);
    const config = { rules: {}, ignores: [], baseDir: dir, deployments: [{ name: 'all', files: ['*.yaml'] }] };
    const results = await lintFiles([dir], { config, concurrency: 'off', cwd: dir });
    expect(results.map((r) => r.diagnostics.length)).toEqual([1, 1, 1, 1, 1]);
    expect(results[0]!.diagnostics[0]!.message).toBe('ClusterRole `viewer` is defined more than once: also at b.yaml:4:9, c.yaml:4:9, d.yaml:4:9 and 1 more');
  });
});

describe('deployments', () => {
  const folder = join(DIR, 'deployments');
  it('a pre-commit run of one changed file reads the rest of its deployments, and reports only that file', async () => {
    const results = await lintFiles(['aws/role-copy.yaml'], { configFile: configOf(folder), concurrency: 'off', cwd: folder });
    expect(results.map((r) => relative(folder, r.filePath))).toEqual(['aws/role-copy.yaml']);
    expect(results[0]!.diagnostics.map((d) => [d.ruleId, d.severity, d.message])).toEqual([
      ['set/duplicate-object', 'warning', 'ClusterRole `volume-reader` is defined more than once: also at base/role.yaml:4:9'],
    ]);
    // the base is in both deployments: changed alone, it is compared with the files of each
    const base = await lintFiles(['base/role.yaml'], { configFile: configOf(folder), concurrency: 'off', cwd: folder });
    expect(base.map((r) => r.diagnostics.map((d) => d.message))).toEqual([['ClusterRole `volume-reader` is defined more than once: also at aws/role-copy.yaml:5:9']]);
  });
  it('a file of no deployment is compared with itself only', async () => {
    const config = { rules: {}, ignores: [], baseDir: folder, deployments: [{ name: 'aws', files: ['aws'] }] };
    const results = await lintFiles(['.'], { config, concurrency: 'off', cwd: folder });
    // base/ is in no deployment now: its role and the aws copy are not compared, nor gcp's binding with it
    expect(results.flatMap((r) => r.diagnostics)).toEqual([]);
  });
  it('roleRefs that resolve nowhere say what the platform creates under that name', async () => {
    const results = await lintFiles([join(DIR, 'bootstrap-roles')], { configFile: false, concurrency: 'off', resolveRefs: true, cwd: DIR });
    expect(results[0]!.diagnostics.map((d) => [d.severity, d.message])).toEqual([
      ['warning', '`roleRef` names Role `extension-apiserver-authentication-reader`, which no file of this run defines; the platform creates that Role only in namespace `plat-system`'],
      ['warning', "`roleRef` names Role `view`, which no file of this run defines; the platform's own `view` is a ClusterRole: set `roleRef.kind: ClusterRole`"],
      ['warning', '`roleRef` names ClusterRole `system:kube-scheduler`, which no file of this run defines; the platform creates `system:plat-scheduler`: did you mean it?'],
      ['warning', "the platform's ClusterRole `system:monitoring` grants only non-resource URLs, which a RoleBinding ignores: it grants nothing; use a ClusterRoleBinding"],
    ]);
    const external = await lintFiles([join(DIR, 'external-roles')], { configFile: configOf(join(DIR, 'external-roles')), concurrency: 'off', resolveRefs: true, cwd: DIR });
    expect(external[0]!.diagnostics.map((d) => d.message)).toEqual(['`roleRef` names Role `leader-election`, which no file of this run defines and the platform does not create']);
  });
  it('a bad deployments or externalRoles setting is a configuration error with positions', () => {
    const text = [
      'deployments:',
      '  - name: app',
      '    files: []',
      '  - name: app',
      '    files: [deploy/]',
      'externalRoles:',
      '  - kind: ClusterRole',
      '    name: reader',
      '    namespace: default',
      '  - kind: Secret',
      '    name: x',
      '',
    ].join('\n');
    let error: ConfigError | undefined;
    try {
      parseConfig(text, 'platlint.config.yaml', RULE_IDS, suggestRuleIds);
    } catch (e) {
      error = e as ConfigError;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect(error!.problems.map((p) => `${p.line}:${p.column} ${p.message}`)).toMatchInlineSnapshot(`
      [
        "3:5 \`files\` must have at least 1 item, got 0",
        "4:11 deployment \`app\` is named twice; give each deployment its own name",
        "9:16 a ClusterRole has no namespace: remove \`namespace\`, or set \`kind: Role\`",
        "10:11 \`kind\` must be one of \`Role\`, \`ClusterRole\`, got \`Secret\`",
      ]
    `);
  });
});

describe('roles defined in other files (set/role-ref-unresolved)', () => {
  const messages = (results: Awaited<ReturnType<typeof lintFiles>>, folder: string) =>
    results.flatMap((r) => r.diagnostics.map((d) => `${relative(folder, r.filePath)}:${d.line}:${d.column} ${d.severity} ${d.message}`));

  it('a file of no deployment finds its role in any file of the run; a role of that name that does not answer is named', async () => {
    const folder = join(DIR, 'resolve-refs-across-files');
    const results = await lintFiles([folder], { configFile: false, concurrency: 'off', resolveRefs: true, cwd: folder });
    expect(messages(results, folder)).toEqual([
      'unresolved.yaml:13:9 warning no file of this run defines Role `pod-reader` in namespace `team-c`; it is in `team-a` (one/role.yaml:4:9)',
      'unresolved.yaml:28:9 warning no file of this run defines ClusterRole `config-editor`; it is a Role (cluster/roles.yaml:4:9): set `roleRef.kind: Role`',
      'unresolved.yaml:42:9 warning no file of this run defines ClusterRole `pod-reader`; it is a Role (one/role.yaml:4:9)',
      'unresolved.yaml:57:9 warning `roleRef` names Role `ghost`, which no file of this run defines and the platform does not create',
    ]);
  });

  it('a file of a deployment finds its role in its deployment only, and is told where the role is', async () => {
    const folder = join(DIR, 'resolve-refs-deployments');
    const results = await lintFiles([folder], { configFile: configOf(folder), concurrency: 'off', resolveRefs: true, cwd: folder });
    expect(messages(results, folder)).toEqual([
      'deploy/app/bindings.yaml:27:9 warning no file of its deployment defines ClusterRole `shared-reader`; a file of no deployment defines it (shared/roles.yaml:4:9): list that file in the deployment',
      'deploy/app/bindings.yaml:41:9 warning no file of its deployment defines ClusterRole `other-reader`; deployment `other` defines it (deploy/other/role.yaml:4:9)',
    ]);
    // a pre-commit run of the changed file reads the rest of its deployment: the same findings, without the hints
    // of the files it does not read
    const one = await lintFiles(['deploy/app/bindings.yaml'], { configFile: configOf(folder), concurrency: 'off', resolveRefs: true, cwd: folder });
    expect(messages(one, folder)).toEqual([
      'deploy/app/bindings.yaml:27:9 warning `roleRef` names ClusterRole `shared-reader`, which no file of its deployment defines and the platform does not create',
      'deploy/app/bindings.yaml:41:9 warning `roleRef` names ClusterRole `other-reader`, which no file of its deployment defines and the platform does not create',
    ]);
  });

  it('worker threads see the roles of the files other threads linted', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'platlint-refs-'));
    const role = (name: string) => `apiVersion: rbac.authorization.plat.io/v1\nkind: Role\nmetadata:\n  name: ${name}\n  namespace: team-a\nrules:\n  - apiGroups: [""]\n    resources: ["pods"]\n    verbs: ["get"]\n`;
    const binding = (name: string) =>
      `apiVersion: rbac.authorization.plat.io/v1\nkind: RoleBinding\nmetadata:\n  name: ${name}\n  namespace: team-a\nsubjects:\n  - kind: User\n    name: jane\n    apiGroup: rbac.authorization.plat.io\nroleRef:\n  kind: Role\n  name: ${name}\n  apiGroup: rbac.authorization.plat.io\n`;
    // 100 files: three jobs of 32 files and one of 4, linted on the main thread and two workers
    for (let i = 0; i < 98; i++) writeFileSync(join(dir, `role-${String(i).padStart(2, '0')}.yaml`), role(`reader-${i}`));
    writeFileSync(join(dir, 'x-binding.yaml'), binding('reader-0'));
    writeFileSync(join(dir, 'y-binding.yaml'), binding('writer'));
    const expected = ['y-binding.yaml set/role-ref-unresolved roleRef.name 12:9'];
    for (const concurrency of ['3', 'off']) {
      const r = await platlint(['--no-config', '--resolve-refs', '--concurrency', concurrency, '--format', 'json', '.'], { cwd: dir });
      expect(r.code).toBe(0);
      const files = JSON.parse(r.stdout) as { filePath: string; messages: { ruleId: string; path: string; line: number; column: number }[] }[];
      expect(files).toHaveLength(100);
      expect(files.flatMap((f) => f.messages.map((m) => `${relative(dir, f.filePath)} ${m.ruleId} ${m.path} ${m.line}:${m.column}`))).toEqual(expected);
    }
  });

  it('is off by default; naming it in the configuration turns it on, as --resolve-refs does', async () => {
    const folder = join(DIR, 'unresolved');
    const config = (rules: Record<string, 'off' | 'warn' | 'error'>, commandLineRules?: [string, 'off' | 'warn' | 'error'][]) => ({ rules, ignores: [], baseDir: folder, ...(commandLineRules ? { commandLineRules } : {}) });
    const found = async (c: ReturnType<typeof config>, resolveRefs = false) =>
      (await lintFiles([folder], { config: c, concurrency: 'off', resolveRefs, cwd: folder })).flatMap((r) => r.diagnostics.map((d) => `${d.ruleId} ${d.severity} ${d.line}:${d.column}`));
    expect(await found(config({}))).toEqual([]);
    expect(await found(config({ 'set/role-ref-unresolved': 'error' }))).toEqual(['set/role-ref-unresolved error 12:9']);
    expect(await found(config({ 'set/role-ref-unresolved': 'warn' }))).toEqual(['set/role-ref-unresolved warning 12:9']);
    expect(await found(config({}, [['set/role-ref-unresolved', 'warn']]))).toEqual(['set/role-ref-unresolved warning 12:9']);
    // an area's wildcard sets its severity, but does not turn it on: only its id, or --resolve-refs, does
    expect(await found(config({ 'set/*': 'error' }))).toEqual([]);
    expect(await found(config({ 'set/*': 'error' }), true)).toEqual(['set/role-ref-unresolved error 12:9']);
    expect(await found(config({}), true)).toEqual(['set/role-ref-unresolved warning 12:9']);
    // turned off, --resolve-refs does not turn it on
    expect(await found(config({ 'set/role-ref-unresolved': 'off' }), true)).toEqual([]);
    expect(await found(config({ 'set/*': 'off' }), true)).toEqual([]);
  });

  it('an override turns it on for its files only; the command line exits 1 for its error', async () => {
    const folder = join(DIR, 'unresolved-configured');
    const r = await platlint(['--format', 'json', '.'], { cwd: folder });
    expect(r.code).toBe(1);
    const files = JSON.parse(r.stdout) as { filePath: string; messages: { ruleId: string; severity: number; message: string; line: number; column: number }[] }[];
    expect(files.flatMap((f) => f.messages.map((m) => `${relative(folder, f.filePath)}:${m.line}:${m.column} ${m.severity} ${m.ruleId} ${m.message}`))).toEqual([
      'prod/binding.yaml:12:9 2 set/role-ref-unresolved `roleRef` names ClusterRole `ops-admin`, which no file of this run defines and the platform does not create',
    ]);
  });

  it('the language server does not run it, even where the configuration names it: it sees one file alone', () => {
    const folder = join(DIR, 'resolve-refs-across-files');
    const filePath = join(folder, 'one', 'binding.yaml');
    const config = { rules: { 'set/role-ref-unresolved': 'error' as const }, ignores: [], baseDir: folder };
    const job = { uri: `file://${filePath}`, languageId: 'yaml', version: 1, text: readFileSync(filePath, 'utf8'), filePath, yaml: true };
    expect(lintJob(job, config)).toEqual([]);
  });
});

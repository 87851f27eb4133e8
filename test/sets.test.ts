// The checks over the set of files of one run (src/sets.ts), from fixtures/sets/<case>/: every YAML file of
// a case folder is linted as one run; `expect.txt` lists every finding of the set as
// `<file> <rule> <path> <line>:<col>` (all rules on: a finding of any rule must be listed), and
// `# options: --resolve-refs` turns unresolved references into errors.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintFiles } from '../src/files.js';
import { diagnosticPath } from '../src/field-path.js';
import { ROOT } from './helpers/fixtures.js';

const DIR = join(ROOT, 'fixtures', 'sets');

for (const name of readdirSync(DIR).sort()) {
  const folder = join(DIR, name);
  describe(`set ${name}`, () => {
    const spec = readFileSync(join(folder, 'expect.txt'), 'utf8');
    const resolveRefs = /^# options:.*--resolve-refs/m.test(spec);
    const expected = spec.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('#')).sort();
    it(`gives exactly the findings of expect.txt${resolveRefs ? ' (--resolve-refs)' : ''}`, async () => {
      const results = await lintFiles([folder], { configFile: false, concurrency: 'off', resolveRefs, cwd: folder });
      expect(results.length).toBeGreaterThan(0);
      const got = results.flatMap((r) => r.diagnostics.map((d) => `${basename(r.filePath)} ${d.ruleId} ${diagnosticPath(d) || '-'} ${d.line}:${d.column}`)).sort();
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
    const results = await lintFiles([join(DIR, 'duplicate-objects')], { configFile: false, concurrency: 'off', cwd: join(DIR, 'duplicate-objects') });
    const first = results.find((r) => r.filePath.endsWith('first.yaml'))!;
    expect(first.diagnostics.map((d) => d.message)).toEqual([
      'ClusterRole `secret-auditor` is defined more than once: also at second.yaml:15:9',
      'Role `deployer` in namespace `team-a` is defined more than once: also at second.yaml:27:13',
    ]);
    const binding = (await lintFiles([join(DIR, 'role-ref-kind')], { configFile: false, cwd: join(DIR, 'role-ref-kind') })).find((r) => r.filePath.endsWith('binding.yaml'))!;
    expect(binding.diagnostics[0]!.message).toBe('`roleRef` names Role `log-reader`, but `log-reader` is a ClusterRole (role.yaml:4:9); set `roleRef.kind: ClusterRole`');
    expect(binding.diagnostics[0]).toMatchObject({ line: 12, column: 9, endLine: 12, endColumn: 19, severity: 'error', kind: 'RoleBinding' });
  });
  it('are kept with their justification when a comment suppresses them', async () => {
    const [r] = await lintFiles([join(DIR, 'suppressed')], { configFile: false, cwd: join(DIR, 'suppressed') });
    expect(r!.suppressed.map((d) => [d.ruleId, d.line, d.justification])).toEqual([['set/role-ref-mismatch', 22, 'team-a defines its own log-reader Role at deploy time']]);
  });
  it('follow the configuration: off, or another severity', async () => {
    const folder = join(DIR, 'role-ref-kind');
    const off = await lintFiles([folder], { config: { rules: { 'set/role-ref-mismatch': 'off' }, ignores: [], baseDir: folder } });
    expect(off.flatMap((r) => r.diagnostics)).toEqual([]);
    const warn = await lintFiles([folder], { config: { rules: { 'set/role-ref-mismatch': 'warn' }, ignores: [], baseDir: folder } });
    expect(warn.flatMap((r) => r.diagnostics.map((d) => d.severity))).toEqual(['warning']);
    expect(warn.reduce((n, r) => n + r.warningCount, 0)).toBe(1);
  });
});

describe('an object copied into many files', () => {
  it('is reported in each file, naming three other copies and how many more', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'platlint-sets-'));
    const role = 'apiVersion: rbac.authorization.plat.io/v1\nkind: ClusterRole\nmetadata:\n  name: viewer\nrules:\n  - apiGroups: [""]\n    resources: ["events"]\n    verbs: ["list"]\n';
    for (const n of ['a', 'b', 'c', 'd', 'e']) writeFileSync(join(dir, `${n}.yaml`), role);
    const results = await lintFiles([dir], { configFile: false, concurrency: 'off', cwd: dir });
    expect(results.map((r) => r.diagnostics.length)).toEqual([1, 1, 1, 1, 1]);
    expect(results[0]!.diagnostics[0]!.message).toBe('ClusterRole `viewer` is defined more than once: also at b.yaml:4:9, c.yaml:4:9, d.yaml:4:9 and 1 more');
  });
});

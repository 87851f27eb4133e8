// The package's public API, as a consumer imports it (through package.json "exports", from the build).
import { mkdtempSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/fixtures.js';

// The self-reference resolves through "exports", exactly as `import 'platlint'` does for a user.
const api = (await import('platlint')) as typeof import('../src/index.js');

describe('public API', () => {
  it('exports lintText and lintFiles with the documented results', async () => {
    const r = api.lintText('apiVersion: apiserver.config.plat.io/v1\nkind: TracingConfiguration\nendpont: x\n', { filePath: 'tracing.yaml' });
    expect(r.filePath).toBe('tracing.yaml');
    expect(r.diagnostics.map((d) => [d.ruleId, d.line, d.column, d.endLine, d.endColumn, api.formatPath(d.path)])).toEqual([
      ['schema/unknown-field', 3, 1, 3, 8, 'endpont'],
    ]);
    expect([r.errorCount, r.warningCount, r.documentsChecked, r.documentsSkipped]).toEqual([1, 0, 1, 0]);
  });

  it('lints large runs on worker threads with the same results as one thread, in input order', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'platlint-api-'));
    const examples = ['authorization-config.yaml', 'mistakes-authorization-config.yaml', 'audit-policy.yaml'].map((f) =>
      readFileSync(join(ROOT, 'fixtures', 'examples', f), 'utf8'),
    );
    for (let i = 0; i < 400; i++) writeFileSync(join(dir, `f${String(i).padStart(3, '0')}.yaml`), examples[i % 3]!);
    const parallel = await api.lintFiles([dir], { cwd: dir, configFile: false });
    const serial = await api.lintFiles([dir], { cwd: dir, configFile: false, concurrency: 'off' });
    expect(parallel.map((r) => r.filePath)).toEqual(serial.map((r) => r.filePath));
    expect(parallel).toEqual(serial);
    expect(parallel.filter((r) => r.errorCount > 0)).toHaveLength(133);
  });

  it('answers access questions: canI, whoCan and rulesFor give the JSON of platlint access', async () => {
    const cwd = join(ROOT, 'fixtures', 'access', 'team');
    const yes = await api.canI({ verb: 'get', resource: 'secrets', namespace: 'prod', user: 'jane', groups: ['ops'], cwd });
    expect([yes.allowed, yes.answers[0]!.status.reason]).toEqual([true, 'RBAC: allowed by ClusterRoleBinding "read-secrets" of ClusterRole "secret-reader" to Group "ops"']);
    expect(yes.answers[0]!.grantedBy[0]!.binding).toEqual({ kind: 'ClusterRoleBinding', name: 'read-secrets', namespace: '', file: 'rbac/cluster.yaml', line: 13, column: 9, bootstrap: false });
    const who = await api.whoCan({ verb: 'get', resource: 'secrets', cwd, bootstrap: false });
    expect(who.answers[0]!.subjects.map((s) => `${s.kind} ${s.name}`)).toEqual(['Group ops', 'Group system:masters', 'ServiceAccount auditor']);
    const rules = await api.rulesFor({ user: 'jane', namespace: 'prod', cwd });
    expect([rules.answers[0]!.status.incomplete, rules.answers[0]!.status.resourceRules.length]).toEqual([true, 1]);
    await expect(api.canI({ verb: 'get', user: 'jane', cwd })).rejects.toThrow(api.AccessQuestionError);
  });
});

// --fix and --fix-dry-run: which findings carry a fix, how edits are applied (text ranges, so comments,
// quoting, key order and untouched lines stay), passes until nothing more is fixed, atomic writes.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyFixes, fixText } from '../src/files/fix.js';
import { fixAt, lintText } from '../src/lint/lint.js';
import { jsonFindings, platlint } from './helpers/cli.js';

const AUTHZ = `# authorization chain, kept in git
apiVersion: apiserver.config.plat.io/v1
kind: AuthorizationConfiguration
authorizer:   # a typo
  - type: Webhook
    name: "tenant-policy"
    webhook:
      timeout: 3s
      authorizedTTL: 5m
      unauthorizedTTL: 30s
      failurePolicy: 'Denyy'
      subjectAccessReviewVersion: v1
      matchConditionSubjectAccessReviewVersion: v1
      connectionInfo:
        type: InClusterConfig
`;

describe('fixes on findings', () => {
  it('an unknown field with one close match is renamed; a misspelt enum value is replaced in its own quoting', () => {
    const first = lintText(AUTHZ);
    const unknown = first.diagnostics.find((d) => d.ruleId === 'schema/unknown-field')!;
    expect(unknown.fix).toEqual({ range: { start: AUTHZ.indexOf('authorizer:'), end: AUTHZ.indexOf('authorizer:') + 10 }, text: 'authorizers' });
    const { output, fixed, result } = fixText(AUTHZ);
    expect(fixed).toBe(2); // the enum typo shows up once `authorizers` is read
    expect(output).toBe(AUTHZ.replace('authorizer:', 'authorizers:').replace("'Denyy'", "'Deny'"));
    expect(result.diagnostics).toEqual([]);
  });
  it('no fix when the close match is already a key of the mapping, or when there are several matches', () => {
    const text = 'apiVersion: apiserver.config.plat.io/v1\nkind: AuthorizationConfiguration\nauthorizers: []\nauthorizer: []\n';
    expect(lintText(text).diagnostics.filter((d) => d.fix)).toEqual([]);
  });
  it('the deprecated egress name is renamed, unless a controlplane selection exists', () => {
    const text = (names: string[]) =>
      `apiVersion: apiserver.plat.io/v1beta1\nkind: EgressSelectorConfiguration\negressSelections:\n${names.map((n) => `  - name: ${n}\n    connection:\n      proxyProtocol: Direct\n`).join('')}`;
    expect(fixText(text(['master'])).output).toBe(text(['controlplane']));
    const both = lintText(text(['master', 'controlplane']));
    expect(both.diagnostics.map((d) => [d.ruleId, Boolean(d.fix)])).toContainEqual(['egress/master-deprecated', false]);
  });
  it('writes the replacement in the scalar\'s own style, quoting a plain one that would not read as a string', () => {
    const at = (text: string, what: string) => ({ start: text.indexOf(what), end: text.indexOf(what) + what.length });
    expect(fixAt('a: Dny', at('a: Dny', 'Dny'), 'Deny')).toEqual({ range: { start: 3, end: 6 }, text: 'Deny' });
    expect(fixAt('a: Of', at('a: Of', 'Of'), 'on')?.text).toBe('"on"');
    expect(fixAt('a: x1', at('a: x1', 'x1'), '0755')?.text).toBe('"0755"');
    expect(fixAt("a: 'it'", at("a: 'it'", "'it'"), "it's")?.text).toBe("'it''s'");
    expect(fixAt('a: "x"', at('a: "x"', '"x"'), 'a"b')?.text).toBe('"a\\"b"');
    expect(fixAt('a: |\n  x\n', at('a: |\n  x\n', '|\n  x\n'), 'y')).toBeUndefined();
    expect(fixAt('a: [x]', at('a: [x]', '[x]'), 'y')).toBeUndefined();
  });
});

// OpenShift's audit profiles write `resource:` for `resources:`. The platform drops the unknown field, so the
// entry matches every resource of its group (here at `None`); renamed, it would match only `machineconfig`,
// which names no resource, and those requests would fall to the catch-all rule that logs their bodies.
const LENIENT_POLICY = `apiVersion: audit.plat.io/v1
kind: Policy
rules:
  - level: None
    resources:
      - group: machineconfiguration.example.io
        resource: ["machineconfig"]
  - level: Metadata
    resources: [{group: "", resources: ["secrets"]}]
  - level: RequestResponse
`;

describe('suggestions: edits that change what the platform does, never applied by --fix', () => {
  const at = LENIENT_POLICY.indexOf('resource:');
  it('a rename in a kind the platform reads leniently is a suggestion; in a strict kind it stays a fix', () => {
    const d = lintText(LENIENT_POLICY).diagnostics;
    expect(d.map((x) => `${x.ruleId} ${x.line}:${x.column}`)).toEqual(['schema/unknown-field-ignored 7:9']);
    expect(d[0]!.fix).toBeUndefined();
    expect(d[0]!.suggestions).toEqual([{ desc: 'Rename to `resources`', fix: { range: { start: at, end: at + 8 }, text: 'resources' } }]);
    expect(fixText(LENIENT_POLICY)).toMatchObject({ fixed: 0 });
    expect(fixText(LENIENT_POLICY).output).toBeUndefined();
    expect(lintText(AUTHZ).diagnostics.find((x) => x.ruleId === 'schema/unknown-field')!.suggestions).toBeUndefined();
  });
  it('a misspelt verb gets the verb it was meant to be as a suggestion, in the scalar\'s quoting', () => {
    const role = 'apiVersion: rbac.authorization.plat.io/v1\nkind: Role\nmetadata: {name: r, namespace: team}\nrules:\n- apiGroups: [""]\n  resources: [configmaps]\n  verbs: ["get", "wacth"]\n';
    const [d] = lintText(role).diagnostics;
    expect(d).toMatchObject({ ruleId: 'rbac/verb-not-misspelt', line: 7, column: 18 });
    expect(d!.fix).toBeUndefined();
    expect(d!.suggestions).toEqual([{ desc: 'Replace with `watch`', fix: { range: { start: role.indexOf('"wacth"'), end: role.indexOf('"wacth"') + 7 }, text: '"watch"' } }]);
    expect(fixText(role).fixed).toBe(0);
  });
  it('--fix leaves the file as it is; JSON messages carry ESLint suggestions and count no fixable finding', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'platlint-fix-'));
    const file = join(dir, 'policy.yaml');
    writeFileSync(file, LENIENT_POLICY);
    const r = await platlint(['--fix', '--format', 'json', file]);
    expect(r.code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(LENIENT_POLICY);
    const [result] = JSON.parse(r.stdout);
    expect(result).toMatchObject({ fixableErrorCount: 0, fixableWarningCount: 0 });
    expect(result.messages[0].fix).toBeUndefined();
    expect(result.messages[0].suggestions).toEqual([{ desc: 'Rename to `resources`', fix: { range: [at, at + 8], text: 'resources' } }]);
    const dry = await platlint(['--fix-dry-run', file]);
    expect(dry.stdout).not.toContain('[*]');
    expect(dry.stdout).not.toContain('would be applied');
  });
});

describe('applyFixes', () => {
  it('applies edits in text order and leaves an overlapping one for the next pass', () => {
    const r = applyFixes('abcdef', [
      { range: { start: 4, end: 5 }, text: 'E' },
      { range: { start: 0, end: 2 }, text: 'AB' },
      { range: { start: 1, end: 3 }, text: 'x' },
    ]);
    expect(r).toEqual({ output: 'ABcdEf', applied: 2 });
  });
});

describe('--fix on files', () => {
  const scratch = () => mkdtempSync(join(tmpdir(), 'platlint-fix-'));
  it('writes the fixed file (keeping its byte-order mark and CRLF line ends), reports what remains, leaves no temporary file', async () => {
    const dir = scratch();
    const file = join(dir, 'authz.yaml');
    const crlf = '\uFEFF' + AUTHZ.replace('      timeout: 3s\n', '').replace(/\n/g, '\r\n');
    writeFileSync(file, crlf);
    const r = await platlint(['--fix', '--format', 'json', file]);
    expect(r.code).toBe(1);
    expect(jsonFindings(r.stdout)).toEqual(['schema/required authorizers[0].webhook.timeout 7:5']);
    expect(readFileSync(file, 'utf8')).toBe(crlf.replace('authorizer:', 'authorizers:').replace("'Denyy'", "'Deny'"));
    expect(readdirSync(dir)).toEqual(['authz.yaml']);
  });
  it('--fix-dry-run changes no file and reports what would remain; JSON messages carry ESLint fix objects', async () => {
    const dir = scratch();
    const file = join(dir, 'authz.yaml');
    writeFileSync(file, AUTHZ);
    const dry = await platlint(['--fix-dry-run', file]);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('2 fixes would be applied (--fix-dry-run: no file was changed)');
    expect(readFileSync(file, 'utf8')).toBe(AUTHZ);
    const plain = JSON.parse((await platlint(['--format', 'json', file])).stdout);
    expect(plain[0].messages.find((m: { ruleId: string }) => m.ruleId === 'schema/unknown-field')).toMatchObject({ fix: { range: [AUTHZ.indexOf('authorizer:'), AUTHZ.indexOf('authorizer:') + 10], text: 'authorizers' } });
    expect(plain[0]).toMatchObject({ fixableErrorCount: 1, fixableWarningCount: 0 });
    expect(plain[0].output).toBeUndefined();
    expect((await platlint(['--fix', '--fix-dry-run', file])).code).toBe(2);
  });
  it('--fix on standard input is refused (the fixed text would be lost), saying what works; --fix-dry-run reads it', async () => {
    expect(await platlint(['--fix', '-'], { input: AUTHZ })).toEqual({
      code: 2,
      stdout: '',
      stderr: 'platlint: --fix cannot write standard input back; name the file to fix it, or use --fix-dry-run to see what would remain after the fixes\n',
    });
    const dry = await platlint(['--fix-dry-run', '-'], { input: AUTHZ });
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('2 fixes would be applied (--fix-dry-run: no file was changed)');
  });
});

describe('--fix on node agent command lines', () => {
  it('renames a misspelt flag with one close match in a systemd unit, keeping everything else', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'platlint-fix-'));
    const file = join(dir, 'platlet.service');
    const unit = '[Service]\n# the node agent\nExecStart=/usr/bin/platlet \\\n  --config=/var/lib/platlet/config.yaml \\\n  -node-ip=10.0.0.7 --hostname-overide=worker-1\n';
    writeFileSync(file, unit);
    const r = await platlint(['flags', '--fix', '--format', 'json', file]);
    expect(r.code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(unit.replace('-node-ip', '--node-ip').replace('--hostname-overide', '--hostname-override'));
    expect((await platlint(['flags', '--fix', '--', '--addres=1.2.3.4'])).code).toBe(2);
  });
});

// Issue 9, "Nothing crashes": secrets redacted at one boundary, one file's internal failure reported as its
// own finding, `schemas --out` naming a file. (The fuzz test is test/fuzz.test.ts; a closed output pipe,
// test/clients/bin.test.ts.)
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { lintFiles } from '../src/files/lint-files.js';
import { FORMATTERS } from '../src/report/index.js';
import { lintText, type LintResult } from '../src/lint/lint.js';
import { toLspDiagnostics } from '../src/lsp/diagnostics.js';
import { redactSecrets } from '../src/redact.js';
import { platlint } from './helpers/cli.js';
import { ROOT } from './helpers/fixtures.js';

/** A worker thread that exits (code 70) on the first job it is given. */
const DYING_WORKER = join(ROOT, 'test', 'helpers', 'dying-worker.cjs');

const scratch = () => mkdtempSync(join(tmpdir(), 'platlint-robust-'));

describe('redactSecrets', () => {
  it('redacts the password of a URL, keeping the scheme, the user and the host', () => {
    expect(redactSecrets('name `https://bob:hunter2@example.com/x` has `/`')).toBe('name `https://bob:[redacted]@example.com/x` has `/`');
    expect(redactSecrets('got "postgres://:pw@db:5432/db"')).toBe('got "postgres://:[redacted]@db:5432/db"');
    // a password with `/` and `@` in it ends at the last `@` before the end of the value
    expect(redactSecrets('url `https://u:p/a@ss@h/x`')).toBe('url `https://u:[redacted]@h/x`');
    // a value cut short after the colon
    expect(redactSecrets('name `https://u:hunter2hunter…` is too long')).toBe('name `https://u:[redacted]…` is too long');
    // no password, nothing to redact
    expect(redactSecrets('url `https://example.com:8443/x` and `ssh://git@host`')).toBe('url `https://example.com:8443/x` and `ssh://git@host`');
  });

  it('redacts private key blocks, whole or cut short, in any form a message quotes them', () => {
    const pem = '-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA\n-----END RSA PRIVATE KEY-----';
    expect(redactSecrets(`name \`${pem}\` is not valid`)).toBe('name `-----BEGIN RSA PRIVATE KEY-----[redacted]-----END RSA PRIVATE KEY-----` is not valid');
    expect(redactSecrets(`got ${JSON.stringify(pem)}`)).toBe('got "-----BEGIN RSA PRIVATE KEY-----[redacted]-----END RSA PRIVATE KEY-----"');
    expect(redactSecrets('value `-----BEGIN PRIVATE KEY-----\\nMIIEpAIBAAKC…`')).toBe('value `-----BEGIN PRIVATE KEY-----[redacted]-----END PRIVATE KEY-----…`');
    // the header alone names a block type
    expect(redactSecrets('it holds one `-----BEGIN PRIVATE KEY-----` block')).toBe('it holds one `-----BEGIN PRIVATE KEY-----` block');
    // a certificate is not a secret
    expect(redactSecrets('`-----BEGIN CERTIFICATE-----\\nMIIB\\n-----END CERTIFICATE-----`')).toBe('`-----BEGIN CERTIFICATE-----\\nMIIB\\n-----END CERTIFICATE-----`');
  });

  it('redacts bearer and basic credentials', () => {
    expect(redactSecrets('audience `Bearer eyJhbGciOiJIUzI1NiJ9.e30.abc` is odd')).toBe('audience `Bearer [redacted]` is odd');
    expect(redactSecrets('header Basic dXNlcjpwYXNzd29yZA==')).toBe('header Basic [redacted]');
    expect(redactSecrets('Basic authentication is not supported')).toBe('Basic authentication is not supported');
  });
});

const ROLE_WITH_SECRETS = [
  'apiVersion: rbac.authorization.plat.io/v1',
  'kind: ClusterRole',
  'metadata:',
  '  name: "https://bob:hunter2pw@example.com"',
  '  labels:',
  '    "Bearer eyJzZWNyZXRUb2tlbiI6MX0": "-----BEGIN PRIVATE KEY----- MIIEsecretbody -----END PRIVATE KEY-----"',
  'rules:',
  '- verbs: [get]',
  '  apiGroups: [""]',
  '  resources: ["https://u:hunter2pw@h"]',
  '---',
  'apiVersion: apiserver.config.plat.io/v1',
  'kind: EncryptionConfiguration',
  'resources:',
  '- resources: [secrets]',
  '  providers:',
  '  - aescbc:',
  '      keys:',
  '      - name: k',
  '        secret: !hunter2tag',
  '',
].join('\n');
const MARKERS = ['hunter2', 'eyJzZWNyZXRUb2tlbiI6MX0', 'MIIEsecretbody'];

describe('secrets in every output', () => {
  it('are redacted in every report format and in the language server diagnostics', async () => {
    const r = lintText(ROLE_WITH_SECRETS, { filePath: '/repo/role.yaml' });
    // the file has findings about every planted value (else the test would prove nothing)
    expect(r.diagnostics.map((d) => `${d.ruleId} ${d.line}:${d.column}`)).toEqual(
      expect.arrayContaining(['meta/name-valid 4:9', 'meta/label-key-valid 6:5', 'meta/label-value-valid 6:39', 'yaml/warning 20:17']),
    );
    const ctx = { cwd: '/repo', color: 0 as const, checked: 1, skipped: 0, dryRun: false, env: {} };
    const outputs: Record<string, string> = {};
    for (const [name, format] of Object.entries(FORMATTERS)) outputs[name] = await format([r], ctx);
    outputs.lsp = JSON.stringify(toLspDiagnostics(TextDocument.create('file:///repo/role.yaml', 'yaml', 1, ROLE_WITH_SECRETS), r));
    for (const [name, text] of Object.entries(outputs)) {
      expect(text, name).toContain('[redacted]');
      for (const m of MARKERS) expect(text.includes(m), `${name} prints ${m}`).toBe(false);
    }
  });

  it('are redacted in the command line reports, the checks across files included', async () => {
    const dir = scratch();
    // the role twice in one file: the checks across files report it, quoting its name
    writeFileSync(join(dir, 'a.yaml'), `${ROLE_WITH_SECRETS}---\n${ROLE_WITH_SECRETS.split('\n---\n')[0]}\n`);
    for (const format of Object.keys(FORMATTERS)) {
      const r = await platlint(['--no-config', '--format', format, dir], { cwd: dir });
      expect(r.code, format).toBe(1);
      expect(r.stdout + r.stderr).toContain('[redacted]');
      for (const m of MARKERS) expect((r.stdout + r.stderr).includes(m), `${format} prints ${m}`).toBe(false);
    }
    const compact = (await platlint(['--no-config', '--format', 'compact', dir], { cwd: dir })).stdout;
    expect(compact).toMatch(/^a\.yaml:4:9: \w+ ClusterRole `https:\/\/bob:\[redacted\]@example\.com` is defined more than once: also at a\.yaml:25:9 \[set\/duplicate-object\]$/m);
  });
});

describe('one file failing does not take the run down', () => {
  const files = () => {
    const dir = scratch();
    writeFileSync(join(dir, 'a.yaml'), 'apiVersion: rbac.authorization.plat.io/v1\nkind: Role\nmetadata: {name: a, namespace: ns}\nrules: []\n');
    writeFileSync(join(dir, 'b.yaml'), 'apiVersion: rbac.authorization.plat.io/v1\nkind: Role\nmetadata: {name: b, namespace: ns}\nrules: []\n# FAULT-HERE\n');
    writeFileSync(join(dir, 'c.yaml'), 'apiVersion: rbac.authorization.plat.io/v1\nkind: Role\nmetadata: {name: c, namespace: ns}\nrules:\n- verbs: [get]\n  apiGroups: [""]\n  resources: [pods]\n  resourceName: [x]\n');
    return dir;
  };

  /** Fails the lint of a text that holds the marker, as a bug of platlint would. */
  const fault = (text: string) => {
    if (text.includes('FAULT-HERE')) throw new Error('injected fault');
  };

  it('the file gets an internal/error finding at 1:1; the others are linted and reported (exit 1)', async () => {
    const dir = files();
    const r = await platlint(['--no-config', '--format', 'compact', dir], { cwd: dir }, { onText: fault });
    expect(r.stdout).toBe(
      [
        'b.yaml:1:1: error platlint failed on this file (injected fault); its findings are not reported: please report this [internal/error]',
        'c.yaml:8:3: error unknown field `resourceName` in `rules[0]`; did you mean `resourceNames`? [schema/unknown-field]',
        '',
        '2 problems',
        '',
      ].join('\n'),
    );
    expect(r.stderr).toBe('platlint: internal error on 1 file (see the internal/error findings); the other files were linted\n');
    expect(r.code).toBe(1);
  });

  it('--debug prints the stack of the failure', async () => {
    const dir = files();
    const r = await platlint(['--no-config', '--debug', '--format', 'compact', join(dir, 'b.yaml')], { cwd: dir }, { onText: fault });
    expect(r.stderr).toMatch(new RegExp(`^platlint: internal error on ${join(dir, 'b.yaml').replace(/[.]/g, '\\.')}:\nError: injected fault\n    at `));
    expect(r.code).toBe(2);
  });

  it('exits 2 when platlint failed on every file (nothing else could be reported)', async () => {
    const dir = files();
    const r = await platlint(['--no-config', '--format', 'json', join(dir, 'b.yaml')], { cwd: dir }, { onText: fault });
    expect(JSON.parse(r.stdout)[0].messages.map((m: { ruleId: string; line: number; column: number; fatal: boolean }) => [m.ruleId, m.line, m.column, m.fatal])).toEqual([['internal/error', 1, 1, true]]);
    expect(r.stderr).toBe('platlint: internal error on 1 file (see the internal/error findings); nothing else could be linted\n');
    expect(r.code).toBe(2);
  });

  it('the configuration cannot turn internal/error off', async () => {
    const dir = files();
    writeFileSync(join(dir, 'platlint.config.yaml'), 'rules:\n  internal/error: "off"\n');
    const r = await platlint(['--format', 'compact', join(dir, 'b.yaml')], { cwd: dir }, { onText: fault });
    expect(r.stdout).toContain('b.yaml:1:1: error platlint failed on this file');
    expect(r.code).toBe(2);
  });

  it('a worker thread that dies takes only the files of its batches with it', async () => {
    const dir = scratch();
    // 63 batches of 32: the main thread alone takes far longer to lint them than a worker takes to start, even on
    // a loaded machine (with 400 files it once linted every batch before the worker was online)
    for (let i = 0; i < 2016; i++) {
      const name = `r${String(i).padStart(4, '0')}`;
      writeFileSync(join(dir, `${name}.yaml`), `apiVersion: rbac.authorization.plat.io/v1\nkind: Role\nmetadata: {name: ${name}, namespace: ns}\nrules: []\n`);
    }
    // the worker thread exits on the first job it gets (the main thread lints the files as usual)
    const r = await platlint(['--no-config', '--concurrency', '2', '--format', 'json', dir], { cwd: dir }, { workerEntry: DYING_WORKER });
    const results = JSON.parse(r.stdout) as { filePath: string; messages: { ruleId: string; message: string }[] }[];
    expect(results).toHaveLength(2016);
    const failed = results.filter((x) => x.messages.length > 0);
    // the files of the batches the worker held (32 files each, two at a time) failed; the main thread linted
    // every other batch
    expect([32, 64]).toContain(failed.length);
    for (const f of failed) expect(f.messages.map((m) => `${m.ruleId} ${m.message}`)).toEqual(['internal/error platlint failed on this file (the lint worker thread linting this file exited with code 70); its findings are not reported: please report this']);
    expect(r.stderr).toBe(`platlint: internal error on ${failed.length} files (see the internal/error findings); the other files were linted\n`);
    expect(r.code).toBe(1);
  });

  it('a failure of the checks across files is reported on a file, and every file is still reported', async () => {
    const dir = files();
    // a result whose stored objects are malformed makes the set checks throw
    const broken = { ...lintText('a: 1\n', { filePath: join(dir, 'stdin.yaml') }), objects: [null] } as unknown as LintResult;
    const results = await lintFiles([join(dir, 'a.yaml'), join(dir, 'c.yaml')], { cwd: dir, configFile: false, extra: [broken] });
    // the finding goes to the first file with stored objects (those the checks read)
    expect(results.map((r) => r.diagnostics.map((d) => `${d.ruleId} ${d.line}:${d.column}`))).toEqual([['internal/error 1:1'], ['schema/unknown-field 8:3'], []]);
    expect(results[0]!.diagnostics[0]!.message).toMatch(/^platlint failed in the checks across files \(TypeError: .*\); their findings \(set\/\*\) are not reported: please report this$/);
    expect(results[0]!.errorCount).toBe(1);
  });
});

describe('output and arguments', () => {
  it('platlint schemas --out naming an existing file is a usage error (exit 2, one line)', async () => {
    const dir = scratch();
    writeFileSync(join(dir, 'file.json'), '{}');
    const r = await platlint(['schemas', '--out', 'file.json'], { cwd: dir });
    expect(r).toEqual({ code: 2, stdout: '', stderr: 'platlint: --out file.json is a file; platlint schemas --out names a folder (made when missing)\n' });
    const below = await platlint(['schemas', '--out', 'file.json/x'], { cwd: dir });
    expect(below).toEqual({ code: 2, stdout: '', stderr: 'platlint: cannot write the schemas to file.json/x (ENOTDIR)\n' });
  });
});

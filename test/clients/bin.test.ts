// The built programs in their own processes, as users and editors start them (npm run test:clients): what
// the in-process tests cannot see. Each check runs once: the exit codes through bin/platlint.js, a closed
// output pipe, worker threads, the V8 code cache the build wrote, and one language-server session over stdio.
// Everything they print is checked in-process by the default tests (test/helpers/cli.ts runs src/cli/cli.ts main).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import { BIN, jsonFindings, platlint, spawnPlatlint } from '../helpers/cli.js';
import { ROOT } from '../helpers/fixtures.js';

const scratch = () => mkdtempSync(join(tmpdir(), 'platlint-clients-'));

/** A role with one error: `resourceName` is not a field (schema/unknown-field at 8:3). */
const role = (name: string) => `apiVersion: rbac.authorization.plat.io/v1\nkind: Role\nmetadata: {name: ${name}, namespace: ns}\nrules:\n- verbs: [get]\n  apiGroups: [""]\n  resources: [pods]\n  resourceName: [x]\n`;

describe('bin/platlint.js', () => {
  it('exits 0, 1 and 2 as the process, printing what the in-process run prints', async () => {
    const dir = scratch();
    writeFileSync(join(dir, 'bad.yaml'), role('r'));
    const runs: [string[], number][] = [
      [['fixtures/input/comments-only.yaml'], 0],
      [['--format', 'compact', join(dir, 'bad.yaml')], 1],
      [['--frmat', 'json', 'x.yaml'], 2],
    ];
    for (const [args, code] of runs) {
      const spawned = spawnPlatlint(args);
      expect(spawned.code, args.join(' ')).toBe(code);
      expect(spawned).toEqual(await platlint(args));
    }
  });

  it('a closed output pipe (platlint … | head) ends quietly, with no stack trace', () => {
    const dir = scratch();
    // more findings than a pipe holds, so that writing fails once head has gone
    writeFileSync(join(dir, 'many.yaml'), Array.from({ length: 3000 }, (_, i) => role(`r${i}`)).join('---\n'));
    const r = spawnSync('sh', ['-c', `"${process.execPath}" "${BIN}" --no-config --format compact many.yaml | head -n 1`], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    expect(r.stdout.split('\n')[0]).toBe('many.yaml:8:3: error unknown field `resourceName` in `rules[0]`; did you mean `resourceNames`? [schema/unknown-field]');
    expect(r.stderr).toBe('');
  });

  it('worker threads (--concurrency 3) report what one thread reports, the policies included', () => {
    const dir = scratch();
    // 4 batches of 32 files: two worker threads lint beside the main thread
    for (let i = 0; i < 128; i++) writeFileSync(join(dir, `r${String(i).padStart(3, '0')}.yaml`), role(`r${i}`));
    const config = join(ROOT, 'test', 'bench', 'policies.config.yaml');
    const one = spawnPlatlint(['--config', config, '--concurrency', 'off', '--format', 'json', dir]);
    const three = spawnPlatlint(['--config', config, '--concurrency', '3', '--format', 'json', dir]);
    expect([one.code, one.stderr]).toEqual([1, '']);
    expect(jsonFindings(one.stdout)).toEqual(Array.from({ length: 128 }, () => 'schema/unknown-field rules[0].resourceName 8:3'));
    expect([three.code, three.stderr]).toEqual([one.code, one.stderr]);
    // compared whole, without printing 128 results when they differ
    expect(three.stdout === one.stdout, 'the reports differ').toBe(true);
  });

  it('the build wrote the V8 code cache of the CLI bundle, and V8 accepts it', () => {
    const bundle = join(ROOT, 'dist', 'cli.cjs');
    expect(existsSync(`${bundle}.cache`)).toBe(true);
    const loader = join(ROOT, 'bin', 'load-bundle.cjs');
    const r = spawnSync(process.execPath, ['-e', `const { script } = require(${JSON.stringify(loader)}).loadBundle(${JSON.stringify(bundle)}); process.stdout.write(String(script.cachedDataRejected));`], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('false');
  });
});

describe('bin/platlint-language-server.js --stdio', () => {
  it('one session: initialize, a document opened, its diagnostics from the lint thread, shutdown and exit 0', async () => {
    const dir = scratch();
    const file = join(dir, 'role.yaml');
    const text = role('r');
    writeFileSync(file, text);
    const proc = spawn(process.execPath, [join(ROOT, 'bin', 'platlint-language-server.js'), '--stdio'], { cwd: dir, stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    proc.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
    const connection = createMessageConnection(new StreamMessageReader(proc.stdout), new StreamMessageWriter(proc.stdin));
    const uri = pathToFileURL(file).href;
    const published = new Promise<{ uri: string; diagnostics: { code?: string; range: { start: { line: number; character: number } } }[] }>((resolve) =>
      connection.onNotification('textDocument/publishDiagnostics', (p: { uri: string; diagnostics: { code?: string; range: { start: { line: number; character: number } } }[] }) => {
        if (p.uri === uri) resolve(p);
      }),
    );
    connection.onRequest(() => null);
    connection.listen();
    await connection.sendRequest('initialize', { processId: process.pid, rootUri: pathToFileURL(dir).href, capabilities: {} });
    await connection.sendNotification('initialized', {});
    await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text } });
    const p = await published;
    expect(p.diagnostics.map((d) => [d.code, d.range.start.line, d.range.start.character])).toEqual([['schema/unknown-field', 7, 2]]);
    await connection.sendRequest('shutdown');
    await connection.sendNotification('exit');
    expect(await exited).toBe(0);
    connection.dispose();
    expect(stderr).toBe('');
  });
});

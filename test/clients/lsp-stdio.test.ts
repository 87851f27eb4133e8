// The language server as an editor runs it: a process started as `node bin/platlint-language-server.js --stdio`,
// spoken to over its standard input and output (test/lsp.test.ts drives the same server in-process). Needs the
// build; run by `npm run test:clients`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { LspClient, SERVER } from '../helpers/lsp-client.js';
import { DOCS } from '../helpers/docs-url.js';

let dir: string;
const clients: LspClient[] = [];
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'platlint-lsp-stdio-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => {
  for (const c of clients.splice(0)) c.kill();
});

const range = (l1: number, c1: number, l2: number, c2: number) => ({ start: { line: l1, character: c1 }, end: { line: l2, character: c2 } });

test('a session over stdio: initialize, a document opened gets its diagnostics, shutdown and exit end the process with code 0', async () => {
  const c = LspClient.spawn(['--stdio']);
  clients.push(c);
  const init = await c.initialize({}, {}, pathToFileURL(dir).href);
  expect(init.serverInfo).toEqual({ name: 'platlint-language-server', version: '0.1.0' });
  const uri = pathToFileURL(join(dir, 'egress.yaml')).href;
  await c.open(uri, 'apiVersion: apiserver.plat.io/v1beta1\nkind: EgressSelectorConfiguration\negressSelections:\n  - name: cluster\n    connection:\n      proxyProtocl: Direct\n', 3);
  expect((await c.diagnostics(uri, (p) => p.version === 3)).diagnostics).toEqual([
    {
      range: range(4, 4, 4, 14),
      severity: 1,
      code: 'schema/required',
      source: 'platlint',
      message: 'missing required field `proxyProtocol` in `egressSelections[0].connection`',
      codeDescription: { href: `${DOCS}schema/required.md` },
    },
    {
      range: range(5, 6, 5, 18),
      severity: 1,
      code: 'schema/unknown-field',
      source: 'platlint',
      message: 'unknown field `proxyProtocl` in `egressSelections[0].connection`; did you mean `proxyProtocol`?',
      codeDescription: { href: `${DOCS}schema/unknown-field.md` },
      data: { fix: { range: range(5, 6, 5, 18), newText: 'proxyProtocol' } },
    },
  ]);
  expect(await c.stop()).toBe(0);
  expect(c.stderr.join('')).toBe('');
});

test('the launcher without --stdio exits 2 with one line on stderr', () => {
  const r = spawnSync(process.execPath, [SERVER], { encoding: 'utf8' });
  expect(r.status).toBe(2);
  expect(r.stderr).toBe('platlint-language-server: only --stdio is supported (run it as `platlint-language-server --stdio`)\n');
});

// The language server, driven by a real JSON-RPC client (vscode-jsonrpc) as an editor drives it, over
// in-memory streams in this process (test/clients/lsp-stdio.test.ts runs one session over a real process's stdio).
// Needs the build (npm test builds first): the server is the built one (dist/lsp.cjs, dist/lsp-worker.cjs).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { Worker } from 'node:worker_threads';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { KINDS } from '../src/kinds/kinds.js';
import { LspClient, ROOT, serverMain, type LspDiagnostic, type LspRange } from './helpers/lsp-client.js';
import { DOCS } from './helpers/docs-url.js';

// the failures and waits the tests inject into the server's lints, chosen by the text (FAIL-MARKER, EXIT-MARKER, SLOW-UNTIL <file>)
const FAULTS = join(ROOT, 'test', 'helpers', 'lint-thread-faults.cjs');
const INJECT = { onText: (createRequire(import.meta.url)(FAULTS) as { onText: (text: string) => void }).onText, lintThreadOnText: FAULTS };

let dir: string;
const uriOf = (name: string) => pathToFileURL(join(dir, name)).href;
const clients: LspClient[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'platlint-lsp-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => {
  for (const c of clients.splice(0)) c.kill();
});

async function started(initializationOptions: Record<string, unknown> = {}, capabilities: Record<string, unknown> = {}, env: Record<string, string> = {}, inject: typeof INJECT | Record<string, never> = {}): Promise<LspClient> {
  const c = LspClient.start(undefined, undefined, env, inject);
  clients.push(c);
  await c.initialize(capabilities, initializationOptions, pathToFileURL(dir).href);
  return c;
}

const pos = (line: number, character: number) => ({ line, character });
/** A property's description in a shared schema file. */
const description = (file: string, definition: string, property: string): string =>
  JSON.parse(readFileSync(join(ROOT, 'schemas', '_shared', file), 'utf8')).definitions[definition].properties[property].description;
const range = (l1: number, c1: number, l2: number, c2: number) => ({ start: pos(l1, c1), end: pos(l2, c2) });
/** The one diagnostic of a document over the default size limit, of `size` bytes. */
const tooLarge = (size: number) => [
  {
    range: range(0, 0, 0, 0),
    severity: 1,
    code: 'input/too-large',
    codeDescription: { href: `${DOCS}input/too-large.md` },
    source: 'platlint',
    message: `file is ${size} bytes; the limit is 8388608 bytes (raise it with maxFileSize in platlint.config.yaml)`,
    data: { fatal: true },
  },
];

const EGRESS = `apiVersion: apiserver.plat.io/v1beta1
kind: EgressSelectorConfiguration
egressSelections:
  - name: master
    connection:
      proxyProtocol: Direct
  - name: etcd
    connection:
      proxyProtocol: Direct
  - name: etcd
    connection:
      proxyProtocl: Direct
`;

const EGRESS_DIAGNOSTICS: LspDiagnostic[] = [
  {
    range: range(3, 10, 3, 16),
    severity: 2,
    code: 'egress/master-deprecated',
    source: 'platlint',
    message: '`master` is deprecated; name this egress selection `controlplane`',
    codeDescription: { href: `${DOCS}egress/master-deprecated.md` },
    tags: [2],
    data: { fix: { range: range(3, 10, 3, 16), newText: 'controlplane' } },
  },
  {
    range: range(9, 10, 9, 14),
    severity: 1,
    code: 'egress/selection-name-unique',
    source: 'platlint',
    message: 'egress selection `etcd` is already defined at egressSelections[1].name',
    codeDescription: { href: `${DOCS}egress/selection-name-unique.md` },
    relatedInformation: [{ location: { uri: '', range: range(6, 4, 6, 8) }, message: '`etcd` is defined here' }],
  },
  {
    range: range(10, 4, 10, 14),
    severity: 1,
    code: 'schema/required',
    source: 'platlint',
    message: 'missing required field `proxyProtocol` in `egressSelections[2].connection`',
    codeDescription: { href: `${DOCS}schema/required.md` },
  },
  {
    range: range(11, 6, 11, 18),
    severity: 1,
    code: 'schema/unknown-field',
    source: 'platlint',
    message: 'unknown field `proxyProtocl` in `egressSelections[2].connection`; did you mean `proxyProtocol`?',
    codeDescription: { href: `${DOCS}schema/unknown-field.md` },
    data: { fix: { range: range(11, 6, 11, 18), newText: 'proxyProtocol' } },
  },
];

function egressDiagnostics(uri: string): LspDiagnostic[] {
  return EGRESS_DIAGNOSTICS.map((d) => (d.relatedInformation ? { ...d, relatedInformation: d.relatedInformation.map((r) => ({ ...r, location: { ...r.location, uri } })) } : d));
}

/** Applies LSP text edits (non-overlapping) to a text. */
function applyEdits(text: string, edits: { range: { start: { line: number; character: number }; end: { line: number; character: number } }; newText: string }[]): string {
  const lines = text.split('\n');
  const offset = (p: { line: number; character: number }) => lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
  let out = text;
  for (const e of [...edits].sort((a, b) => offset(b.range.start) - offset(a.range.start))) out = out.slice(0, offset(e.range.start)) + e.newText + out.slice(offset(e.range.end));
  return out;
}

describe('language server', () => {
  test('initialize announces the features; shutdown and exit end the process with code 0', async () => {
    const c = LspClient.start();
    clients.push(c);
    const init = await c.initialize();
    expect(init).toEqual({
      capabilities: {
        textDocumentSync: { openClose: true, change: 2, save: { includeText: false } },
        hoverProvider: true,
        completionProvider: { triggerCharacters: [' ', ':', '-'], resolveProvider: false },
        codeActionProvider: { codeActionKinds: ['quickfix'] },
      },
      serverInfo: { name: 'platlint-language-server', version: '0.1.0' },
    });
    expect(await c.stop()).toBe(0);
  });

  test('without --stdio it exits 2 with one line on stderr', () => {
    const r = serverMain([]);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe('platlint-language-server: only --stdio is supported (run it as `platlint-language-server --stdio`)\n');
  });

  test('didOpen publishes exact diagnostics: 0-based ranges, rule id, docs link, related information, Deprecated tag, fix', async () => {
    const c = await started();
    const uri = uriOf('egress.yaml');
    await c.open(uri, EGRESS, 7);
    const p = await c.diagnostics(uri);
    expect(p.version).toBe(7);
    expect(p.diagnostics).toEqual(egressDiagnostics(uri));
  });

  test('positions count UTF-16 code units (an emoji is two)', async () => {
    const c = await started();
    const uri = uriOf('utf16.yaml');
    await c.open(uri, 'apiVersion: audit.plat.io/v1\nkind: Policy\nrules:\n  - {users: ["😀"], level: metadata}\n');
    const p = await c.diagnostics(uri);
    expect(p.diagnostics.map((d) => [d.code, d.range])).toEqual([['schema/enum', range(3, 27, 3, 35)]]);
  });

  test('the checks across documents run over the file: a role defined twice in one file', async () => {
    const c = await started();
    const uri = uriOf('roles.yaml');
    const role = 'apiVersion: rbac.authorization.plat.io/v1\nkind: ClusterRole\nmetadata:\n  name: viewer\nrules:\n  - apiGroups: [""]\n    resources: ["events"]\n    verbs: ["list"]\n';
    await c.open(uri, `${role}---\n${role}`);
    const p = await c.diagnostics(uri);
    expect(p.diagnostics.map((d) => [d.code, d.range])).toEqual([
      ['set/duplicate-object', range(3, 8, 3, 14)],
      ['set/duplicate-object', range(12, 8, 12, 14)],
    ]);
  });

  test('changes are coalesced, without a debounce: a burst during a lint costs about two lints, and the last version is published', async () => {
    const c = await started();
    const uri = uriOf('burst.yaml');
    // a document that takes a while to lint, so that the burst arrives while a lint runs
    const filler = Array.from({ length: 1500 }, (_, i) => `  - name: s${i}\n    connection:\n      proxyProtocol: Direct\n`).join('');
    await c.open(uri, EGRESS + filler, 1);
    await c.diagnostics(uri, (p) => p.version === 1);
    // keystrokes, as editors send them (incremental): a comment typed at the end of line 1, then the typo fixed
    const N = 40;
    const sent: Promise<void>[] = [];
    const keystroke = (v: number, r: LspRange, text: string) => c.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version: v }, contentChanges: [{ range: r, text }] });
    // the first starts a lint of the idle server; the others arrive while it runs
    await keystroke(2, range(0, 37, 0, 37), ' #');
    await new Promise((r) => setTimeout(r, 5));
    for (let v = 3; v <= N; v++) sent.push(keystroke(v, range(0, 36 + v, 0, 36 + v), 'x'));
    sent.push(keystroke(N + 1, range(11, 6, 11, 18), 'proxyProtocol'));
    await Promise.all(sent);
    const last = await c.diagnostics(uri, (p) => p.version === N + 1);
    // the last version is the one with the typo fixed
    const typos = (p: { diagnostics: { code?: string | number }[] }) => p.diagnostics.filter((d) => d.code === 'schema/unknown-field').length;
    expect(typos(c.published[0]!)).toBe(1);
    expect(typos(last)).toBe(0);
    expect(last.diagnostics.filter((d) => d.code !== 'schema/pattern').map((d) => d.code)).toEqual(['egress/master-deprecated', 'egress/selection-name-unique']);
    await new Promise((r) => setTimeout(r, 300));
    const versions = c.published.filter((p) => p.uri === uri).map((p) => p.version!);
    expect(versions[0]).toBe(1);
    expect(versions.at(-1)).toBe(N + 1);
    // in order, each version at most once, and far fewer lints than changes
    expect(versions).toEqual([...new Set(versions)].sort((a, b) => a - b));
    expect(versions.length - 1).toBeLessThanOrEqual(3);
  });

  test('an idle server lints a change at once, and steady typing gets diagnostics for every pause', async () => {
    const c = await started();
    const uri = uriOf('steady.yaml');
    await c.open(uri, EGRESS, 1);
    await c.diagnostics(uri, (p) => p.version === 1);
    // every pause (the next change waits for the diagnostics of this one) gets that version's diagnostics;
    // how soon is measured by npm run bench:lsp, not asserted here
    for (let v = 2; v <= 8; v++) {
      await c.change(uri, v, v % 2 ? EGRESS : EGRESS.replace('proxyProtocl', 'proxyProtocol'));
      const p = await c.diagnostics(uri, (q) => q.version === v);
      expect(p.diagnostics.length).toBe(v % 2 ? 4 : 2);
    }
  });

  test('a document changed again and again is read from its last text\'s lines (src/parse/lines.ts LineCache): the diagnostics of the same text opened anew', async () => {
    const c = await started();
    const uri = uriOf('edited.yaml');
    const rules = Array.from({ length: 30 }, (_, i) => `  - level: Metadata\n    users: ["user-${i}"]\n    verbs: ["get", "list"]\n`).join('');
    let text = `apiVersion: audit.plat.io/v1\nkind: Policy\nrules:\n${rules}`;
    await c.open(uri, text, 1);
    expect((await c.diagnostics(uri, (p) => p.version === 1)).diagnostics).toEqual([]);
    const summary = (ds: LspDiagnostic[]) => ds.map((d) => `${d.code} ${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character}`);
    // each change, as typed, and the changed text's diagnostics
    const changes: [string, (t: string) => string, string[]][] = [
      ['a level misspelt', (t) => t.replace('user-4"]\n    verbs: ["get", "list"]\n  - level: Metadata', 'user-4"]\n    verbs: ["get", "list"]\n  - level: metadata'), ['schema/enum 18:11-18:19']],
      ['a field misspelt', (t) => t.replace('users: ["user-20"]', 'userz: ["user-20"]'), ['schema/enum 18:11-18:19', 'schema/unknown-field-ignored 64:4-64:9']],
      // (a quoted scalar over two lines, a line indented more: the text is lexed whole, and composed)
      ['a quote opened', (t) => t.replace('users: ["user-7"]', 'users: ["user-7]'), ['yaml/syntax 25:12-26:13']],
      ['the quote closed', (t) => t.replace('users: ["user-7]', 'users: ["user-7"]'), ['schema/enum 18:11-18:19', 'schema/unknown-field-ignored 64:4-64:9']],
      ['a line indented', (t) => t.replace('    verbs: ["get", "list"]\n  - level: Metadata\n    users: ["user-10"]', '     verbs: ["get", "list"]\n  - level: Metadata\n    users: ["user-10"]'), ['yaml/syntax 32:0-32:1']],
      ['the indent undone', (t) => t.replace('     verbs', '    verbs'), ['schema/enum 18:11-18:19', 'schema/unknown-field-ignored 64:4-64:9']],
      // (the second document is a list, no plat object)
      ['a document started', (t) => t.replace('  - level: Metadata\n    users: ["user-25"]', '---\n  - level: Metadata\n    users: ["user-25"]'), ['schema/enum 18:11-18:19', 'schema/unknown-field-ignored 64:4-64:9']],
    ];
    let v = 1;
    for (const [name, change, want] of changes) {
      text = change(text);
      v++;
      await c.change(uri, v, text);
      const got = (await c.diagnostics(uri, (p) => p.version === v)).diagnostics;
      expect(summary(got), name).toEqual(want);
      const fresh = uriOf(`edited-${v}.yaml`);
      await c.open(fresh, text, 1);
      const opened = (await c.diagnostics(fresh, (p) => p.version === 1)).diagnostics;
      expect(JSON.parse(JSON.stringify(got).replaceAll(uri, 'URI')), name).toEqual(JSON.parse(JSON.stringify(opened).replaceAll(fresh, 'URI')));
    }
  });

  test('a document the linter fails on gets one internal/error diagnostic at 1:1 that replaces the previous ones', async () => {
    // the lint runs in the lint thread: lintText's guard catches the fault there (YAML), and the thread sends
    // back what the flags reader threw (its message becomes the finding's)
    const c = await started({}, {}, {}, INJECT);
    const uri = uriOf('fault.yaml');
    await c.open(uri, EGRESS, 1);
    expect((await c.diagnostics(uri, (p) => p.version === 1)).diagnostics).toEqual(egressDiagnostics(uri));
    await c.change(uri, 2, `${EGRESS}# FAIL-MARKER\n`);
    const failed = await c.diagnostics(uri, (p) => p.version === 2);
    expect(failed.diagnostics).toEqual([
      {
        range: range(0, 0, 0, 0),
        severity: 1,
        code: 'internal/error',
        codeDescription: { href: `${DOCS}internal/error.md` },
        source: 'platlint',
        message: 'platlint failed on this file (injected fault); its findings are not reported: please report this',
        data: { fatal: true },
      },
    ]);
    // the next good version is linted again
    await c.change(uri, 3, EGRESS);
    expect((await c.diagnostics(uri, (p) => p.version === 3)).diagnostics).toEqual(egressDiagnostics(uri));
    // a file of flags, whose reader throws: the server's own guard publishes the finding
    const flags = uriOf('fault.conf');
    await c.open(flags, '--cgroup-driver=systemd\n', 1, 'plaintext');
    expect((await c.diagnostics(flags, (p) => p.version === 1)).diagnostics).toEqual([]);
    await c.change(flags, 2, '--cgroup-driver=systemd FAIL-MARKER\n');
    expect((await c.diagnostics(flags, (p) => p.version === 2)).diagnostics).toEqual([
      {
        range: range(0, 0, 0, 0),
        severity: 1,
        code: 'internal/error',
        codeDescription: { href: `${DOCS}internal/error.md` },
        source: 'platlint',
        message: 'platlint failed on this document (injected fault); its findings are not reported: please report this',
        data: { fatal: true },
      },
    ]);
    expect(c.stderr.join('')).toBe('');
  });

  test('PLATLINT_DOCS_URL in the server\'s environment moves the rules\' documentation links, as in the CLI\'s reports', async () => {
    const c = await started({}, {}, { PLATLINT_DOCS_URL: 'https://docs.example.test/platlint/v1/rules' });
    const uri = uriOf('docs-url.yaml');
    await c.open(uri, EGRESS, 1);
    const hrefs = (await c.diagnostics(uri, (p) => p.version === 1)).diagnostics.map((d) => d.codeDescription?.href);
    expect(hrefs).toEqual(egressDiagnostics(uri).map((d) => d.codeDescription?.href.replace(DOCS, 'https://docs.example.test/platlint/v1/rules/')));
    expect(hrefs[0]).toBe('https://docs.example.test/platlint/v1/rules/egress/master-deprecated.md');
  });

  test('initializationOptions.configFile (relative to the workspace) is the configuration of every document, instead of the nearest one', async () => {
    const project = join(dir, 'named-config');
    mkdirSync(join(project, 'sub'), { recursive: true });
    // the nearest configuration turns off a rule the named one keeps, and the named one turns off another
    writeFileSync(join(project, 'sub', 'platlint.config.yaml'), 'rules:\n  egress/selection-name-unique: "off"\n');
    writeFileSync(join(dir, 'ci.platlint.yaml'), 'rules:\n  egress/master-deprecated: "off"\n');
    const codes = async (c: LspClient) => {
      const uri = pathToFileURL(join(project, 'sub', 'egress.yaml')).href;
      await c.open(uri, EGRESS, 1);
      return (await c.diagnostics(uri, (q) => q.version === 1)).diagnostics.map((d) => d.code);
    };
    const all = egressDiagnostics('').map((d) => d.code);
    expect(all).toContain('egress/master-deprecated');
    expect(all).toContain('egress/selection-name-unique');
    expect(await codes(await started())).toEqual(all.filter((c) => c !== 'egress/selection-name-unique'));
    expect(await codes(await started({ configFile: 'ci.platlint.yaml' }))).toEqual(all.filter((c) => c !== 'egress/master-deprecated'));
    // a named file that does not exist: the defaults, and the reason said in a message and in the document
    const missing = await started({ configFile: 'nowhere.yaml' });
    expect(await codes(missing)).toEqual(['config/invalid', ...all]);
    expect(missing.messages.map((m) => m.message)).toEqual([expect.stringMatching(/^platlint: cannot read configuration file .*nowhere\.yaml: ENOENT .*; using the default configuration$/)]);
  });

  test('a document over the size limit gets one input/too-large diagnostic instead of a lint (maxFileSize of the configuration)', async () => {
    const project = join(dir, 'size');
    mkdirSync(project, { recursive: true });
    writeFileSync(join(project, 'platlint.config.yaml'), 'maxFileSize: 400\n');
    const c = await started();
    const uri = pathToFileURL(join(project, 'big.yaml')).href;
    const big = `${EGRESS}# ${'é'.repeat(100)}\n`;
    await c.open(uri, big, 1);
    const p = await c.diagnostics(uri, (q) => q.version === 1);
    expect(p.diagnostics).toEqual([
      {
        range: range(0, 0, 0, 0),
        severity: 1,
        code: 'input/too-large',
        codeDescription: { href: `${DOCS}input/too-large.md` },
        source: 'platlint',
        message: `file is ${Buffer.byteLength(big)} bytes; the limit is 400 bytes (raise it with maxFileSize in platlint.config.yaml)`,
        data: { fatal: true },
      },
    ]);
    // hover, completion and code actions skip it (they would parse all of it)
    expect(await c.request('textDocument/hover', { textDocument: { uri }, position: pos(3, 6) })).toBeNull();
    expect(await c.request('textDocument/completion', { textDocument: { uri }, position: pos(5, 6) })).toEqual([]);
    expect(await c.request('textDocument/codeAction', { textDocument: { uri }, range: range(3, 10, 3, 16), context: { diagnostics: p.diagnostics } })).toEqual([]);
    // more characters than the limit's bytes: the size is still counted in bytes
    const bigger = `${EGRESS}# ${'é'.repeat(300)}\n`;
    expect(bigger.length).toBeGreaterThan(400);
    await c.change(uri, 2, bigger);
    expect((await c.diagnostics(uri, (q) => q.version === 2)).diagnostics.map((d) => d.message)).toEqual([`file is ${Buffer.byteLength(bigger)} bytes; the limit is 400 bytes (raise it with maxFileSize in platlint.config.yaml)`]);
    // under the limit (counted in UTF-8 bytes), the document is linted
    await c.change(uri, 3, EGRESS);
    expect(await c.request('textDocument/hover', { textDocument: { uri }, position: pos(3, 6) })).not.toBeNull();
    expect((await c.diagnostics(uri, (q) => q.version === 3)).diagnostics.map((d) => d.code)).toEqual(['egress/master-deprecated', 'egress/selection-name-unique', 'schema/required', 'schema/unknown-field']);
  });

  test('a file of node agent flags is linted like `platlint flags`; deprecated flags carry the Deprecated tag', async () => {
    const c = await started();
    const uri = uriOf('platlet.env');
    await c.open(uri, '# written by the node bootstrap script\nPLATLET_EXTRA_ARGS="--max-pods=150 --cgroup-driver=systemd"\n', 1, 'properties');
    const p = await c.diagnostics(uri);
    expect(p.diagnostics.map((d) => [d.code, d.range, d.severity, d.tags])).toEqual([
      ['flags/deprecated', range(1, 20, 1, 30), 2, [2]],
      ['flags/deprecated', range(1, 35, 1, 50), 2, [2]],
    ]);
    expect(p.diagnostics[0]!.message).toBe('`--max-pods` is deprecated; set its value in the configuration file named by `--config` instead');
    // no YAML completion or hover in a file of flags
    expect(await c.request('textDocument/completion', { textDocument: { uri }, position: pos(0, 0) })).toEqual([]);
    expect(await c.request('textDocument/hover', { textDocument: { uri }, position: pos(1, 22) })).toBeNull();
  });

  test('each document of a multi-document file is checked against its own kind', async () => {
    const c = await started();
    const uri = uriOf('multi.yaml');
    const text = 'apiVersion: audit.plat.io/v1\nkind: Policy\nrules:\n  - level: metadata\n---\n' + EGRESS;
    await c.open(uri, text);
    const p = await c.diagnostics(uri);
    expect(p.diagnostics.map((d) => [d.code, d.range.start.line, d.range.start.character])).toEqual([
      ['schema/enum', 3, 11],
      ['egress/master-deprecated', 8, 10],
      ['egress/selection-name-unique', 14, 10],
      ['schema/required', 15, 4],
      ['schema/unknown-field', 16, 6],
    ]);
    const hover = await c.request<{ contents: { value: string } }>('textDocument/hover', { textDocument: { uri }, position: pos(10, 8) });
    expect(hover.contents.value).toContain('`egressSelections[0].connection.proxyProtocol` of EgressSelectorConfiguration (apiserver.plat.io/v1beta1)');
  });

  test('hover describes the field from the schema: type, required, description, allowed values, default and limits', async () => {
    const c = await started();
    const uri = uriOf('hover.yaml');
    const text = 'apiVersion: audit.plat.io/v1\nkind: Policy\nrules:\n  - level: Metadata\n';
    await c.open(uri, text);
    await c.diagnostics(uri);
    const onKey = await c.request('textDocument/hover', { textDocument: { uri }, position: pos(3, 6) });
    expect(onKey).toEqual({
      contents: {
        kind: 'markdown',
        value: [
          '**level** · `string` · required',
          '',
          // the description comes from the schema file as it is
          description('audit.schema.json', 'PolicyRule', 'level'),
          '',
          '- Allowed values: `None`, `Metadata`, `Request`, `RequestResponse`',
          '',
          '`rules[0].level` of Policy (audit.plat.io/v1)',
        ].join('\n'),
      },
      range: range(3, 4, 3, 9),
    });
    // on the value: the same field
    const onValue = await c.request<{ contents: { value: string }; range: unknown }>('textDocument/hover', { textDocument: { uri }, position: pos(3, 14) });
    expect(onValue).toEqual(onKey);
    const list = await c.request<{ contents: { value: string } }>('textDocument/hover', { textDocument: { uri }, position: pos(2, 2) });
    expect(list.contents.value.split('\n')[0]).toBe('**rules** · `list of PolicyRule` · required');
    // outside any field: nothing
    expect(await c.request('textDocument/hover', { textDocument: { uri }, position: pos(4, 0) })).toBeNull();
  });

  test('hover shows defaults, numeric limits and formats', async () => {
    const c = await started();
    const uri = uriOf('limits.yaml');
    const text = [
      'apiVersion: apiserver.config.plat.io/v1',
      'kind: EncryptionConfiguration',
      'resources:',
      '  - resources: [secrets]',
      '    providers:',
      '      - kms:',
      '          name: k',
      '          cachesize: 100',
      '          timeout: 3s',
      '',
    ].join('\n');
    await c.open(uri, text);
    await c.diagnostics(uri);
    const facts = async (line: number, character: number) => {
      const h = await c.request<{ contents: { value: string } }>('textDocument/hover', { textDocument: { uri }, position: pos(line, character) });
      return h.contents.value.split('\n').filter((l) => l.startsWith('- ') || l.startsWith('**') || l.endsWith(')'));
    };
    expect(await facts(7, 12)).toMatchInlineSnapshot(`
      [
        "**cachesize** · \`integer\` · optional",
        "- Default: \`1000\`",
        "- Minimum: -2147483648",
        "- Maximum: 2147483647",
        "\`resources[0].providers[0].kms.cachesize\` of EncryptionConfiguration (apiserver.config.plat.io/v1)",
      ]
    `);
    expect(await facts(8, 12)).toMatchInlineSnapshot(`
      [
        "**timeout** · \`string\` · optional",
        "- Default: \`3s\`",
        "- Format: duration",
        "\`resources[0].providers[0].kms.timeout\` of EncryptionConfiguration (apiserver.config.plat.io/v1)",
      ]
    `);
  });

  test('completion: keys allowed and not yet present, enum values, apiVersion/kind pairs', async () => {
    const c = await started();
    const uri = uriOf('complete.yaml');
    const text = 'apiVersion: audit.plat.io/v1\nkind: Policy\nrules:\n  - level: Metadata\n    \n  - level: Re\n# a comment\n---\n\n---\napiVersion: audit.plat.io/v1\nkind: \n';
    await c.open(uri, text);
    await c.diagnostics(uri);
    type Item = { label: string; kind: number; detail?: string; textEdit: { range: unknown; newText: string } };
    const complete = async (line: number, character: number) =>
      (await c.request<{ items: Item[] }>('textDocument/completion', { textDocument: { uri }, position: pos(line, character) })).items;

    // an empty line inside a rule: the rule's other keys
    const keys = await complete(4, 4);
    expect(keys.map((i) => [i.label, i.detail, i.textEdit.newText])).toEqual([
      ['users', 'list of string', 'users:'],
      ['userGroups', 'list of string', 'userGroups:'],
      ['verbs', 'list of string', 'verbs:'],
      ['resources', 'list of GroupResources', 'resources:'],
      ['namespaces', 'list of string', 'namespaces:'],
      ['nonResourceURLs', 'list of string', 'nonResourceURLs:'],
      ['omitStages', 'list of string', 'omitStages:'],
      ['omitManagedFields', 'boolean', 'omitManagedFields: '],
    ]);
    expect(keys.every((i) => i.kind === 10)).toBe(true);
    expect(keys[0]!.textEdit.range).toEqual(range(4, 4, 4, 4));

    // a value: the enum, replacing the word typed so far
    const values = await complete(5, 13);
    expect(values.map((i) => [i.label, i.kind])).toEqual([
      ['None', 20],
      ['Metadata', 20],
      ['Request', 20],
      ['RequestResponse', 20],
    ]);
    expect(values[0]!.textEdit.range).toEqual(range(5, 11, 5, 13));

    // an empty document: apiVersion/kind pairs, then the two keys
    const pairs = await complete(8, 0);
    expect(pairs.find((i) => i.label === 'audit.plat.io/v1 Policy')).toMatchObject({
      textEdit: { range: range(8, 0, 8, 0), newText: 'apiVersion: audit.plat.io/v1' },
      additionalTextEdits: [{ range: range(9, 0, 9, 0), newText: 'kind: Policy\n' }],
    });
    expect(pairs.filter((i) => i.label.includes(' ')).length).toBe(KINDS.length);
    expect(pairs.slice(-2).map((i) => i.label)).toEqual(['apiVersion', 'kind']);

    // nothing inside a comment
    expect(await complete(6, 3)).toEqual([]);

    // the kind of a known apiVersion
    const kinds = await complete(11, 6);
    expect(kinds.map((i) => i.label)).toEqual(['Event', 'EventList', 'Policy', 'PolicyList']);
  });

  test('completion: one line per item unless the client takes snippets; the apiVersion/kind pair adds `kind` by an additional edit', async () => {
    type Edit = { range: LspRange; newText: string };
    type Item = { label: string; sortText?: string; insertTextFormat?: number; textEdit: Edit; additionalTextEdits?: Edit[] };
    /** Applies edits given in the original text's positions (the last first, as clients do). */
    const apply = (text: string, edits: Edit[]): string => {
      const lines = text.split('\n');
      const offset = (p: { line: number; character: number }) => lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
      const sorted = [...edits].sort((a, b) => offset(b.range.start) - offset(a.range.start) || offset(b.range.end) - offset(a.range.end));
      return sorted.reduce((t, e) => t.slice(0, offset(e.range.start)) + e.newText + t.slice(offset(e.range.end)), text);
    };
    const docs: [string, string, [number, number][]][] = [
      ['last.yaml', 'ap', [[0, 2]]],
      ['before.yaml', 'ap\nmetadata:\n  name: x\n', [[0, 2]]],
      ['crlf.yaml', 'ap\r\nmetadata:\r\n  name: x\r\n', [[0, 2]]],
      ['indented.yaml', '  \n', [[0, 2]]],
      ['policy.yaml', 'apiVersion: audit.plat.io/v1\nkind: Policy\nrules:\n  - level: \n    \nomitStages:\n  - \n', [[3, 11], [4, 4], [5, 0], [6, 4], [7, 0]]],
      ['roles.yaml', 'apiVersion: rbac.authorization.plat.io/v1\nkind: ClusterRole\nrules:\n  - verbs: []\n    \n', [[4, 4], [3, 4], [1, 6], [0, 12]]],
    ];

    // Neovim 0.7's omnifunc announces no snippet support
    const plain = await started();
    const all: Item[] = [];
    for (const [name, text, positions] of docs) {
      await plain.open(uriOf(name), text);
      await plain.diagnostics(uriOf(name));
      for (const [line, character] of positions) all.push(...(await plain.request<{ items: Item[] }>('textDocument/completion', { textDocument: { uri: uriOf(name) }, position: pos(line, character) })).items);
    }
    expect(all.length).toBeGreaterThan(4 * KINDS.length);
    expect(all.filter((i) => i.textEdit.newText.includes('\n') || i.textEdit.newText.includes('\r')).map((i) => i.label)).toEqual([]);
    expect(all.filter((i) => i.insertTextFormat !== 1).map((i) => i.label)).toEqual([]);
    // additional edits only on lines after the completed one: a client that applies them after the main edit
    // (eglot 1.9) finds them where they were
    expect(all.filter((i) => i.additionalTextEdits?.some((e) => e.range.start.line <= i.textEdit.range.end.line)).map((i) => i.label)).toEqual([]);
    expect(all.filter((i) => i.additionalTextEdits).length).toBeGreaterThan(0);
    const pair = async (c: LspClient, name: string, line: number, character: number) =>
      (await c.request<{ items: Item[] }>('textDocument/completion', { textDocument: { uri: uriOf(name) }, position: pos(line, character) })).items.find((i) => i.label === 'audit.plat.io/v1 Policy');

    // the last line: no line follows, so no place for `kind` that does not touch the main edit (LSP forbids
    // that, and eglot 1.9 applies it after the main edit, inside the new line): the `apiVersion:` line only
    const last = await pair(plain, 'last.yaml', 0, 2);
    expect(last).toEqual({
      label: 'audit.plat.io/v1 Policy',
      kind: 7,
      detail: 'apiVersion and kind',
      sortText: expect.any(String),
      insertTextFormat: 1,
      textEdit: { range: range(0, 0, 0, 2), newText: 'apiVersion: audit.plat.io/v1' },
    });
    // a line before others: `kind` at the start of the next line, the line's end untouched
    const before = await pair(plain, 'before.yaml', 0, 2);
    expect([before!.textEdit, before!.additionalTextEdits]).toEqual([
      { range: range(0, 0, 0, 2), newText: 'apiVersion: audit.plat.io/v1' },
      [{ range: range(1, 0, 1, 0), newText: 'kind: Policy\n' }],
    ]);
    expect(apply('ap\nmetadata:\n  name: x\n', [before!.textEdit, ...before!.additionalTextEdits!])).toBe('apiVersion: audit.plat.io/v1\nkind: Policy\nmetadata:\n  name: x\n');
    // the text's line breaks are kept
    const crlf = await pair(plain, 'crlf.yaml', 0, 2);
    expect(crlf!.additionalTextEdits).toEqual([{ range: range(1, 0, 1, 0), newText: 'kind: Policy\r\n' }]);
    // an indented document: `kind` as far in
    const indented = await pair(plain, 'indented.yaml', 0, 2);
    expect([indented!.textEdit, indented!.additionalTextEdits]).toEqual([
      { range: range(0, 2, 0, 2), newText: 'apiVersion: audit.plat.io/v1' },
      [{ range: range(1, 0, 1, 0), newText: '  kind: Policy\n' }],
    ]);

    // a client that takes snippets gets the pair as one snippet of two lines, and nothing else changes
    const snippets = await started({ debounce: 0 }, { textDocument: { completion: { completionItem: { snippetSupport: true } } } });
    await snippets.open(uriOf('last.yaml'), 'ap');
    await snippets.diagnostics(uriOf('last.yaml'));
    const snippet = await pair(snippets, 'last.yaml', 0, 2);
    expect(snippet).toEqual({
      label: 'audit.plat.io/v1 Policy',
      kind: 7,
      detail: 'apiVersion and kind',
      sortText: last!.sortText,
      insertTextFormat: 2,
      textEdit: { range: range(0, 0, 0, 2), newText: 'apiVersion: audit.plat.io/v1\nkind: Policy$0' },
    });
    const items = (await snippets.request<{ items: Item[] }>('textDocument/completion', { textDocument: { uri: uriOf('last.yaml') }, position: pos(0, 2) })).items;
    expect(items.filter((i) => i.insertTextFormat === 2).length).toBe(KINDS.length);
    expect(items.filter((i) => i.insertTextFormat !== 2).map((i) => [i.label, i.textEdit.newText])).toEqual([
      ['apiVersion', 'apiVersion: '],
      ['kind', 'kind: '],
    ]);
  });

  test('completion in list items and in JSON documents', async () => {
    const c = await started();
    type Item = { label: string; textEdit: { range: LspRange; newText: string } };
    const complete = async (uri: string, line: number, character: number) =>
      (await c.request<{ items: Item[] }>('textDocument/completion', { textDocument: { uri }, position: pos(line, character) })).items;
    const yaml = uriOf('lists.yaml');
    await c.open(yaml, 'apiVersion: audit.plat.io/v1\nkind: Policy\nomitStages:\n  - Res\nrules:\n  - \n');
    await c.diagnostics(yaml);
    // a scalar item of an enum list: the values
    expect((await complete(yaml, 3, 7)).map((i) => [i.label, i.textEdit.newText, i.textEdit.range])).toEqual([
      ['RequestReceived', 'RequestReceived', range(3, 4, 3, 7)],
      ['ResponseStarted', 'ResponseStarted', range(3, 4, 3, 7)],
      ['ResponseComplete', 'ResponseComplete', range(3, 4, 3, 7)],
      ['Panic', 'Panic', range(3, 4, 3, 7)],
    ]);
    // a new item of a list of objects: the item's keys, required first in sort order
    const rule = await complete(yaml, 5, 4);
    expect(rule.map((i) => i.label)).toEqual(['level', 'users', 'userGroups', 'verbs', 'resources', 'namespaces', 'nonResourceURLs', 'omitStages', 'omitManagedFields']);

    // a mapping nested in an item of a list kind
    const roles = uriOf('roles.yaml');
    await c.open(roles, 'apiVersion: rbac.authorization.plat.io/v1\nkind: RoleList\nitems:\n  - kind: Role\n    metadata:\n      name: a\n      \n');
    await c.diagnostics(roles);
    const meta = await complete(roles, 6, 6);
    expect(meta.map((i) => i.label)).toMatchInlineSnapshot(`
      [
        "generateName",
        "namespace",
        "selfLink",
        "uid",
        "resourceVersion",
        "generation",
        "creationTimestamp",
        "deletionTimestamp",
        "deletionGracePeriodSeconds",
        "labels",
        "annotations",
        "ownerReferences",
        "finalizers",
        "managedFields",
      ]
    `);
    const item = await complete(roles, 3, 4);
    expect(item.map((i) => i.label)).toMatchInlineSnapshot(`
      [
        "apiVersion",
        "kind",
        "rules",
      ]
    `);

    const json = uriOf('policy.json');
    const text = '{"apiVersion": "audit.plat.io/v1", "kind": "Policy", "rules": [{"level": "Me", "us": []}]}';
    await c.open(json, text, 1, 'json');
    await c.diagnostics(json);
    // keys and values inside quotes: the bare names
    const values = await complete(json, 0, text.indexOf('Me"') + 2);
    expect(values.map((i) => i.textEdit.newText)).toEqual(['None', 'Metadata', 'Request', 'RequestResponse']);
    const keys = await complete(json, 0, text.indexOf('us"') + 2);
    expect(keys.map((i) => i.textEdit.newText)).toEqual(['users', 'userGroups', 'verbs', 'resources', 'namespaces', 'nonResourceURLs', 'omitStages', 'omitManagedFields']);
    const hover = await c.request<{ contents: { value: string } }>('textDocument/hover', { textDocument: { uri: json }, position: pos(0, text.indexOf('level') + 2) });
    expect(hover.contents.value.split('\n')[0]).toBe('**level** · `string` · required');
    // JSON has no comments: only the quick fix, no "disable for this line"
    await c.change(json, 2, '{"apiVersion": "audit.plat.io/v1", "kind": "Policy", "rules": [{"level": "metadata"}]}');
    const p = await c.diagnostics(json, (x) => x.version === 2);
    expect(p.diagnostics.map((d) => [d.code, d.range])).toEqual([['schema/enum', range(0, 73, 0, 83)]]);
    const actions = await c.request<{ title: string }[]>('textDocument/codeAction', { textDocument: { uri: json }, range: p.diagnostics[0]!.range, context: { diagnostics: p.diagnostics } });
    expect(actions.map((a) => a.title)).toEqual(['Fix: replace with "Metadata"']);
  });

  test('code actions: the quick fix of a diagnostic and "disable for this line"; the disable comment suppresses it', async () => {
    const c = await started();
    const uri = uriOf('actions.yaml');
    await c.open(uri, EGRESS, 1);
    const p = await c.diagnostics(uri, (x) => x.version === 1);
    const master = p.diagnostics[0]!;
    const actions = await c.request<{ title: string; kind: string; isPreferred?: boolean; diagnostics: unknown[]; edit: { changes: Record<string, { range: LspRange; newText: string }[]> } }[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: master.range,
      context: { diagnostics: [master] },
    });
    expect(actions).toEqual([
      {
        title: 'Fix: replace with controlplane',
        kind: 'quickfix',
        diagnostics: [master],
        isPreferred: true,
        edit: { changes: { [uri]: [{ range: range(3, 10, 3, 16), newText: 'controlplane' }] } },
      },
      {
        title: 'Disable egress/master-deprecated for this line',
        kind: 'quickfix',
        diagnostics: [master],
        edit: { changes: { [uri]: [{ range: range(3, 0, 3, 0), newText: '  # platlint-disable-next-line egress/master-deprecated -- reason\n' }] } },
      },
    ]);
    // applying the disable edit removes the finding (it is suppressed, with the placeholder reason)
    await c.change(uri, 2, applyEdits(EGRESS, actions[1]!.edit.changes[uri]!));
    const after = await c.diagnostics(uri, (x) => x.version === 2);
    expect(after.diagnostics.map((d) => d.code)).toEqual(['egress/selection-name-unique', 'schema/required', 'schema/unknown-field']);
    // applying the quick fix of the unknown field removes that finding
    const unknown = p.diagnostics[3]!;
    const fixes = await c.request<{ title: string; edit: { changes: Record<string, { range: LspRange; newText: string }[]> } }[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: unknown.range,
      context: { diagnostics: [unknown] },
    });
    expect(fixes.map((a) => a.title)).toEqual(['Fix: replace with proxyProtocol', 'Disable schema/unknown-field for this line']);
    await c.change(uri, 3, applyEdits(EGRESS, fixes[0]!.edit.changes[uri]!));
    const fixed = await c.diagnostics(uri, (x) => x.version === 3);
    expect(fixed.diagnostics.map((d) => d.code)).toEqual(['egress/master-deprecated', 'egress/selection-name-unique']);
  });

  test('no disable action inside a block scalar, where a comment would become text', async () => {
    const c = await started();
    const uri = uriOf('block.yaml');
    const lines = [
      'apiVersion: apiserver.config.plat.io/v1alpha1',
      'kind: AuthenticationConfiguration',
      'jwt:',
      '  - issuer:',
      '      url: https://sso.example.com',
      '      audiences:',
      '        - plat',
      '    claimValidationRules:',
      '      - expression: >',
      '          claims.exp > 0 &&',
      '          claims.iss ==',
      '        message: incomplete comparison',
      '    claimMappings:',
      '      username:',
      '        claim: sub',
      '        prefix: ""',
      '',
    ];
    await c.open(uri, lines.join('\n'));
    const p = await c.diagnostics(uri);
    expect(p.diagnostics.map((d) => [d.code, d.range.start])).toEqual([['cel/compiles', pos(10, 22)]]);
    const actions = await c.request<{ title: string }[]>('textDocument/codeAction', { textDocument: { uri }, range: p.diagnostics[0]!.range, context: { diagnostics: p.diagnostics } });
    expect(actions).toEqual([]);
  });

  test('the disable action keeps the indentation of a nested line', async () => {
    const c = await started();
    const uri = uriOf('nested.yaml');
    const text = 'apiVersion: audit.plat.io/v1\nkind: Policy\nrules:\n  - level: None\n    users: |\n      a\n';
    await c.open(uri, text);
    const p = await c.diagnostics(uri);
    expect(p.diagnostics.map((d) => [d.code, d.range])).toEqual([['schema/type', range(4, 11, 6, 0)]]);
    const actions = await c.request<{ title: string; edit: unknown }[]>('textDocument/codeAction', { textDocument: { uri }, range: p.diagnostics[0]!.range, context: { diagnostics: p.diagnostics } });
    expect(actions).toEqual([
      {
        title: 'Disable schema/type for this line',
        kind: 'quickfix',
        diagnostics: p.diagnostics,
        edit: { changes: { [uri]: [{ range: range(4, 0, 4, 0), newText: '    # platlint-disable-next-line schema/type -- reason\n' }] } },
      },
    ]);
  });

  test('a file that does not parse: syntax errors are diagnostics; hover and completion still answer', async () => {
    const c = await started();
    const uri = uriOf('broken.yaml');
    const text = 'apiVersion: audit.plat.io/v1\nkind: Policy\nrules:\n  - level: None\n   users: [a\nomitStages: x\n';
    await c.open(uri, text, 1);
    const p = await c.diagnostics(uri);
    expect(p.diagnostics.map((d) => [d.code, d.severity, d.range.start.line])).toEqual(expect.arrayContaining([['yaml/syntax', 1, expect.any(Number)]]));
    expect(p.diagnostics.every((d) => d.code === 'yaml/syntax')).toBe(true);
    // fatal findings cannot be disabled by a comment
    const actions = await c.request<unknown[]>('textDocument/codeAction', { textDocument: { uri }, range: p.diagnostics[0]!.range, context: { diagnostics: p.diagnostics } });
    expect(actions).toEqual([]);
    const hover = await c.request<{ contents: { value: string } } | null>('textDocument/hover', { textDocument: { uri }, position: pos(3, 6) });
    expect(hover?.contents.value.split('\n')[0]).toBe('**level** · `string` · required');
    for (let line = 0; line < 7; line++) {
      for (const character of [0, 3, 5, 12]) {
        await c.request('textDocument/completion', { textDocument: { uri }, position: pos(line, character) });
        await c.request('textDocument/hover', { textDocument: { uri }, position: pos(line, character) });
      }
    }
    // the server is still alive and lints the repaired text
    await c.change(uri, 2, 'apiVersion: audit.plat.io/v1\nkind: Policy\nrules:\n  - level: None\n');
    expect((await c.diagnostics(uri, (x) => x.version === 2)).diagnostics).toEqual([]);
    expect(c.stderr.join('')).toBe('');
  });

  test('the configuration above the file applies: a rule turned off, a severity changed, an ignored file', async () => {
    const project = join(dir, 'project');
    mkdirSync(join(project, 'generated'), { recursive: true });
    writeFileSync(join(project, 'platlint.config.yaml'), 'rules:\n  egress/master-deprecated: "off"\n  schema/required: warn\nignores:\n  - generated/**\n');
    const c = await started();
    const uri = pathToFileURL(join(project, 'egress.yaml')).href;
    await c.open(uri, EGRESS);
    const p = await c.diagnostics(uri);
    expect(p.diagnostics.map((d) => [d.code, d.severity])).toEqual([
      ['egress/selection-name-unique', 1],
      ['schema/required', 2],
      ['schema/unknown-field', 1],
    ]);
    const ignored = pathToFileURL(join(project, 'generated', 'egress.yaml')).href;
    await c.open(ignored, EGRESS);
    expect((await c.diagnostics(ignored)).diagnostics).toEqual([]);
    expect(c.messages).toEqual([]);
  });

  test('a changed configuration file re-lints the open documents (workspace/didChangeWatchedFiles)', async () => {
    const project = join(dir, 'watched');
    mkdirSync(project, { recursive: true });
    const config = join(project, 'platlint.config.yaml');
    writeFileSync(config, 'rules: {}\n');
    const c = await started({}, { workspace: { didChangeWatchedFiles: { dynamicRegistration: true } } });
    const uri = pathToFileURL(join(project, 'egress.yaml')).href;
    await c.open(uri, EGRESS);
    expect((await c.diagnostics(uri)).diagnostics.map((d) => d.code)).toEqual(['egress/master-deprecated', 'egress/selection-name-unique', 'schema/required', 'schema/unknown-field']);
    writeFileSync(config, 'rules:\n  schema/required: "off"\n  schema/unknown-field: "off"\n');
    await c.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: pathToFileURL(config).href, type: 2 }] });
    const after = await c.diagnostics(uri, (p) => p.diagnostics.length === 2);
    expect(after.diagnostics.map((d) => d.code)).toEqual(['egress/master-deprecated', 'egress/selection-name-unique']);
  });

  test('a broken configuration is reported once as a message, and the defaults apply', async () => {
    const project = join(dir, 'broken-config');
    mkdirSync(project, { recursive: true });
    // unquoted `off` is the boolean false in YAML 1.1
    writeFileSync(join(project, 'platlint.config.yaml'), 'rules:\n  egress/master-deprecated: off\n');
    const c = await started();
    const uri = pathToFileURL(join(project, 'egress.yaml')).href;
    await c.open(uri, EGRESS);
    const config = join(project, 'platlint.config.yaml');
    expect((await c.diagnostics(uri)).diagnostics).toEqual([
      {
        range: range(0, 0, 0, 0),
        severity: 1,
        code: 'config/invalid',
        source: 'platlint',
        message: `invalid configuration file ${config}:2:29: \`egress/master-deprecated\` must be one of \`off\`, \`warn\`, \`error\`, got \`false\`; a plain \`off\` is read as false (YAML 1.1): quote it, \`"off"\`; this file is linted with the default configuration`,
        relatedInformation: [{ location: { uri: pathToFileURL(config).href, range: range(1, 28, 1, 28) }, message: '`egress/master-deprecated` must be one of `off`, `warn`, `error`, got `false`; a plain `off` is read as false (YAML 1.1): quote it, `"off"`' }],
        data: { fatal: true },
      },
      ...egressDiagnostics(uri),
    ]);
    // no "disable for this line" for it: it is not a finding of the document
    const actions = await c.request<{ title: string }[]>('textDocument/codeAction', { textDocument: { uri }, range: range(0, 0, 0, 0), context: { diagnostics: [(await c.diagnostics(uri)).diagnostics[0]] } });
    expect(actions).toEqual([]);
    expect(c.messages).toEqual([
      {
        type: 1,
        message: `platlint: invalid configuration file ${config} (${config}:2:29: \`egress/master-deprecated\` must be one of \`off\`, \`warn\`, \`error\`, got \`false\`; a plain \`off\` is read as false (YAML 1.1): quote it, \`"off"\`); using the default configuration`,
      },
    ]);
  });

  test('a configuration file changed on disk takes effect at the next lint without file watching (its modification time)', async () => {
    const project = join(dir, 'unwatched');
    mkdirSync(project, { recursive: true });
    const config = join(project, 'platlint.config.yaml');
    writeFileSync(config, 'rules: {}\n');
    const c = await started();
    const uri = pathToFileURL(join(project, 'egress.yaml')).href;
    const other = pathToFileURL(join(project, 'other.yaml')).href;
    await c.open(uri, EGRESS, 1);
    await c.open(other, EGRESS, 1);
    expect((await c.diagnostics(uri, (p) => p.version === 1)).diagnostics.map((d) => d.code)).toEqual(['egress/master-deprecated', 'egress/selection-name-unique', 'schema/required', 'schema/unknown-field']);
    await c.diagnostics(other, (p) => p.version === 1);
    writeFileSync(config, 'rules:\n  schema/required: "off"\n  schema/unknown-field: "off"\n');
    await c.change(uri, 2, EGRESS);
    expect((await c.diagnostics(uri, (p) => p.version === 2)).diagnostics.map((d) => d.code)).toEqual(['egress/master-deprecated', 'egress/selection-name-unique']);
    // the other open document is linted again under the new configuration
    expect((await c.diagnostics(other, (p) => p.diagnostics.length === 2)).diagnostics.map((d) => d.code)).toEqual(['egress/master-deprecated', 'egress/selection-name-unique']);
    // broken on disk: the next lint says so in the document, at the problem's position
    writeFileSync(config, 'rules:\n  schema/required: nope\n');
    await c.change(uri, 3, EGRESS);
    const broken = await c.diagnostics(uri, (p) => p.version === 3);
    expect(broken.diagnostics[0]).toMatchObject({ range: range(0, 0, 0, 0), code: 'config/invalid', relatedInformation: [{ location: { uri: pathToFileURL(config).href, range: range(1, 19, 1, 19) } }] });
    expect(broken.diagnostics[0]!.message).toMatch(new RegExp(`^invalid configuration file ${config.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:2:20: `));
    expect(broken.diagnostics.slice(1).map((d) => d.code)).toEqual(['egress/master-deprecated', 'egress/selection-name-unique', 'schema/required', 'schema/unknown-field']);
    expect(c.messages.map((m) => m.type)).toEqual([1]);
  });

  test('an open platlint.config.yaml gets one diagnostic per problem of its buffer; fixed, they are cleared; the documents under it keep the saved file', async () => {
    const project = join(dir, 'config-buffer');
    mkdirSync(project, { recursive: true });
    const config = join(project, 'platlint.config.yaml');
    writeFileSync(config, 'rules: {}\n');
    const c = await started();
    const uri = pathToFileURL(join(project, 'egress.yaml')).href;
    await c.open(uri, EGRESS, 1);
    const codes = ['egress/master-deprecated', 'egress/selection-name-unique', 'schema/required', 'schema/unknown-field'];
    expect((await c.diagnostics(uri, (p) => p.version === 1)).diagnostics.map((d) => d.code)).toEqual(codes);
    const configUri = pathToFileURL(config).href;
    // an unknown rule id (a typo), a severity the configuration does not allow, a field of the wrong type
    await c.open(configUri, 'rules:\n  egress/master-deprecatd: warn\n  schema/required: nope\nignores: 3\n', 1);
    expect((await c.diagnostics(configUri, (p) => p.version === 1)).diagnostics).toEqual([
      {
        range: range(1, 2, 1, 25),
        severity: 1,
        code: 'config/unknown-rule',
        source: 'platlint',
        message: 'unknown rule `egress/master-deprecatd`; did you mean `egress/master-deprecated`?',
      },
      {
        range: range(2, 19, 2, 23),
        severity: 1,
        code: 'config/schema',
        source: 'platlint',
        message: '`schema/required` must be one of `off`, `warn`, `error`, got `nope`',
      },
      { range: range(3, 9, 3, 10), severity: 1, code: 'config/schema', source: 'platlint', message: '`ignores` must be a list, got an integer (`3`)' },
    ]);
    // not well-formed YAML: its syntax error
    await c.change(configUri, 2, 'rules:\n  schema/required: [warn\n');
    const syntax = (await c.diagnostics(configUri, (p) => p.version === 2)).diagnostics;
    expect(syntax.map((d) => [d.code, d.range.start])).toEqual([['config/syntax', pos(2, 0)]]);
    // fixed in the buffer: cleared; the configuration on disk (not the unsaved buffer) still applies to the document
    await c.change(configUri, 3, 'rules:\n  schema/required: "off"\n');
    expect((await c.diagnostics(configUri, (p) => p.version === 3)).diagnostics).toEqual([]);
    await c.change(uri, 2, EGRESS);
    expect((await c.diagnostics(uri, (p) => p.version === 2)).diagnostics.map((d) => d.code)).toEqual(codes);
    // saved: the document is linted under it
    writeFileSync(config, 'rules:\n  schema/required: "off"\n');
    await c.connection.sendNotification('textDocument/didSave', { textDocument: { uri: configUri } });
    expect((await c.diagnostics(uri, (p) => p.diagnostics.length === 3)).diagnostics.map((d) => d.code)).toEqual(['egress/master-deprecated', 'egress/selection-name-unique', 'schema/unknown-field']);
    expect(c.messages).toEqual([]);
  });

  test('a client with dynamic registration gets a watcher for platlint.config.yaml (and platlint-suppressions.json); a configuration created where none was applies once notified', async () => {
    const project = join(dir, 'created-config');
    mkdirSync(project, { recursive: true });
    const c = await started({}, { workspace: { didChangeWatchedFiles: { dynamicRegistration: true } } });
    const uri = pathToFileURL(join(project, 'egress.yaml')).href;
    await c.open(uri, EGRESS, 1);
    expect((await c.diagnostics(uri, (p) => p.version === 1)).diagnostics.map((d) => d.code)).toEqual(['egress/master-deprecated', 'egress/selection-name-unique', 'schema/required', 'schema/unknown-field']);
    expect(c.registrations).toEqual([{ id: expect.any(String), method: 'workspace/didChangeWatchedFiles', registerOptions: { watchers: [{ globPattern: '**/platlint.config.yaml' }, { globPattern: '**/platlint-suppressions.json' }] } }]);
    const config = join(project, 'platlint.config.yaml');
    writeFileSync(config, 'rules:\n  egress/master-deprecated: "off"\n  schema/required: "off"\n');
    await c.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: pathToFileURL(config).href, type: 1 }] });
    expect((await c.diagnostics(uri, (p) => p.diagnostics.length === 2)).diagnostics.map((d) => d.code)).toEqual(['egress/selection-name-unique', 'schema/unknown-field']);
  });

  test('a client without dynamic registration gets no registration request; a configuration created later applies at the next lint', async () => {
    const project = join(dir, 'created-unwatched');
    mkdirSync(project, { recursive: true });
    const c = await started();
    const uri = pathToFileURL(join(project, 'egress.yaml')).href;
    await c.open(uri, EGRESS, 1);
    expect((await c.diagnostics(uri, (p) => p.version === 1)).diagnostics.map((d) => d.code)).toEqual(['egress/master-deprecated', 'egress/selection-name-unique', 'schema/required', 'schema/unknown-field']);
    expect(c.registrations).toEqual([]);
    writeFileSync(join(project, 'platlint.config.yaml'), 'rules:\n  egress/master-deprecated: "off"\n  schema/required: "off"\n');
    await c.change(uri, 2, EGRESS);
    expect((await c.diagnostics(uri, (p) => p.version === 2)).diagnostics.map((d) => d.code)).toEqual(['egress/selection-name-unique', 'schema/unknown-field']);
  });

  test('pull diagnostics (textDocument/diagnostic) for clients that ask for them, and then no push', async () => {
    const c = LspClient.start();
    clients.push(c);
    const init = await c.initialize({ textDocument: { diagnostic: { dynamicRegistration: false } } }, {}, pathToFileURL(dir).href);
    expect(init.capabilities.diagnosticProvider).toEqual({ identifier: 'platlint', interFileDependencies: false, workspaceDiagnostics: false });
    const uri = uriOf('pull.yaml');
    await c.open(uri, EGRESS);
    const report = await c.request('textDocument/diagnostic', { textDocument: { uri } });
    expect(report).toEqual({ kind: 'full', items: egressDiagnostics(uri) });
    await new Promise((r) => setTimeout(r, 300));
    expect(c.published).toEqual([]);
  });

  test('initializationOptions.diagnostics "push" keeps push diagnostics for a client that could pull', async () => {
    const c = await started({ diagnostics: 'push' }, { textDocument: { diagnostic: { dynamicRegistration: false } } });
    const uri = uriOf('push.yaml');
    await c.open(uri, EGRESS);
    expect((await c.diagnostics(uri)).diagnostics).toEqual(egressDiagnostics(uri));
  });

  test('closing a document clears its diagnostics', async () => {
    const c = await started();
    const uri = uriOf('close.yaml');
    await c.open(uri, EGRESS);
    await c.diagnostics(uri);
    await c.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
    const cleared = await c.diagnostics(uri, (p) => p.diagnostics.length === 0);
    expect(cleared.version).toBeUndefined();
  });

  test('a server stopped (shutdown, exit) or killed (its input ends) in this process ends its lint thread', async () => {
    const threads: Promise<number>[] = [];
    const onWorker = (w: Worker) => threads.push(new Promise((resolve) => w.once('exit', resolve)));
    process.on('worker', onWorker);
    try {
      for (const stop of [true, false]) {
        const c = await started();
        const uri = uriOf(`released-${stop}.yaml`);
        await c.open(uri, EGRESS);
        expect((await c.diagnostics(uri)).diagnostics).toEqual(egressDiagnostics(uri));
        if (stop) expect(await c.stop()).toBe(0);
        else c.kill();
      }
      expect(threads).toHaveLength(2);
      await Promise.all(threads);
    } finally {
      process.off('worker', onWorker);
    }
  });
});

// Lints run in a worker thread (src/lsp/lint-thread.ts): requests are answered while a lint runs. The tests
// order messages, never time them: the injected `SLOW-UNTIL <file>` (test/helpers/lint-thread-faults.cjs) makes the
// lint of a text that holds it block its thread until that file exists, so a lint is known to be still running until the
// test creates that file.
describe('language server: lints off the main thread', () => {
  const FIXED = EGRESS.replace('proxyProtocl', 'proxyProtocol');
  const FIXED_CODES = ['egress/master-deprecated', 'egress/selection-name-unique'];

  interface Slow {
    c: LspClient;
    /** A text whose lint blocks until released. */
    slowText: string;
    /** Lets every blocked lint (and every later one) of a text with the marker run. */
    release: () => void;
    /** The next window/logMessage matching a pattern (one already received counts). */
    logged: (re: RegExp) => Promise<string>;
  }

  async function slowServer(name: string, capabilities: Record<string, unknown> = {}, env: Record<string, string> = {}): Promise<Slow> {
    const until = join(dir, `release-${name}`);
    const c = await started({}, capabilities, env, INJECT);
    const logs: string[] = [];
    let waiters: { re: RegExp; resolve: (m: string) => void }[] = [];
    c.connection.onNotification('window/logMessage', (m: { message: string }) => {
      logs.push(m.message);
      waiters = waiters.filter((w) => !(w.re.test(m.message) && (w.resolve(m.message), true)));
    });
    const logged = (re: RegExp) => {
      const seen = logs.find((m) => re.test(m));
      return seen !== undefined ? Promise.resolve(seen) : new Promise<string>((resolve) => waiters.push({ re, resolve }));
    };
    return { c, slowText: `${EGRESS}# SLOW-UNTIL ${until}\n`, release: () => writeFileSync(until, ''), logged };
  }

  const versions = (c: LspClient, uri: string) => c.published.filter((p) => p.uri === uri).map((p) => p.version);
  const hoverHead = async (c: LspClient, uri: string, at: { line: number; character: number }) =>
    (await c.request<{ contents: { value: string } } | null>('textDocument/hover', { textDocument: { uri }, position: at }))?.contents.value.split('\n')[0];

  test('hover, completion and code actions are answered while a document is linted, before its diagnostics; quick fixes come from the thread', async () => {
    const { c, slowText, release } = await slowServer('requests');
    const uri = uriOf('slow-requests.yaml');
    await c.open(uri, EGRESS, 1);
    const first = await c.diagnostics(uri, (p) => p.version === 1);
    expect(first.diagnostics).toEqual(egressDiagnostics(uri));
    // version 2's lint blocks its thread until released
    await c.change(uri, 2, slowText);
    expect(await hoverHead(c, uri, pos(3, 6))).toBe('**name** · `string` · required');
    const completion = await c.request<{ items: { label: string }[] }>('textDocument/completion', { textDocument: { uri }, position: pos(5, 21) });
    expect(completion.items.map((i) => i.label)).toEqual(['HTTPConnect', 'GRPC', 'Direct']);
    // the quick fix of a diagnostic made in the thread: its edit travels in the diagnostic's data
    const deprecated = first.diagnostics[0]!;
    const actions = await c.request<{ title: string; edit: unknown }[]>('textDocument/codeAction', { textDocument: { uri }, range: deprecated.range, context: { diagnostics: [deprecated] } });
    expect(actions.map((a) => [a.title, a.edit])).toEqual([
      ['Fix: replace with controlplane', { changes: { [uri]: [{ range: range(3, 10, 3, 16), newText: 'controlplane' }] } }],
      ['Disable egress/master-deprecated for this line', { changes: { [uri]: [{ range: range(3, 0, 3, 0), newText: '  # platlint-disable-next-line egress/master-deprecated -- reason\n' }] } }],
    ]);
    // all answered, and version 2 is not published yet: its lint is still running
    expect(versions(c, uri)).toEqual([1]);
    release();
    expect((await c.diagnostics(uri, (p) => p.version === 2)).diagnostics).toEqual(egressDiagnostics(uri));
    expect(versions(c, uri)).toEqual([1, 2]);
    expect(c.stderr.join('')).toBe('');
  });

  test('a newer version during a long lint: the lint is abandoned with its thread, its diagnostics are never published, the newest are', async () => {
    const { c, slowText, release, logged } = await slowServer('abandon');
    const uri = uriOf('slow-abandon.yaml');
    await c.open(uri, EGRESS, 1);
    await c.diagnostics(uri, (p) => p.version === 1);
    await c.change(uri, 2, slowText);
    expect(await hoverHead(c, uri, pos(3, 6))).toBe('**name** · `string` · required');
    await c.change(uri, 3, FIXED);
    // version 2's lint never ends (not released): version 3 is linted by a new thread
    expect(await logged(/abandoned the lint/)).toMatch(new RegExp(`^platlint: abandoned the lint of ${uri.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(version 2\\) after \\d+ ms: its result would be stale; the lint thread restarts$`));
    expect((await c.diagnostics(uri, (p) => p.version === 3)).diagnostics.map((d) => d.code)).toEqual(FIXED_CODES);
    expect(versions(c, uri)).toEqual([1, 3]);
    // a lint of version 2 still alive would end now, and before the next one (one lint at a time)
    release();
    await c.change(uri, 4, EGRESS);
    expect((await c.diagnostics(uri, (p) => p.version === 4)).diagnostics).toEqual(egressDiagnostics(uri));
    expect(versions(c, uri)).toEqual([1, 3, 4]);
    expect(c.stderr.join('')).toBe('');
  });

  test('a newer version during a lint that then ends: its result is dropped, the newest version is published', async () => {
    const { c, slowText, release } = await slowServer('drop');
    const uri = uriOf('slow-drop.yaml');
    await c.open(uri, EGRESS, 1);
    await c.diagnostics(uri, (p) => p.version === 1);
    await c.change(uri, 2, slowText);
    expect(await hoverHead(c, uri, pos(3, 6))).toBe('**name** · `string` · required');
    await c.change(uri, 3, FIXED);
    // the server handles messages in order: once this hover is answered, it has version 3
    expect(await hoverHead(c, uri, pos(3, 6))).toBe('**name** · `string` · required');
    // version 2's lint ends now (or is abandoned first): either way its result is stale
    release();
    expect((await c.diagnostics(uri, (p) => p.version === 3)).diagnostics.map((d) => d.code)).toEqual(FIXED_CODES);
    await c.change(uri, 4, EGRESS);
    await c.diagnostics(uri, (p) => p.version === 4);
    expect(versions(c, uri)).toEqual([1, 3, 4]);
  });

  test('a configuration changed during a lint: the result under the old one is never published, the document is linted under the new one', async () => {
    const project = join(dir, 'slow-config');
    mkdirSync(project, { recursive: true });
    const config = join(project, 'platlint.config.yaml');
    writeFileSync(config, 'rules: {}\n');
    const { c, slowText, release } = await slowServer('config', { workspace: { didChangeWatchedFiles: { dynamicRegistration: true } } });
    const uri = pathToFileURL(join(project, 'egress.yaml')).href;
    await c.open(uri, slowText, 1);
    expect(await hoverHead(c, uri, pos(3, 6))).toBe('**name** · `string` · required');
    // version 1 is being linted under `rules: {}` when the configuration changes
    writeFileSync(config, 'rules:\n  schema/required: "off"\n  schema/unknown-field: "off"\n');
    await c.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: pathToFileURL(config).href, type: 2 }] });
    expect(await hoverHead(c, uri, pos(3, 6))).toBe('**name** · `string` · required');
    release();
    expect((await c.diagnostics(uri, (p) => p.version === 1)).diagnostics.map((d) => d.code)).toEqual(FIXED_CODES);
    await c.change(uri, 2, EGRESS);
    await c.diagnostics(uri, (p) => p.version === 2);
    expect(c.published.map((p) => [p.version, p.diagnostics.length])).toEqual([
      [1, 2],
      [2, 2],
    ]);
  });

  test('a pull (textDocument/diagnostic) is answered when the running lint ends; hover meanwhile at once', async () => {
    const { c, slowText, release } = await slowServer('pull', { textDocument: { diagnostic: { dynamicRegistration: false } } });
    const uri = uriOf('slow-pull.yaml');
    await c.open(uri, slowText, 1);
    let answered = false;
    const report = c.request<{ kind: string; items: LspDiagnostic[] }>('textDocument/diagnostic', { textDocument: { uri } }).finally(() => (answered = true));
    expect(await hoverHead(c, uri, pos(3, 6))).toBe('**name** · `string` · required');
    expect(answered).toBe(false);
    release();
    expect(await report).toEqual({ kind: 'full', items: egressDiagnostics(uri) });
    expect(c.published).toEqual([]);
  });

  test('a 16 MB document (over the default limit) gets input/too-large without a lint; hover answers', async () => {
    const c = await started();
    const uri = uriOf('huge.yaml');
    const huge = `${EGRESS}# ${'x'.repeat(16 * 1024 * 1024)}\n`;
    await c.open(uri, huge, 1);
    expect((await c.diagnostics(uri, (p) => p.version === 1)).diagnostics).toEqual(tooLarge(huge.length));
    // as in an editor: a keystroke sends the change alone
    await c.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ range: range(12, 2, 12, 2), text: 'y' }] });
    expect((await c.diagnostics(uri, (p) => p.version === 2)).diagnostics).toEqual(tooLarge(huge.length + 1));
    // hover skips it (it would parse all of it), and answers for the other documents
    expect(await c.request('textDocument/hover', { textDocument: { uri }, position: pos(3, 6) })).toBeNull();
    const small = uriOf('small.yaml');
    await c.open(small, EGRESS, 1);
    expect(await hoverHead(c, small, pos(3, 6))).toBe('**name** · `string` · required');
    expect((await c.diagnostics(small, (p) => p.version === 1)).diagnostics).toEqual(egressDiagnostics(small));
  });

  test('a 16 MB document of two million lines (CRLF) keeps its text through keystrokes in its middle and at its end: input/too-large of each size, then, cut under the limit, its lint', async () => {
    const c = await started();
    const uri = uriOf('huge-lines.yaml');
    const lines = 2_100_000;
    const huge = `${EGRESS}${'# line\r\n'.repeat(lines)}`;
    await c.open(uri, huge, 1);
    expect((await c.diagnostics(uri, (p) => p.version === 1)).diagnostics).toEqual(tooLarge(huge.length));
    // EGRESS is 12 lines: the comment lines are 12 to 12 + lines - 1, and an empty last line follows them
    const edit = async (version: number, r: LspRange, text: string) => c.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ range: r, text }] });
    await edit(2, range(1_000_000, 2, 1_000_000, 6), 'edited line');
    expect((await c.diagnostics(uri, (p) => p.version === 2)).diagnostics).toEqual(tooLarge(huge.length + 7));
    await edit(3, range(12 + lines - 1, 6, 12 + lines, 0), '\r\n# one more\r\n');
    expect((await c.diagnostics(uri, (p) => p.version === 3)).diagnostics).toEqual(tooLarge(huge.length + 7 + 12));
    // everything after EGRESS cut: the document is EGRESS again, linted
    await edit(4, range(12, 0, 12 + lines + 1, 0), '');
    expect((await c.diagnostics(uri, (p) => p.version === 4)).diagnostics).toEqual(egressDiagnostics(uri));
    expect(await hoverHead(c, uri, pos(3, 6))).toBe('**name** · `string` · required');
  });

  test('a block sequence nested 5,000 levels deep gets its syntax error, not a stale one; hover answers after it', async () => {
    const c = await started();
    const uri = uriOf('deep.yaml');
    await c.open(uri, EGRESS, 1);
    await c.diagnostics(uri, (p) => p.version === 1);
    await c.change(uri, 2, `apiVersion: audit.plat.io/v1\nkind: Policy\nrules:\n${'- '.repeat(5000)}x\n`);
    expect((await c.diagnostics(uri, (p) => p.version === 2)).diagnostics).toEqual([
      {
        range: range(3, 1037, 3, 1037),
        severity: 1,
        code: 'yaml/syntax',
        codeDescription: { href: `${DOCS}yaml/syntax.md` },
        source: 'platlint',
        message: 'Parsing error: the document nests too deeply to be read',
        data: { fatal: true },
      },
    ]);
    expect(await hoverHead(c, uri, pos(2, 1))).toBe('**rules** · `list of PolicyRule` · required');
    await c.change(uri, 3, EGRESS);
    expect((await c.diagnostics(uri, (p) => p.version === 3)).diagnostics).toEqual(egressDiagnostics(uri));
    expect(c.stderr.join('')).toBe('');
  });

  test('the lint thread dying gives the document internal/error at 1:1; a new thread lints the next edit', async () => {
    const c = await started({}, {}, {}, INJECT);
    const uri = uriOf('crash.yaml');
    await c.open(uri, EGRESS, 1);
    await c.diagnostics(uri, (p) => p.version === 1);
    // the thread linting a text with the marker calls process.exit(70) (test/helpers/lint-thread-faults.cjs)
    await c.change(uri, 2, `${EGRESS}# EXIT-MARKER\n`);
    expect((await c.diagnostics(uri, (p) => p.version === 2)).diagnostics).toEqual([
      {
        range: range(0, 0, 0, 0),
        severity: 1,
        code: 'internal/error',
        codeDescription: { href: `${DOCS}internal/error.md` },
        source: 'platlint',
        message: 'platlint failed on this document (the lint thread exited with code 70); its findings are not reported: please report this',
        data: { fatal: true },
      },
    ]);
    expect(await hoverHead(c, uri, pos(3, 6))).toBe('**name** · `string` · required');
    await c.change(uri, 3, EGRESS);
    expect((await c.diagnostics(uri, (p) => p.version === 3)).diagnostics).toEqual(egressDiagnostics(uri));
    const other = uriOf('after-crash.yaml');
    await c.open(other, FIXED, 1);
    expect((await c.diagnostics(other, (p) => p.version === 1)).diagnostics.map((d) => d.code)).toEqual(FIXED_CODES);
    expect(c.stderr.join('')).toBe('');
  });
});

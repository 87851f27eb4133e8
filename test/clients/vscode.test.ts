// The VS Code extension (editors/vscode/): the .vsix that `npm run package:vscode` builds, read as the zip it is
// (its manifest and its files), and the extension's code taken from that .vsix and run against the real language
// server through vscode-languageclient, with a stand-in for the `vscode` module (test/clients/vscode-stand-in.ts)
// that records what the client shows. VS Code itself does not run here: what its editor does with the
// diagnostics and hovers (underlines, the Problems panel, the hover widget) is not tested. Needs the build.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import yauzl from 'yauzl';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { LogLevel, Position, vscodeStandIn, type Diagnostic } from './vscode-stand-in.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const STAND_IN = Symbol.for('platlint.test.vscode');
let dir: string;
let vsix: string;
/** The .vsix's entries: name -> bytes. */
let entries: Map<string, Buffer>;
/** Where the .vsix's `extension/` folder was unpacked (the extension's folder, as VS Code installs it). */
let extensionPath: string;

function readZip(file: string): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      const out = new Map<string, Buffer>();
      zip.on('error', reject);
      zip.on('end', () => resolve(out));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** The files below a folder, relative with `/`, sorted. */
function filesBelow(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((f) => statSync(join(folder, f)).isFile())
    .map((f) => f.split('\\').join('/'))
    .sort();
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'platlint-vscode-'));
  vsix = join(dir, 'platlint.vsix');
  const r = spawnSync(process.execPath, [join(root, 'editors/vscode/build.mjs'), '--out', vsix], { encoding: 'utf8' });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  entries = await readZip(vsix);
  const unpacked = join(dir, 'unpacked');
  for (const [name, bytes] of entries) {
    if (name.endsWith('/')) continue;
    mkdirSync(dirname(join(unpacked, name)), { recursive: true });
    writeFileSync(join(unpacked, name), bytes);
  }
  extensionPath = join(unpacked, 'extension');
  // VS Code's extension host gives an extension the `vscode` module: here a package beside the extension
  // hands over the stand-in of the test that loads it
  mkdirSync(join(extensionPath, 'node_modules', 'vscode'), { recursive: true });
  writeFileSync(join(extensionPath, 'node_modules', 'vscode', 'index.js'), `module.exports = globalThis[Symbol.for('platlint.test.vscode')];\n`);
}, 60000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('the .vsix holds the manifest, the bundled extension and the language server with what it loads, nothing else', () => {
  const server = [
    'server/bin/platlint-language-server.cjs',
    'server/bin/load-bundle.cjs',
    ...['cel-js.cjs', 'kind-types.json', 'lsp-worker.cjs', 'lsp.cjs'].map((f) => `server/dist/${f}`),
    ...filesBelow(join(root, 'dist/validators')).map((f) => `server/dist/validators/${f}`),
    ...filesBelow(join(root, 'schemas')).map((f) => `server/schemas/${f}`),
  ];
  const license = existsSync(join(root, 'LICENSE')) ? ['LICENSE.txt'] : [];
  expect([...entries.keys()].sort()).toEqual(
    ['[Content_Types].xml', 'extension.vsixmanifest', ...['dist/extension.js', 'package.json', 'readme.md', ...license, ...server].map((f) => `extension/${f}`)].sort(),
  );
  // the manifest is the extension's package.json as written
  expect(JSON.parse(entries.get('extension/package.json')!.toString('utf8'))).toEqual(JSON.parse(readFileSync(join(root, 'editors/vscode/package.json'), 'utf8')));
  const xml = entries.get('extension.vsixmanifest')!.toString('utf8');
  expect(xml).toContain('<Identity Language="en-US" Id="platlint" Version="0.1.0" Publisher="platlint" />');
  expect(xml).toContain('<Property Id="Microsoft.VisualStudio.Code.Engine" Value="^1.91.0" />');
  // the server files are the build's, byte for byte
  for (const f of server.slice(2)) expect(entries.get(`extension/${f}`)!.equals(readFileSync(join(root, f.startsWith('server/dist/') ? f.slice('server/'.length) : f.slice('server/'.length))))).toBe(true);
  expect(entries.get('extension/server/bin/platlint-language-server.cjs')!.equals(readFileSync(join(root, 'bin/platlint-language-server.js')))).toBe(true);
  expect(entries.get('extension/server/bin/load-bundle.cjs')!.equals(readFileSync(join(root, 'bin/load-bundle.cjs')))).toBe(true);
  // the bundle needs no module but the editor's and Node.js's own
  const requires = [...new Set([...entries.get('extension/dist/extension.js')!.toString('utf8').matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]))].sort();
  expect(requires.filter((m) => m !== 'vscode' && !m!.startsWith('node:') && !builtinModules.includes(m!))).toEqual([]);
});

interface Extension {
  activate(context: { subscriptions: { dispose(): unknown }[]; extensionPath: string }): Promise<void>;
  deactivate(): Promise<void>;
}

/** Loads the unpacked extension's bundle afresh with a stand-in of `vscode` for a workspace folder and settings. */
function loadExtension(folder: string, settings: Record<string, unknown>, logLevel?: LogLevel) {
  const standIn = vscodeStandIn(folder, settings, logLevel);
  (globalThis as Record<symbol, unknown>)[STAND_IN] = standIn.api;
  const require = createRequire(join(extensionPath, 'package.json'));
  for (const m of [join(extensionPath, 'dist', 'extension.js'), join(extensionPath, 'node_modules', 'vscode', 'index.js')]) delete require.cache[m];
  const extension = require('./dist/extension.js') as Extension;
  return { ...standIn, extension };
}

/** The diagnostics of a document once the client has set them. */
function diagnosticsOf(shown: ReturnType<typeof vscodeStandIn>['shown'], uri: string): Promise<Diagnostic[]> {
  return new Promise((resolve) => {
    const done = () => resolve(shown.diagnostics.get(uri)!);
    if (shown.diagnostics.has(uri)) return done();
    const listening = shown.onDiagnostics.event((u) => {
      if (u !== uri) return;
      listening.dispose();
      done();
    });
  });
}

const EGRESS = 'apiVersion: apiserver.plat.io/v1beta1\nkind: EgressSelectorConfiguration\negressSelections:\n  - name: cluster\n    connection:\n      proxyProtocl: Direct\n';

/** The diagnostics as VS Code would list them: position, severity (0 is Error), code, source and message. */
const listed = (diagnostics: Diagnostic[]) =>
  diagnostics.map((d) => ({
    range: [d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character],
    severity: d.severity,
    code: typeof d.code === 'object' ? d.code.value : d.code,
    source: d.source,
    message: d.message,
  }));

test('with no platlint in the workspace, the bundled server gives the diagnostics of an opened document, a hover and its quick fixes', async () => {
  const folder = mkdtempSync(join(dir, 'workspace-'));
  const { api, shown, open, extension } = loadExtension(folder, {});
  const context = { subscriptions: [], extensionPath };
  await extension.activate(context);
  try {
    expect(shown.output[0]).toBe(`platlint: starting the language server ${join(extensionPath, 'server/bin/platlint-language-server.cjs')} (bundled)`);
    const document = open(join(folder, 'egress.yaml'), 'yaml', EGRESS);
    const diagnostics = await diagnosticsOf(shown, document.uri.toString());
    expect(listed(diagnostics)).toEqual([
      { range: [4, 4, 4, 14], severity: api.DiagnosticSeverity.Error, code: 'schema/required', source: 'platlint', message: 'missing required field `proxyProtocol` in `egressSelections[0].connection`' },
      { range: [5, 6, 5, 18], severity: api.DiagnosticSeverity.Error, code: 'schema/unknown-field', source: 'platlint', message: 'unknown field `proxyProtocl` in `egressSelections[0].connection`; did you mean `proxyProtocol`?' },
    ]);
    // each code links to the rule's page (where the pages live is the server's business)
    for (const d of diagnostics) expect(typeof d.code === 'object' && /^https?:\/\/\S+$/.test(d.code.target.toString())).toBe(true);
    expect(shown.hovers.map((h) => h.selector)).toEqual([[
      { scheme: 'file', language: 'yaml' },
      { scheme: 'file', language: 'json' },
      { scheme: 'untitled', language: 'yaml' },
      { scheme: 'untitled', language: 'json' },
    ].map((f) => ({ ...f, pattern: undefined }))]);
    const hover = await shown.hovers[0]!.provider.provideHover(document, new Position(2, 3), new api.CancellationTokenSource().token);
    expect(hover?.contents.map((c) => c.value)).toEqual([
      '**egressSelections** · `list of EgressSelection` · optional\n\n' +
        'Egress selection clients. Optional here although the spec marks it R: the platform accepts a file without selections (its egress selector then uses the default dialer for all traffic); `egress/spec-conformance` warns when it is missing.\n\n' +
        '`egressSelections` of EgressSelectorConfiguration (apiserver.plat.io/v1beta1)',
    ]);
    expect(hover?.range && [hover.range.start.line, hover.range.start.character, hover.range.end.line, hover.range.end.character]).toEqual([2, 0, 2, 16]);
    // the quick fixes for the unknown field, as VS Code asks for them (the light bulb on the diagnostic)
    const unknown = diagnostics[1]!;
    const actions = await shown.codeActions[0]!.provider.provideCodeActions(document, unknown.range, { diagnostics: [unknown], triggerKind: api.CodeActionTriggerKind.Invoke }, new api.CancellationTokenSource().token);
    const uri = document.uri.toString();
    expect(
      actions?.map((a) => ({ title: a.title, kind: a.kind?.value, preferred: a.isPreferred, edits: [...(a.edit?.edits ?? [])].map(([u, e]) => [u, e.map((x) => [x.range.start.line, x.range.start.character, x.range.end.line, x.range.end.character, x.newText])]) })),
    ).toEqual([
      { title: 'Fix: replace with proxyProtocol', kind: 'quickfix', preferred: true, edits: [[uri, [[5, 6, 5, 18, 'proxyProtocol']]]] },
      { title: 'Disable schema/unknown-field for this line', kind: 'quickfix', preferred: undefined, edits: [[uri, [[5, 0, 5, 0, '      # platlint-disable-next-line schema/unknown-field -- reason\n']]]] },
    ]);
    expect(shown.messages).toEqual([]);
  } finally {
    await extension.deactivate();
  }
});

test("with platlint in the workspace's node_modules, its server runs; the trace setting shows the messages, which carry the configuration file setting", async () => {
  const folder = mkdtempSync(join(dir, 'workspace-'));
  mkdirSync(join(folder, 'node_modules'));
  symlinkSync(root, join(folder, 'node_modules', 'platlint'), 'dir');
  // the configuration file setting: a file outside the folders platlint.config.yaml is searched in
  mkdirSync(join(folder, 'config'));
  writeFileSync(join(folder, 'config', 'platlint.config.yaml'), 'rules:\n  schema/unknown-field: "off"\n');
  const { shown, open, extension } = loadExtension(folder, { 'platlint.trace.server': 'verbose', 'platlint.configFile': 'config/platlint.config.yaml' }, LogLevel.Trace);
  await extension.activate({ subscriptions: [], extensionPath });
  try {
    expect(shown.output[0]).toBe(`platlint: starting the language server ${join(folder, 'node_modules/platlint/bin/platlint-language-server.js')} (workspace)`);
    const document = open(join(folder, 'egress.yaml'), 'yaml', EGRESS);
    // schema/unknown-field is off in the named configuration
    expect(listed(await diagnosticsOf(shown, document.uri.toString())).map((d) => d.code)).toEqual(['schema/required']);
    // the channel's trace (log level Trace, `verbose`): the initialize request with its parameters
    const initialize = shown.output.find((line) => line.startsWith("Sending request 'initialize - (0)'.\nParams: "));
    const params = JSON.parse(initialize!.slice(initialize!.indexOf('Params: ') + 'Params: '.length)) as { initializationOptions: unknown; rootUri: string };
    expect(params.initializationOptions).toEqual({ diagnostics: 'push', configFile: join(folder, 'config/platlint.config.yaml') });
    expect(params.rootUri).toBe(pathToFileURL(folder).href);
    expect(shown.output.some((line) => line.startsWith("Received notification 'textDocument/publishDiagnostics'.\nParams: "))).toBe(true);
  } finally {
    await extension.deactivate();
  }
});

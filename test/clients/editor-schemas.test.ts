// The schemas `platlint schemas --out` writes, read by a real consumer: yaml-language-server (the YAML support
// of VS Code, Neovim, Helix …) over stdio, with a `# yaml-language-server: $schema=` modeline pointing at one
// exported file. It must validate the document (unknown field, wrong enum value) and show the field's
// description on hover.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';
import { platlint } from '../helpers/cli.js';
import { ROOT } from '../helpers/fixtures.js';

const SERVER = join(ROOT, 'node_modules', 'yaml-language-server', 'bin', 'yaml-language-server');

interface Diagnostic {
  range: { start: { line: number; character: number } };
  message: string;
}

describe('exported schemas in yaml-language-server', () => {
  const dir = mkdtempSync(join(tmpdir(), 'platlint-editor-'));
  const doc = join(dir, 'config', 'authz.yaml');
  const uri = pathToFileURL(doc).href;
  const text = [
    '# yaml-language-server: $schema=../plat-schemas/apiserver.config.plat.io/v1/AuthorizationConfiguration.schema.json',
    'apiVersion: apiserver.config.plat.io/v1',
    'kind: AuthorizationConfiguration',
    'authorizers:',
    '  - type: Webhook',
    '    name: tenant-policy',
    '    webhook:',
    '      timeout: 3s',
    '      authorizedTTL: 5m',
    '      unauthorizedTTL: 30s',
    '      failurePolicy: Denyy',
    '      subjectAccessReviewVersion: v1',
    '      matchConditionSubjectAccessReviewVersion: v1',
    '      connectionInfo:',
    '        type: InClusterConfig',
    'authorizer: []',
    '',
  ].join('\n');
  let connection: MessageConnection;
  let kill: () => void;
  const published: { uri: string; diagnostics: Diagnostic[] }[] = [];

  beforeAll(async () => {
    expect((await platlint(['schemas', '--out', join(dir, 'plat-schemas')])).code).toBe(0);
    mkdirSync(join(dir, 'config'));
    writeFileSync(doc, text);
    const proc = spawn(process.execPath, [SERVER, '--stdio'], { cwd: dir, stdio: ['pipe', 'pipe', 'pipe'] });
    kill = () => proc.kill();
    connection = createMessageConnection(new StreamMessageReader(proc.stdout), new StreamMessageWriter(proc.stdin));
    const settings = { yaml: { validate: true, hover: true, completion: true, schemaStore: { enable: false } } };
    connection.onRequest('workspace/configuration', (p: { items: { section?: string }[] }) => p.items.map((i) => (i.section === 'yaml' ? settings.yaml : i.section ? undefined : settings)));
    connection.onRequest('client/registerCapability', () => null);
    connection.onNotification('textDocument/publishDiagnostics', (p: { uri: string; diagnostics: Diagnostic[] }) => {
      published.push(p);
    });
    connection.listen();
    await connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: pathToFileURL(dir).href,
      capabilities: { workspace: { configuration: true }, textDocument: { hover: { contentFormat: ['markdown', 'plaintext'] } } },
    });
    connection.sendNotification('initialized', {});
    connection.sendNotification('workspace/didChangeConfiguration', { settings });
    connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text } });
  }, 30000);

  afterAll(() => {
    connection?.dispose();
    kill?.();
  });

  it('reports the unknown field and the wrong enum value through the modeline schema', async () => {
    const deadline = Date.now() + 20000;
    let last: Diagnostic[] = [];
    while (Date.now() < deadline) {
      last = published.filter((p) => p.uri === uri).at(-1)?.diagnostics ?? [];
      if (last.length >= 2) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const found = last.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.message}`).sort();
    expect(found).toContainEqual(expect.stringMatching(/^16:1 Property authorizer is not allowed\.$/));
    expect(found).toContainEqual(expect.stringMatching(/^11:22 Value is not accepted\. Valid values: "NoOpinion", "Deny"\.$/));
  }, 25000);

  it('shows the field description from the spec on hover', async () => {
    const hover = (await connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 7, character: 8 } })) as { contents: { value: string } | string };
    const value = typeof hover.contents === 'string' ? hover.contents : hover.contents.value;
    // the field's own description, not the one of its type (Duration)
    expect(value).toContain('Timeout of a webhook request; at most 30s; no default.');
  });
});

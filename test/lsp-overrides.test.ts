// The language server applies `overrides` per document: each open document gets the severities of its own
// path under the platlint.config.yaml above it, as the command line does (docs/configuration.md, "Tuning per folder").
// Needs the build (npm test builds first): the built server runs in this process (test/helpers/lsp-client.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from 'vitest';
import type { LspDiagnostic } from './helpers/lsp-client.js';
import { lspSession } from './helpers/lsp-session.js';

const session = lspSession('platlint-lsp-overrides-');
const { started } = session;

const ROLE = [
  'apiVersion: rbac.authorization.plat.io/v1',
  'kind: Role',
  'metadata:',
  '  name: debugger',
  '  namespace: checkout',
  '  colour: blue',
  'rules:',
  '  - apiGroups: [""]',
  '    resources: ["pods/exec"]',
  '    verbs: ["*"]',
  '',
].join('\n');

const CONFIG = [
  'rules:',
  '  schema/unknown-field: warn',
  'overrides:',
  '  - files: ["dev/**"]',
  '    rules:',
  '      schema/*: "off"',
  '      security/no-pod-exec: error',
  '  - files: ["prod/**"]',
  '    rules:',
  '      security/*: error',
  '',
].join('\n');

/** code, LSP severity (1 error, 2 warning) and 0-based start of each diagnostic. */
const summary = (ds: LspDiagnostic[]) => ds.map((d) => `${d.code} ${d.severity} ${d.range.start.line}:${d.range.start.character}`);

test('each open document gets the severities of its folder; an edit keeps them; a document without a file gets the rules alone', async () => {
  const project = join(session.dir(), 'project');
  for (const d of ['dev', 'prod']) mkdirSync(join(project, d), { recursive: true });
  writeFileSync(join(project, 'platlint.config.yaml'), CONFIG);
  const c = await started(project);
  const uri = (f: string) => pathToFileURL(join(project, f)).href;
  for (const f of ['role.yaml', 'dev/role.yaml', 'prod/role.yaml']) await c.open(uri(f), ROLE, 1);
  expect(summary((await c.diagnostics(uri('role.yaml'))).diagnostics)).toEqual(['schema/unknown-field 2 5:2', 'security/no-pod-exec 2 8:16', 'security/no-wildcard-verbs 2 9:12']);
  expect(summary((await c.diagnostics(uri('dev/role.yaml'))).diagnostics)).toEqual(['security/no-pod-exec 1 8:16', 'security/no-wildcard-verbs 2 9:12']);
  expect(summary((await c.diagnostics(uri('prod/role.yaml'))).diagnostics)).toEqual(['schema/unknown-field 2 5:2', 'security/no-pod-exec 1 8:16', 'security/no-wildcard-verbs 1 9:12']);
  // an edit of the prod document: still the prod severities, at the new positions
  await c.change(uri('prod/role.yaml'), 2, `# edited\n${ROLE}`);
  expect(summary((await c.diagnostics(uri('prod/role.yaml'), (p) => p.version === 2)).diagnostics)).toEqual(['schema/unknown-field 2 6:2', 'security/no-pod-exec 1 9:16', 'security/no-wildcard-verbs 1 10:12']);
  // an untitled document has no path: the workspace root's configuration, without overrides
  await c.open('untitled:Untitled-1', ROLE, 1);
  expect(summary((await c.diagnostics('untitled:Untitled-1')).diagnostics)).toEqual(['schema/unknown-field 2 5:2', 'security/no-pod-exec 2 8:16', 'security/no-wildcard-verbs 2 9:12']);
  expect(c.messages).toEqual([]);
  expect(c.stderr.join('')).toBe('');
});

test('an open platlint.config.yaml gets a diagnostic at each bad override: an unknown area, an unknown rule, a folder pattern, a wrong type', async () => {
  const project = join(session.dir(), 'config-buffer');
  mkdirSync(project, { recursive: true });
  const config = join(project, 'platlint.config.yaml');
  writeFileSync(config, CONFIG);
  const c = await started(project);
  const configUri = pathToFileURL(config).href;
  await c.open(configUri, 'overrides:\n  - files: [prod/]\n    rules:\n      secutiry/*: error\n      security/no-pod-exce: warn\n  - files: dev/**\n    rules: {}\n', 1);
  expect((await c.diagnostics(configUri)).diagnostics).toEqual([
    {
      range: { start: { line: 1, character: 12 }, end: { line: 1, character: 17 } },
      severity: 1,
      code: 'config/schema',
      source: 'platlint',
      message: '`prod/` names a folder, which matches no file: write `prod/**` for the files below it',
    },
    {
      range: { start: { line: 3, character: 6 }, end: { line: 3, character: 16 } },
      severity: 1,
      code: 'config/unknown-rule',
      source: 'platlint',
      message: 'unknown rule area `secutiry` in `secutiry/*`; did you mean `security/*`?',
    },
    {
      range: { start: { line: 4, character: 6 }, end: { line: 4, character: 26 } },
      severity: 1,
      code: 'config/unknown-rule',
      source: 'platlint',
      message: 'unknown rule `security/no-pod-exce`; did you mean `security/no-pod-exec`?',
    },
    {
      range: { start: { line: 5, character: 11 }, end: { line: 5, character: 17 } },
      severity: 1,
      code: 'config/schema',
      source: 'platlint',
      message: '`files` must be a list, got a string (`dev/**`)',
    },
  ]);
});

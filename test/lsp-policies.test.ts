// The language server runs the policies of the configuration (docs/policies.md),
// end to end over stdio: the example policies' findings with their rule id, message and range, a suppression
// comment for one, and a policy that does not type-check as a configuration error with its position.
// Needs the build (npm test builds first): the built server runs in this process (test/helpers/lsp-client.ts).
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from 'vitest';
import { ROOT } from './helpers/fixtures.js';
import type { LspDiagnostic } from './helpers/lsp-client.js';
import { lspSession } from './helpers/lsp-session.js';

const EXAMPLES = join(ROOT, 'fixtures', 'examples', 'policies');
const session = lspSession('platlint-lsp-policies-');
const { started } = session;

/** A project folder with the example policies' configuration. */
function project(name: string): { root: string; uri: (f: string) => string } {
  const root = join(session.dir(), name);
  mkdirSync(root, { recursive: true });
  copyFileSync(join(EXAMPLES, 'platlint.config.yaml'), join(root, 'platlint.config.yaml'));
  return { root, uri: (f) => pathToFileURL(join(root, f)).href };
}

const example = (f: string) => readFileSync(join(EXAMPLES, f), 'utf8');
const range = (l1: number, c1: number, l2: number, c2: number) => ({ start: { line: l1, character: c1 }, end: { line: l2, character: c2 } });
/** code, 0-based start of each diagnostic, as the fixtures' `# expect:` lines give them (1-based) once converted. */
const starts = (ds: LspDiagnostic[]) => ds.map((d) => `${d.code} ${d.range.start.line + 1}:${d.range.start.character + 1}`);
/** The `# expect: <rule> <path> <line>:<column>` lines of a fixture, without the path. */
const expected = (text: string) => [...text.matchAll(/^# expect: (\S+) \S+ (\d+:\d+)$/gm)].map((m) => `${m[1]} ${m[2]}`);

test('the example policies: each invalid fixture opened in the editor gives the findings it expects, with rule id, message and range', async () => {
  const p = project('examples');
  const c = await started(p.root);
  await c.open(p.uri('rbac-bindings.yaml'), example('invalid/rbac-bindings.yaml'), 1);
  expect((await c.diagnostics(p.uri('rbac-bindings.yaml'))).diagnostics).toEqual([
    {
      range: range(13, 10, 13, 26),
      severity: 2,
      code: 'acme/bind-groups-not-users',
      source: 'platlint',
      message: 'binding payments-developers gives payments-reader to the user jane@example.com; bind an oidc: group, so that leaving the team removes the access',
    },
    {
      range: range(29, 14, 29, 28),
      severity: 2,
      code: 'acme/bind-groups-not-users',
      source: 'platlint',
      message: 'groups come from the identity provider and start with oidc:; platform groups are bound by the platform team only',
    },
  ]);
  await c.open(p.uri('authorization-webhooks.yaml'), example('invalid/authorization-webhooks.yaml'), 1);
  expect((await c.diagnostics(p.uri('authorization-webhooks.yaml'))).diagnostics).toEqual([
    {
      range: range(6, 0, 6, 11),
      severity: 1,
      code: 'acme/authz-webhooks-fail-closed',
      source: 'platlint',
      message: '3 webhook authorizers: each adds its latency to every request it sees; use at most 2',
    },
    {
      range: range(19, 21, 19, 30),
      severity: 1,
      code: 'acme/authz-webhooks-fail-closed',
      source: 'platlint',
      message: 'webhook authorizer tenant-policy.example.com lets requests through to the next authorizer when it is unreachable; set failurePolicy: Deny',
    },
    {
      range: range(25, 15, 25, 18),
      severity: 1,
      code: 'acme/authz-webhooks-fail-closed',
      source: 'platlint',
      message: 'webhook authorizer audit-approval.example.com waits up to 10s for an answer, holding every request; at most 5s',
    },
  ]);
  // every invalid fixture: exactly its `# expect:` lines; every valid one: nothing
  for (const f of ['invalid/encryption-aescbc-first.yaml', 'invalid/rbac-bindings.yaml', 'invalid/authorization-webhooks.yaml', 'valid/authorization-config.yaml', 'valid/encryption-config.yaml', 'valid/rbac-bindings.yaml']) {
    const uri = p.uri(f.replace('/', '-'));
    await c.open(uri, example(f), 1);
    expect(starts((await c.diagnostics(uri)).diagnostics), f).toEqual(expected(example(f)));
  }
  expect(expected(example('invalid/encryption-aescbc-first.yaml'))).toEqual(['acme/secrets-encrypted-by-kms 14:9']);
  expect(c.messages).toEqual([]);
  expect(c.stderr.join('')).toBe('');
});

test("a policy's finding: the quick fix \"disable for this line\" writes a comment that suppresses it; a severity in rules: applies", async () => {
  const p = project('suppressed');
  const c = await started(p.root);
  const uri = p.uri('rbac-bindings.yaml');
  const text = example('invalid/rbac-bindings.yaml');
  await c.open(uri, text, 1);
  const found = (await c.diagnostics(uri)).diagnostics;
  expect(found.map((d) => d.code)).toEqual(['acme/bind-groups-not-users', 'acme/bind-groups-not-users']);
  const actions = await c.request<{ title: string; edit: { changes: Record<string, { range: ReturnType<typeof range>; newText: string }[]> } }[]>('textDocument/codeAction', {
    textDocument: { uri },
    range: found[0]!.range,
    context: { diagnostics: [found[0]] },
  });
  expect(actions.map((a) => a.title)).toEqual(['Disable acme/bind-groups-not-users for this line']);
  expect(actions[0]!.edit.changes[uri]).toEqual([{ range: range(13, 0, 13, 0), newText: '    # platlint-disable-next-line acme/bind-groups-not-users -- reason\n' }]);
  // the comment with a reason of one's own, as a user writes it after the quick fix
  const lines = text.split('\n');
  lines.splice(13, 0, '    # platlint-disable-next-line acme/bind-groups-not-users -- contractor until March, removed by the offboarding job');
  await c.change(uri, 2, lines.join('\n'));
  // the user's finding is gone; the list's finding (one line further down) stays; no suppression/unused
  expect(starts((await c.diagnostics(uri, (x) => x.version === 2)).diagnostics)).toEqual(['acme/bind-groups-not-users 31:15']);
  // a comment for the policy where it reports nothing is unused, as for a built-in rule
  lines.splice(2, 0, '# platlint-disable-next-line acme/bind-groups-not-users -- nothing here');
  await c.change(uri, 3, lines.join('\n'));
  expect(starts((await c.diagnostics(uri, (x) => x.version === 3)).diagnostics)).toEqual(['suppression/unused 3:1', 'acme/bind-groups-not-users 32:15']);
  // its severity changed in rules: (saved on disk, the server reads it before the next lint)
  writeFileSync(join(p.root, 'platlint.config.yaml'), `rules:\n  acme/bind-groups-not-users: error\n${example('platlint.config.yaml')}`);
  await c.change(uri, 4, text);
  expect((await c.diagnostics(uri, (x) => x.version === 4)).diagnostics.map((d) => [d.code, d.severity])).toEqual([
    ['acme/bind-groups-not-users', 1],
    ['acme/bind-groups-not-users', 1],
  ]);
  expect(c.messages).toEqual([]);
});

const TYPE_ERROR_CONFIG = [
  'policies:',
  '  - id: acme/authz-webhooks-fast',
  '    description: Webhook authorizers answer within 5s.',
  '    kinds: [AuthorizationConfiguration]',
  '    severity: error',
  '    validations:',
  '      - forEach: authorizers[*]',
  "        expression: self.type != 'Webhook' || self.webhook.timeout <= 5",
  '        message: answer within 5s',
  '        reportAt: webhook.timeout',
  '',
].join('\n');

test('a policy that does not type-check (a duration string compared with an int): a config/invalid diagnostic in each document with its position, and a diagnostic at the character in the open configuration', async () => {
  const p = project('type-error');
  const config = join(p.root, 'platlint.config.yaml');
  writeFileSync(config, TYPE_ERROR_CONFIG);
  const c = await started(p.root);
  const uri = p.uri('authorization-webhooks.yaml');
  await c.open(uri, example('invalid/authorization-webhooks.yaml'), 1);
  const problem = 'found no matching overload for `<=` applied to `(string, int)`';
  const ds = (await c.diagnostics(uri)).diagnostics;
  expect(ds).toEqual([
    {
      range: range(0, 0, 0, 0),
      severity: 1,
      code: 'config/invalid',
      source: 'platlint',
      message: `invalid configuration file ${config}:8:68: ${problem}; this file is linted with the default configuration`,
      relatedInformation: [{ location: { uri: pathToFileURL(config).href, range: range(7, 67, 7, 67) }, message: problem }],
      data: { fatal: true },
    },
  ]);
  expect(c.messages).toEqual([{ type: 1, message: `platlint: invalid configuration file ${config} (${config}:8:68: ${problem}); using the default configuration` }]);
  // the configuration open in the editor: the problem at the operator inside the expression
  const configUri = pathToFileURL(config).href;
  await c.open(configUri, TYPE_ERROR_CONFIG, 1);
  expect((await c.diagnostics(configUri)).diagnostics).toEqual([{ range: range(7, 67, 7, 69), severity: 1, code: 'config/policy', source: 'platlint', message: problem }]);
  // fixed in the buffer (`duration(…) <= duration('5s')`): no diagnostic; saved: the document gets the policy's finding
  const fixed = TYPE_ERROR_CONFIG.replace('self.webhook.timeout <= 5', "duration(self.webhook.timeout) <= duration('5s')");
  await c.change(configUri, 2, fixed);
  expect((await c.diagnostics(configUri, (x) => x.version === 2)).diagnostics).toEqual([]);
  writeFileSync(config, fixed);
  await c.connection.sendNotification('textDocument/didSave', { textDocument: { uri: configUri } });
  expect((await c.diagnostics(uri, (x) => x.diagnostics[0]?.code !== 'config/invalid')).diagnostics).toEqual([
    { range: range(25, 15, 25, 18), severity: 1, code: 'acme/authz-webhooks-fast', source: 'platlint', message: 'answer within 5s' },
  ]);
});

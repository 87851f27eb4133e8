// The language server applies the baseline (platlint-suppressions.json beside the configuration, docs/baseline.md,
// "Adopting platlint on a repository with findings"): recorded findings are not shown, a finding beyond the
// recorded count is; the open documents are linted again when the file changes on disk (a watcher, or its
// modification time before a lint); a broken file is one diagnostic naming its problem's position.
// Needs the build (npm test builds first): the built server runs in this process (test/helpers/lsp-client.ts).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from 'vitest';
import type { LspDiagnostic } from './helpers/lsp-client.js';
import { lspSession } from './helpers/lsp-session.js';
import { DOCS } from './helpers/docs-url.js';

const session = lspSession('platlint-lsp-baseline-');
const { started } = session;

const WATCHING = { workspace: { didChangeWatchedFiles: { dynamicRegistration: true } } };

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

/** The role's three findings, as `code severity line:character` (0-based), shifted down by `lines`. */
const UNKNOWN_FIELD = (lines = 0) => `schema/unknown-field 1 ${5 + lines}:2`;
const POD_EXEC = (lines = 0) => `security/no-pod-exec 2 ${8 + lines}:16`;
const WILDCARD = (lines = 0) => `security/no-wildcard-verbs 2 ${9 + lines}:12`;
const ALL = [UNKNOWN_FIELD(), POD_EXEC(), WILDCARD()];

const summary = (ds: LspDiagnostic[]) => ds.map((d) => `${d.code} ${d.severity} ${d.range.start.line}:${d.range.start.character}`);

/** A suppressions file's text: file → rule → field path → count. */
function baselineText(entries: Record<string, Record<string, Record<string, number>>>): string {
  const out: Record<string, Record<string, Record<string, { count: number }>>> = {};
  for (const [file, rules] of Object.entries(entries)) {
    out[file] = {};
    for (const [rule, paths] of Object.entries(rules)) out[file]![rule] = Object.fromEntries(Object.entries(paths).map(([p, count]) => [p, { count }]));
  }
  return `${JSON.stringify(out, null, 2)}\n`;
}

function project(name: string, config = 'rules: {}\n'): { root: string; uri: (f: string) => string; suppressions: string } {
  const root = join(session.dir(), name);
  mkdirSync(join(root, 'deploy'), { recursive: true });
  if (config) writeFileSync(join(root, 'platlint.config.yaml'), config);
  return { root, uri: (f) => pathToFileURL(join(root, f)).href, suppressions: join(root, 'platlint-suppressions.json') };
}

test('recorded findings are not shown, with the exact diagnostics of the others; a finding beyond the recorded count is; moved lines keep matching', async () => {
  const p = project('applied');
  writeFileSync(
    p.suppressions,
    baselineText({
      'role.yaml': { 'schema/unknown-field': { 'metadata.colour': 1 }, 'security/no-pod-exec': { 'rules[0].resources[0]': 1 } },
      // keyed relative to the suppressions file's folder; one finding recorded where the file has two
      'deploy/roles.yaml': { 'security/no-wildcard-verbs': { 'rules[0].verbs[0]': 1 } },
    }),
  );
  const c = await started(p.root);
  await c.open(p.uri('role.yaml'), ROLE, 1);
  await c.open(p.uri('unrecorded.yaml'), ROLE, 1);
  await c.open(p.uri('deploy/roles.yaml'), `${ROLE}---\n${ROLE.replace('name: debugger', 'name: debugger-2')}`, 1);
  expect((await c.diagnostics(p.uri('role.yaml'))).diagnostics).toEqual([
    {
      range: { start: { line: 9, character: 12 }, end: { line: 9, character: 15 } },
      severity: 2,
      code: 'security/no-wildcard-verbs',
      source: 'platlint',
      message: 'verb `*` grants every verb, `delete`, `escalate` and `bind` included, and verbs added later; list the verbs needed',
      codeDescription: { href: `${DOCS}security/no-wildcard-verbs.md` },
    },
  ]);
  // the same text in a file without entries: every finding
  expect((await c.diagnostics(p.uri('unrecorded.yaml'))).diagnostics).toEqual([
    {
      range: { start: { line: 5, character: 2 }, end: { line: 5, character: 8 } },
      severity: 1,
      code: 'schema/unknown-field',
      source: 'platlint',
      message: 'unknown field `colour` in `metadata`',
      codeDescription: { href: `${DOCS}schema/unknown-field.md` },
    },
    {
      range: { start: { line: 8, character: 16 }, end: { line: 8, character: 27 } },
      severity: 2,
      code: 'security/no-pod-exec',
      source: 'platlint',
      message: '`pods/exec` with verb `*` runs commands in the containers of the pods; remove it from this role',
      codeDescription: { href: `${DOCS}security/no-pod-exec.md` },
    },
    {
      range: { start: { line: 9, character: 12 }, end: { line: 9, character: 15 } },
      severity: 2,
      code: 'security/no-wildcard-verbs',
      source: 'platlint',
      message: 'verb `*` grants every verb, `delete`, `escalate` and `bind` included, and verbs added later; list the verbs needed',
      codeDescription: { href: `${DOCS}security/no-wildcard-verbs.md` },
    },
  ]);
  // two documents with the same finding at the same field path, one recorded: the first (by position) is
  // left out, the second is shown
  expect(summary((await c.diagnostics(p.uri('deploy/roles.yaml'))).diagnostics)).toEqual([UNKNOWN_FIELD(), POD_EXEC(), UNKNOWN_FIELD(11), POD_EXEC(11), WILDCARD(11)]);
  // lines moved (a comment above, keys reordered): the entries still match, by field path
  const moved = ROLE.replace('metadata:\n  name: debugger\n  namespace: checkout\n  colour: blue\n', '').replace('kind: Role\n', 'kind: Role\n# moved\nmetadata:\n  colour: blue\n  name: debugger\n  namespace: checkout\n');
  await c.change(p.uri('role.yaml'), 2, moved);
  expect(summary((await c.diagnostics(p.uri('role.yaml'), (x) => x.version === 2)).diagnostics)).toEqual([WILDCARD(1)]);
  // a new mistake of a recorded rule at another field path is shown
  await c.change(p.uri('role.yaml'), 3, `${moved}  - apiGroups: [""]\n    resources: ["pods/exec"]\n    verbs: ["create"]\n`);
  expect(summary((await c.diagnostics(p.uri('role.yaml'), (x) => x.version === 3)).diagnostics)).toEqual([WILDCARD(1), 'security/no-pod-exec 2 12:16']);
  expect(c.messages).toEqual([]);
  expect(c.stderr.join('')).toBe('');
});

test('with a watcher (didChangeWatchedFiles): a suppressions file created, changed and deleted on disk re-lints the open documents', async () => {
  const p = project('watched');
  const c = await started(p.root, WATCHING);
  expect(c.registrations).toEqual([]);
  await c.open(p.uri('role.yaml'), ROLE, 1);
  await c.open(p.uri('deploy/role.yaml'), ROLE, 1);
  expect(summary((await c.diagnostics(p.uri('role.yaml'))).diagnostics)).toEqual(ALL);
  expect(summary((await c.diagnostics(p.uri('deploy/role.yaml'))).diagnostics)).toEqual(ALL);
  expect(c.registrations).toEqual([
    { id: expect.any(String), method: 'workspace/didChangeWatchedFiles', registerOptions: { watchers: [{ globPattern: '**/platlint.config.yaml' }, { globPattern: '**/platlint-suppressions.json' }] } },
  ]);
  const notify = (type: number) => c.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: pathToFileURL(p.suppressions).href, type }] });
  const count = c.published.length;
  const next = (f: string) => c.diagnostics(p.uri(f), (x) => c.published.indexOf(x) >= count && x.version === 1);
  // created
  writeFileSync(p.suppressions, baselineText({ 'role.yaml': { 'security/no-pod-exec': { 'rules[0].resources[0]': 1 } }, 'deploy/role.yaml': { 'schema/unknown-field': { 'metadata.colour': 1 } } }));
  await notify(1);
  expect(summary((await next('role.yaml')).diagnostics)).toEqual([UNKNOWN_FIELD(), WILDCARD()]);
  expect(summary((await next('deploy/role.yaml')).diagnostics)).toEqual([POD_EXEC(), WILDCARD()]);
  // changed: one entry more
  const changedAt = c.published.length;
  writeFileSync(p.suppressions, baselineText({ 'role.yaml': { 'security/no-pod-exec': { 'rules[0].resources[0]': 1 }, 'security/no-wildcard-verbs': { 'rules[0].verbs[0]': 1 } }, 'deploy/role.yaml': { 'schema/unknown-field': { 'metadata.colour': 1 } } }));
  await notify(2);
  expect(summary((await c.diagnostics(p.uri('role.yaml'), (x) => c.published.indexOf(x) >= changedAt)).diagnostics)).toEqual([UNKNOWN_FIELD()]);
  expect(summary((await c.diagnostics(p.uri('deploy/role.yaml'), (x) => c.published.indexOf(x) >= changedAt)).diagnostics)).toEqual([POD_EXEC(), WILDCARD()]);
  // deleted: every finding again
  const deletedAt = c.published.length;
  rmSync(p.suppressions);
  await notify(3);
  expect(summary((await c.diagnostics(p.uri('role.yaml'), (x) => c.published.indexOf(x) >= deletedAt)).diagnostics)).toEqual(ALL);
  expect(summary((await c.diagnostics(p.uri('deploy/role.yaml'), (x) => c.published.indexOf(x) >= deletedAt)).diagnostics)).toEqual(ALL);
  expect(c.messages).toEqual([]);
});

test('without file watching: a suppressions file changed on disk takes effect at the next lint (its modification time), and the other open documents are linted again', async () => {
  const p = project('unwatched');
  const c = await started(p.root);
  await c.open(p.uri('role.yaml'), ROLE, 1);
  await c.open(p.uri('other.yaml'), ROLE, 1);
  expect(summary((await c.diagnostics(p.uri('role.yaml'))).diagnostics)).toEqual(ALL);
  expect(summary((await c.diagnostics(p.uri('other.yaml'))).diagnostics)).toEqual(ALL);
  expect(c.registrations).toEqual([]);
  writeFileSync(p.suppressions, baselineText({ 'role.yaml': { 'schema/unknown-field': { 'metadata.colour': 1 } }, 'other.yaml': { 'security/no-wildcard-verbs': { 'rules[0].verbs[0]': 1 } } }));
  const count = c.published.length;
  await c.change(p.uri('role.yaml'), 2, ROLE);
  expect(summary((await c.diagnostics(p.uri('role.yaml'), (x) => x.version === 2)).diagnostics)).toEqual([POD_EXEC(), WILDCARD()]);
  expect(summary((await c.diagnostics(p.uri('other.yaml'), (x) => c.published.indexOf(x) >= count)).diagnostics)).toEqual([UNKNOWN_FIELD(), POD_EXEC()]);
  // deleted: every finding at the next lint
  rmSync(p.suppressions);
  const deletedAt = c.published.length;
  await c.change(p.uri('role.yaml'), 3, ROLE);
  expect(summary((await c.diagnostics(p.uri('role.yaml'), (x) => x.version === 3)).diagnostics)).toEqual(ALL);
  expect(summary((await c.diagnostics(p.uri('other.yaml'), (x) => c.published.indexOf(x) >= deletedAt)).diagnostics)).toEqual(ALL);
  expect(c.messages).toEqual([]);
});

test('a broken suppressions file: one diagnostic at 1:1 naming the file, line and column of its problem, every finding shown; fixed, it applies again', async () => {
  const p = project('broken');
  // a key given twice, as a hand-merged file has it
  writeFileSync(p.suppressions, '{\n  "role.yaml": {"schema/unknown-field": {"metadata.colour": {"count": 1}}},\n  "role.yaml": {}\n}\n');
  const c = await started(p.root);
  await c.open(p.uri('role.yaml'), ROLE, 1);
  const broken = (await c.diagnostics(p.uri('role.yaml'))).diagnostics;
  const problem = '"role.yaml" is given twice (first at 2:3); keep one entry';
  expect(broken[0]).toEqual({
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    severity: 1,
    code: 'baseline/invalid',
    source: 'platlint',
    message: `invalid suppressions file ${p.suppressions}:3:3: ${problem}; no finding of this file is suppressed by it`,
    relatedInformation: [{ location: { uri: pathToFileURL(p.suppressions).href, range: { start: { line: 2, character: 2 }, end: { line: 2, character: 2 } } }, message: problem }],
    data: { fatal: true },
  });
  expect(summary(broken.slice(1))).toEqual(ALL);
  // it is not a finding of the document: no "disable for this line"
  const actions = await c.request<unknown[]>('textDocument/codeAction', { textDocument: { uri: p.uri('role.yaml') }, range: broken[0]!.range, context: { diagnostics: [broken[0]] } });
  expect(actions).toEqual([]);
  // not JSON at all
  writeFileSync(p.suppressions, '{"role.yaml": {"schema/unknown-field": {"metadata.colour": {"count": 1}},}}\n');
  await c.change(p.uri('role.yaml'), 2, ROLE);
  const syntax = (await c.diagnostics(p.uri('role.yaml'), (x) => x.version === 2)).diagnostics;
  expect(syntax[0]!.message).toBe(`invalid suppressions file ${p.suppressions}:1:74: expected a key in double quotes, found \`}\`; no finding of this file is suppressed by it`);
  expect(syntax[0]!.relatedInformation).toEqual([{ location: { uri: pathToFileURL(p.suppressions).href, range: { start: { line: 0, character: 73 }, end: { line: 0, character: 73 } } }, message: 'expected a key in double quotes, found `}`' }]);
  expect(summary(syntax.slice(1))).toEqual(ALL);
  // fixed
  writeFileSync(p.suppressions, baselineText({ 'role.yaml': { 'schema/unknown-field': { 'metadata.colour': 1 } } }));
  await c.change(p.uri('role.yaml'), 3, ROLE);
  expect(summary((await c.diagnostics(p.uri('role.yaml'), (x) => x.version === 3)).diagnostics)).toEqual([POD_EXEC(), WILDCARD()]);
  expect(c.stderr.join('')).toBe('');
});

test('without a configuration file, the suppressions file of the workspace root applies (the command line run from there finds it), keyed from the root', async () => {
  const p = project('no-config', '');
  writeFileSync(p.suppressions, baselineText({ 'deploy/role.yaml': { 'security/no-wildcard-verbs': { 'rules[0].verbs[0]': 1 } } }));
  const c = await started(p.root);
  await c.open(p.uri('deploy/role.yaml'), ROLE, 1);
  expect(summary((await c.diagnostics(p.uri('deploy/role.yaml'))).diagnostics)).toEqual([UNKNOWN_FIELD(), POD_EXEC()]);
  // a document without a file: no baseline
  await c.open('untitled:Untitled-1', ROLE, 1);
  expect(summary((await c.diagnostics('untitled:Untitled-1')).diagnostics)).toEqual(ALL);
});

const range = (sl: number, sc: number, el: number, ec: number) => ({ start: { line: sl, character: sc }, end: { line: el, character: ec } });

test('an open platlint-suppressions.json gets its own diagnostics from the editor\'s text: its syntax error, or every entry of the wrong shape, at its position; valid, none', async () => {
  // read whatever the ignores and the size limit, as the command line reads it
  const p = project('open-file', 'ignores:\n  - "**/*.json"\nmaxFileSize: 100\n');
  writeFileSync(p.suppressions, baselineText({ 'role.yaml': { 'schema/unknown-field': { 'metadata.colour': 1 } } }));
  const c = await started(p.root);
  const file = pathToFileURL(p.suppressions).href;
  // valid: no diagnostic (it is not linted as a plat object either)
  await c.open(file, baselineText({ 'role.yaml': { 'schema/unknown-field': { 'metadata.colour': 1 } } }), 1, 'json');
  expect((await c.diagnostics(file, (x) => x.version === 1)).diagnostics).toEqual([]);
  // not JSON (a comma before `}`): the one syntax error, at the character found
  await c.change(file, 2, '{\n  "role.yaml": {\n    "schema/unknown-field": {"metadata.colour": {"count": 1}},\n  }\n}\n');
  expect((await c.diagnostics(file, (x) => x.version === 2)).diagnostics).toEqual([
    { range: range(3, 2, 3, 3), severity: 1, code: 'baseline/syntax', source: 'platlint', message: 'expected a key in double quotes, found `}`' },
  ]);
  // unterminated at the end of the file: an empty range there
  await c.change(file, 3, '{\n  "role.yaml": {\n');
  expect((await c.diagnostics(file, (x) => x.version === 3)).diagnostics).toEqual([
    { range: range(2, 0, 2, 0), severity: 1, code: 'baseline/syntax', source: 'platlint', message: 'expected a key in double quotes, found the end of the file' },
  ]);
  // JSON of the wrong shape (a merge gone wrong): each problem at the text it is about, in the order of the file's reading
  await c.change(
    file,
    4,
    [
      '{',
      '  "role.yaml": {"schema/unknown-field": {"metadata.colour": {"count": 0}}},',
      '  "deploy/role.yaml": {"security/no-pod-exec": {"rules[0].resources[0]": {"count": 1, "line": 9}}},',
      '  "role.yaml": {"security/no-wildcard-verbs": ["rules[0].verbs[0]"]}',
      '}',
      '',
    ].join('\n'),
  );
  expect((await c.diagnostics(file, (x) => x.version === 4)).diagnostics).toEqual([
    { range: range(3, 2, 3, 13), severity: 1, code: 'baseline/shape', source: 'platlint', message: '"role.yaml" is given twice (first at 2:3); keep one entry' },
    { range: range(1, 70, 1, 71), severity: 1, code: 'baseline/shape', source: 'platlint', message: '"count" must be a whole number of 1 or more' },
    { range: range(2, 86, 2, 92), severity: 1, code: 'baseline/shape', source: 'platlint', message: 'unknown key "line"; an entry holds "count" only' },
    {
      range: range(3, 46, 3, 67),
      severity: 1,
      code: 'baseline/shape',
      source: 'platlint',
      message: 'the entry of "security/no-wildcard-verbs" in "role.yaml" (field paths, each with its count) must be a JSON object',
    },
  ]);
  // no "disable for this line" on them: JSON has no comments, and they are not findings
  const shape = (await c.diagnostics(file, (x) => x.version === 4)).diagnostics;
  expect(await c.request<unknown[]>('textDocument/codeAction', { textDocument: { uri: file }, range: shape[0]!.range, context: { diagnostics: shape } })).toEqual([]);
  // fixed: cleared
  await c.change(file, 5, '{}\n');
  expect((await c.diagnostics(file, (x) => x.version === 5)).diagnostics).toEqual([]);
  expect(c.messages).toEqual([]);
  expect(c.stderr.join('')).toBe('');
});

test('an open platlint-suppressions.json under an invalid configuration gets its own diagnostics only (the documents get config/invalid)', async () => {
  const p = project('open-file-bad-config', 'rules: 3\n');
  const c = await started(p.root);
  await c.open(p.uri('role.yaml'), ROLE, 1);
  expect(summary((await c.diagnostics(p.uri('role.yaml'), (x) => x.version === 1)).diagnostics)).toEqual(['config/invalid 1 0:0', ...ALL]);
  const file = pathToFileURL(p.suppressions).href;
  await c.open(file, '{"role.yaml": []}\n', 1, 'json');
  expect((await c.diagnostics(file, (x) => x.version === 1)).diagnostics).toEqual([
    { range: range(0, 14, 0, 16), severity: 1, code: 'baseline/shape', source: 'platlint', message: 'the entry of "role.yaml" (rule ids, each with its field paths) must be a JSON object' },
  ]);
});

test('documents keep the suppressions file saved on disk, as with platlint.config.yaml: an unsaved edit of the open file applies to none; saving it re-lints them', async () => {
  const p = project('unsaved');
  const saved = baselineText({ 'role.yaml': { 'schema/unknown-field': { 'metadata.colour': 1 } } });
  writeFileSync(p.suppressions, saved);
  const c = await started(p.root);
  await c.open(p.uri('role.yaml'), ROLE, 1);
  expect(summary((await c.diagnostics(p.uri('role.yaml'), (x) => x.version === 1)).diagnostics)).toEqual([POD_EXEC(), WILDCARD()]);
  const file = pathToFileURL(p.suppressions).href;
  await c.open(file, saved, 1, 'json');
  expect((await c.diagnostics(file, (x) => x.version === 1)).diagnostics).toEqual([]);
  // edited, not saved: a broken buffer and then one more entry; the document is linted with the file on disk
  await c.change(file, 2, '{"role.yaml": ');
  expect((await c.diagnostics(file, (x) => x.version === 2)).diagnostics.map((d) => d.code)).toEqual(['baseline/syntax']);
  const edited = baselineText({ 'role.yaml': { 'schema/unknown-field': { 'metadata.colour': 1 }, 'security/no-pod-exec': { 'rules[0].resources[0]': 1 } } });
  await c.change(file, 3, edited);
  expect((await c.diagnostics(file, (x) => x.version === 3)).diagnostics).toEqual([]);
  await c.change(p.uri('role.yaml'), 2, ROLE);
  expect(summary((await c.diagnostics(p.uri('role.yaml'), (x) => x.version === 2)).diagnostics)).toEqual([POD_EXEC(), WILDCARD()]);
  // saved: the editor writes the file, then says so; the document is linted again under it
  const savedAt = c.published.length;
  writeFileSync(p.suppressions, edited);
  await c.connection.sendNotification('textDocument/didSave', { textDocument: { uri: file } });
  expect(summary((await c.diagnostics(p.uri('role.yaml'), (x) => c.published.indexOf(x) >= savedAt)).diagnostics)).toEqual([WILDCARD()]);
  expect(c.messages).toEqual([]);
});

test('pull diagnostics: after the suppressions file changes, a client that takes workspace/diagnostic/refresh is asked to pull again and gets the new result', async () => {
  const p = project('pull-refresh');
  const c = await started(p.root, { textDocument: { diagnostic: { dynamicRegistration: false } }, workspace: { diagnostics: { refreshSupport: true }, didChangeWatchedFiles: { dynamicRegistration: true } } });
  await c.open(p.uri('role.yaml'), ROLE, 1);
  await c.open(p.uri('deploy/role.yaml'), ROLE, 1);
  expect(summary(await c.pull(p.uri('role.yaml')))).toEqual(ALL);
  expect(summary(await c.pull(p.uri('deploy/role.yaml')))).toEqual(ALL);
  expect(c.refreshes).toBe(0);
  // created, and the watcher says so: a refresh, and the pulls it asks for get the new result
  writeFileSync(p.suppressions, baselineText({ 'role.yaml': { 'security/no-pod-exec': { 'rules[0].resources[0]': 1 } }, 'deploy/role.yaml': { 'schema/unknown-field': { 'metadata.colour': 1 } } }));
  await c.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: pathToFileURL(p.suppressions).href, type: 1 }] });
  await c.refreshed(1);
  expect(summary(await c.pull(p.uri('role.yaml')))).toEqual([UNKNOWN_FIELD(), WILDCARD()]);
  expect(summary(await c.pull(p.uri('deploy/role.yaml')))).toEqual([POD_EXEC(), WILDCARD()]);
  // one refresh for the change, not one per document (a refresh is sent before the answer of the pull that finds it)
  expect(c.refreshes).toBe(1);
  // the file open and saved: the same
  const file = pathToFileURL(p.suppressions).href;
  const edited = baselineText({ 'role.yaml': { 'security/no-wildcard-verbs': { 'rules[0].verbs[0]': 1 } } });
  await c.open(file, edited, 1, 'json');
  expect(await c.pull(file)).toEqual([]);
  writeFileSync(p.suppressions, edited);
  await c.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: file, type: 2 }] });
  await c.refreshed(2);
  expect(summary(await c.pull(p.uri('role.yaml')))).toEqual([UNKNOWN_FIELD(), POD_EXEC()]);
  expect(summary(await c.pull(p.uri('deploy/role.yaml')))).toEqual(ALL);
  expect(c.refreshes).toBe(2);
  expect(c.published).toEqual([]);
  expect(c.messages).toEqual([]);
});

test('pull diagnostics without file watching: the change found before a pull asks for a refresh (the other documents change too); a client that cannot be asked is not, and its next pulls get the new result', async () => {
  for (const refreshSupport of [true, false]) {
    const p = project(`pull-unwatched-${refreshSupport}`);
    const c = await started(p.root, { textDocument: { diagnostic: { dynamicRegistration: false } }, workspace: { diagnostics: { refreshSupport } } });
    await c.open(p.uri('role.yaml'), ROLE, 1);
    await c.open(p.uri('other.yaml'), ROLE, 1);
    expect(summary(await c.pull(p.uri('role.yaml')))).toEqual(ALL);
    expect(summary(await c.pull(p.uri('other.yaml')))).toEqual(ALL);
    writeFileSync(p.suppressions, baselineText({ 'role.yaml': { 'schema/unknown-field': { 'metadata.colour': 1 } }, 'other.yaml': { 'security/no-wildcard-verbs': { 'rules[0].verbs[0]': 1 } } }));
    await c.change(p.uri('role.yaml'), 2, ROLE);
    expect(summary(await c.pull(p.uri('role.yaml')))).toEqual([POD_EXEC(), WILDCARD()]);
    // the server sends its refresh before the pull's answer, so it has arrived by now if it was sent
    expect(c.refreshes).toBe(refreshSupport ? 1 : 0);
    // other.yaml did not change: its cached diagnostics were dropped with the old baseline
    expect(summary(await c.pull(p.uri('other.yaml')))).toEqual([UNKNOWN_FIELD(), POD_EXEC()]);
    expect(c.published).toEqual([]);
  }
});

// The terminal report (stylish): ESLint's columns fitted to a width. Fixed inputs, exact outputs at 80 and 120
// columns, with colour and without; the width the command line gives it; wrapping on its own.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { main, type CliIo } from '../src/cli/cli.js';
import { lintText, type LintResult, type LocatedDiagnostic } from '../src/lint/lint.js';
import { formatStylish } from '../src/report/stylish.js';
import { messageWords, reportWidth, wrap } from '../src/report/wrap.js';
import { platlint } from './helpers/cli.js';
import { ROOT } from './helpers/fixtures.js';

const CWD = '/repo';

interface Finding {
  at: string;
  severity: 'error' | 'warning';
  ruleId: string;
  message: string;
  fix?: string;
}

/** A file's lint result holding the findings (`at`: `line:column`). */
function result(file: string, findings: Finding[], documents = 1): LintResult {
  const diagnostics: LocatedDiagnostic[] = findings.map((f) => {
    const [line, column] = f.at.split(':').map(Number) as [number, number];
    return {
      ruleId: f.ruleId,
      severity: f.severity,
      message: f.message,
      path: [],
      range: { start: 0, end: 1 },
      document: 0,
      line,
      column,
      endLine: line,
      endColumn: column + 1,
      ...(f.fix !== undefined ? { fix: { range: { start: 0, end: 1 }, text: f.fix } } : {}),
    };
  });
  const errorCount = findings.filter((f) => f.severity === 'error').length;
  return { filePath: `${CWD}/${file}`, diagnostics, suppressed: [], documentsChecked: documents, documentsSkipped: 0, errorCount, warningCount: findings.length - errorCount, fatalErrorCount: 0 };
}

const AUTHZ = result('config/authz.yaml', [
  { at: '6:5', severity: 'error', ruleId: 'schema/unknown-field', message: 'unknown field `authorizer` in `authorizers[0]`; did you mean `authorizers`?', fix: 'authorizers' },
  { at: '8:11', severity: 'error', ruleId: 'authz/authorizer-name-unique', message: 'name `node` is already used by authorizers[0].name; authorizer names must be unique' },
  { at: '12:16', severity: 'warning', ruleId: 'authz/spec-conformance', message: 'matchConditionSubjectAccessReviewVersion is not set; the spec asks for it (`v1`) even without match conditions' },
]);
const RBAC = result('rbac/role.yaml', [
  { at: '9:17', severity: 'warning', ruleId: 'security/no-secret-read', message: 'verbs `get` and `list` on `secrets` read every secret of its namespace; drop them or use `resourceNames`' },
  { at: '23:16', severity: 'warning', ruleId: 'rbac/subject-namespace-only-for-service-account', message: 'a Group subject has namespace `support`; groups are not namespaced: remove it' },
]);
const CLEAN = result('config/clean.yaml', [], 2);

const stylish = (results: LintResult[], width: number, color: 0 | 1 = 0) => formatStylish(results, { cwd: CWD, color, checked: 4, skipped: 1, width });

const LONG = result('config/long.yaml', [
  {
    at: '4:7',
    severity: 'error',
    ruleId: 'authz/match-condition-unique',
    message: "expression `request.resourceAttributes.namespace.startsWith('tenant-') && request.user != 'system:admin'` repeats authorizers[0].webhook.matchConditions[1].expression",
  },
  { at: '9:3', severity: 'warning', ruleId: 'egress/spec-conformance', message: 'udsName starts with `unix://`, but the platform dials a file path: write `/etc/srv/plat/tunnel-server/a-socket-name-longer-than-any-line-of-an-eighty-column-terminal.socket`' },
]);

/** The two files at 80 columns: every file in the narrow layout (its rule ids would leave the messages under 60 columns). */
const M80 = [
  'config/authz.yaml',
  '  6:5    error    [*] unknown field `authorizer` in `authorizers[0]`; did you',
  '                      mean `authorizers`?                   schema/unknown-field',
  '  8:11   error        name `node` is already used by authorizers[0].name;',
  '                      authorizer names must be unique',
  '                                                    authz/authorizer-name-unique',
  '  12:16  warning      matchConditionSubjectAccessReviewVersion is not set; the',
  '                      spec asks for it (`v1`) even without match conditions',
  '                                                          authz/spec-conformance',
  '',
  'rbac/role.yaml',
  '  9:17   warning  verbs `get` and `list` on `secrets` read every secret of its',
  '                  namespace; drop them or use `resourceNames`',
  '                                                         security/no-secret-read',
  '  23:16  warning  a Group subject has namespace `support`; groups are not',
  '                  namespaced: remove it',
  '                                 rbac/subject-namespace-only-for-service-account',
  '',
  '✖ 5 problems (2 errors, 3 warnings) in 2 of 3 files — 4 documents checked,',
  '  1 skipped as not plat',
  '[*] 1 error and 0 warnings potentially fixable with the `--fix` option',
  'Run `platlint explain <rule>` for what a rule checks and how to fix it',
  '  (such as `schema/unknown-field`)',
  '',
].join('\n');

/** A code span wider than the message column is broken at its spaces; a word wider than a line stands alone, uncut. */
const L80 = [
  'config/long.yaml',
  '  4:7  error    expression',
  "                `request.resourceAttributes.namespace.startsWith('tenant-') &&",
  "                request.user != 'system:admin'` repeats",
  '                authorizers[0].webhook.matchConditions[1].expression',
  '                                                    authz/match-condition-unique',
  '  9:3  warning  udsName starts with `unix://`, but the platform dials a file',
  '                path: write',
  '                `/etc/srv/plat/tunnel-server/a-socket-name-longer-than-any-line-of-an-eighty-column-terminal.socket`',
  '                                                         egress/spec-conformance',
  '',
  '✖ 2 problems (1 error, 1 warning) in 1 of 1 file — 4 documents checked,',
  '  1 skipped as not plat',
  'Run `platlint explain <rule>` for what a rule checks and how to fix it',
  '  (such as `authz/match-condition-unique`)',
  '',
].join('\n');

/** At 120 columns the first file keeps its rule ids beside the messages (68 columns of message); the second, with a longer rule id, does not. */
const M120 = [
  'config/authz.yaml',
  '  6:5    error    [*] unknown field `authorizer` in `authorizers[0]`; did you mean          schema/unknown-field',
  '                      `authorizers`?',
  '  8:11   error        name `node` is already used by authorizers[0].name; authorizer names  authz/authorizer-name-unique',
  '                      must be unique',
  '  12:16  warning      matchConditionSubjectAccessReviewVersion is not set; the spec asks    authz/spec-conformance',
  '                      for it (`v1`) even without match conditions',
  '',
  'rbac/role.yaml',
  '  9:17   warning  verbs `get` and `list` on `secrets` read every secret of its namespace; drop them or use',
  '                  `resourceNames`                                                                security/no-secret-read',
  '  23:16  warning  a Group subject has namespace `support`; groups are not namespaced: remove it',
  '                                                                         rbac/subject-namespace-only-for-service-account',
  '',
  '✖ 5 problems (2 errors, 3 warnings) in 2 of 3 files — 4 documents checked, 1 skipped as not plat',
  '[*] 1 error and 0 warnings potentially fixable with the `--fix` option',
  'Run `platlint explain <rule>` for what a rule checks and how to fix it (such as `schema/unknown-field`)',
  '',
].join('\n');

const L120 = [
  'config/long.yaml',
  "  4:7  error    expression `request.resourceAttributes.namespace.startsWith('tenant-') &&   authz/match-condition-unique",
  "                request.user != 'system:admin'` repeats",
  '                authorizers[0].webhook.matchConditions[1].expression',
  '  9:3  warning  udsName starts with `unix://`, but the platform dials a file path: write    egress/spec-conformance',
  '                `/etc/srv/plat/tunnel-server/a-socket-name-longer-than-any-line-of-an-eighty-column-terminal.socket`',
  '',
  '✖ 2 problems (1 error, 1 warning) in 1 of 1 file — 4 documents checked, 1 skipped as not plat',
  'Run `platlint explain <rule>` for what a rule checks and how to fix it (such as `authz/match-condition-unique`)',
  '',
].join('\n');

describe('stylish', () => {
  it('at 80 columns: messages wrapped under their column, the rule id right-aligned at the end; [*] marks a fix', () => {
    expect(stylish([AUTHZ, RBAC, CLEAN], 80)).toBe(M80);
  });

  it('at 120 columns: the rule ids keep their column when the messages keep 60 columns or more', () => {
    expect(stylish([AUTHZ, RBAC, CLEAN], 120)).toBe(M120);
  });

  it('a long message: a code span broken at its spaces only when no line holds it; a longer word uncut', () => {
    expect(stylish([LONG], 80)).toBe(L80);
    expect(stylish([LONG], 120)).toBe(L120);
  });

  it('wide enough for every line, it is ESLint\'s stylish table: one line per finding', () => {
    expect(stylish([RBAC], 200).split('\n').slice(0, 3)).toEqual([
      'rbac/role.yaml',
      '  9:17   warning  verbs `get` and `list` on `secrets` read every secret of its namespace; drop them or use `resourceNames`  security/no-secret-read',
      '  23:16  warning  a Group subject has namespace `support`; groups are not namespaced: remove it                             rbac/subject-namespace-only-for-service-account',
    ]);
  });

  it('in colour, the same lines (the colour codes take no column)', () => {
    for (const width of [80, 120]) {
      const coloured = stylish([AUTHZ, RBAC, LONG, CLEAN], width, 1);
      expect(coloured).toContain('\u001b[31merror  \u001b[39m');
      expect(coloured).toContain('\u001b[32m[*]\u001b[39m');
      expect(stripVTControlCharacters(coloured)).toBe(stylish([AUTHZ, RBAC, LONG, CLEAN], width));
    }
  });

  it('no line is wider than the width but for a word wider than a line (the bundled examples, 50 to 200 columns)', () => {
    const examples = readdirSync(join(ROOT, 'fixtures', 'examples')).filter((f) => f.startsWith('mistakes-'));
    const results = examples.map((f) => lintText(readFileSync(join(ROOT, 'fixtures', 'examples', f), 'utf8'), { filePath: join(ROOT, 'fixtures', 'examples', f) }));
    expect(results.flatMap((r) => r.diagnostics).length).toBeGreaterThan(20);
    for (let width = 50; width <= 200; width += 10) {
      const out = formatStylish(results, { cwd: ROOT, color: 0, checked: 7, skipped: 0, width });
      // a wider line holds one word alone after its position and severity
      const over = out.split('\n').filter((line) => line.length > width && line.replace(/^ *(\d+:\d+ +(error|warning) +(\[\*\] +)?)?/, '').includes(' '));
      expect(over, `width ${width}`).toEqual([]);
    }
  });

  it('the summary: fixable errors and warnings, the baseline, one rule to explain, a clean run', () => {
    const fixes = result('a.yaml', [
      { at: '1:1', severity: 'warning', ruleId: 'schema/unknown-field-ignored', message: 'unknown field `x`', fix: 'y' },
      { at: '2:1', severity: 'warning', ruleId: 'schema/unknown-field-ignored', message: 'unknown field `z`', fix: 'w' },
      { at: '3:1', severity: 'error', ruleId: 'schema/enum', message: '`level` must be one of `None`, got `none`', fix: 'None' },
    ]);
    fixes.suppressed.push({ ...fixes.diagnostics[0]!, justification: 'recorded', baseline: `${CWD}/platlint-suppressions.json` });
    expect(stylish([fixes], 80).split('\n\n').at(-1)).toBe(
      [
        '✖ 3 problems (1 error, 2 warnings) in 1 of 1 file — 4 documents checked,',
        '  1 skipped as not plat',
        '[*] 1 error and 2 warnings potentially fixable with the `--fix` option',
        '1 problem suppressed by the baseline (platlint-suppressions.json)',
        'Run `platlint explain <rule>` for what a rule checks and how to fix it',
        '  (the most frequent here: `schema/unknown-field-ignored`)',
        '',
      ].join('\n'),
    );
    const one = result('b.yaml', [{ at: '9:17', severity: 'warning', ruleId: 'security/no-secret-read', message: 'verb `get` on `secrets` reads every secret of its namespace' }]);
    expect(stylish([one], 120).split('\n').at(-2)).toBe(
      'Run `platlint explain security/no-secret-read` for what the rule checks and how to fix it',
    );
    expect(stylish([CLEAN], 80)).toBe('✔ no problems in 1 file — 4 documents checked, 1 skipped as not plat\n');
  });
});

describe('the width', () => {
  it('is the terminal\'s, else a whole positive COLUMNS, else 80', () => {
    expect(reportWidth(100, { COLUMNS: '120' })).toBe(100);
    expect(reportWidth(undefined, { COLUMNS: '120' })).toBe(120);
    expect(reportWidth(undefined, { COLUMNS: ' 90 ' })).toBe(90);
    for (const bad of ['', '0', '-5', '80.5', 'wide', '1e3']) expect(reportWidth(undefined, { COLUMNS: bad }), bad).toBe(80);
    expect(reportWidth(undefined, {})).toBe(80);
    expect(reportWidth(0, {})).toBe(80);
  });

  it('the command line: the terminal\'s columns for standard output, never for a report written to a file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'platlint-stylish-'));
    const file = join(ROOT, 'fixtures', 'examples', 'mistakes-rbac.yaml');
    let stdout = '';
    const io: CliIo = { stdout: (s) => (stdout += s), stderr: () => {}, readStdin: () => Buffer.alloc(0), cwd: ROOT, env: { NO_COLOR: '1' }, isTTY: true, columns: 100 };
    expect(await main(['--format', 'stylish', '--format', `stylish:${join(dir, 'report.txt')}`, file], io)).toBe(1);
    const widest = (text: string) => Math.max(...text.split('\n').map((l) => l.length));
    expect(widest(stdout)).toBe(100);
    expect(widest(readFileSync(join(dir, 'report.txt'), 'utf8'))).toBe(80);
    // a pipe: COLUMNS when set
    expect(widest((await platlint([file], { env: { COLUMNS: '132' } })).stdout)).toBe(132);
    expect(widest((await platlint([file])).stdout)).toBe(80);
  });
});

describe('wrapping', () => {
  it('keeps a code span with spaces as one word; a lone backtick is an ordinary character', () => {
    expect(messageWords('write `a: b` or  `c`, not `d')).toEqual(['write', '`a: b`', 'or', '`c`,', 'not', '`d']);
  });

  it('fills lines greedily; the first line may be wider than the others', () => {
    expect(wrap(['aaa', 'bbb', 'ccc', 'ddd'], 7)).toEqual(['aaa bbb', 'ccc ddd']);
    expect(wrap(['aaa', 'bbb', 'ccc', 'ddd'], 11, 3)).toEqual(['aaa bbb ccc', 'ddd']);
    expect(wrap(['aaa', '`b c d e f g`', 'h'], 8)).toEqual(['aaa `b c', 'd e f g`', 'h']);
    expect(wrap(['a', 'bbbbbbbbbbbb', 'c'], 5)).toEqual(['a', 'bbbbbbbbbbbb', 'c']);
    expect(wrap([], 10)).toEqual(['']);
  });
});

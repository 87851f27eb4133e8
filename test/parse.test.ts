// Reading YAML the way the platform's decoder does (YAML 1.1), and warning where YAML 1.2 differs.
import { describe, expect, it } from 'vitest';
import { lintText } from '../src/lint/lint.js';
import { parseText, tokenize } from '../src/parse/compose.js';
import { formatPath } from '../src/path.js';
import { readComposed } from './helpers/readers.js';

const HEAD = 'apiVersion: audit.plat.io/v1\nkind: Policy\n';

describe('YAML 1.1 scalars', () => {
  it('reads yes/no/on/off/y/n as booleans, 010 as octal, and keeps timestamps and 1:30 as strings', () => {
    const { documents } = parseText('a: yes\nb: Off\nc: y\nd: 010\ne: 0b101\nf: 1_000\ng: 2026-01-02T03:04:05Z\nh: 1:30\ni: "on"\nj: 0o17\n');
    expect(documents[0]!.value).toEqual({ a: true, b: false, c: true, d: 8, e: 5, f: 1000, g: '2026-01-02T03:04:05Z', h: '1:30', i: 'on', j: '0o17' });
  });
});

describe('yaml/ambiguous-scalar', () => {
  const warnings = (body: string) =>
    lintText(HEAD + body)
      .diagnostics.filter((d) => d.ruleId === 'yaml/ambiguous-scalar')
      .map((d) => `${formatPath(d.path)} ${d.line}:${d.column}-${d.endColumn}`);

  it('warns on every plain scalar YAML 1.2 reads differently, keys and flow items included', () => {
    const body = 'rules:\n  - level: None\n    users: [on, "off", Off]\n    verbs:\n      - y\n      - 010\n    namespaces: [0o17, 1_000, 0b11, 0x_1F]\n    userGroups: [yes]\n';
    expect(warnings(body)).toEqual([
      'rules[0].users[0] 5:13-15',
      'rules[0].users[2] 5:24-27',
      'rules[0].verbs[0] 7:9-10',
      'rules[0].verbs[1] 8:9-12',
      'rules[0].namespaces[0] 9:18-22',
      'rules[0].namespaces[1] 9:24-29',
      'rules[0].namespaces[2] 9:31-35',
      'rules[0].namespaces[3] 9:37-42',
      'rules[0].userGroups[0] 10:18-21',
    ]);
  });
  it('says how each side reads the value', () => {
    const [d] = lintText(HEAD + 'omitManagedFields: on\nrules: []\n').diagnostics;
    expect(d!.message).toBe('`on` is boolean true for the platform (YAML 1.1) but the string "on" for YAML 1.2 tools; quote it or write `true`');
    const [o] = lintText(HEAD + 'rules:\n  - level: None\n    verbs: [010]\n').diagnostics.filter((x) => x.ruleId === 'yaml/ambiguous-scalar');
    expect(o!.message).toBe('`010` is the number 8 for the platform (YAML 1.1) but the number 10 for YAML 1.2 tools; quote it');
  });
  it('stays quiet on quoted values, words that merely contain on/no, and plain true/false/numbers', () => {
    expect(warnings('rules:\n  - level: None\n    users: ["on", \'no\', online, nono, yes-man, n1, true, 10, 1.5, 0.5e3]\n')).toEqual([]);
  });
  it('is not reported in documents that are not plat objects', () => {
    expect(lintText('on:\n  push: {}\nenabled: yes\n').diagnostics).toEqual([]);
  });
});

describe('the document value', () => {
  it('is the same written out and through aliases and merge keys', () => {
    const direct = parseText('a: 2026-01-02\nb: 1:30\nc: [on, 0x1F, ~, "x"]\nd: {e: 1.5}\n').documents[0]!.value;
    const viaAlias = parseText('base: &b {k: v}\na: 2026-01-02\nb: 1:30\nc: [on, 0x1F, ~, "x"]\nd: {e: 1.5}\nm: {<<: *b}\n').documents[0]!.value;
    expect(direct).toEqual({ a: '2026-01-02', b: '1:30', c: [true, 31, null, 'x'], d: { e: 1.5 } });
    expect(viaAlias).toEqual({ base: { k: 'v' }, a: '2026-01-02', b: '1:30', c: [true, 31, null, 'x'], d: { e: 1.5 }, m: { k: 'v' } });
  });
  it('keeps a __proto__ key as data, never as a prototype', () => {
    const v = parseText('__proto__: {polluted: true}\n').documents[0]!.value as Record<string, unknown>;
    expect(Object.keys(v)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

/** The findings of a text as `rule line:column`, the same with the fast readers on and off. */
function findings(text: string): string[] {
  const fast = lintText(text);
  expect(fast, 'the fast readers change nothing').toEqual(lintText(text, { reader: readComposed }));
  return fast.diagnostics.map((d) => `${d.ruleId} ${d.line}:${d.column}`);
}

describe('a key given twice', () => {
  it('places the findings of its value in the copy the decoders keep, the last', () => {
    const text = 'apiVersion: rbac.authorization.plat.io/v1\nkind: ClusterRole\nmetadata:\n  name: reader\nrules:\n  - apiGroups: [""]\n    resources: ["pods"]\n    verbs: ["get"]\nrules:\n  - apiGroups: [""]\n    resources: ["secrets"]\n    verbs: ["get", "list"]\n';
    expect(lintText(text, { filePath: 'role.yaml' }).diagnostics.map((d) => `${d.ruleId} ${formatPath(d.path)} ${d.line}:${d.column}`)).toEqual([
      'yaml/duplicate-key rules 9:1',
      'security/no-secret-read rules[0].resources[0] 11:17',
    ]);
  });
});

describe('inputs that crashed or hung a run (regressions)', () => {
  it('a flow mapping with an empty key is one yaml/syntax finding (go-yaml: "did not find expected node content")', () => {
    expect(findings(HEAD + 'rules: {:}\n')).toEqual(['yaml/syntax 3:9']);
    // in a file that names no plat group (another tool's file) the platform's refusals stay quiet
    expect(findings('{:}\n')).toEqual([]);
    expect(findings(HEAD + 'x: {: y}\n')).toEqual(['yaml/syntax 3:5']);
    // a null key has no JSON field name: sigs.k8s.io/yaml refuses it
    expect(findings(HEAD + '~: 1\n')).toEqual(['yaml/syntax 3:1']);
    expect(lintText(HEAD + 'x: {: y}\n').diagnostics[0]!.message).toBe("Parsing error: an empty or null mapping key, which the platform's decoder refuses (it has no JSON field name)");
  });
  it('a merge key whose list holds an alias of a scalar is one yaml/syntax finding at that alias', () => {
    expect(findings(HEAD + 'x: &x 2\nrules:\n  <<: [*x]\n')).toEqual(['yaml/syntax 5:8']);
    expect(findings(HEAD + 'x: &x [1]\nrules:\n  <<: *x\n')).toEqual(['yaml/syntax 5:7']);
  });
  it('a block sequence nested thousands of levels deep is one finding, at the same place through every reader', () => {
    expect(findings(HEAD + 'rules:\n' + '- '.repeat(505) + 'x\n')).toEqual(['yaml/syntax 4:999']);
    expect(findings(HEAD + 'rules:\n' + '- '.repeat(5000) + 'x\n')).toEqual(['yaml/syntax 4:1038']);
    // far deeper, followed by another document: the parser stops reading there
    expect(findings('- '.repeat(30000) + 'x\n---\n' + HEAD + 'rules: []\n')).toEqual(['yaml/syntax 1:1040']);
    expect(findings(HEAD + 'rules: ' + '['.repeat(20000) + ']'.repeat(20000) + '\n')).toEqual(['yaml/syntax 3:527']);
    expect(findings(HEAD + 'rules: ' + '{a: '.repeat(5000) + '1' + '}'.repeat(5000) + '\n')).toEqual(['yaml/syntax 3:2081']);
  });
  it('the fast readers refuse what the full parse refuses: long implicit keys, control characters', () => {
    expect(findings(HEAD + `"${'k'.repeat(1030)}": 1\n`)).toEqual(['yaml/syntax 3:1']);
    expect(findings(HEAD + `${'k'.repeat(1000)}${' '.repeat(30)}: 1\n`)).toEqual(['yaml/syntax 3:1']);
    expect(findings(HEAD + 'rules: []\n\u0002')).toEqual(['yaml/syntax 4:1']);
    expect(findings(HEAD + 'rules: []\nomitStages: ["a\u001fb"]\n')).toEqual(['yaml/syntax 4:16']);
    expect(lintText(HEAD + 'rules: []\nomitStages: [a\u007fb]\n').diagnostics[0]!.message).toBe(
      'Parsing error: the control character U+007F is not allowed; the platform\'s decoder refuses the file ("control characters are not allowed")',
    );
  });
  it('a list item holding an empty list (`- -`) is placed at that item by every reader', () => {
    expect(findings(HEAD + 'rules:\n- -')).toEqual(['schema/type 4:4']);
  });
});

describe('YAML the platform reads and the `yaml` package does not (docs/yaml-compatibility.md)', () => {
  it('a quoted scalar continued at the key\'s indentation or at column 1 is read, folded as go-yaml folds it', () => {
    expect(parseText('key: "abc\ndef"\nnext: 1\n').documents[0]!.value).toEqual({ key: 'abc def', next: 1 });
    expect(parseText("a:\n  key: 'abc\n  def'\n  b: 2\n").documents[0]!.value).toEqual({ a: { key: 'abc def', b: 2 } });
    expect(parseText('a:\n  key: "abc\n\n\ndef"\n').documents[0]!.value).toEqual({ a: { key: 'abc\n\ndef' } });
    expect(parseText('a:\n  key: "abc\n\tdef \\\nghi"\n').documents[0]!.value).toEqual({ a: { key: 'abc def ghi' } });
    expect(findings(HEAD + 'rules:\n- level: None\n  users: ["system:\nadmin"]\n')).toEqual([]);
  });
  it('a flow collection continued at any indentation is read', () => {
    expect(parseText('a:\n  b: [x,\nz]\n  c: {p: 1,\nq: 2}\n').documents[0]!.value).toEqual({ a: { b: ['x', 'z'], c: { p: 1, q: 2 } } });
  });
  it('a document marker inside a quoted scalar still ends it (go-yaml: "found unexpected document indicator")', () => {
    expect(findings(HEAD + 'rules: "abc\n---\ndef"\n').filter((f) => f.startsWith('yaml/syntax')).length).toBeGreaterThan(0);
  });
});

describe('YAML the platform refuses and the `yaml` package accepts (docs/yaml-compatibility.md)', () => {
  /** The syntax errors of a text read as a file of plat objects (`strict`). */
  const syntax = (text: string) => parseText(text, tokenize(text), true).diagnostics.filter((d) => d.ruleId === 'yaml/syntax').map((d) => d.message);
  it('a %YAML directive other than 1.1, two of them, and unknown directives', () => {
    expect(syntax('%YAML 1.1\n---\na: yes\n')).toEqual([]);
    expect(parseText('%YAML 1.1\n---\na: yes\n').documents[0]!.value).toEqual({ a: true });
    expect(syntax('%YAML 1.2\n---\na: 1\n')).toEqual(["Parsing error: `%YAML 1.2`: the platform's decoder reads YAML 1.1 only and refuses any other version (\"found incompatible YAML document\")"]);
    expect(syntax('%YAML 1.1\n%YAML 1.1\n---\na: 1\n')).toEqual(["Parsing error: a second %YAML directive for one document, which the platform's decoder refuses (\"found duplicate %YAML directive\")"]);
    expect(syntax('%FOO bar\n---\na: 1\n')).toEqual(["Parsing error: unknown directive `%FOO`, which the platform's decoder refuses (it knows %YAML and %TAG only)"]);
    expect(syntax('%YAML 1.2\n')).toHaveLength(1);
    // a %YAML 1.1 directive per document is fine
    expect(syntax('%YAML 1.1\n---\na: 1\n...\n%YAML 1.1\n---\nb: 2\n')).toEqual([]);
  });
  it('a %TAG handle used in a later document', () => {
    const text = '%TAG !e! tag:example.com,2000:\n---\na: !e!x 1\n---\nb: !e!y 2\n';
    const r = parseText(text, tokenize(text), true);
    expect(r.diagnostics.filter((d) => d.ruleId === 'yaml/syntax').map((d) => [d.document, text.slice(d.range.start, d.range.end)])).toEqual([[1, '!e!y']]);
    expect(r.documents.map((d) => d.broken)).toEqual([false, true]);
  });
  it('collections as keys, the `\\/` escape, `:`-led plain scalars and keys over a line break in flow collections', () => {
    expect(syntax('[a]: 1\n')).toEqual(['Parsing error: a mapping or list used as a mapping key, which the platform\'s decoder refuses ("invalid map key")']);
    expect(syntax('? {a: 1}\n: 1\n')).toHaveLength(1);
    expect(syntax('a: "x\\/y"\n')).toEqual(["Parsing error: the escape `\\/` is not one the platform's decoder (YAML 1.1) knows"]);
    expect(syntax('a: "x\\"y\\\\z\\ty"\n')).toEqual([]);
    expect(syntax('a: [:x]\n')).toHaveLength(1);
    expect(syntax('a: {b\n  : c}\n')).toHaveLength(1);
  });
  it('of several such problems, the first in the text is reported, however the collections nest (go-yaml stops there)', () => {
    // JSON with `//` comments, as documentation pages write it: each comment and the key after it make an implicit
    // key running over a line break; the walk used to reach the last collection first and report its comment
    const text = '{"a": {\n  // first, here\n  "b": 1},\n "c": {\n  // second\n  "d": 2}, "e": "\\/"}\n';
    const found = parseText(text, tokenize(text), true).diagnostics.filter((d) => d.ruleId === 'yaml/syntax');
    expect(found.map((d) => text.slice(0, d.range.start).split('\n').length)).toEqual([2]);
    expect(found[0]!.message).toBe("Parsing error: an implicit key of a flow mapping that runs over a line break, which the platform's decoder refuses");
    // the first is an alias with no name (`component: *` in a proposal): said so, not as a name with bad characters
    const alias = 'a: [*, *x.y]\n';
    expect(syntax(alias)[0]).toBe("Parsing error: an alias `*` with no name, which the platform's decoder refuses");
  });
  it('merge keys as go-yaml v2 applies them: a merged key overwrites an earlier one; of a list, the first mapping wins', () => {
    expect(parseText('b: &b {k: 1}\nm:\n  k: 0\n  <<: *b\n').documents[0]!.value).toEqual({ b: { k: 1 }, m: { k: 1 } });
    expect(parseText('b: &b {k: 1}\nm:\n  <<: *b\n  k: 0\n').documents[0]!.value).toEqual({ b: { k: 1 }, m: { k: 0 } });
    expect(parseText('a: &a {k: 1}\nb: &b {k: 2, j: 2}\nm:\n  <<: [*a, *b]\n').documents[0]!.value).toEqual({ a: { k: 1 }, b: { k: 2, j: 2 }, m: { k: 1, j: 2 } });
  });
  it('an anchored key is aliased as a key or a value (suite cases E76Z, HMQ5)', () => {
    expect(parseText('&a a: &b b\n*b : *a\n').documents[0]!.value).toEqual({ a: 'b', b: 'a' });
  });
  it('aliases: many are fine (go-yaml refuses only excessive aliasing); a bomb and a recursive alias are refused', () => {
    const many = 'a: &a x\nb: [' + Array(4000).fill('*a').join(', ') + ']\n';
    expect(parseText(many, tokenize(many), true).diagnostics).toEqual([]);
    const bomb = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]', ...'bcdefghi'.split('').map((c, i) => `${c}: &${c} [${Array(9).fill('*' + 'abcdefghi'[i]).join(',')}]`)].join('\n') + '\n';
    expect(parseText(bomb).diagnostics.map((d) => d.ruleId)).toEqual(['yaml/alias-limit']);
    expect(parseText(bomb, tokenize(bomb), true).diagnostics.map((d) => d.ruleId)).toEqual(['yaml/alias-limit']);
    expect(parseText('a: &a [*a]\n').diagnostics.map((d) => d.ruleId)).toEqual(['yaml/alias-limit']);
  });
});

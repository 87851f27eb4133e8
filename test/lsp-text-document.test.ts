// The language server's documents (src/lsp/text-document.ts) against vscode-languageserver-textdocument's, which
// the server used before: the same texts, positions, offsets, lines and line breaks after the same changes, on
// seeded random texts (line feeds, carriage returns alone and before line feeds, characters of two UTF-16 units)
// and random edits (ranges backwards, past the end, on lines that do not exist), the questions asked in a random
// order (the new one indexes its lines as far as it is asked).
import { describe, expect, test } from 'vitest';
import { TextDocument, type TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import { LazyTextDocument, LazyTextDocuments } from '../src/lsp/text-document.js';
import { rangeConverter, toLspDiagnostics } from '../src/lsp/diagnostics.js';
import { fileLevelResult } from '../src/lint/lint.js';
import { tooLarge } from '../src/read/bytes.js';
import { DOCS } from './helpers/docs-url.js';

/** A small seeded generator (mulberry32): the same cases every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = ['a', 'bc', 'key: value', '\n', '\n', '\r', '\r\n', '\r\n', 'é', '😀', ' '];

function textOf(next: () => number, max: number): string {
  const n = Math.floor(next() * max);
  let s = '';
  for (let i = 0; i < n; i++) s += PIECES[Math.floor(next() * PIECES.length)];
  return s;
}

const int = (next: () => number, lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));

/** A text with one change applied as the protocol says: its range read against the text as it is. */
function applied(text: string, change: TextDocumentContentChangeEvent): string {
  const document = TextDocument.create('file:///a.yaml', 'yaml', 1, text);
  TextDocument.update(document, [change], 2);
  return document.getText();
}

const fresh = (text: string) => TextDocument.create('file:///a.yaml', 'yaml', 1, text);

/**
 * Random questions and changes, `steps` of them, to our document and TextDocument of a random text; each
 * change's positions drawn from the text as the changes before it (of the same batch too) left it. `updated`:
 * TextDocument is updated by the same changes, and the positions are those editors send (lines that exist,
 * characters from 0); else it is a new TextDocument of each text, and the positions include lines past the end
 * and -1.
 */
function compare(seed: number, steps: number, updated: boolean): void {
  const inRange = updated;
  const next = random(seed);
  const text = textOf(next, 60);
  let theirs = fresh(text);
  const ours = LazyTextDocuments.create('file:///a.yaml', 'yaml', 1, text);
  let current = text;
  for (let step = 0; step < steps; step++) {
    const lines = fresh(current).lineCount;
    const linesNow = (t: string) => fresh(t).lineCount;
    const position = (n = lines) => (inRange ? { line: int(next, 0, n - 1), character: int(next, 0, 12) } : { line: int(next, -1, n + 1), character: int(next, -1, 12) });
    const what = Math.floor(next() * 8);
    const label = `seed ${seed}, step ${step}, ${JSON.stringify(current)}`;
    if (what === 0) {
      const offset = inRange ? int(next, 0, current.length) : int(next, -2, current.length + 2);
      expect(ours.positionAt(offset), `${label}: positionAt(${offset})`).toEqual(theirs.positionAt(offset));
    } else if (what === 1) {
      const p = position();
      expect(ours.offsetAt(p), `${label}: offsetAt(${JSON.stringify(p)})`).toBe(theirs.offsetAt(p));
    } else if (what === 2) {
      const line = position().line;
      expect(ours.getLineRange(line), `${label}: getLineRange(${line})`).toEqual(theirs.getLineRange(line));
      expect(ours.getEOLCharacters(line), `${label}: getEOLCharacters(${line})`).toBe(theirs.getEOLCharacters(line));
    } else if (what === 3) {
      const range = { start: position(), end: position() };
      expect(ours.getText(range), `${label}: getText(${JSON.stringify(range)})`).toBe(theirs.getText(range));
    } else if (what === 4) {
      expect(ours.lineCount, `${label}: lineCount`).toBe(theirs.lineCount);
    } else {
      // changes: mostly incremental ones (one to three at once), sometimes the whole text
      const changes: TextDocumentContentChangeEvent[] = [];
      if (what === 7 && next() < 0.3) changes.push({ text: textOf(next, 30) });
      else {
        for (let k = int(next, 1, 3); k > 0; k--) {
          const change = { range: { start: position(linesNow(current)), end: position(linesNow(current)) }, text: textOf(next, 6) };
          changes.push(change);
          current = applied(current, change);
        }
      }
      if (changes.length === 1 && !('range' in changes[0]!)) current = changes[0]!.text;
      const version = ours.version + 1;
      LazyTextDocuments.update(ours, changes, version);
      expect(ours.getText(), `${label}: after ${JSON.stringify(changes)}`).toBe(current);
      expect(ours.version).toBe(version);
      if (updated) TextDocument.update(theirs, changes, version);
      else theirs = fresh(current);
      expect(theirs.getText()).toBe(current);
    }
  }
  // at the end, every offset and every line
  for (let offset = 0; offset <= current.length; offset++) expect(ours.positionAt(offset), `seed ${seed}: positionAt(${offset}) at the end`).toEqual(theirs.positionAt(offset));
  for (let line = 0; line < theirs.lineCount; line++) expect(ours.offsetAt({ line, character: 0 }), `seed ${seed}: line ${line} at the end`).toBe(theirs.offsetAt({ line, character: 0 }));
  expect(ours.lineCount).toBe(theirs.lineCount);
}

describe('LazyTextDocument answers as TextDocument does', () => {
  test('as the TextDocument the server kept before, updated by the same changes: 400 random texts, 40 questions and changes each', () => {
    for (let seed = 1; seed <= 400; seed++) compare(seed, 40, true);
  });

  test('as a new TextDocument of the same text, also after ranges on lines past the end (which leave the line index of the one updated wrong)', () => {
    for (let seed = 1; seed <= 400; seed++) compare(seed, 40, false);
  });

  test('a change indexes the text up to its line only; a position past it reads on from there', () => {
    const lines = Array.from({ length: 100_000 }, (_, i) => `line ${i}`);
    const text = `${lines.join('\n')}\n`;
    const ours = new LazyTextDocument('file:///big.yaml', 'yaml', 1, text);
    const indexed = () => (ours as unknown as { known: number }).known;
    expect(indexed()).toBe(1);
    LazyTextDocuments.update(ours, [{ range: { start: { line: 3, character: 0 }, end: { line: 3, character: 4 } }, text: 'LINE' }], 2);
    expect(indexed()).toBe(3);
    expect(ours.getText().slice(0, 41)).toBe('line 0\nline 1\nline 2\nLINE 3\nline 4\nline 5');
    // a position at the end indexes every line
    expect(ours.positionAt(ours.getText().length)).toEqual({ line: 100_000, character: 0 });
    expect(indexed()).toBe(100_001);
    // a change keeps the lines before it
    LazyTextDocuments.update(ours, [{ range: { start: { line: 50_000, character: 0 }, end: { line: 50_000, character: 0 } }, text: 'x\n' }], 3);
    expect(indexed()).toBe(50_000);
    expect(ours.lineCount).toBe(100_002);
    expect(ours.offsetAt({ line: 50_001, character: 0 })).toBe(text.indexOf('line 50000') + 2);
  });

  test('the input/too-large diagnostic of a document of a million lines reads its first line only', () => {
    const text = `apiVersion: v1\n${'# line\n'.repeat(1_000_000)}`;
    const document = new LazyTextDocument('file:///big.yaml', 'yaml', 1, text);
    const size = Buffer.byteLength(text);
    expect(toLspDiagnostics(document, fileLevelResult('big.yaml', tooLarge(size, 8388608, 'maxFileSize in platlint.config.yaml')))).toEqual([
      {
        range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
        severity: 1,
        code: 'input/too-large',
        codeDescription: { href: `${DOCS}input/too-large.md` },
        source: 'platlint',
        message: `file is ${size} bytes; the limit is 8388608 bytes (raise it with maxFileSize in platlint.config.yaml)`,
        data: { fatal: true },
      },
    ]);
    expect((document as unknown as { known: number }).known).toBe(1);
  });

  test('rangeConverter: ranges on the first line (converted without the line index) are TextDocument.positionAt\'s, after a byte-order mark and before any line break', () => {
    for (const text of ['', 'abc', '\ufeffabc\r\ndef', 'ab\rcd\n', '\ufeff\n\nx', 'a😀b\nc', '\r\n']) {
      const ours = rangeConverter(TextDocument.create('file:///a.yaml', 'yaml', 1, text));
      const document = TextDocument.create('file:///a.yaml', 'yaml', 1, text);
      // the conversion as it was: every offset by positionAt, shifted past a byte-order mark (which lintText drops)
      const shift = text.charCodeAt(0) === 0xfeff ? 1 : 0;
      const theirs = (r: { start: number; end: number }) => ({ start: document.positionAt(r.start + shift), end: document.positionAt(Math.max(r.end, r.start) + shift) });
      for (let start = -1; start <= text.length + 1; start++) {
        for (let end = start - 1; end <= text.length + 1; end++) expect(ours({ start, end }), `${JSON.stringify(text)} ${start}-${end}`).toEqual(theirs({ start, end }));
      }
    }
  });
});

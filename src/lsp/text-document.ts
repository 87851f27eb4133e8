// The server's open documents: the text an editor has open, kept up to date by its changes, and converted
// between offsets and LSP positions. It answers as vscode-languageserver-textdocument's TextDocument does
// (test/lsp-text-document.test.ts compares them on random texts and edits), but indexes the lines lazily: only as
// far into the text as a position asked for, and after a change only from the changed line on. That one keeps an
// index of every line, built whole on the first position asked for and shifted whole by every change: for a
// document of 16 MB, 100-250 ms on the server's thread for the first change (measured with 1 to 4 million lines),
// which hover and completion on the other documents would wait for; the document, over the size limit, is not
// even linted. Here a keystroke on a line reads the text up to that line (npm run bench:lsp, "a 16 MB document").
import type { Position, Range, TextDocument, TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';

const LF = 10;
const CR = 13;

const isEol = (c: number) => c === LF || c === CR;

export class LazyTextDocument implements TextDocument {
  private content: string;
  /** The start offsets of the lines indexed so far: `starts[0..known)`, in order (the first is 0). */
  private starts = new Int32Array(64);
  private known = 1;
  /** Whether the index holds every line (the text has been read to its end). */
  private complete = false;
  /**
   * The first carriage return at or after `crFrom` (-1: none), known for any offset from `crFrom` to it (`crFrom`
   * -1: not searched since the text changed): a text without one is searched for it once.
   */
  private crFrom = -1;
  private crAt = -1;

  constructor(
    readonly uri: string,
    readonly languageId: string,
    private _version: number,
    content: string,
  ) {
    this.content = content;
    this.reset(1);
  }

  get version(): number {
    return this._version;
  }

  get lineCount(): number {
    this.indexTo(Infinity, Infinity);
    return this.known;
  }

  getText(range?: Range): string {
    if (!range) return this.content;
    return this.content.substring(this.offsetAt(range.start), this.offsetAt(range.end));
  }

  positionAt(offset: number): Position {
    offset = Math.max(Math.min(offset, this.content.length), 0);
    // the index up to the first line that starts after the offset (or the text's end)
    this.indexTo(Infinity, offset);
    let low = 0;
    let high = this.known;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.starts[mid]! > offset) high = mid;
      else low = mid + 1;
    }
    const line = low - 1;
    const start = this.starts[line]!;
    return { line, character: this.beforeEol(offset, start) - start };
  }

  offsetAt(position: Position): number {
    // the line and the next one, whose start ends it
    this.indexTo(position.line + 2, Infinity);
    if (position.line >= this.known) return this.content.length;
    if (position.line < 0) return 0;
    const start = this.starts[position.line]!;
    if (position.character <= 0) return start;
    const next = position.line + 1 < this.known ? this.starts[position.line + 1]! : this.content.length;
    return this.beforeEol(Math.min(start + position.character, next), start);
  }

  getLineRange(line: number): Range {
    this.indexTo(line + 2, Infinity);
    if (line >= this.known) {
      const last = this.known - 1;
      return { start: { line: last, character: 0 }, end: { line: last, character: this.content.length - this.starts[last]! } };
    }
    if (line < 0) return { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    const start = this.starts[line]!;
    const next = line + 1 < this.known ? this.starts[line + 1]! : this.content.length;
    return { start: { line, character: 0 }, end: { line, character: this.beforeEol(next, start) - start } };
  }

  getEOLCharacters(line: number): string {
    this.indexTo(line + 2, Infinity);
    if (line >= this.known || line < 0) return '';
    const start = this.starts[line]!;
    const next = line + 1 < this.known ? this.starts[line + 1]! : this.content.length;
    return this.content.substring(this.beforeEol(next, start), next);
  }

  /** Applies an editor's changes, in order (as TextDocument.update). */
  update(changes: readonly TextDocumentContentChangeEvent[], version: number): void {
    for (const change of changes) {
      if (isIncremental(change)) {
        const range = wellFormed(change.range);
        const start = this.offsetAt(range.start);
        const end = this.offsetAt(range.end);
        this.content = this.content.substring(0, start) + change.text + this.content.substring(end, this.content.length);
        // the lines that start before the change keep their starts (a start right at it may not: `\r` then `\n`)
        this.reset(this.linesBefore(start));
      } else if (isFull(change)) {
        this.content = change.text;
        this.reset(1);
      } else {
        throw new Error('Unknown change event received');
      }
    }
    this._version = version;
  }

  /** How many indexed lines start before an offset (at least the first). */
  private linesBefore(offset: number): number {
    let low = 1;
    let high = this.known;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.starts[mid]! < offset) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** Keeps the first `known` line starts, and reads the text again from the last of them. */
  private reset(known: number): void {
    this.known = known;
    this.starts[0] = 0;
    this.complete = false;
    this.crFrom = -1;
  }

  /** Indexes lines until `lines` are known or one starts after `offset`, or the text ends. */
  private indexTo(lines: number, offset: number): void {
    const text = this.content;
    while (!this.complete && this.known < lines && this.starts[this.known - 1]! <= offset) {
      const from = this.starts[this.known - 1]!;
      const lf = text.indexOf('\n', from);
      const cr = this.nextCr(from);
      let eol = lf === -1 ? cr : cr === -1 ? lf : Math.min(lf, cr);
      if (eol === -1) {
        this.complete = true;
        break;
      }
      if (eol === cr && text.charCodeAt(eol + 1) === LF) eol++;
      this.push(eol + 1);
    }
  }

  /** The first carriage return at or after `from`, or -1. */
  private nextCr(from: number): number {
    if (this.crFrom === -1 || from < this.crFrom || (this.crAt !== -1 && from > this.crAt)) {
      this.crFrom = from;
      this.crAt = this.content.indexOf('\r', from);
    }
    return this.crAt;
  }

  private push(start: number): void {
    if (this.known === this.starts.length) {
      const grown = new Int32Array(this.starts.length * 2);
      grown.set(this.starts);
      this.starts = grown;
    }
    this.starts[this.known++] = start;
  }

  /** An offset moved back before the line break it is inside or after, but not before its line's start. */
  private beforeEol(offset: number, lineStart: number): number {
    while (offset > lineStart && isEol(this.content.charCodeAt(offset - 1))) offset--;
    return offset;
  }
}

type Incremental = { range: Range; rangeLength?: number; text: string };

function isIncremental(change: TextDocumentContentChangeEvent): change is Incremental {
  const c = change as Partial<Incremental> | null | undefined;
  return c !== undefined && c !== null && typeof c.text === 'string' && c.range !== undefined && (c.rangeLength === undefined || typeof c.rangeLength === 'number');
}

function isFull(change: TextDocumentContentChangeEvent): change is { text: string } {
  const c = change as Partial<Incremental> | null | undefined;
  return c !== undefined && c !== null && typeof c.text === 'string' && c.range === undefined && c.rangeLength === undefined;
}

function wellFormed(range: Range): Range {
  const { start, end } = range;
  return start.line > end.line || (start.line === end.line && start.character > end.character) ? { start: end, end: start } : range;
}

/** The open documents' configuration for vscode-languageserver's TextDocuments. */
export const LazyTextDocuments = {
  create: (uri: string, languageId: string, version: number, content: string) => new LazyTextDocument(uri, languageId, version, content),
  update: (document: LazyTextDocument, changes: TextDocumentContentChangeEvent[], version: number) => {
    document.update(changes, version);
    return document;
  },
};

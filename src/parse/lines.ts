import { CST } from 'yaml';
import { BAD_PLAIN_START, FAST_MAX_DEPTH, GiveUp, MAX_IMPLICIT_KEY, resolvePlain } from './plain-scalars.js';
import { lex, lexemeComments, NOT_PRINTABLE } from './compose.js';
import { SCALAR, scanLine } from './scan-line.js';
import type { Comment, Range } from '../finding.js';

/**
 * The quickest reader: the values of a text read from its lines, without the `yaml` parser (the syntax tree costs
 * more than the reading). It reads only the plainest YAML, the shape of most configuration files: block mappings
 * and sequences by indentation, one-line plain and simple quoted scalars, flow sequences and flow mappings of such
 * scalars closed on their line, block scalars (`|`, `>`) as values, comments, `---` between documents. Anything
 * else (tabs, anchors, tags, multi-line plain or quoted scalars, escapes, explicit keys, nested flow collections …)
 * makes it give up, and the caller parses as before.
 *
 * In this subset every line stands alone (its parts do not depend on the lines around it), but for a block
 * scalar, which stands alone with its content lines (a "unit"). So a text is read line by line (`readLines`):
 * each line scanned from its characters (src/parse/scan-line.ts, which says what the `yaml` lexer would split
 * the line into, or that it is not sure), or lexed on its own where the scanner is not sure, and a block scalar's
 * unit lexed on its own; the language server keeps the lines of the last text in a `LineCache`, so that a change
 * to one line of 10,000 reads that line alone. Where the line reading gives up, the text is lexed whole
 * (`lexWhole`) and read from its tokens, which then go to the parser (`Parser#next`), so nothing is lexed twice.
 *
 * It is only trusted to say "these are the values": test/lex-read.test.ts compares it with the full parse on
 * every fixture and thousands of mutated files; test/lex-cache.test.ts checks that reading line by line says
 * what lexing the whole text says; test/scan-line.test.ts that the scanner says what the lexer says of a line.
 * The findings of a file it read are placed on the same lines (`lexDocuments`, src/parse/lines-locate.ts),
 * without the parser or the composer.
 */

const DOC_START = '\x02';
export { SCALAR } from './scan-line.js';

/** A significant token of a line: its text (a plain scalar's behind SCALAR) and its column. */
export interface Part {
  t: string;
  col: number;
  /** A block scalar (`t` is its header, `|-` …): its content lines belong to the part. */
  block?: BlockScalar;
}

/** A block scalar's value as the composer resolves it, and its length in the text. */
export interface BlockScalar {
  value: string;
  folded: boolean;
  /** From the header's first character to the end of the content (over the header line's break): the composer's range. */
  length: number;
}

export interface Line {
  indent: number;
  /** The significant tokens after the indentation (no comments, no spaces), with their columns. */
  parts: Part[];
  /** The line's offset in the text (counted from the `offset` that `lines` was given). */
  start: number;
}

/** A part's range in the text (a plain scalar's SCALAR mark is not text; a block scalar runs over its content). */
export function partRange(line: Line, p: Part): Range {
  const start = line.start + p.col;
  return { start, end: start + (p.block ? p.block.length : p.t.length - (p.t[0] === SCALAR ? 1 : 0)) };
}

/** A block scalar header as the lexer splits it: the indicator, a chomping indicator and an indentation one, in either order. */
const BLOCK_HEADER = /^[|>](?:[-+][1-9]?|[1-9][-+]?)?$/;

/**
 * A block scalar's value, as the composer resolves it from the same tokens (`resolveBlockScalar` of the `yaml`
 * package, which the composer calls): the header, and the content the lexer gave it. `indent` is the parser's
 * indentation of the block scalar (the column of the line's first part after a `- `), which an indentation
 * indicator counts from. Any error gives up: the full parse reports it.
 */
function blockValue(header: string, indent: number, content: string, length: number): BlockScalar {
  const token = {
    type: 'block-scalar',
    offset: 0,
    indent,
    props: [{ type: 'block-scalar-header', offset: 0, indent, source: header }],
    source: content,
  } as CST.BlockScalar;
  const r = CST.resolveAsScalar(token, true, giveUp);
  if (!r) return giveUp();
  return { value: r.value, folded: header[0] === '>', length };
}

const giveUp = (): never => {
  throw GIVE_UP;
};
const GIVE_UP = new GiveUp('the lexer reader does not read this text');

/**
 * Splits the tokens of one document into lines of significant tokens; `offset` is where token `from` starts in
 * the text (for the lines' offsets, which only placing findings needs: the reading passes 0).
 */
function lines(tokens: readonly string[], from: number, to: number, offset: number): Line[] {
  const out: Line[] = [];
  let cur: Line | undefined;
  let col = 0;
  // the offset of the current line's start
  let lineStart = offset;
  let scalarNext = false;
  // a comment must follow white space (`]# c` is an error of the composer, not of the lexer)
  let afterSpace = true;
  // a block scalar's header, and its line, until its content (the token after the next SCALAR mark) comes
  let header: Part | undefined;
  let headerLine: Line | undefined;
  for (let i = from; i < to; i++) {
    const t = tokens[i]!;
    if (header && scalarNext) {
      // the content of the block scalar: its lines (or none), each ending with its line break but at the text's end
      const at = lineStart + col;
      const parts = headerLine!.parts;
      // the parser's indentation of the block scalar: the column of its line's first part after a `- `
      const indent = parts[parts[0]!.t === '-' && parts.length > 1 ? 1 : 0]!.col;
      header.block = blockValue(header.t, indent, t, at + t.length - (headerLine!.start + header.col));
      if (col === 0) lineStart += t.length;
      else col += t.length;
      header = headerLine = undefined;
      scalarNext = false;
      afterSpace = true;
      continue;
    }
    if (t === '\n') {
      if (cur && cur.parts.length > 0) out.push(cur);
      cur = undefined;
      lineStart += col + 1;
      col = 0;
      afterSpace = true;
      continue;
    }
    if (t === DOC_START) continue;
    if (t === SCALAR) {
      scalarNext = true;
      continue;
    }
    if (!cur) cur = { indent: 0, parts: [], start: lineStart };
    const first = t[0]!;
    if (first === ' ') {
      if (col === 0) cur.indent = t.length;
      col += t.length;
      afterSpace = true;
      continue;
    }
    if (first === '#') {
      if (!afterSpace) giveUp();
      col += t.length;
      continue;
    }
    afterSpace = false;
    // nothing but white space and a comment after a block scalar's header (the lexer keeps the rest of the line as a token)
    if (header) giveUp();
    if (scalarNext) {
      // a plain scalar: one line, not the start of something the reader does not read
      if (t.includes('\n') || t.length > 1000 || BAD_PLAIN_START.has(t[0]!)) giveUp();
      cur.parts.push({ t: SCALAR + t, col });
      scalarNext = false;
    } else if (first === '"' || first === "'") {
      if (t.includes('\n') || t.length < 2 || t[t.length - 1] !== first || (first === '"' && t.includes('\\'))) giveUp();
      cur.parts.push({ t, col });
    } else if (t === ':' || t === '-' || t === '[' || t === ']' || t === ',' || t === '{' || t === '}') {
      cur.parts.push({ t, col });
    } else if (BLOCK_HEADER.test(t)) {
      header = { t, col };
      headerLine = cur;
      cur.parts.push(header);
    } else giveUp(); // anchors, aliases, tags, bad block scalar headers, explicit keys, directives, `...`
    col += t.length;
  }
  if (cur && cur.parts.length > 0) out.push(cur);
  // a header without its content (the lexer always gives one, empty at the text's end): not what is read here
  if (header) giveUp();
  return out;
}

/** The value of a scalar part (a plain one behind SCALAR, quoted ones with their quotes). */
export function scalar(t: string): unknown {
  if (t[0] === SCALAR) return resolvePlain(t.slice(1));
  const body = t.slice(1, -1);
  return t[0] === "'" ? body.replace(/''/g, "'") : body;
}

export const isScalarToken = (t: string | undefined): t is string => t !== undefined && (t[0] === SCALAR || t[0] === '"' || t[0] === "'");

/** A scalar item, key or value of a flow collection; a plain one starting with `:` there is refused by the platform's decoder (YAML 1.1). */
function flowScalar(t: string | undefined): string {
  if (!isScalarToken(t) || (t[0] === SCALAR && t[1] === ':')) giveUp();
  return t!;
}

/**
 * A flow collection of scalars closed on its line, from its `[` or `{` at part `at` to the line's last part:
 * `[a, "b"]`, `{k: v, k2: "v2"}`, `[]`, `{}`. A mapping's key is followed by `:`, a space and its value;
 * anything else (an empty or a missing value, nesting, a trailing comma, `k:v`) is left to the parser.
 */
function flowCollection(parts: readonly Part[], at: number): unknown[] | Record<string, unknown> {
  const isMap = parts[at]!.t === '{';
  const close = isMap ? '}' : ']';
  const seq: unknown[] = [];
  const map: Record<string, unknown> = {};
  let j = at + 1;
  if (parts[j]?.t !== close) {
    for (;;) {
      if (!isMap) seq.push(scalar(flowScalar(parts[j]?.t)));
      else {
        const key = flowScalar(parts[j]?.t);
        const colon = parts[j + 1];
        const value = parts[j + 2];
        if (colon?.t !== ':') giveUp();
        // `k: v` with a space after the colon, and keys within the composer's limit on implicit keys
        if (value === undefined || value.col <= colon!.col + 1 || colon!.col - parts[j]!.col > MAX_IMPLICIT_KEY - 24) giveUp();
        const k = scalar(key);
        // a null key is refused by the platform's decoder: the full parse reports it
        if (k === null) giveUp();
        const name = String(k);
        if (name === '<<' || name === '__proto__' || Object.prototype.hasOwnProperty.call(map, name)) giveUp();
        map[name] = scalar(flowScalar(value!.t));
        j += 2;
      }
      if (parts[j + 1]?.t === close) break;
      if (parts[j + 1]?.t !== ',') giveUp();
      j += 2;
    }
    j++;
  }
  if (j + 1 !== parts.length) giveUp();
  return isMap ? map : seq;
}

class Reader {
  i = 0;
  /** Collections open (the reader recurses once a level; deeper documents are left to the parser). */
  private depth = 0;
  constructor(private readonly ls: Line[]) {}

  private enter(): void {
    if (++this.depth > FAST_MAX_DEPTH) giveUp();
  }

  /** A value written after `key: ` or `- ` on one line: a scalar, a flow sequence or a flow mapping of scalars. */
  inline(parts: Line['parts'], at: number): unknown {
    const p = parts[at]!;
    if (p.block) {
      if (at + 1 !== parts.length) giveUp();
      return p.block.value;
    }
    if (isScalarToken(p.t)) {
      if (at + 1 !== parts.length) giveUp();
      return scalar(p.t);
    }
    if (p.t !== '[' && p.t !== '{') return giveUp();
    return flowCollection(parts, at);
  }

  /** The block at the current line, which must be indented exactly `indent`. */
  block(indent: number): unknown {
    const line = this.ls[this.i]!;
    if (line.indent !== indent) giveUp();
    return line.parts[0]!.t === '-' ? this.seq(indent) : this.map(indent, line.parts, 0);
  }

  /** The value after `key:` with nothing after it on the line: a deeper block, a sequence at the key's indent, or null. */
  nested(keyIndent: number, seqAllowedAtSameIndent: boolean): unknown {
    const next = this.ls[this.i];
    if (!next || next.indent < keyIndent) return null;
    if (next.indent > keyIndent) return this.block(next.indent);
    if (seqAllowedAtSameIndent && next.parts[0]!.t === '-') return this.seq(keyIndent);
    return null;
  }

  /**
   * A block mapping whose first key is `parts[from]` of the current line (a compact mapping after `- ` starts
   * inside the line); its other keys are on the next lines, at column `indent`.
   */
  map(indent: number, parts: Line['parts'], from: number): Record<string, unknown> {
    this.enter();
    const out: Record<string, unknown> = {};
    let ps = parts;
    let at = from;
    for (;;) {
      const key = ps[at]?.t;
      if (!isScalarToken(key) || ps[at + 1]?.t !== ':') giveUp();
      // the composer's limit on implicit keys (and go-yaml's)
      if (ps[at + 1]!.col - ps[at]!.col > MAX_IMPLICIT_KEY - 24) giveUp();
      const k = scalar(key!);
      // a null key is refused by the platform's decoder: the full parse reports it
      if (k === null) giveUp();
      const name = String(k);
      if (name === '<<' || name === '__proto__' || Object.prototype.hasOwnProperty.call(out, name)) giveUp();
      this.i++;
      if (at + 2 < ps.length) {
        // `key: value` needs a space after the colon (the lexer reads `key:value` as one scalar)
        if (ps[at + 2]!.col <= ps[at + 1]!.col + 1) giveUp();
        out[name] = this.inline(ps, at + 2);
      } else out[name] = this.nested(indent, true);
      const next = this.ls[this.i];
      if (!next || next.indent < indent) {
        this.depth--;
        return out;
      }
      if (next.indent > indent || next.parts[0]!.t === '-') giveUp();
      ps = next.parts;
      at = 0;
    }
  }

  /** A block sequence of `- ` items at column `indent`. */
  seq(indent: number): unknown[] {
    this.enter();
    const out: unknown[] = [];
    for (;;) {
      const line = this.ls[this.i]!;
      const parts = line.parts;
      const dash = parts.findIndex((p) => p.t === '-' && p.col === indent);
      if (dash !== 0) giveUp();
      const item = parts[1];
      if (!item) giveUp(); // `-` alone on its line: a nested block or null item, left to the parser
      if (item!.col <= indent + 1) giveUp(); // `-x` is a scalar, not an item
      if (item!.t === '-') giveUp(); // `- - a`
      if (isScalarToken(item!.t) && parts[2]?.t === ':') {
        out.push(this.map(item!.col, parts, 1));
      } else {
        out.push(this.inline(parts, 1));
        this.i++;
      }
      const next = this.ls[this.i];
      if (!next || next.indent < indent || (next.indent === indent && next.parts[0]!.t !== '-')) {
        this.depth--;
        return out;
      }
      if (next.indent > indent || next.parts[0]!.t !== '-') giveUp();
    }
  }
}


/**
 * Lexes a text and reads its values when it is in the reader's subset. The tokens come back either way (the
 * parser takes them when the values do not suffice), except for a text with tabs or carriage returns, which
 * the reader does not lex at all. `documents`, with the values: how the text splits into documents (for
 * `lexDocuments`).
 *
 * The text is first read line by line (`readLines`): each line scanned from its characters (`scanLine`), or
 * lexed on its own where the scanner is not sure, or, with a `LineCache` (the language server's, which lints
 * one document again after every change), taken from the cache; then no tokens come back (the parser lexes the
 * text itself if it is needed). Where that reading gives up, the text is lexed whole (`lexWhole`), so the
 * answer is always the whole text's.
 */
export function lexText(text: string, cache?: LineCache): LexText {
  if (text.includes('\t') || text.includes('\r') || NOT_PRINTABLE.test(text)) return {};
  return readLines(text, cache) ?? lexTokens(text);
}

/**
 * The text lexed whole by the `yaml` lexer and read from its tokens, as `lexText` does where the line reading
 * gives up: the reference the tests compare the line reading with (test/lex-cache.test.ts).
 */
export function lexWhole(text: string): LexText {
  if (text.includes('\t') || text.includes('\r') || NOT_PRINTABLE.test(text)) return {};
  return lexTokens(text);
}

/** `lexWhole` for a text already known to hold no tab, carriage return or character the reader refuses. */
function lexTokens(text: string): LexText {
  const tokens = [...lex(text)];
  const read = readTokens(tokens);
  return read.values ? { tokens, ...read, comments: () => lexemeComments(tokens) } : { tokens };
}

/** What `lexText` gives. */
export interface LexText {
  tokens?: string[];
  values?: unknown[];
  documents?: Documents;
  /**
   * With the values: the text's comments, in order, with their offsets, as the composer gives them (made when
   * asked: a text with no suppression comment needs none).
   */
  comments?: () => Comment[];
}

/** A document's share of the tokens, `from` to `to`. */
interface Bound {
  from: number;
  to: number;
}

/** The documents of a text, as the reader split them (see `documents`). */
export interface Documents {
  /** Each document's lines, with their offsets in the text, split when first asked for. */
  lines: (() => Line[])[];
  /** How many documents the composer makes of the text. */
  composed: number;
}

/**
 * Splits the tokens into documents at `---` lines (a `---` with anything after it on its line is left to the
 * parser). `composed`: how many documents the composer makes of them, one from the first DOC_START (the lexer
 * emits one, at the first line that is not blank or a comment) and one more at each later `---`.
 */
function documents(tokens: readonly string[]): { bounds: Bound[]; composed: number } {
  const bounds: Bound[] = [];
  let start = 0;
  let composed = tokens.includes(DOC_START) ? 1 : 0;
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i] !== '---') continue;
    // (after a line break, or after a block scalar's content, which ends with its last line's, or is empty: then
    // its header's line break is before it)
    let before = tokens[i - 1];
    if (before === '' && i >= 3 && tokens[i - 2] === SCALAR) before = tokens[i - 3];
    if (i > 0 && before![before!.length - 1] !== '\n' && before !== DOC_START) giveUp();
    if (tokens[i + 1] !== undefined && tokens[i + 1] !== '\n') giveUp();
    if (tokens[i - 1] !== DOC_START) composed++;
    if (i > start) bounds.push({ from: start, to: i });
    start = i + 1;
  }
  bounds.push({ from: start, to: tokens.length });
  // a text starting with `---` has no document before it
  if (tokens.find((t) => t !== DOC_START && t !== '\n' && !t.startsWith('#') && !t.startsWith(' ')) === '---') bounds.shift();
  return { bounds, composed };
}

/** The value of a document from its lines (null for none); throws GiveUp. */
function documentValue(ls: Line[]): unknown {
  if (ls.length === 0) return null;
  const reader = new Reader(ls);
  const v = reader.block(ls[0]!.indent);
  if (reader.i !== ls.length) giveUp();
  return v;
}

function readTokens(tokens: readonly string[]): { values?: unknown[]; documents?: Documents } {
  try {
    const values: unknown[] = [];
    const docs = documents(tokens);
    for (const { from, to } of docs.bounds) values.push(documentValue(lines(tokens, from, to, 0)));
    const split = docs.bounds.map(({ from, to }) => {
      let ls: Line[] | undefined;
      return () => (ls ??= lines(tokens, from, to, offsetOf(tokens, from)));
    });
    return { values, documents: { lines: split, composed: docs.composed } };
  } catch (err) {
    if (err instanceof GiveUp) return {};
    throw err;
  }
}

/** Where token `i` starts in the text (DOC_START and SCALAR are no text). */
function offsetOf(tokens: readonly string[], i: number): number {
  let offset = 0;
  for (let k = 0; k < i; k++) {
    const t = tokens[k]!;
    if (t !== DOC_START && t !== SCALAR) offset += t.length;
  }
  return offset;
}

/**
 * The lines of each document of a text the reader read (`lexText` gave its values), with their offsets, by
 * document index as the composer counts documents: what src/parse/lines-locate.ts places findings on (the reading of
 * the tokens itself skips the offsets: a clean file never needs them). Undefined when the reader's documents
 * are not the composer's (a text of comments only …).
 */
export function lexDocuments(docs: Documents): (() => Line[])[] | undefined {
  return docs.lines.length === docs.composed ? docs.lines : undefined;
}

/**
 * What one line is to the reader, read on its own: its indentation and parts, or nothing significant (blank,
 * spaces, a comment), or a `---` alone, or a line the reader gives up on.
 */
type LineRead = (Pick<Line, 'indent' | 'parts'> & { unclosed?: true }) | 'blank' | 'marker' | 'refused';

/** What a line (or a block scalar's unit) read on its own says. */
export interface LineReading {
  read: LineRead;
  /** The comments of the line (or unit) lexed on its own, offsets from its start; none when it has none. */
  comments?: Comment[];
}

/** A line's reading, with the line's text as a string of its own (see `ownCopy`), under which it is cached. */
interface CachedLine extends LineReading {
  text: string;
}

/**
 * The readings of the lines of the last text read through it (`lexText` with a cache), by line text. The next
 * text lexes only the lines the last one did not have: after an edit in the editor, one line of 10,000. It
 * holds the lines of one text, whose characters it counts (`chars`), so its owner can bound it: the language
 * server keeps one per open document it linted last (src/lsp/lint-job.ts).
 */
export class LineCache {
  /** @internal */
  lines = new Map<string, CachedLine>();
  /** The characters of the cached lines' texts. */
  chars = 0;
}

/**
 * A string of its own with a line's characters. A line cut from a text may share the text's memory (V8 makes
 * a "sliced string"), and so would the tokens lexed from it: a cached line would then keep the whole text of
 * the version it came from alive, one text per edit (measured: 270 KB more per edit of a 10,000-line
 * document). Cutting it from a string made for it (a concatenation, flattened by the cut) copies the
 * characters, whatever they are.
 */
function ownCopy(s: string): string {
  return s.length < 13 ? s : ` ${s}`.slice(1);
}

/** The lines of the tokens of a text lexed on its own (a line, or a block scalar's unit) from token `at`; undefined where the reader gives up. */
function linesAlone(tokens: readonly string[], at: number): Line[] | undefined {
  try {
    return lines(tokens, at, tokens.length, 0);
  } catch (err) {
    if (err instanceof GiveUp) return undefined;
    throw err;
  }
}

/**
 * A line lexed on its own, as the lexer lexes the text from the line's start (see `readLines`): the same
 * significant parts, or 'refused' where the reader gives up on the line or where the line alone may lex
 * otherwise than within the text.
 */
export function readLine(line: string): LineReading {
  const tokens = [...lex(line)];
  const read = readLineTokens(tokens);
  return read !== 'refused' && line.includes('#') ? { read, comments: lexemeComments(tokens) } : { read };
}

function readLineTokens(tokens: readonly string[]): LineRead {
  const at = tokens[0] === DOC_START ? 1 : 0;
  if (tokens.length === at + 1 && tokens[at] === '---') return 'marker';
  // a `---` with anything before or after it on its line: `documents` gives up on the text
  if (tokens.includes('---')) return 'refused';
  const ls = linesAlone(tokens, at);
  if (!ls) return 'refused';
  const line0 = ls[0];
  if (!line0) return 'blank';
  // a quoted scalar that the line does not close, but whose lexeme ends in a quote all the same: `'it''` (a
  // doubled quote, not a closing one); in the text it goes on over the next lines, unless the line is the
  // text's last or a `---` follows it (the lexer ends a quoted scalar at a document marker)
  const unclosed = line0.parts.some((p) => p.t[0] === "'" && p.t.slice(1, -1).replace(/''/g, '').includes("'"));
  return unclosed ? { indent: line0.indent, parts: line0.parts, unclosed } : { indent: line0.indent, parts: line0.parts };
}

/**
 * Where the unit of a block scalar ends: the header line (it ends at `end`, whose parts are `parts`) and every
 * line after it that is blank (spaces only) or more indented than the key or `-` the block scalar is the value
 * of, up to the start of the next line that is neither (or the text's end). -1 where the header is not the
 * value of a key or a list item (the reader gives up on it anyway).
 *
 * The lexer reads a block scalar's content up to the first line that is not blank and less indented than the
 * content's first line, and that indentation is more than the key's column or the `-`'s (its `indentNext`,
 * which the header's own line sets: after `key:`, the key's column + 1; after `- `, the `-`'s + 1); a line of
 * the unit beyond the content is one the reader gives up on in the text too (more indented than the mapping
 * or the sequence it would continue), and `readUnit` gives up on it. So the unit lexed alone gives the header
 * line and its content the tokens the whole text gives them: the lexer starts the unit's first line as any
 * line (see `readLines`), and ends the content at the unit's end as at the next line (not blank and not more
 * indented than the key or the `-`) or at the text's end.
 */
function blockUnitEnd(text: string, end: number, parts: readonly Part[]): number {
  const before = parts[parts.length - 2];
  let bound: number;
  if (before?.t === ':' && parts.length >= 3) bound = parts[parts.length - 3]!.col;
  else if (before?.t === '-') bound = before.col;
  else return -1;
  let at = end === text.length ? end : end + 1;
  while (at < text.length) {
    let e = text.indexOf('\n', at);
    if (e < 0) e = text.length;
    let i = at;
    while (text.charCodeAt(i) === 32) i++;
    if (i < e && i - at <= bound) break;
    at = e === text.length ? e : e + 1;
  }
  return at;
}

/** A block scalar's unit (see `blockUnitEnd`) lexed on its own: the header line, with its block scalar part, or 'refused'. */
function readUnit(unit: string): LineReading {
  const tokens = [...lex(unit)];
  const read = readUnitTokens(tokens);
  return read !== 'refused' && unit.includes('#') ? { read, comments: lexemeComments(tokens) } : { read };
}

function readUnitTokens(tokens: readonly string[]): LineRead {
  const at = tokens[0] === DOC_START ? 1 : 0;
  if (tokens.includes('---')) return 'refused';
  const ls = linesAlone(tokens, at);
  const line0 = ls?.[0];
  if (ls?.length !== 1 || !line0!.parts[line0!.parts.length - 1]!.block) return 'refused';
  return { indent: line0!.indent, parts: line0!.parts };
}

/**
 * Reads a text line by line, each line read on its own (`readLine`) or taken from the cache; undefined where
 * the reader gives up (the text is then lexed whole, and the whole text's reading decides). The cache then
 * holds the lines of this text (only those read, or known already, when the reading gave up).
 *
 * Why a line read on its own gives the parts the whole text's tokens give it, in every text read here (the
 * lexer is the `yaml` package's, with src/parse/compose.ts's changes):
 * - The lexer begins each line of a text (`parseLineStart`, after the line feed) as it begins a text's first
 *   line (`parseStream`, which emits DOC_START, no part, then `parseLineStart`), but for `%` directives and
 *   byte order marks, which the line reading gives up on. The state the lexer carries from the lines before
 *   changes nothing within the line: the flow level is zero (below), and the indentation it keeps
 *   (`indentNext`) only decides whether a scalar goes on into the next lines.
 * - Within a line, it reads the next lines only for what goes on past the line's end: a flow collection (the
 *   reader reads one only when it closes on its line: `Reader#inline`); a quoted scalar (its closing quote is
 *   on the line, `readLine` checks it; or, unclosed, the text ends there or a `---` follows, where the lexer
 *   ends it too); a plain scalar at the line's end, which the reader reads only as a value after `key: ` or
 *   `- `: the lexer continues it only onto a line indented more than that key or `-` (a comment line, a `---`
 *   or a less indented line ends it; blank lines add nothing), and the reader gives up on such a line
 *   (`Reader#map`, `Reader#seq`).
 * - Documents are counted as `documents` counts them in the tokens: one from the first line that is not blank
 *   or a comment (where the lexer emits DOC_START), one more at each later `---` line, and a `---` with
 *   anything else on its line gives up.
 * - A line ending in a block scalar's header is read with the lines of its content, as one unit lexed on its
 *   own (`blockUnitEnd` says why that gives the whole text's tokens), cached under the unit's text: an edit
 *   inside a block scalar lexes that block scalar again, not the text.
 * test/lex-cache.test.ts checks all of it on every fixture, the YAML test suite, thousands of mutated files
 * and sequences of edits: this reading says what the whole text's does, or gives up.
 */
function readLines(text: string, cache: LineCache | undefined): Required<Omit<LexText, 'tokens'>> | undefined {
  const known = cache?.lines;
  // with a cache, the readings of this text's lines, for the next text
  const next = cache ? new Map<string, CachedLine>() : undefined;
  let chars = 0;
  let refused = false;
  // the line before ends in a quoted scalar it does not close (see `readLine`)
  let unclosed = false;
  const docs: Line[][] = [];
  let doc: Line[] = [];
  // documents as the composer counts them (see `documents`): none before the first line that is not blank
  let composed = 0;
  // the lines and units with comments, and where they start
  const commented: { start: number; comments: Comment[] }[] = [];
  for (let start = 0; start <= text.length; ) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    let entry: LineReading | undefined;
    if (next) {
      const s = text.slice(start, end);
      let cached = next.get(s);
      if (!cached) {
        cached = known!.get(s);
        if (!cached && !refused) {
          // (read from its own copy: its parts must not keep the whole text alive, see `ownCopy`)
          const own = ownCopy(s);
          cached = { text: own, ...(scanLine(own, 0, own.length) ?? readLine(own)) };
        }
        if (cached) {
          next.set(cached.text, cached);
          chars += cached.text.length;
        }
      }
      entry = cached;
    } else entry = scanLine(text, start, end) ?? readLine(text.slice(start, end));
    let read = entry?.read;
    let comments = entry?.comments;
    let lineEnd = end;
    if (!refused && typeof read === 'object' && read.parts[read.parts.length - 1]!.block) {
      // a block scalar's header: its unit (the header line and its content's lines) is read instead
      const unitEnd = blockUnitEnd(text, end, read.parts);
      const unit = unitEnd < 0 ? undefined : text.slice(start, unitEnd);
      let u: LineReading | undefined;
      if (unit !== undefined && next) {
        let cached = next.get(unit) ?? known!.get(unit);
        // (lexed from its own copy: its parts must not keep the whole text alive, see `ownCopy`)
        if (!cached) {
          const own = ownCopy(unit);
          cached = { text: own, ...readUnit(own) };
        }
        if (!next.has(cached.text)) {
          next.set(cached.text, cached);
          chars += cached.text.length;
        }
        u = cached;
      } else if (unit !== undefined) u = readUnit(unit);
      read = u ? u.read : 'refused';
      comments = u?.comments;
      if (u) lineEnd = unitEnd - (unit!.endsWith('\n') ? 1 : 0);
    }
    if (read === 'refused' || (unclosed && read !== 'marker')) refused = true;
    // without a cache to fill, the reading stops at the first line it gives up on
    if (refused && !next) return undefined;
    unclosed = typeof read === 'object' && read.unclosed === true;
    if (comments && !refused) commented.push({ start, comments });
    if (refused || read === undefined || read === 'refused' || read === 'blank') {
      // (past a refused line, the lines are only carried over to the cache when it knows them)
    } else if (read === 'marker') {
      // a text starting with `---` has no document before it
      if (composed > 0) docs.push(doc);
      doc = [];
      composed++;
    } else {
      if (composed === 0) composed = 1;
      doc.push({ indent: read.indent, parts: read.parts, start });
    }
    start = lineEnd + 1;
  }
  if (cache) {
    cache.lines = next!;
    cache.chars = chars;
  }
  if (refused) return undefined;
  docs.push(doc);
  try {
    const values = docs.map(documentValue);
    const comments = () => commented.flatMap(({ start, comments }) => comments.map((c) => ({ text: c.text, start: start + c.start })));
    return { values, documents: { lines: docs.map((ls) => () => ls), composed }, comments };
  } catch (err) {
    if (err instanceof GiveUp) return undefined;
    throw err;
  }
}

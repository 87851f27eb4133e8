// The line reader's scanner: one line of a text read straight from its characters, as the `yaml` lexer (with
// src/parse/compose.ts's changes) splits the line lexed on its own, without lexing it. It reads the lines most
// configuration files are made of (`key: value`, `- item`, quoted keys and values, one-line flow sequences and
// mappings of scalars, comments, `---`) and says "not sure" (undefined) for every other line, which is then
// lexed (src/parse/lines.ts readLine). What it says must be what `readLine` says of the line: test/scan-line.test.ts
// compares the two on every line of the fixtures, the YAML test suite and generated lines.
import type { Comment } from '../finding.js';
import { BAD_PLAIN_START } from './plain-scalars.js';

/** The lexer's mark before a plain scalar; the reader keeps it in front of the scalar's text. */
export const SCALAR = '\x1f';

/** A significant token of a line as the scanner gives it: its text (a plain scalar's behind SCALAR) and its column. */
interface ScannedPart {
  t: string;
  col: number;
}

/** What a scanned line is: its indentation and parts, nothing significant (`blank`), or a `---` alone (`marker`). */
export interface ScannedLine {
  read: { indent: number; parts: ScannedPart[] } | 'blank' | 'marker';
  /** Its comments, offsets from the line's start (none when it has none). */
  comments?: Comment[];
}

/** Longest plain scalar the line reader reads (src/parse/lines.ts gives up on longer ones). */
const MAX_PLAIN = 1000;

const SPACE = 32;
const HASH = 35;
const COLON = 58;
const DASH = 45;
const DQUOTE = 34;
const SQUOTE = 39;
const BACKSLASH = 92;

/** The first offset from `i` that is not a space. */
function skipSpaces(text: string, i: number, end: number): number {
  while (i < end && text.charCodeAt(i) === SPACE) i++;
  return i;
}

/** A line read up to `at`: from there to the line's end, its comment (none when `at` is the line's end). */
function endsAt(read: ScannedLine['read'], text: string, at: number, start: number, end: number): ScannedLine {
  return at === end ? { read } : { read, comments: [{ text: text.slice(at, end), start: at - start }] };
}

/** `,[]{}`: the characters that end a plain scalar inside a flow collection. */
function isFlowIndicator(c: number): boolean {
  return c === 44 || c === 91 || c === 93 || c === 123 || c === 125;
}

/**
 * Characters no node the scanner reads starts with: anchors, aliases, tags, block scalar headers, directives,
 * explicit keys, a closing bracket (an error token), and the plain scalars the line reader does not read
 * (BAD_PLAIN_START). A node starting with
 * `-`, `?` or `:` (an indicator, or a plain scalar such as `-1` or `:x`) is left to the lexer too.
 */
function isUnsureStart(c: number): boolean {
  return c === 38 || c === 42 || c === 33 || c === 63 || c === COLON || c === DASH || c === 93 || c === 125 || c === 0xfeff || BAD_PLAIN_START.has(String.fromCharCode(c));
}

/**
 * The line of `text` from `start` to `end` (its line feed excluded), read as the lexer reads the line alone;
 * undefined where the scanner is not sure (the caller lexes the line).
 */
export function scanLine(text: string, start: number, end: number): ScannedLine | undefined {
  let i = skipSpaces(text, start, end);
  const indent = i - start;
  if (i === end || text.charCodeAt(i) === HASH) return endsAt('blank', text, i, start, end);
  let c = text.charCodeAt(i);
  if (indent === 0 && (c === DASH || c === 46) && end - start >= 3 && text.charCodeAt(i + 1) === c && text.charCodeAt(i + 2) === c) {
    // `---` alone is a document marker; a marker with anything after it, and `...`, are the lexer's
    return c === DASH && end - start === 3 ? { read: 'marker' } : undefined;
  }
  const parts: ScannedPart[] = [];
  const line = { indent, parts };
  // the list items' `- `, one or more
  while (c === DASH && (i + 1 === end || text.charCodeAt(i + 1) === SPACE)) {
    parts.push({ t: '-', col: i - start });
    i = skipSpaces(text, i + 1, end);
    if (i === end) break;
    c = text.charCodeAt(i);
  }
  if (i === end || c === HASH) return endsAt(line, text, i, start, end);
  // a key, or a value alone; then, after `: `, a value
  for (let node = 0; node < 2; node++) {
    let flow = false;
    if (c === 91 || c === 123) {
      i = scanFlow(text, i, end, start, parts);
      flow = true;
    } else if (c === DQUOTE || c === SQUOTE) i = scanQuoted(text, i, end, start, parts);
    else if (isUnsureStart(c)) return undefined;
    else i = scanPlain(text, i, end, start, parts);
    if (i < 0) return undefined;
    // after the node: spaces, then the line's end, a comment (after a space), or a key's `: `
    const after = i;
    i = skipSpaces(text, i, end);
    if (i === end) return endsAt(line, text, i, start, end);
    c = text.charCodeAt(i);
    if (c === HASH) return i === after ? undefined : endsAt(line, text, i, start, end);
    if (c !== COLON || flow || node === 1 || (i + 1 < end && text.charCodeAt(i + 1) !== SPACE)) return undefined;
    parts.push({ t: ':', col: i - start });
    i = skipSpaces(text, i + 1, end);
    if (i === end) return endsAt(line, text, i, start, end);
    c = text.charCodeAt(i);
    if (c === HASH) return endsAt(line, text, i, start, end);
  }
  return undefined;
}

/** A quoted scalar closed on the line (no escape in double quotes) from `i`: pushed, and the offset after it; -1 where not sure. */
function scanQuoted(text: string, i: number, end: number, start: number, parts: ScannedPart[]): number {
  const quote = text.charCodeAt(i);
  let k = i + 1;
  for (;;) {
    k = text.indexOf(quote === DQUOTE ? '"' : "'", k);
    if (k < 0 || k >= end) return -1;
    if (quote === SQUOTE && k + 1 < end && text.charCodeAt(k + 1) === SQUOTE) {
      k += 2;
      continue;
    }
    break;
  }
  if (quote === DQUOTE) {
    const b = text.indexOf('\\', i + 1);
    if (b >= 0 && b < k) return -1;
  }
  parts.push({ t: text.slice(i, k + 1), col: i - start });
  return k + 1;
}

/**
 * A plain scalar from `i` (its first character is none of the unsure ones): in a block it ends before `: `, a `:`
 * at the line's end, ` #` or the line's end; in a flow collection also at `,[]{}`, before a space followed by
 * one of them, and before a `:` followed by one of them. Trailing spaces are not its. Pushed; the offset after
 * it, or -1 where not sure.
 */
function scanPlain(text: string, i: number, end: number, start: number, parts: ScannedPart[], inFlow = false): number {
  let last = i;
  for (let j = i; j < end; j++) {
    const ch = text.charCodeAt(j);
    if (ch === COLON) {
      if (j + 1 === end) break;
      const n = text.charCodeAt(j + 1);
      if (n === SPACE || (inFlow && isFlowIndicator(n))) break;
      last = j + 1;
    } else if (ch === SPACE) {
      const n = text.charCodeAt(j + 1);
      if (n === HASH || (inFlow && isFlowIndicator(n))) break;
    } else {
      if (inFlow && isFlowIndicator(ch)) break;
      if (ch === 0xfeff) return -1;
      last = j + 1;
    }
  }
  if (last - i > MAX_PLAIN) return -1;
  parts.push({ t: SCALAR + text.slice(i, last), col: i - start });
  return last;
}

/**
 * A flow sequence or mapping of scalars closed on the line, from its `[` or `{` at `i`: its brackets, scalars,
 * commas and colons pushed; the offset after its closing bracket, or -1 where not sure (nesting, a comment,
 * anything unusual, or not closed on the line).
 */
function scanFlow(text: string, i: number, end: number, start: number, parts: ScannedPart[]): number {
  parts.push({ t: text[i]!, col: i - start });
  i++;
  // after a quoted scalar, only `,`, the closing bracket or `: ` may follow (the lexer reads a `:` right after one as an indicator)
  let afterQuoted = false;
  for (;;) {
    i = skipSpaces(text, i, end);
    if (i === end) return -1;
    const c = text.charCodeAt(i);
    if (c === 44) {
      parts.push({ t: ',', col: i - start });
      i++;
      afterQuoted = false;
      continue;
    }
    if (c === 93 || c === 125) {
      parts.push({ t: text[i]!, col: i - start });
      return i + 1;
    }
    if (c === COLON) {
      if (i + 1 >= end || text.charCodeAt(i + 1) !== SPACE) return -1;
      parts.push({ t: ':', col: i - start });
      i++;
      afterQuoted = false;
      continue;
    }
    if (afterQuoted || c === 91 || c === 123 || c === HASH || isUnsureStart(c)) return -1;
    if (c === DQUOTE || c === SQUOTE) {
      i = scanQuoted(text, i, end, start, parts);
      afterQuoted = true;
    } else i = scanPlain(text, i, end, start, parts, true);
    if (i < 0) return -1;
  }
}

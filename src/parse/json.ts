/**
 * A file that starts with `{` is JSON to the platform, not YAML. Its loaders (the API server's configuration
 * files, the client's credential plugin output, the webhook answers) decode through the universal
 * deserializer, which hands a text whose first non-space character is `{` to its JSON serializer alone
 * (apimachinery's `IsJSONBuffer`); `platctl apply` reads such a text as a stream of JSON values
 * (`NewYAMLOrJSONDecoder`). Either way the text is read by Go's JSON scanner, which refuses what YAML accepts
 * in flow style (a comma before `}` or `]`, comments, single quotes, unquoted words) and accepts what go-yaml
 * refuses (the escape `\/`, a key and its `:` on two lines, characters YAML forbids inside strings).
 *
 * This module tells such a text apart and finds where Go's scanner stops, with its words. (Patches are not
 * read this way: `platctl patch` turns its payload into JSON through the YAML reader.) The same scanner also
 * reads values with their offsets (`readJsonValue`), for the JSON file platlint reads itself: the baseline
 * (src/files/baseline.ts).
 */

/** Go's `unicode.IsSpace`: what `IsJSONBuffer` skips before looking for `{`. */
const GO_SPACE = /^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*/;

/** Whether the platform reads the text as JSON: its first character that is not a space is `{`. */
export function isJsonText(text: string): boolean {
  return text[GO_SPACE.exec(text)![0].length] === '{';
}

/** Where Go's JSON scanner stops, and its message (`invalid character '}' looking for beginning of value`). */
export interface JsonProblem {
  offset: number;
  length: number;
  message: string;
}

/** How the platform reads a JSON text: valid (one value, or a stream of several) or refused at a place. */
export type JsonReading = { ok: true; values: number } | { ok: false; problem: JsonProblem };

/**
 * Go's `quoteChar`: the character as `'x'`, the quote and unprintable characters escaped as `strconv.Quote`
 * does. (Go's scanner reads bytes: past ASCII it quotes the first byte of the character, which says little;
 * the character itself is shown here.)
 */
function quoteChar(c: string): string {
  if (c === "'") return "'\\''";
  if (c === '"') return '\'"\'';
  const code = c.codePointAt(0)!;
  if (code < 0x20 || code === 0x7f) {
    const named: Record<string, string> = { '\x07': '\\a', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\v': '\\v' };
    return `'${named[c] ?? `\\x${code.toString(16).padStart(2, '0')}`}'`;
  }
  // what Go does not print (controls, separators, format characters such as a zero-width space)
  if (/^[\p{C}\p{Z}]$/u.test(c) && c !== ' ') {
    return code > 0xffff ? `'\\U${code.toString(16).padStart(8, '0')}'` : `'\\u${code.toString(16).padStart(4, '0')}'`;
  }
  return `'${c}'`;
}

const isJsonSpace = (c: string | undefined): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\r';
const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
const isHex = (c: string | undefined): boolean => c !== undefined && /^[0-9a-fA-F]$/.test(c);

/** Go's decoder refuses JSON nested deeper than this ("exceeded max depth"). */
const MAX_JSON_DEPTH = 10000;

/** A JSON value with its offsets in the text: `start` at its first character, `end` just after its last. */
export type JsonNode =
  | { type: 'object'; start: number; end: number; entries: JsonEntry[] }
  | { type: 'array'; start: number; end: number; items: JsonNode[] }
  | { type: 'string'; start: number; end: number; value: string }
  | { type: 'number'; start: number; end: number; value: number }
  | { type: 'literal'; start: number; end: number; value: boolean | null };

/** A member of an object: its key (decoded), the key's offsets (its quotes included) and its value. */
export interface JsonEntry {
  key: string;
  start: number;
  end: number;
  value: JsonNode;
}

/**
 * What a reader expected where a text stops being JSON: a value, a key, the `:` after a key, `,` or the
 * closing `}` or `]` after a member or an element, the end of the text after the value, the `"` that ends a
 * string, an escape after `\`, or shallower nesting (Go's depth limit).
 */
export type JsonExpected = 'value' | 'key' | 'colon' | 'comma-or-brace' | 'comma-or-bracket' | 'end' | 'string-end' | 'escape' | 'shallower';

/**
 * Where a text stops being JSON, told two ways. `problem` is Go's scanner's (its offset and words). `at` and
 * `expected` are a reader's that takes the longest valid token, as RFC 8259's grammar reads: a number cut
 * short (`1.`, `1e+`) ends before its invalid part, and the character there is the unexpected one; a literal or
 * a `-` cut short (`tru`, `-x`) is an unexpected value where it starts; a bad escape stops at its letter.
 */
export interface JsonStop {
  problem: JsonProblem;
  at: number;
  expected: JsonExpected;
}

/** How a reader that wants one value reads a JSON text: the value with its offsets, or where it stops. */
export type JsonValueReading = { ok: true; value: JsonNode } | { ok: false; stop: JsonStop };

class Stop {
  constructor(readonly stop: JsonStop) {}
}

const ESCAPED: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

type Container = Extract<JsonNode, { type: 'object' | 'array' }>;

/**
 * Scans the text as Go's JSON scanner does; throws a Stop where it stops. With `build`, also builds the
 * values with their offsets (the root, the first value of the text); with `stream`, reads one value after
 * another (`platctl apply`), else one value and then only spaces. Iterative, with its own stack: a deeply
 * nested text cannot exhaust the call stack. Returns how many top-level values it read.
 */
function scan(text: string, build: boolean, stream: boolean): { values: number; root: JsonNode | undefined } {
  let i = 0;
  const n = text.length;
  /** What the scanner expects after a value, by the collection it is in. */
  const stack: ('{' | '[')[] = [];
  /** With `build`: the collections open, innermost last; the key of the member being read; the first value. */
  const open: Container[] = [];
  let key: Omit<JsonEntry, 'value'> | undefined;
  let root: JsonNode | undefined;
  const stop = (what: string, expected: JsonExpected, offset = i, at = offset): never => {
    if (offset >= n) throw new Stop({ problem: { offset: n, length: 0, message: 'unexpected end of JSON input' }, at, expected });
    const c = String.fromCodePoint(text.codePointAt(offset)!);
    throw new Stop({ problem: { offset, length: c.length, message: `invalid character ${quoteChar(c)} ${what}` }, at, expected });
  };
  /** What is expected after a value: by the collection it is in, or the end of the text. */
  const afterValue = (): JsonExpected => {
    const top = stack[stack.length - 1];
    return top === '{' ? 'comma-or-brace' : top === '[' ? 'comma-or-bracket' : 'end';
  };
  const attach = (node: JsonNode): void => {
    const parent = open[open.length - 1];
    if (parent === undefined) root ??= node;
    else if (parent.type === 'object') parent.entries.push({ ...key!, value: node });
    else parent.items.push(node);
  };
  const skipSpace = (): void => {
    while (isJsonSpace(text[i])) i++;
  };
  const literal = (word: string): void => {
    for (let k = 1; k < word.length; k++) {
      if (text[i + k] !== word[k]) stop(`in literal ${word} (expecting '${word[k]}')`, 'value', i + k, i);
    }
    i += word.length;
  };
  /** Reads a string from its opening quote; with `decode`, returns its value (else ''). */
  const string = (decode: boolean): string => {
    i++; // the opening quote
    let out = '';
    let from = i;
    for (;;) {
      const c = text[i];
      if (c === undefined) return stop('in string literal', 'string-end');
      if (c === '"') {
        if (decode) out += text.slice(from, i);
        i++;
        return out;
      }
      if (c === '\\') {
        if (decode) out += text.slice(from, i);
        const e = text[i + 1];
        if (e === 'u') {
          for (let k = 2; k < 6; k++) if (!isHex(text[i + k])) stop('in \\u hexadecimal character escape', 'escape', i + k, i + 1);
          if (decode) out += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) {
          if (decode) out += ESCAPED[e];
          i += 2;
        } else stop('in string escape code', 'escape', i + 1);
        from = i;
        continue;
      }
      if (c < ' ') stop('in string literal', 'string-end');
      i++;
    }
  };
  const number = (): void => {
    const start = i;
    if (text[i] === '-') {
      i++;
      if (!isDigit(text[i])) stop('in numeric literal', 'value', i, start);
    }
    if (text[i] === '0') i++;
    else while (isDigit(text[i])) i++;
    if (text[i] === '.') {
      const valid = i;
      i++;
      if (!isDigit(text[i])) stop('after decimal point in numeric literal', afterValue(), i, valid);
      while (isDigit(text[i])) i++;
    }
    if (text[i] === 'e' || text[i] === 'E') {
      const valid = i;
      i++;
      if (text[i] === '+' || text[i] === '-') i++;
      if (!isDigit(text[i])) stop('in exponent of numeric literal', afterValue(), i, valid);
      while (isDigit(text[i])) i++;
    }
  };
  /** A member's key and its `:` (spaces before the key skipped by the caller), up to the member's value. */
  const memberKey = (): void => {
    if (text[i] !== '"') stop('looking for beginning of object key string', 'key');
    const start = i;
    const name = string(build);
    if (build) key = { key: name, start, end: i };
    skipSpace();
    if (text[i] !== ':') stop('after object key', 'colon');
    i++;
  };
  /** Closes the innermost collection at its closing character. */
  const close = (): void => {
    i++;
    stack.pop();
    if (build) open.pop()!.end = i;
  };
  /** Reads one value starting at `i` (spaces skipped); returns after it, with the collections it opened closed. */
  const value = (): void => {
    for (;;) {
      skipSpace();
      const c = text[i];
      const start = i;
      if (c === '{' || c === '[') {
        if (stack.length >= MAX_JSON_DEPTH) throw new Stop({ problem: { offset: i, length: 1, message: 'exceeded max depth' }, at: i, expected: 'shallower' });
        stack.push(c);
        if (build) {
          const node: Container = c === '{' ? { type: 'object', start, end: start, entries: [] } : { type: 'array', start, end: start, items: [] };
          attach(node);
          open.push(node);
        }
        i++;
        skipSpace();
        if (c === '{') {
          if (text[i] !== '}') {
            memberKey();
            continue; // the member's value
          }
        } else if (text[i] !== ']') continue; // the first element
        close();
      } else if (c === '"') {
        const s = string(build);
        if (build) attach({ type: 'string', start, end: i, value: s });
      } else if (c === '-' || isDigit(c)) {
        number();
        if (build) attach({ type: 'number', start, end: i, value: Number(text.slice(start, i)) });
      } else if (c === 't' || c === 'f' || c === 'n') {
        const word = c === 't' ? 'true' : c === 'f' ? 'false' : 'null';
        literal(word);
        if (build) attach({ type: 'literal', start, end: i, value: c === 'n' ? null : c === 't' });
      } else stop('looking for beginning of value', 'value');
      // after a value: close the collections it ends, or go on to the next member or element
      for (;;) {
        const top = stack[stack.length - 1];
        if (top === undefined) return;
        skipSpace();
        const d = text[i];
        if (top === '{') {
          if (d === '}') {
            close();
            continue;
          }
          if (d !== ',') stop('after object key:value pair', 'comma-or-brace');
          i++;
          skipSpace();
          memberKey();
          break; // the member's value
        }
        if (d === ']') {
          close();
          continue;
        }
        if (d !== ',') stop('after array element', 'comma-or-bracket');
        i++;
        break; // the next element
      }
    }
  };
  let values = 0;
  skipSpace();
  // `IsJSONBuffer` skips any Unicode space, the scanner only these four: a form feed before `{` is refused
  for (;;) {
    value();
    values++;
    skipSpace();
    if (i >= n) return { values, root };
    // a stream (`platctl apply` reads one value after another); a configuration loader reads one value only
    if (!stream || (text[i] !== '{' && text[i] !== '[')) stop('after top-level value', 'end');
  }
}

/**
 * Reads the text as Go's JSON scanner does, without building values (the YAML reader builds them: for valid
 * JSON both read the same values). `values` counts the top-level values of a valid stream.
 */
export function readJson(text: string): JsonReading {
  try {
    return { ok: true, values: scan(text, false, true).values };
  } catch (e) {
    if (e instanceof Stop) return { ok: false, problem: e.stop.problem };
    throw e;
  }
}

/**
 * Reads a text holding one JSON value by Go's rules, with every value's offsets (for a file platlint reads
 * itself, such as the baseline, whose messages point into it). Strings are decoded as `JSON.parse` decodes
 * them (a lone surrogate escape stays one).
 */
export function readJsonValue(text: string): JsonValueReading {
  try {
    return { ok: true, value: scan(text, true, false).root! };
  } catch (e) {
    if (e instanceof Stop) return { ok: false, stop: e.stop };
    throw e;
  }
}

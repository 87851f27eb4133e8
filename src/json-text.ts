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
 * read this way: `platctl patch` turns its payload into JSON through the YAML reader.)
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

class Stop {
  constructor(readonly problem: JsonProblem) {}
}

/**
 * Scans the text as Go's JSON scanner does, without building values (the YAML reader builds them: for valid
 * JSON both read the same values). Iterative, with its own stack: a deeply nested text cannot exhaust the call
 * stack. `values` counts the top-level values of a valid stream.
 */
export function readJson(text: string): JsonReading {
  let i = 0;
  const n = text.length;
  const charAt = (k: number): string | undefined => (k < n ? String.fromCodePoint(text.codePointAt(k)!) : undefined);
  const fail = (what: string, at = i): never => {
    if (at >= n) throw new Stop({ offset: n, length: 0, message: 'unexpected end of JSON input' });
    const c = charAt(at)!;
    throw new Stop({ offset: at, length: c.length, message: `invalid character ${quoteChar(c)} ${what}` });
  };
  const skipSpace = (): void => {
    while (isJsonSpace(text[i])) i++;
  };
  const literal = (word: string): void => {
    for (let k = 1; k < word.length; k++) {
      if (text[i + k] !== word[k]) fail(`in literal ${word} (expecting '${word[k]}')`, i + k);
    }
    i += word.length;
  };
  const string = (): void => {
    i++; // the opening quote
    for (;;) {
      const c = text[i];
      if (c === undefined) return fail('');
      if (c === '"') {
        i++;
        return;
      }
      if (c === '\\') {
        const e = text[i + 1];
        if (e === 'u') {
          for (let k = 2; k < 6; k++) if (!isHex(text[i + k])) fail('in \\u hexadecimal character escape', i + k);
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else fail('in string escape code', i + 1);
        continue;
      }
      if (c < ' ') fail('in string literal');
      i++;
    }
  };
  const number = (): void => {
    if (text[i] === '-') {
      i++;
      if (!isDigit(text[i])) fail('in numeric literal');
    }
    if (text[i] === '0') i++;
    else while (isDigit(text[i])) i++;
    if (text[i] === '.') {
      i++;
      if (!isDigit(text[i])) fail('after decimal point in numeric literal');
      while (isDigit(text[i])) i++;
    }
    if (text[i] === 'e' || text[i] === 'E') {
      i++;
      if (text[i] === '+' || text[i] === '-') i++;
      if (!isDigit(text[i])) fail('in exponent of numeric literal');
      while (isDigit(text[i])) i++;
    }
  };
  /** A member's key and its `:` (spaces before the key skipped by the caller), up to the member's value. */
  const memberKey = (): void => {
    if (text[i] !== '"') fail('looking for beginning of object key string');
    string();
    skipSpace();
    if (text[i] !== ':') fail('after object key');
    i++;
  };
  /** What the scanner expects after a value, by the collection it is in. */
  const stack: ('{' | '[')[] = [];
  /** Reads one value starting at `i` (spaces skipped); returns after it, with the collections it opened closed. */
  const value = (): void => {
    for (;;) {
      skipSpace();
      const c = text[i];
      if (c === '{' || c === '[') {
        if (stack.length >= MAX_JSON_DEPTH) throw new Stop({ offset: i, length: 1, message: 'exceeded max depth' });
        stack.push(c);
        i++;
        skipSpace();
        if (c === '{') {
          if (text[i] === '}') i++;
          else {
            memberKey();
            continue; // the member's value
          }
        } else if (text[i] === ']') i++;
        else continue; // the first element
        stack.pop();
      } else if (c === '"') string();
      else if (c === '-' || isDigit(c)) number();
      else if (c === 't') literal('true');
      else if (c === 'f') literal('false');
      else if (c === 'n') literal('null');
      else fail('looking for beginning of value');
      // after a value: close the collections it ends, or go on to the next member or element
      for (;;) {
        const open = stack[stack.length - 1];
        if (open === undefined) return;
        skipSpace();
        const d = text[i];
        if (open === '{') {
          if (d === '}') {
            i++;
            stack.pop();
            continue;
          }
          if (d !== ',') fail('after object key:value pair');
          i++;
          skipSpace();
          memberKey();
          break; // the member's value
        }
        if (d === ']') {
          i++;
          stack.pop();
          continue;
        }
        if (d !== ',') fail('after array element');
        i++;
        break; // the next element
      }
    }
  };
  try {
    let values = 0;
    skipSpace();
    // `IsJSONBuffer` skips any Unicode space, the scanner only these four: a form feed before `{` is refused
    for (;;) {
      value();
      values++;
      skipSpace();
      if (i >= n) return { ok: true, values };
      // a stream (`platctl apply` reads one value after another); a configuration loader reads one value only
      if (text[i] !== '{' && text[i] !== '[') fail('after top-level value');
    }
  } catch (e) {
    if (e instanceof Stop) return { ok: false, problem: e.problem };
    throw e;
  }
}

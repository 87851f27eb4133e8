/**
 * Maps characters of a decoded YAML string scalar back to the file: for each character of the value, the
 * range of source text it came from. Handles plain and quoted scalars (escapes, `''`, line folding) and block
 * scalars (literal `|` and folded `>`, indentation, chomping). The mapping is verified against the decoded
 * value; when the two disagree (an unusual form), there is no mapping and callers fall back to the whole value.
 */

export type ScalarStyle = 'PLAIN' | 'QUOTE_SINGLE' | 'QUOTE_DOUBLE' | 'BLOCK_LITERAL' | 'BLOCK_FOLDED';

/** A scalar as the `yaml` package composes it: its decoded value, style and `range` [start, valueEnd, nodeEnd]. */
export interface ScalarLike {
  value: unknown;
  type?: string | null;
  range?: readonly [number, number, number] | null;
}

/** Per decoded character (UTF-16 unit), the start and end offsets of its source text. */
export interface ScalarOffsets {
  starts: number[];
  ends: number[];
}

class Out {
  text = '';
  starts: number[] = [];
  ends: number[] = [];
  /** Whether each character may be trimmed as trailing white space before a line break. */
  trim: boolean[] = [];
  push(s: string, start: number, end: number, trimmable = false): void {
    for (let k = 0; k < s.length; k++) {
      this.text += s[k];
      this.starts.push(start);
      this.ends.push(end);
      this.trim.push(trimmable);
    }
  }
  trimEnd(): void {
    while (this.text.length && this.trim[this.trim.length - 1] && /[ \t]$/.test(this.text)) {
      this.text = this.text.slice(0, -1);
      this.starts.pop();
      this.ends.pop();
      this.trim.pop();
    }
  }
}

const SIMPLE_ESCAPES: Record<string, string> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  t: '\t',
  '\t': '\t',
  n: '\n',
  v: '\v',
  f: '\f',
  r: '\r',
  e: '\x1b',
  ' ': ' ',
  '"': '"',
  '/': '/',
  '\\': '\\',
  N: '\u0085',
  _: '\u00a0',
  L: '\u2028',
  P: '\u2029',
};
const HEX_ESCAPES: Record<string, number> = { x: 2, u: 4, U: 8 };

function lineBreakAt(text: string, i: number): number {
  if (text[i] === '\n') return 1;
  if (text[i] === '\r') return text[i + 1] === '\n' ? 2 : 1;
  return 0;
}

/**
 * Flow scalar content between `from` and `to` (file offsets, quotes excluded): line folding for all three
 * flow styles, escapes for double quotes, `''` for single quotes.
 */
function flow(text: string, from: number, to: number, style: ScalarStyle): Out {
  const out = new Out();
  let i = from;
  while (i < to) {
    const nl = lineBreakAt(text, i);
    if (nl) {
      out.trimEnd();
      // count the empty lines that follow, then skip the next line's indentation
      let j = i + nl;
      const breaks: number[] = [];
      for (;;) {
        let k = j;
        while (k < to && (text[k] === ' ' || text[k] === '\t')) k++;
        const b = lineBreakAt(text, k);
        if (b && k < to) {
          breaks.push(k);
          j = k + b;
          continue;
        }
        j = k;
        break;
      }
      if (breaks.length === 0) out.push(' ', i, i + nl);
      else for (const b of breaks) out.push('\n', b, b + lineBreakAt(text, b));
      i = j;
      continue;
    }
    const c = text[i]!;
    if (style === 'QUOTE_SINGLE' && c === "'" && text[i + 1] === "'") {
      out.push("'", i, i + 2);
      i += 2;
      continue;
    }
    if (style === 'QUOTE_DOUBLE' && c === '\\') {
      const e = text[i + 1];
      if (e === undefined) return out;
      const eb = lineBreakAt(text, i + 1);
      if (eb) {
        // escaped line break: no space; the next line's indentation is skipped
        let j = i + 1 + eb;
        while (j < to && (text[j] === ' ' || text[j] === '\t')) j++;
        i = j;
        continue;
      }
      const simple = SIMPLE_ESCAPES[e];
      if (simple !== undefined) {
        out.push(simple, i, i + 2);
        i += 2;
        continue;
      }
      const n = HEX_ESCAPES[e];
      if (n !== undefined) {
        const code = parseInt(text.slice(i + 2, i + 2 + n), 16);
        out.push(Number.isNaN(code) || code > 0x10ffff ? '' : String.fromCodePoint(code), i, i + 2 + n);
        i += 2 + n;
        continue;
      }
      out.push(e, i, i + 2);
      i += 2;
      continue;
    }
    // characters outside the BMP are two UTF-16 units from the same source
    const cp = text.codePointAt(i)!;
    const len = cp > 0xffff ? 2 : 1;
    out.push(text.slice(i, i + len), i, i + len, c === ' ' || c === '\t');
    i += len;
  }
  return out;
}

interface Line {
  /** Offset of the line start, of its content after indentation, and of its line break (or end). */
  start: number;
  content: number;
  end: number;
  /** Length of the line break (0 on the last line). */
  nl: number;
  empty: boolean;
}

function block(text: string, from: number, to: number, folded: boolean): Out | undefined {
  // header: `|` or `>` with optional indentation and chomping indicators, then a comment, then a line break
  let i = from + 1;
  let explicit = 0;
  while (i < to && /[0-9+-]/.test(text[i]!)) {
    if (/[1-9]/.test(text[i]!)) explicit = Number(text[i]);
    i++;
  }
  while (i < to && !lineBreakAt(text, i)) i++;
  i += lineBreakAt(text, i);
  const lines: Line[] = [];
  while (i < to) {
    let e = i;
    while (e < to && !lineBreakAt(text, e)) e++;
    const nl = e < to ? lineBreakAt(text, e) : 0;
    lines.push({ start: i, content: i, end: e, nl, empty: /^[ \t]*$/.test(text.slice(i, e)) });
    i = e + nl;
  }
  const first = lines.find((l) => !l.empty);
  let indent: number;
  if (explicit) {
    // the indicator is relative to the parent's indentation, which is that of the header's line
    let ls = from;
    while (ls > 0 && text[ls - 1] !== '\n' && text[ls - 1] !== '\r') ls--;
    // the parent is the key on that line: its column, after any `- ` of enclosing sequence items
    const lead = /^[ ]*(?:-[ ]+)*/.exec(text.slice(ls, from))![0].length;
    indent = lead + explicit;
  } else {
    if (!first) return new Out();
    indent = 0;
    while (text[first.start + indent] === ' ') indent++;
  }
  for (const l of lines) l.content = Math.min(l.start + indent, l.end);
  const out = new Out();
  const moreIndented = (l: Line) => !l.empty && (text[l.content] === ' ' || text[l.content] === '\t');
  for (let k = 0; k < lines.length; k++) {
    const l = lines[k]!;
    if (l.empty) {
      out.push(text.slice(l.content, l.end), l.content, l.end);
      out.push('\n', l.end, l.end + l.nl);
      continue;
    }
    for (let c = l.content; c < l.end; c++) out.push(text[c]!, c, c + 1);
    if (!folded) {
      out.push('\n', l.end, l.end + l.nl);
      continue;
    }
    // folding: a break between two normal lines becomes a space; breaks around empty lines stay; so do those
    // next to more-indented lines
    let n = k + 1;
    while (n < lines.length && lines[n]!.empty) n++;
    const next = lines[n];
    if (next && !moreIndented(l) && !moreIndented(next)) {
      if (n === k + 1) out.push(' ', l.end, l.end + l.nl);
      else {
        for (let m = k + 1; m < n; m++) out.push('\n', lines[m]!.end, lines[m]!.end + lines[m]!.nl);
      }
      k = n - 1;
    } else {
      out.push('\n', l.end, l.end + l.nl);
    }
  }
  return out;
}

/**
 * The source offsets of every character of a string scalar's decoded value, or undefined when the scalar
 * is not a string or its source does not decode to its value here.
 */
export function scalarOffsets(node: ScalarLike, text: string): ScalarOffsets | undefined {
  try {
    return offsetsOf(node, text);
  } catch {
    return undefined; // an odd scalar is underlined whole, never a crash
  }
}

function offsetsOf(node: ScalarLike, text: string): ScalarOffsets | undefined {
  const value = node.value;
  const range = node.range;
  if (typeof value !== 'string' || !range) return undefined;
  const [start, end] = range;
  const style = node.type as ScalarStyle | undefined;
  let out: Out | undefined;
  if (style === 'PLAIN') out = flow(text, start, end, style);
  else if (style === 'QUOTE_DOUBLE' || style === 'QUOTE_SINGLE') {
    const q = style === 'QUOTE_DOUBLE' ? '"' : "'";
    if (text[start] !== q || text[end - 1] !== q) return undefined;
    out = flow(text, start + 1, end - 1, style);
  } else if (style === 'BLOCK_LITERAL' || style === 'BLOCK_FOLDED') {
    if (text[start] !== '|' && text[start] !== '>') return undefined;
    out = block(text, start, end, style === 'BLOCK_FOLDED');
  }
  if (!out) return undefined;
  // block scalars: chomping drops or keeps trailing breaks, so the value is a prefix of what was built
  const ok = style === 'BLOCK_LITERAL' || style === 'BLOCK_FOLDED' ? out.text.startsWith(value) : out.text === value;
  if (!ok) return undefined;
  return { starts: out.starts.slice(0, value.length), ends: out.ends.slice(0, value.length) };
}

/** A character span of the decoded value (0-based, end exclusive) as a file range; undefined when unmapped. */
export function mapSpan(offsets: ScalarOffsets, span: { start: number; end: number }): { start: number; end: number } | undefined {
  const n = offsets.starts.length;
  if (n === 0 || span.start < 0 || span.end < span.start || span.end > n) return undefined;
  if (span.start === n) return { start: offsets.ends[n - 1]!, end: offsets.ends[n - 1]! };
  const start = offsets.starts[span.start]!;
  const end = span.end > span.start ? offsets.ends[span.end - 1]! : start;
  return { start, end: Math.max(start, end) };
}

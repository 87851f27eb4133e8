/**
 * Readers of the four places a node agent command line is kept: systemd units and drop-ins, environment
 * files, plain files of flags, and an argument vector. Each produces words with the file offset of every
 * character, so a finding inside a value (through quotes, escapes and `\` continuations) lands on the exact
 * column; `parseArgs` then turns words into flag occurrences the way the platform's flag parser does.
 */
import { FLAG_BY_NAME, FLAG_BY_SHORTHAND, isBoolLike, normalizeFlagName, type FlagSpec } from '../kinds/flag-table.js';

/** A word of a command line. `offsets[k]` is the file offset of character k; `offsets[text.length]` is the end. */
export interface Word {
  text: string;
  offsets: number[];
}

/** Characters with their file offsets: the input of the word splitter. */
interface Chars {
  text: string;
  offsets: number[];
}

export type FlagsForm = 'systemd' | 'env' | 'flags';

export interface ReadResult {
  /** The command line's arguments (the program word of a unit's `ExecStart=` left out). */
  words: Word[];
  /** Whether the text holds a node agent command line at all. */
  found: boolean;
}

const PROGRAM = /(^|\/)platlet(\.exe)?$/;
/** Environment variables that hold node agent flags: `PLATLET_ARGS`, `PLATLET_EXTRA_ARGS`, `PLATLET_PLATADM_ARGS` … */
export const ARGS_VARIABLE = /^PLATLET(_[A-Z0-9]+)*_ARGS$/;

function isSpace(c: string | undefined): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v';
}

/** The word of a string given without any quoting (one argv element). */
function plainWord(text: string, start: number): Word {
  return { text, offsets: Array.from({ length: text.length + 1 }, (_, k) => start + k) };
}

interface SplitOptions {
  /** `#` at the start of a word comments out the rest of the line. */
  comments?: boolean;
  /** `%%` stands for `%` (systemd specifiers). */
  specifiers?: boolean;
}

/**
 * Splits characters into words: whitespace separates; `"..."` (with `\` escapes) and `'...'` quote;
 * `\` escapes one character outside quotes, and `\` before a line break continues the line.
 */
export function splitWords(chars: Chars, options: SplitOptions = {}): Word[] {
  const { text, offsets } = chars;
  const n = text.length;
  const out: Word[] = [];
  let i = 0;
  while (i < n) {
    const c = text[i]!;
    if (isSpace(c)) {
      i++;
      continue;
    }
    // a continuation: `\` before a line break (LF, CR LF, or a lone CR); the inner loop below stops at one, so
    // skipping it here is what makes the loop advance
    if (c === '\\' && (text[i + 1] === '\n' || text[i + 1] === '\r')) {
      i += text[i + 1] === '\r' && text[i + 2] === '\n' ? 3 : 2;
      continue;
    }
    if (options.comments && c === '#') {
      while (i < n && text[i] !== '\n') i++;
      continue;
    }
    let word = '';
    const wo: number[] = [];
    let last = i;
    while (i < n && !isSpace(text[i])) {
      const ch = text[i]!;
      if (ch === '"' || ch === "'") {
        i++;
        while (i < n && text[i] !== ch) {
          if (ch === '"' && text[i] === '\\' && i + 1 < n && (text[i + 1] === '"' || text[i + 1] === '\\')) i++;
          word += text[i];
          wo.push(offsets[i]!);
          i++;
        }
        last = Math.min(i, n - 1);
        i++; // the closing quote
        continue;
      }
      if (ch === '\\' && i + 1 < n) {
        if (text[i + 1] === '\n' || text[i + 1] === '\r') break; // a continuation ends the word
        i++;
      } else if (options.specifiers && ch === '%' && text[i + 1] === '%') i++;
      word += text[i];
      wo.push(offsets[i]!);
      last = i;
      i++;
    }
    wo.push(offsets[last]! + 1);
    out.push({ text: word, offsets: wo });
  }
  return out;
}

function charsOf(text: string, start: number, end: number): Chars {
  return { text: text.slice(start, end), offsets: Array.from({ length: end - start }, (_, k) => start + k) };
}

/** A plain file of flags: words separated by blanks and line breaks, `#` comments, `\` continuations. */
export function readFlagsFile(text: string): ReadResult {
  const words = splitWords(charsOf(text, 0, text.length), { comments: true });
  const program = words[0] && PROGRAM.test(words[0].text) ? 1 : 0;
  return { words: words.slice(program), found: words.length > 0 };
}

/** Unquotes an environment file value (outer quotes only) and splits it into words. */
function envValueWords(text: string, start: number, end: number): Word[] {
  let s = start;
  let e = end;
  // an unquoted value ends at ` #` (a trailing comment)
  const q = text[s];
  if (q === '"' || q === "'") {
    const close = text.lastIndexOf(q, e - 1);
    if (close > s) {
      s++;
      e = close;
    }
  } else {
    const hash = text.slice(s, e).search(/\s#/);
    if (hash >= 0) e = s + hash;
  }
  return splitWords(charsOf(text, s, e));
}

interface Line {
  start: number;
  end: number;
}

function physicalLines(text: string): Line[] {
  const out: Line[] = [];
  let s = 0;
  for (let i = 0; i <= text.length; i++) {
    if (i === text.length || text[i] === '\n') {
      out.push({ start: s, end: i > s && text[i - 1] === '\r' ? i - 1 : i });
      s = i + 1;
    }
  }
  return out;
}

const ENV_LINE = /^[ \t]*(?:export[ \t]+)?([A-Za-z_][A-Za-z0-9_]*)=/;

/** An environment file: `PLATLET_..._ARGS=...` lines, in order, make one command line. */
export function readEnvFile(text: string): ReadResult {
  const words: Word[] = [];
  let found = false;
  for (const line of physicalLines(text)) {
    const m = ENV_LINE.exec(text.slice(line.start, line.end));
    if (!m || !ARGS_VARIABLE.test(m[1]!)) continue;
    found = true;
    words.push(...envValueWords(text, line.start + m[0].length, line.end));
  }
  return { words, found };
}

/** Logical lines of a unit file: `\` at the end of a line joins the next one (comment lines inside are skipped). */
function unitLines(text: string): Chars[] {
  const lines = physicalLines(text);
  const out: Chars[] = [];
  for (let i = 0; i < lines.length; i++) {
    let t = '';
    const o: number[] = [];
    for (;;) {
      const { start, end } = lines[i]!;
      const continued = end > start && text[end - 1] === '\\';
      const stop = continued ? end - 1 : end;
      for (let k = start; k < stop; k++) {
        t += text[k];
        o.push(k);
      }
      if (!continued || i + 1 >= lines.length) break;
      t += ' '; // the backslash becomes a space
      o.push(end - 1);
      i++;
      while (i + 1 < lines.length && /^[ \t]*[#;]/.test(text.slice(lines[i]!.start, lines[i]!.end))) i++;
    }
    out.push({ text: t, offsets: o });
  }
  return out;
}

function sliceChars(c: Chars, from: number, to = c.text.length): Chars {
  return { text: c.text.slice(from, to), offsets: c.offsets.slice(from, to) };
}

const VAR_WORD = /^\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))$/;

/**
 * A systemd unit or drop-in: the last `ExecStart=` whose program is the node agent (an empty `ExecStart=`
 * resets the list), with `$VAR` (split into words) and `${VAR}` (one word) replaced by the values the same file
 * gives with `Environment=`; `PLATLET_..._ARGS` variables it does not reference are linted too, after it.
 */
export function readSystemdUnit(text: string): ReadResult {
  const env = new Map<string, Chars>();
  let exec: Word[] | undefined;
  for (const line of unitLines(text)) {
    const lead = line.text.length - line.text.trimStart().length;
    const body = line.text.slice(lead);
    if (body === '' || body[0] === '#' || body[0] === ';' || body[0] === '[') continue;
    const eq = body.indexOf('=');
    if (eq < 0) continue;
    const key = body.slice(0, eq).trim();
    let vs = lead + eq + 1;
    while (vs < line.text.length && (line.text[vs] === ' ' || line.text[vs] === '\t')) vs++;
    const value = sliceChars(line, vs);
    if (key === 'Environment') {
      for (const w of splitWords(value, { specifiers: true })) {
        const e = w.text.indexOf('=');
        if (e <= 0 || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(w.text.slice(0, e))) continue; // systemd ignores a word that is no assignment
        env.set(w.text.slice(0, e), { text: w.text.slice(e + 1), offsets: w.offsets.slice(e + 1, w.text.length) });
      }
    } else if (key === 'ExecStart') {
      const words = splitWords(value, { specifiers: true });
      if (words.length === 0) {
        exec = undefined; // a drop-in's empty ExecStart= clears the list
        continue;
      }
      const first = words[0]!;
      const prefix = /^[-@:+!|]*/.exec(first.text)![0].length;
      if (PROGRAM.test(first.text.slice(prefix))) exec = words.slice(1);
    }
  }
  const words: Word[] = [];
  const used = new Set<string>();
  for (const w of exec ?? []) {
    const m = VAR_WORD.exec(w.text);
    if (!m) {
      words.push(w);
      continue;
    }
    const name = m[1] ?? m[2]!;
    used.add(name);
    const value = env.get(name);
    if (value === undefined) continue; // from an EnvironmentFile= or the manager: not in this file
    if (m[1] !== undefined) words.push({ text: value.text, offsets: [...value.offsets, (value.offsets.at(-1) ?? w.offsets[0]! - 1) + 1] });
    else words.push(...splitWords(value));
  }
  for (const [name, value] of env) if (!used.has(name) && ARGS_VARIABLE.test(name)) words.push(...splitWords(value));
  return { words, found: exec !== undefined || [...env.keys()].some((k) => ARGS_VARIABLE.test(k)) };
}

/** The form of a text: by file extension, else by its content. */
export function detectForm(text: string, filePath?: string): FlagsForm {
  if (filePath && /\.(service|conf)$/.test(filePath)) return 'systemd';
  if (filePath && /\.env$/.test(filePath)) return 'env';
  if (filePath && /\.flags$/.test(filePath)) return 'flags';
  if (/^[ \t]*\[(Unit|Service|Install)\][ \t]*$/m.test(text) || /^[ \t]*ExecStart=/m.test(text)) return 'systemd';
  if (/^[ \t]*(?:export[ \t]+)?[A-Za-z_][A-Za-z0-9_]*=/m.test(text)) return 'env';
  return 'flags';
}

export function readText(text: string, form: FlagsForm): ReadResult {
  return form === 'systemd' ? readSystemdUnit(text) : form === 'env' ? readEnvFile(text) : readFlagsFile(text);
}

/** An argument vector, as on `platlint flags -- <args>`: offsets are columns of the args joined by single spaces. */
export function readArgs(args: readonly string[]): ReadResult {
  const words: Word[] = [];
  let at = 0;
  for (const a of args) {
    words.push(plainWord(a, at));
    at += a.length + 1;
  }
  const program = words[0] && PROGRAM.test(words[0].text) ? 1 : 0;
  return { words: words.slice(program), found: true };
}

/** One flag as written. */
export interface Occurrence {
  /** The table's name (`--v` for `-v`, `--max-pods` for `--max_pods`), or the name as written when unknown. */
  key: string;
  /** The name as written (`-v`, `--max_pods`). */
  written: string;
  spec: FlagSpec | undefined;
  nameStart: number;
  nameEnd: number;
  /** The value: after `=`, or the next word for a flag that takes one; null when there is none. */
  value: string | null;
  /** File offsets of the value's characters, and its end. */
  valueOffsets: number[] | null;
}

/** A word that is no flag and no flag's value. */
export interface Positional {
  text: string;
  start: number;
  end: number;
  /** The bool flag just before it (`--fail-swap-on false`): the word was probably meant as its value. */
  after?: string;
  /** Whether it comes after `--`. */
  afterDashDash: boolean;
}

export interface ParsedArgs {
  occurrences: Occurrence[];
  positional: Positional[];
}

/** Reads words the way the platform's flag parser does: `--f=v`, `--f v`, bool `--f`, `-v 2`, `-v=2`, `-v2`, `--`. */
export function parseArgs(words: readonly Word[]): ParsedArgs {
  const occurrences: Occurrence[] = [];
  const positional: Positional[] = [];
  let dashDash = false;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const t = w.text;
    if (dashDash || t.length < 2 || t[0] !== '-') {
      const prev = occurrences.at(-1);
      const after = !dashDash && prev && isBoolLike(prev.spec) && prev.value === null && prev.nameEnd === words[i - 1]?.offsets.at(-1) ? prev.key : undefined;
      positional.push({ text: t, start: w.offsets[0]!, end: w.offsets.at(-1)!, afterDashDash: dashDash, ...(after ? { after } : {}) });
      continue;
    }
    if (t === '--') {
      dashDash = true;
      continue;
    }
    const long = t.startsWith('--');
    const bodyStart = long ? 2 : 1;
    const eq = t.indexOf('=', bodyStart);
    let nameLen = (eq < 0 ? t.length : eq) - bodyStart;
    let spec: FlagSpec | undefined;
    let key: string;
    let inline: number | undefined = eq < 0 ? undefined : eq + 1;
    if (long) {
      key = '--' + normalizeFlagName(t.slice(2, 2 + nameLen));
      spec = FLAG_BY_NAME.get(key);
    } else {
      // `-max-pods` is a long flag with one dash; `-hostname-override` is not `-h` with a value
      const asLong = nameLen > 1 && FLAG_BY_NAME.has('--' + normalizeFlagName(t.slice(1, 1 + nameLen)));
      spec = asLong ? undefined : FLAG_BY_SHORTHAND.get(t[1]!);
      if (spec && isBoolLike(spec) && t.length > 2 && t[2] !== '=') spec = undefined; // `-hx`: a group of shorthands the agent does not define
      if (spec) {
        nameLen = 1;
        if (t.length > 2) inline = t[2] === '=' ? 3 : 2; // -v=2, -v2
        key = spec.name;
      } else key = t.slice(0, 1 + nameLen);
    }
    const occ: Occurrence = { key, written: t.slice(0, bodyStart + nameLen), spec, nameStart: w.offsets[0]!, nameEnd: w.offsets[bodyStart + nameLen]!, value: null, valueOffsets: null };
    if (inline !== undefined) {
      occ.value = t.slice(inline);
      occ.valueOffsets = w.offsets.slice(inline);
    } else if (i + 1 < words.length && (spec ? !isBoolLike(spec) : words[i + 1]!.text[0] !== '-')) {
      // an unknown flag takes the next word unless it starts with `-`: the platform's flag parser reads unknown flags
      // so when told to skip them (pflag stripUnknownFlagValue), and the agent stops at the unknown flag itself, so
      // `--container-runtime docker` is one unknown flag, not also a stray argument `docker`
      const next = words[++i]!;
      occ.value = next.text;
      occ.valueOffsets = next.offsets;
    }
    occurrences.push(occ);
  }
  return { occurrences, positional };
}

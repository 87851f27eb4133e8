// The baseline's recorded entries (`platlint-suppressions.json`, see src/files/baseline.ts): matching a run's findings
// against them, recording and pruning them, and the file's text both ways (read by Go's JSON rules with
// offsets, for its problems' positions; written sorted). Pure: no file system, no paths (a file's key is
// given by the caller), so that it runs wherever the lint does.
import { diagnosticPath } from '../kinds/field-path.js';
import { readJsonValue, type JsonExpected, type JsonNode, type JsonStop } from '../parse/json.js';
import { linesOf, type Lines } from '../parse/reading.js';
import type { LintResult, LocatedDiagnostic, LocatedSuppressed } from '../lint/lint.js';

export const SUPPRESSIONS_FILE_NAME = 'platlint-suppressions.json';

/**
 * Recorded findings: file (its path relative to the suppressions file's folder, with `/`) → rule id → field
 * path (the JSON output's `path`; empty for a finding about a whole file or document) → count.
 */
export type Baseline = Map<string, Map<string, Map<string, number>>>;

/** A suppressions file that cannot be read, parsed or written, or is missing where one was named: exit 2. */
export class BaselineError extends Error {
  constructor(
    message: string,
    /** Where in the file the problem is (1-based), and the problem alone: for a file that does not parse. */
    readonly at?: { line: number; column: number; problem: string },
  ) {
    super(message);
  }
}

/**
 * Whether a finding can be recorded (and matched): every finding except fatal ones. A fatal finding
 * (`yaml/syntax`, `input/*`, `internal/error`) says that the file, or part of it, was not checked at all: a
 * baseline holding it would hide every finding the unchecked text has once it is read, and the
 * `# platlint-disable` comments cannot suppress those either. Warnings are recorded like errors: a
 * repository that gates on `--max-warnings 0` (the pre-commit hooks' advice) needs them in the baseline to
 * adopt platlint at all.
 */
export function recordable(d: Pick<LocatedDiagnostic, 'fatal'>): boolean {
  return d.fatal !== true;
}

/** Results of inputs without a file (`<text>`, `<command line>`) are never recorded nor matched. */
function onDisk(r: Pick<LintResult, 'filePath'>): boolean {
  return !r.filePath.startsWith('<');
}

/**
 * Whether a file was checked whole: a fatal finding (it does not parse, cannot be read, platlint failed on
 * it) leaves its entries as they are when recording and pruning, and none of them counts as no longer
 * occurring: the findings they stand for are only unseen, and come back once the file is read again.
 */
function checkedWhole(r: LintResult): boolean {
  return !r.diagnostics.some((d) => d.fatal);
}

/** How many findings a baseline records, in how many files. */
export function baselineSize(baseline: Baseline): { findings: number; files: number } {
  let findings = 0;
  for (const rules of baseline.values()) for (const paths of rules.values()) for (const n of paths.values()) findings += n;
  return { findings, files: baseline.size };
}

/** The recordable findings of one result, counted by rule and field path (of the rules `only` takes, when given). */
function countFindings(r: LintResult, only?: (ruleId: string) => boolean): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  for (const d of r.diagnostics) {
    if (!recordable(d) || (only && !only(d.ruleId))) continue;
    let paths = out.get(d.ruleId);
    if (!paths) out.set(d.ruleId, (paths = new Map()));
    const p = diagnosticPath(d);
    paths.set(p, (paths.get(p) ?? 0) + 1);
  }
  return out;
}

function clone(baseline: Baseline): Baseline {
  return new Map([...baseline].map(([f, rules]) => [f, new Map([...rules].map(([r, paths]) => [r, new Map(paths)]))]));
}

/**
 * Records the current findings of the linted files: each file's entries become exactly its findings (those
 * of the rules `only` takes, when given: the other rules' entries are kept). Files the run did not lint, or
 * could not check whole, keep their entries, so recording from a partial run (a pre-commit hook's files)
 * loses nothing. `keyOf` gives a file's key (see `Baseline`).
 */
export function recordFindings(baseline: Baseline, results: readonly LintResult[], keyOf: (filePath: string) => string, only?: (ruleId: string) => boolean): Baseline {
  const out = clone(baseline);
  for (const r of results) {
    if (!onDisk(r) || !checkedWhole(r)) continue;
    const key = keyOf(r.filePath);
    const kept = only ? [...(out.get(key) ?? [])].filter(([rule]) => !only(rule)) : [];
    const entry = new Map(kept);
    for (const [rule, paths] of countFindings(r, only)) entry.set(rule, paths);
    if (entry.size > 0) out.set(key, entry);
    else out.delete(key);
  }
  return out;
}

/** A baseline without its entries of files that no longer exist (deleted or renamed): `exists` says, by key. */
export function withoutMissingFiles(baseline: Baseline, exists: (key: string) => boolean): Baseline {
  const out = clone(baseline);
  for (const key of baseline.keys()) if (!exists(key)) out.delete(key);
  return out;
}

/** A baseline with the unmatched counts of `remaining` (what applyBaseline found unused) taken off. */
export function pruneBaseline(baseline: Baseline, remaining: Baseline): Baseline {
  const out = clone(baseline);
  for (const [file, rules] of remaining) {
    const entry = out.get(file);
    if (!entry) continue;
    for (const [rule, paths] of rules) {
      const recorded = entry.get(rule);
      if (!recorded) continue;
      for (const [p, n] of paths) {
        const left = (recorded.get(p) ?? 0) - n;
        if (left > 0) recorded.set(p, left);
        else recorded.delete(p);
      }
      if (recorded.size === 0) entry.delete(rule);
    }
    if (entry.size === 0) out.delete(file);
  }
  return out;
}

export interface Applied {
  /** The results with the recorded findings moved to `suppressed` and the counts updated. */
  results: LintResult[];
  /**
   * The recorded counts that matched no finding, of the linted files checked whole (what
   * `--prune-suppressions` removes).
   */
  remaining: Baseline;
}

/**
 * Applies a baseline: for each file, rule and field path, the first `count` findings (in the order of their
 * positions) are suppressed and any further one is reported. Suppressed findings leave the error and warning
 * counts, and so the exit code; they are kept in `suppressed` with `baseline` set to the suppressions file
 * (`file`) and the justification `recorded in <shownAs>`. Fatal findings are never suppressed. `keyOf` gives
 * a file's key (see `Baseline`).
 */
export function applyBaseline(results: readonly LintResult[], baseline: Baseline, keyOf: (filePath: string) => string, file: string, shownAs: string): Applied {
  const remaining: Baseline = new Map();
  const out = results.map((r) => {
    if (!onDisk(r)) return r;
    const key = keyOf(r.filePath);
    const entry = baseline.get(key);
    if (!entry) return r;
    const left = new Map([...entry].map(([rule, paths]) => [rule, new Map(paths)]));
    const order = r.diagnostics.map((_, i) => i).sort((a, b) => byPosition(r.diagnostics[a]!, r.diagnostics[b]!) || a - b);
    const hit = new Set<number>();
    for (const i of order) {
      const d = r.diagnostics[i]!;
      const paths = recordable(d) ? left.get(d.ruleId) : undefined;
      if (!paths) continue;
      const p = diagnosticPath(d);
      const n = paths.get(p) ?? 0;
      if (n === 0) continue;
      paths.set(p, n - 1);
      hit.add(i);
    }
    const unused = new Map<string, Map<string, number>>();
    for (const [rule, paths] of left) {
      const open = new Map([...paths].filter(([, n]) => n > 0));
      if (open.size > 0) unused.set(rule, open);
    }
    if (unused.size > 0 && checkedWhole(r)) remaining.set(key, unused);
    if (hit.size === 0) return r;
    const diagnostics = r.diagnostics.filter((_, i) => !hit.has(i));
    const moved = [...hit].sort((a, b) => a - b).map((i): LocatedSuppressed => ({ ...r.diagnostics[i]!, justification: `recorded in ${shownAs}`, baseline: file }));
    const suppressed = [...r.suppressed, ...moved].sort(byPosition);
    const errorCount = diagnostics.filter((d) => d.severity === 'error').length;
    return { ...r, diagnostics, suppressed, errorCount, warningCount: diagnostics.length - errorCount };
  });
  return { results: out, remaining };
}

function byPosition(a: { line: number; column: number }, b: { line: number; column: number }): number {
  return a.line - b.line || a.column - b.column;
}

/** Code-unit order, the same on every machine (no locale). */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The file's text: keys sorted at every level, two-space indentation, a final newline, so that recording
 * the same findings twice gives the same bytes and a review's diff shows exactly the entries that changed.
 */
export function serializeBaseline(baseline: Baseline): string {
  if (baseline.size === 0) return '{}\n';
  const key = (k: string) => JSON.stringify(k);
  const block = <V>(indent: string, entries: [string, V][], body: (v: V, indent: string) => string) =>
    `{\n${entries
      .sort(([a], [b]) => compare(a, b))
      .map(([k, v]) => `${indent}  ${key(k)}: ${body(v, `${indent}  `)}`)
      .join(',\n')}\n${indent}}`;
  return (
    block('', [...baseline], (rules, i1) =>
      block(i1, [...rules], (paths, i2) => block(i2, [...paths], (n, i3) => `{\n${i3}  "count": ${n}\n${i3}}`)),
    ) + '\n'
  );
}

// ---- reading: by Go's JSON rules with offsets (src/parse/json.ts), for positions (V8's messages have none for
// some errors and differ between Node versions) and for keys given twice (a hand-merged file), which
// JSON.parse hides

/**
 * What makes a suppressions file unusable: `baseline/syntax` (not JSON) or `baseline/shape` (JSON, but a key
 * given twice or an entry of the wrong shape), with the offsets of the text it is about (end exclusive; a
 * syntax error at the end of a line or of the file is empty).
 */
class TextProblem {
  constructor(
    readonly code: 'baseline/syntax' | 'baseline/shape',
    readonly offset: number,
    readonly end: number,
    readonly message: string,
  ) {}
}

/** What was expected where the text stops being JSON, in this file's words. */
const EXPECTED: Readonly<Record<Exclude<JsonExpected, 'shallower'>, string>> = {
  value: 'a value',
  key: 'a key in double quotes',
  colon: '`:` after the key',
  'comma-or-brace': '`,` or `}`',
  'comma-or-bracket': '`,` or `]`',
  end: 'the end of the file',
  'string-end': '`"` to end the string (a line break or control character in a string is written as an escape)',
  escape: 'an escape (`\\"`, `\\\\`, `\\/`, `\\b`, `\\f`, `\\n`, `\\r`, `\\t` or `\\u` with four hexadecimal digits) after `\\`',
};

/** The syntax error of a text that is not JSON, at the character found (a whole surrogate pair; none at the end of a line or of the file). */
function syntaxProblem(text: string, { at, expected }: JsonStop): TextProblem {
  const c = at < text.length ? text.codePointAt(at)! : 0x0a;
  const width = c === 0x0a || c === 0x0d ? 0 : c > 0xffff ? 2 : 1;
  if (expected === 'shallower') return new TextProblem('baseline/syntax', at, at + width, 'collections nested deeper than 10000 levels (a suppressions file has four)');
  let found: string;
  if (at >= text.length) found = 'the end of the file';
  else {
    const ch = text[at]!;
    if (ch === '\n' || ch === '\r') found = 'the end of the line';
    else found = ch < ' ' ? `the control character U+${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}` : `\`${ch}\``;
  }
  return new TextProblem('baseline/syntax', at, at + width, `expected ${EXPECTED[expected]}, found ${found}`);
}

/** 1-based line and column (UTF-16 units) of offsets of a text, by a table of its line starts built once. */
function positions(text: string): (offset: number) => { line: number; column: number } {
  let lines: Lines | undefined;
  return (offset) => {
    const { line, col } = (lines ??= linesOf(text)).linePos(offset);
    return { line, column: col };
  };
}

/**
 * Reads the text of a suppressions file (without its byte-order mark): the baseline, and every problem in the
 * order the file is read (a syntax error stops the reading: it is then the one problem). The usual case, a
 * valid file, goes through V8's parser (faster than src/parse/json.ts when a run starts) when its key count
 * shows no key given twice and the shape is right; anything else is read again by `readJsonValue`.
 */
function readBaselineText(body: string): { baseline: Baseline; problems: TextProblem[] } {
  const quick = quickBaseline(body);
  if (quick) return { baseline: quick, problems: [] };
  const problems: TextProblem[] = [];
  let at: ((offset: number) => { line: number; column: number }) | undefined;
  const lineColumn = (offset: number) => {
    const p = (at ??= positions(body))(offset);
    return `${p.line}:${p.column}`;
  };
  // the entries of an object; a key given twice is a problem (JSON.parse would keep the last one silently:
  // a hand-merged file), its entry still read for problems of its own
  const entriesOf = (node: JsonNode, what: string) => {
    if (node.type !== 'object') {
      problems.push(new TextProblem('baseline/shape', node.start, node.end, `${what} must be a JSON object`));
      return [];
    }
    const seen = new Map<string, number>();
    for (const e of node.entries) {
      const first = seen.get(e.key);
      if (first !== undefined) problems.push(new TextProblem('baseline/shape', e.start, e.end, `${JSON.stringify(e.key)} is given twice (first at ${lineColumn(first)}); keep one entry`));
      else seen.set(e.key, e.start);
    }
    return node.entries;
  };
  const read = readJsonValue(body);
  if (!read.ok) return { baseline: new Map(), problems: [syntaxProblem(body, read.stop)] };
  const baseline: Baseline = new Map();
  for (const f of entriesOf(read.value, 'the suppressions file (file paths, each with its rules)')) {
    if (f.key === '') problems.push(new TextProblem('baseline/shape', f.start, f.end, 'a file path is empty'));
    const rules = new Map<string, Map<string, number>>();
    for (const r of entriesOf(f.value, `the entry of ${JSON.stringify(f.key)} (rule ids, each with its field paths)`)) {
      const paths = new Map<string, number>();
      for (const p of entriesOf(r.value, `the entry of ${JSON.stringify(r.key)} in ${JSON.stringify(f.key)} (field paths, each with its count)`)) {
        const where = `the entry of ${JSON.stringify(p.key)} (${r.key} in ${f.key})`;
        const fields = entriesOf(p.value, `${where}, {"count": N},`);
        // with an unknown key, the entry's count is not read (a misspelt "count" is the likely reason)
        const extra = fields.find((x) => x.key !== 'count');
        if (extra) {
          problems.push(new TextProblem('baseline/shape', extra.start, extra.end, `unknown key ${JSON.stringify(extra.key)}; an entry holds "count" only`));
          continue;
        }
        const count = fields[0]?.value;
        if (!count) {
          if (p.value.type === 'object') problems.push(new TextProblem('baseline/shape', p.value.start, p.value.end, `${where} has no "count"`));
          continue;
        }
        if (count.type !== 'number' || !Number.isSafeInteger(count.value) || count.value < 1) {
          problems.push(new TextProblem('baseline/shape', count.start, count.end, '"count" must be a whole number of 1 or more'));
          continue;
        }
        paths.set(p.key, count.value);
      }
      if (paths.size > 0) rules.set(r.key, paths);
    }
    if (rules.size > 0) baseline.set(f.key, rules);
  }
  return { baseline, problems };
}

/**
 * Parses the text of a suppressions file. Any problem is a BaselineError naming `shownAs`, the line and the
 * column of the first one (see readBaselineText): JSON syntax, a key given twice, an entry of the wrong shape.
 */
export function parseBaseline(text: string, shownAs: string): Baseline {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const { baseline, problems } = readBaselineText(body);
  const first = problems[0];
  if (!first) return baseline;
  const at = positions(body)(first.offset);
  throw new BaselineError(`${shownAs}:${at.line}:${at.column}: ${first.message}`, { ...at, problem: first.message });
}

/** A problem of a suppressions file's text, for an editor showing the file: offsets into the text as given. */
export interface BaselineTextProblem {
  code: 'baseline/syntax' | 'baseline/shape';
  /** Offsets of the text the problem is about, the end exclusive (a byte-order mark counts). */
  start: number;
  end: number;
  message: string;
}

/**
 * Every problem of a suppressions file's text, in the order the file is read: those that make the command
 * line refuse the file (its first one is the command line's message). None for a valid file.
 */
export function baselineTextProblems(text: string): BaselineTextProblem[] {
  const shift = text.startsWith('\uFEFF') ? 1 : 0;
  return readBaselineText(shift ? text.slice(1) : text).problems.map((p) => ({ code: p.code, start: p.offset + shift, end: p.end + shift, message: p.message }));
}

/** Keys in the text: in a file whose values are objects and numbers, every string is a key. */
const KEY = /"(?:[^"\\\n]|\\.)*"\s*:/g;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * A valid file read with JSON.parse: undefined when it is not JSON, has the wrong shape, or may hold a key
 * twice (JSON.parse keeps the last one silently) because it counts fewer keys than the text writes.
 */
function quickBaseline(body: string): Baseline | undefined {
  let root: unknown;
  try {
    root = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (!isObject(root)) return undefined;
  let keys = 0;
  const baseline: Baseline = new Map();
  for (const [file, rulesValue] of Object.entries(root)) {
    if (file === '' || !isObject(rulesValue)) return undefined;
    const rules = new Map<string, Map<string, number>>();
    for (const [rule, pathsValue] of Object.entries(rulesValue)) {
      if (!isObject(pathsValue)) return undefined;
      const paths = new Map<string, number>();
      for (const [p, entry] of Object.entries(pathsValue)) {
        if (!isObject(entry)) return undefined;
        const names = Object.keys(entry);
        const count = entry.count;
        if (names.length !== 1 || typeof count !== 'number' || !Number.isSafeInteger(count) || count < 1) return undefined;
        paths.set(p, count);
        keys += 2;
      }
      if (paths.size > 0) rules.set(rule, paths);
      keys++;
    }
    if (rules.size > 0) baseline.set(file, rules);
    keys++;
  }
  return keys === (body.match(KEY)?.length ?? 0) ? baseline : undefined;
}

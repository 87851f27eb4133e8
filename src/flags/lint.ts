// flags/: a node agent command line (`platlint flags`) in, a LintResult out.
/**
 * `platlint flags`: lints a node agent command line. The text is read in one of four forms (src/flags/read.ts),
 * the words become flag occurrences, and the rules of `rules/flags/` run on one value of kind `PlatletFlags`:
 *
 *     { '--max-pods': ['120'], '--fail-swap-on': [null, 'false'], args: [{ text: 'false', after: '--fail-swap-on', afterDashDash: false }] }
 *
 * - every flag written, keyed by its table name with dashes (`-v` → `--v`, `--max_pods` → `--max-pods`), or by
 *   its name as written when the table does not know it;
 * - its value: the raw text of every occurrence in order (`null` = written without a value, as a bool flag
 *   usually is). The platform keeps the last occurrence of a single-valued flag and adds up the occurrences of
 *   a list flag;
 * - `args`: the words that are neither flags nor values.
 *
 * Paths: `['--max-pods']` is the flag's last occurrence (the one that takes effect), `['--max-pods', i]` its
 * occurrence i, `['args', i]` a positional word; target `key` underlines the flag's name, `value` its value;
 * `span` is a character range inside the occurrence's value. `[]` is the command line as a whole.
 */
import { configFor, DEFAULT_CONFIG, type Config } from '../config/config.js';
import { runRules } from '../check/run-rules.js';
import { commandKind } from '../kinds/kinds.js';
import { baseSeverity, enabledIn, finishResult, type LintResult } from '../lint/lint.js';
import type { Path } from '../path.js';
import { stripBom } from '../read/bytes.js';
import { linesOf } from '../parse/reading.js';
import type { Comment, Diagnostic, Range } from '../finding.js';
import { detectForm, parseArgs, readArgs, readText, type Occurrence, type ParsedArgs, type ReadResult } from './read.js';

export interface FlagsLintOptions {
  filePath?: string;
  config?: Config;
  form?: 'auto' | 'systemd' | 'env' | 'flags';
}

export const FLAGS_KIND = commandKind('PlatletFlags');

/** The value the flag rules receive (see the module comment). */
export type FlagsValue = Record<string, unknown>;

export function flagsValue(parsed: ParsedArgs): FlagsValue {
  const value: Record<string, unknown> = {};
  for (const o of parsed.occurrences) ((value[o.key] ??= []) as (string | null)[]).push(o.value);
  if (parsed.positional.length > 0)
    value.args = parsed.positional.map((p) => ({ text: p.text, afterDashDash: p.afterDashDash, ...(p.after ? { after: p.after } : {}) }));
  return value;
}

/** Ranges of the paths the flag rules report. */
function resolver(parsed: ParsedArgs, whole: Range) {
  const byKey = new Map<string, Occurrence[]>();
  for (const o of parsed.occurrences) {
    const list = byKey.get(o.key);
    if (list) list.push(o);
    else byKey.set(o.key, [o]);
  }
  const occurrence = (path: Path): Occurrence | undefined => {
    const list = byKey.get(String(path[0]));
    if (!list) return undefined;
    return typeof path[1] === 'number' ? list[path[1]] : list.at(-1);
  };
  return (path: Path, target: 'key' | 'value', span?: { start: number; end: number }): Range => {
    if (path.length === 0) return whole;
    if (path[0] === 'args' && typeof path[1] === 'number') {
      const p = parsed.positional[path[1]];
      return p ? { start: p.start, end: p.end } : whole;
    }
    const o = occurrence(path);
    if (!o) return whole;
    const name = { start: o.nameStart, end: o.nameEnd };
    if (target === 'key' || o.value === null || !o.valueOffsets) return name;
    const offs = o.valueOffsets;
    const len = offs.length - 1;
    if (span && span.start <= len) {
      const s = offs[span.start]!;
      const endIdx = Math.min(span.end, len);
      const e = endIdx > span.start ? offs[endIdx - 1]! + 1 : s;
      return { start: s, end: e };
    }
    return { start: offs[0]!, end: len > 0 ? offs[len - 1]! + 1 : offs[0]! };
  };
}

/**
 * The comments of a command-line file, where its suppression comments are found: its lines whose first
 * character after blanks is `#` (a shell comment), from the `#` to the line's end.
 */
function commentLines(text: string): Comment[] {
  const out: Comment[] = [];
  if (!text.includes('#')) return out;
  for (const m of text.matchAll(/^[ \t]*#.*$/gm)) {
    const at = m[0].indexOf('#');
    out.push({ text: m[0].slice(at), start: m.index! + at });
  }
  return out;
}

function lintRead(source: string, read: ReadResult, filePath: string, runConfig: Config): LintResult {
  const config = configFor(runConfig, filePath);
  const lines = linesOf(source);
  const parsed = parseArgs(read.words);
  const first = read.words[0]?.offsets[0] ?? 0;
  const at = resolver(parsed, { start: first, end: first });
  const raw: Diagnostic[] = [];
  if (read.found) {
    for (const f of runRules(flagsValue(parsed), FLAGS_KIND, enabledIn(config))) {
      const related = f.extra?.related?.map((r) => ({ path: r.path, message: r.message, range: at(r.path, 'key') }));
      const range = at(f.path, f.target, f.extra?.span);
      // a flag's name is a word of the command line: the fix replaces it as written
      const fix = f.extra?.fix !== undefined && f.target === 'key' && range.end > range.start ? { fix: { range, text: f.extra.fix } } : {};
      raw.push({
        ruleId: f.ruleId,
        severity: baseSeverity(f.ruleId),
        message: f.message,
        path: f.path,
        range,
        document: 0,
        kind: FLAGS_KIND.kind,
        apiVersion: '',
        ...(related ? { related } : {}),
        ...fix,
      });
    }
  }
  return finishResult({
    filePath,
    text: source,
    lines,
    comments: commentLines(source),
    raw,
    config,
    documentsChecked: read.found ? 1 : 0,
    documentsSkipped: read.found || source.trim() === '' ? 0 : 1,
  });
}

/** Lints a text holding a node agent command line: a systemd unit or drop-in, an environment file or a file of flags. */
export function lintFlagsText(text: string, options: FlagsLintOptions = {}): LintResult {
  const source = stripBom(text);
  const form = !options.form || options.form === 'auto' ? detectForm(source, options.filePath) : options.form;
  return lintRead(source, readText(source, form), options.filePath ?? '<text>', options.config ?? DEFAULT_CONFIG);
}

/** Lints a command line given as arguments; columns count on one line of the arguments joined by single spaces. */
export function lintFlagsArgs(args: readonly string[], options: { config?: Config } = {}): LintResult {
  return lintRead(args.join(' '), readArgs(args), '<command line>', options.config ?? DEFAULT_CONFIG);
}

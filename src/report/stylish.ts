import { Chalk, type ChalkInstance } from 'chalk';
import { IGNORED_FILE } from '../finding.js';
import type { LintResult, LocatedDiagnostic } from '../lint/lint.js';
import { host } from '../services/host.js';
import { documentCounts } from './ci-common.js';
import { DEFAULT_WIDTH, messageWords, textWidth, wrap } from './wrap.js';

export interface StylishOptions {
  /** Colour level: 0 none, 1 basic, 2 256, 3 truecolor. */
  color: 0 | 1 | 2 | 3;
  cwd: string;
  /** Documents skipped because they are not plat objects. */
  skipped: number;
  checked: number;
  /** `--fix-dry-run`: fixes were applied in memory only. */
  dryRun?: boolean;
  /** Lines about the run (FormatContext notes), printed after the counts. */
  notes?: readonly string[];
  /** The columns the lines fit (src/report/wrap.ts reportWidth); 80 when not given. */
  width?: number;
}

/** The mark of a finding `--fix` can fix, in front of its message; the summary says what it means. */
export const FIXABLE_MARK = '[*]';
/** A message column narrower than this (beside the rule ids) gives the messages the whole width, the rule ids at their end. */
const MIN_MESSAGE_COLUMN = 60;
/** The narrowest message column, however narrow the width (its lines then pass the width). */
const MIN_TEXT_COLUMN = 20;
/** The indentation of a summary line's continuation. */
const SUMMARY_INDENT = '  ';

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** A path relative to the working folder when inside it, else as it is. */
function shownPath(path: string, cwd: string): string {
  const { relative, sep } = host().path;
  const rel = relative(cwd, path);
  return rel === '' || rel.startsWith('..') ? path : rel.split(sep).join('/');
}

interface Row {
  pos: string;
  severity: 'error' | 'warning';
  fixable: boolean;
  message: string;
  rule: string;
}

/**
 * One file's findings as a table that fits `width` columns: `line:col  severity  [*] message  rule-id`, as ESLint's
 * stylish lays them out when the longest line fits. Otherwise the messages wrap at word boundaries (a `code span`
 * kept whole when it fits a line) onto lines indented under the message column, and the rule ids either keep their
 * column on each finding's first line (when that leaves the messages at least 60 columns) or, when the width is too
 * narrow for that, end the finding's last line, right-aligned, or stand right-aligned on a line of their own.
 */
export function findingLines(rows: readonly Row[], width: number, c: ChalkInstance): string[] {
  const wPos = Math.max(...rows.map((x) => x.pos.length));
  const wSev = Math.max(...rows.map((x) => x.severity.length));
  const marks = rows.some((x) => x.fixable);
  const wMsg = Math.max(...rows.map((x) => textWidth(x.message)));
  const wRule = Math.max(...rows.map((x) => textWidth(x.rule)));
  // the message column starts after the position, the severity and the fixable mark
  const indent = 2 + wPos + 2 + wSev + 2 + (marks ? FIXABLE_MARK.length + 1 : 0);
  const besideWidth = Math.min(wMsg, width - indent - 2 - wRule);
  const beside = besideWidth >= MIN_MESSAGE_COLUMN || besideWidth === wMsg;
  const column = beside ? Math.max(1, besideWidth) : Math.max(MIN_TEXT_COLUMN, width - indent);
  const pad = ' '.repeat(indent);
  const out: string[] = [];
  for (const x of rows) {
    const sev = x.severity === 'error' ? c.red(x.severity.padEnd(wSev)) : c.yellow(x.severity.padEnd(wSev));
    const mark = marks ? `${x.fixable ? c.green(FIXABLE_MARK) : ' '.repeat(FIXABLE_MARK.length)} ` : '';
    const head = `  ${c.dim(x.pos.padEnd(wPos))}  ${sev}  ${mark}`;
    const text = wrap(messageWords(x.message), column);
    if (beside || x.rule === '') {
      out.push(x.rule === '' ? head + text[0]! : `${head}${text[0]!}${' '.repeat(Math.max(0, column - textWidth(text[0]!)))}  ${c.dim(x.rule)}`);
      for (const line of text.slice(1)) out.push(pad + line);
      continue;
    }
    const rule = textWidth(x.rule);
    const last = text.length - 1;
    const room = column - textWidth(text[last]!);
    text.forEach((line, i) => {
      const start = i === 0 ? head : pad;
      out.push(i === last && room >= rule + 2 ? `${start}${line}${' '.repeat(room - rule)}${c.dim(x.rule)}` : start + line);
    });
    if (room < rule + 2) out.push(`${pad}${' '.repeat(Math.max(0, column - rule))}${c.dim(x.rule)}`);
  }
  return out;
}

/** What the summary lines tell of a run. */
export interface StylishSummary {
  files: number;
  filesWithProblems: number;
  errors: number;
  warnings: number;
  fixableErrors: number;
  fixableWarnings: number;
  /** Fixes `--fix` applied (or `--fix-dry-run` would apply). */
  fixed: number;
  dryRun: boolean;
  /** The documents checked, skipped… (src/report/ci-common.ts documentCounts). */
  documents: string;
  /** How many findings the baseline holds back, and its file as shown. */
  baselined: number;
  baseline?: string;
  /** The rule ids of the findings shown with their counts, the most frequent first (ties in the order they were first found). */
  rules: readonly { id: string; count: number }[];
  /** Lines about the run (FormatContext notes), each shown dim before the pointer to `platlint explain`. */
  notes?: readonly string[];
}

/** A summary line: pieces wrapped to the width (a piece is broken only when it is wider than a whole line). */
export interface SummaryLine {
  pieces: string[];
  /** Shown dim, line by line once wrapped. */
  dim?: boolean;
}

/** The lines after the findings: the counts, the fixes, the baseline, and where to read about a rule. */
export function summaryLines(s: StylishSummary, c: ChalkInstance): SummaryLine[] {
  const lines: SummaryLine[] = [];
  const docs = s.documents.split(/(?<=,) /);
  if (s.errors + s.warnings === 0) {
    lines.push({ pieces: [`${c.green('✔')} no problems in ${plural(s.files, 'file')}`, `— ${docs[0]!}`, ...docs.slice(1)] });
  } else {
    const mark = s.errors > 0 ? c.red.bold('✖') : c.yellow.bold('⚠');
    const counts = `${plural(s.errors + s.warnings, 'problem')} (${plural(s.errors, 'error')}, ${plural(s.warnings, 'warning')})`;
    lines.push({ pieces: [`${mark} ${counts} in ${s.filesWithProblems} of ${plural(s.files, 'file')}`, `— ${docs[0]!}`, ...docs.slice(1)] });
  }
  if (s.fixed > 0) lines.push({ pieces: [`${s.fixed} ${s.fixed === 1 ? 'fix' : 'fixes'} ${s.dryRun ? 'would be applied (--fix-dry-run: no file was changed)' : 'applied'}`] });
  if (s.fixableErrors + s.fixableWarnings > 0) {
    lines.push({ pieces: [`${c.green(FIXABLE_MARK)} ${plural(s.fixableErrors, 'error')} and ${plural(s.fixableWarnings, 'warning')}`, 'potentially fixable with the `--fix` option'] });
  }
  // the baseline's findings are not listed, but their number stays in sight (the debt left to pay)
  if (s.baselined > 0) lines.push({ pieces: [`${plural(s.baselined, 'problem')} suppressed by the baseline`, `(${s.baseline!})`] });
  for (const note of s.notes ?? []) lines.push({ pieces: note.split(' '), dim: true });
  const [first, second] = s.rules;
  if (first !== undefined && second === undefined) lines.push({ pieces: [`Run \`platlint explain ${first.id}\``, 'for what the rule checks and how to fix it'], dim: true });
  else if (first !== undefined) {
    const example = first.count > second!.count ? `(the most frequent here: \`${first.id}\`)` : `(such as \`${first.id}\`)`;
    lines.push({ pieces: ['Run `platlint explain <rule>`', 'for what a rule checks and how to fix it', example], dim: true });
  }
  return lines;
}

/** The rule ids of the findings with their counts, the most frequent first; a tie keeps the order they were first found in. */
function byFrequency(diagnostics: readonly LocatedDiagnostic[]): { id: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const d of diagnostics) if (d.ruleId !== IGNORED_FILE) counts.set(d.ruleId, (counts.get(d.ruleId) ?? 0) + 1);
  // Array.prototype.sort is stable
  return [...counts].map(([id, count]) => ({ id, count })).sort((a, b) => b.count - a.count);
}

/**
 * ESLint's stylish layout, fitted to a width: findings grouped by file in aligned columns (messages wrapped, see
 * `findingLines`), each finding `--fix` can fix marked `[*]`, then the summary lines (`summaryLines`).
 */
export function formatStylish(results: readonly LintResult[], opts: StylishOptions): string {
  const c: ChalkInstance = new Chalk({ level: opts.color });
  const width = opts.width ?? DEFAULT_WIDTH;
  let out = '';
  const s: StylishSummary = {
    files: results.length,
    filesWithProblems: 0,
    errors: 0,
    warnings: 0,
    fixableErrors: 0,
    fixableWarnings: 0,
    fixed: 0,
    dryRun: opts.dryRun ?? false,
    documents: documentCounts(results, opts.checked, opts.skipped),
    baselined: 0,
    rules: byFrequency(results.flatMap((r) => r.diagnostics)),
  };
  for (const r of results) {
    s.fixed += r.fixed ?? 0;
    for (const d of r.diagnostics) {
      if (d.fix && d.severity === 'error') s.fixableErrors++;
      else if (d.fix) s.fixableWarnings++;
    }
    if (r.diagnostics.length === 0) continue;
    s.filesWithProblems++;
    s.errors += r.errorCount;
    s.warnings += r.warningCount;
    const name = r.filePath.startsWith('<') ? r.filePath : host().path.relative(opts.cwd, r.filePath) || r.filePath;
    const rows: Row[] = r.diagnostics.map((d) => ({
      pos: `${d.line}:${d.column}`,
      severity: d.severity === 'error' ? 'error' : 'warning',
      fixable: d.fix !== undefined,
      message: d.message.replace(/\s*\n\s*/g, ' '),
      // the warning about an ignored file comes from no rule
      rule: d.ruleId === IGNORED_FILE ? '' : d.ruleId,
    }));
    out += `\n${c.underline(name)}\n${findingLines(rows, width, c).join('\n')}\n`;
  }
  if (s.errors + s.warnings > 0) out += '\n';
  const baselined = results.flatMap((r) => r.suppressed.filter((d) => d.baseline !== undefined));
  s.baselined = baselined.length;
  if (baselined.length > 0) s.baseline = shownPath(baselined[0]!.baseline!, opts.cwd);
  s.notes = opts.notes ?? [];
  for (const line of summaryLines(s, c)) {
    const wrapped = wrap(line.pieces, width, width - SUMMARY_INDENT.length).map((text, i) => (i === 0 ? text : SUMMARY_INDENT + text));
    out += wrapped.map((text) => (line.dim ? c.dim(text) : text)).join('\n') + '\n';
  }
  return out.replace(/^\n/, '');
}

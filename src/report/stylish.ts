import { Chalk, type ChalkInstance } from 'chalk';
import type { LintResult } from '../lint/lint.js';
import { host } from '../services/host.js';
import { documentCounts } from './ci-common.js';

export interface StylishOptions {
  /** Colour level: 0 none, 1 basic, 2 256, 3 truecolor. */
  color: 0 | 1 | 2 | 3;
  cwd: string;
  /** Documents skipped because they are not plat objects. */
  skipped: number;
  checked: number;
  /** `--fix-dry-run`: fixes were applied in memory only. */
  dryRun?: boolean;
  /** Lines about the run (FormatContext notes), printed last. */
  notes?: readonly string[];
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** A path relative to the working folder when inside it, else as it is. */
function shownPath(path: string, cwd: string): string {
  const { relative, sep } = host().path;
  const rel = relative(cwd, path);
  return rel === '' || rel.startsWith('..') ? path : rel.split(sep).join('/');
}

/** ESLint's stylish layout: findings grouped by file, aligned columns, then one summary line. */
export function formatStylish(results: readonly LintResult[], opts: StylishOptions): string {
  const c: ChalkInstance = new Chalk({ level: opts.color });
  let out = '';
  let errors = 0;
  let warnings = 0;
  let filesWithProblems = 0;
  let fixable = 0;
  let fixed = 0;
  for (const r of results) {
    fixed += r.fixed ?? 0;
    fixable += r.diagnostics.filter((d) => d.fix).length;
    if (r.diagnostics.length === 0) continue;
    filesWithProblems++;
    errors += r.errorCount;
    warnings += r.warningCount;
    const name = r.filePath.startsWith('<') ? r.filePath : host().path.relative(opts.cwd, r.filePath) || r.filePath;
    out += `\n${c.underline(name)}\n`;
    const rows = r.diagnostics.map((d) => ({
      pos: `${d.line}:${d.column}`,
      sev: d.severity === 'error' ? 'error' : 'warning',
      msg: d.message.replace(/\s*\n\s*/g, ' '),
      rule: d.ruleId,
    }));
    const wPos = Math.max(...rows.map((x) => x.pos.length));
    const wSev = Math.max(...rows.map((x) => x.sev.length));
    const wMsg = Math.max(...rows.map((x) => x.msg.length));
    for (const x of rows) {
      const sev = x.sev === 'error' ? c.red(x.sev.padEnd(wSev)) : c.yellow(x.sev.padEnd(wSev));
      out += `  ${c.dim(x.pos.padEnd(wPos))}  ${sev}  ${x.msg.padEnd(wMsg)}  ${c.dim(x.rule)}\n`;
    }
  }
  const files = plural(results.length, 'file');
  const docs = documentCounts(results, opts.checked, opts.skipped);
  if (errors + warnings === 0) {
    out += `${c.green('✔')} no problems in ${files} — ${docs}\n`;
  } else {
    const mark = errors > 0 ? c.red.bold('✖') : c.yellow.bold('⚠');
    out += `\n${mark} ${plural(errors + warnings, 'problem')} (${plural(errors, 'error')}, ${plural(warnings, 'warning')}) in ${filesWithProblems} of ${files} — ${docs}\n`;
  }
  if (fixed > 0) out += `${fixed} ${fixed === 1 ? 'fix' : 'fixes'} ${opts.dryRun ? 'would be applied (--fix-dry-run: no file was changed)' : 'applied'}\n`;
  if (fixable > 0) out += `${plural(fixable, 'problem')} fixable with the --fix option\n`;
  // the baseline's findings are not listed, but their number stays in sight (the debt left to pay)
  const baselined = results.flatMap((r) => r.suppressed.filter((d) => d.baseline !== undefined));
  if (baselined.length > 0) out += `${plural(baselined.length, 'problem')} suppressed by the baseline (${shownPath(baselined[0]!.baseline!, opts.cwd)})\n`;
  for (const note of opts.notes ?? []) out += `${c.dim(note)}\n`;
  return out.replace(/^\n/, '');
}

import { IGNORED_FILE } from '../finding.js';
import type { LintResult } from '../lint/lint.js';
import type { FormatContext } from './context.js';
import { documentCounts, findings, plural, type Finding } from './ci-common.js';
import { docsBase, ruleDocsUrl } from './rule-url.js';
import { utf8Length } from '../services/utf8-length.js';
import { ALL_RULES } from '../check/registry.js';

/** GitHub shows at most this many annotations of each level per step (the rest are dropped silently). */
export const ANNOTATIONS_PER_LEVEL = 10;

/** The data of a workflow command (after `::`): `%`, CR and LF escaped. */
export function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A property value of a workflow command: as data, plus `:` and `,`. */
export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

function annotation({ path, d }: Finding): string {
  const props = [
    `file=${escapeProperty(path)}`,
    `line=${d.line}`,
    `endLine=${d.endLine}`,
    `col=${d.column}`,
    `endColumn=${d.endColumn}`,
    `title=${escapeProperty(d.ruleId === IGNORED_FILE ? 'platlint' : d.ruleId)}`,
  ].join(',');
  // the runner hides the command itself in the log: the position and the rule stay in the message
  return `::${d.severity} ${props}::${escapeData(`${d.line}:${d.column} ${d.message}${d.ruleId === IGNORED_FILE ? '' : ` [${d.ruleId}]`}`)}\n`;
}

/**
 * GitHub Actions workflow commands: one `::error` or `::warning` annotation per finding, errors first, each
 * group sorted by file and position, paths relative to the working folder (the repository root in CI). When
 * GitHub's cap of 10 annotations per level and step will drop some, a `::notice` says how many and where to
 * find them. Ends with a plain summary line.
 */
export function formatGithub(results: readonly LintResult[], ctx: Pick<FormatContext, 'cwd' | 'checked' | 'skipped'>): string {
  const all = findings(results, ctx.cwd);
  const errors = all.filter((f) => f.d.severity === 'error');
  const warnings = all.filter((f) => f.d.severity !== 'error');
  let out = '';
  const dropped = Math.max(0, errors.length - ANNOTATIONS_PER_LEVEL) + Math.max(0, warnings.length - ANNOTATIONS_PER_LEVEL);
  if (dropped > 0) {
    out += `::notice title=platlint::${escapeData(
      `${plural(dropped, 'more finding')} not annotated: GitHub shows ${ANNOTATIONS_PER_LEVEL} errors and ${ANNOTATIONS_PER_LEVEL} warnings per step; every finding is in the job summary and the SARIF report (--format sarif:PATH).`,
    )}\n`;
  }
  for (const f of [...errors, ...warnings]) out += annotation(f);
  out += `${summaryLine(errors.length, warnings.length, results, ctx)}\n`;
  return out;
}

function summaryLine(errors: number, warnings: number, results: readonly LintResult[], ctx: Pick<FormatContext, 'checked' | 'skipped'>): string {
  const counts = errors + warnings === 0 ? 'no problems' : `${plural(errors, 'error')} and ${plural(warnings, 'warning')}`;
  return `platlint: ${counts} in ${plural(results.length, 'file')} (${documentCounts(results, ctx.checked, ctx.skipped)})`;
}

/** `$GITHUB_STEP_SUMMARY` is capped at 1 MiB per step; the table stops well before. */
export const SUMMARY_LIMIT = 1000 * 1000;

/** Text inside a Markdown table cell: no line breaks, `|` escaped, HTML neutralised. */
export function escapeCell(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/\r\n|[\r\n]/g, ' ');
}

/** Markdown of a path or rule id shown as code: backticks cannot be escaped inside a code span, so they are dropped. */
function code(s: string): string {
  return `<code>${escapeCell(s)}</code>`;
}

/**
 * The job summary (appended to `$GITHUB_STEP_SUMMARY`): a heading, the counts, and a Markdown table of every
 * finding (errors first) with a link to its rule's documentation (under `PLATLINT_DOCS_URL` when `ctx.env` sets
 * it); cut with a note before GitHub's 1 MiB cap.
 */
export function stepSummary(results: readonly LintResult[], ctx: Pick<FormatContext, 'cwd' | 'checked' | 'skipped'> & Partial<Pick<FormatContext, 'env'>>): string {
  const base = docsBase(ctx.env);
  const all = findings(results, ctx.cwd);
  const errors = all.filter((f) => f.d.severity === 'error');
  const warnings = all.filter((f) => f.d.severity !== 'error');
  let out = `### platlint\n\n${summaryLine(errors.length, warnings.length, results, ctx).replace(/^platlint: /, '')}\n\n`;
  if (all.length === 0) return out;
  out += '| Severity | File | Line | Rule | Message |\n| --- | --- | --- | --- | --- |\n';
  let shown = 0;
  let bytes = utf8Length(out);
  for (const { path, d } of [...errors, ...warnings]) {
    const row = `| ${d.severity} | ${code(path)} | ${d.line}:${d.column} | ${ALL_RULES.has(d.ruleId) ? `[${code(d.ruleId)}](${ruleDocsUrl(d.ruleId, base)})` : d.ruleId === IGNORED_FILE ? '' : code(d.ruleId)} | ${escapeCell(d.message)} |\n`;
    const rowBytes = utf8Length(row);
    if (bytes + rowBytes > SUMMARY_LIMIT) break;
    out += row;
    bytes += rowBytes;
    shown++;
  }
  if (shown < all.length) out += `\n${plural(all.length - shown, 'more finding')} not shown (GitHub caps the summary at 1 MiB): see the SARIF report.\n`;
  return out + '\n';
}

import { IGNORED_FILE } from '../finding.js';
import type { LintResult } from '../lint/lint.js';
import type { FormatContext } from './context.js';
import { findings, plural } from './ci-common.js';

/** Line breaks inside a message would split a finding over two lines of a problem matcher. */
function oneLine(s: string): string {
  return s.replace(/\r\n|[\r\n]/g, ' ');
}

/**
 * One line per finding, `file:line:col: severity message [rule]`, for editors' and CI problem matchers (paths
 * relative to the working folder). As ESLint's compact formatter: a blank line and `N problems` after the
 * findings, nothing at all for a clean run.
 */
export function formatCompact(results: readonly LintResult[], ctx: Pick<FormatContext, 'cwd'>): string {
  const all = findings(results, ctx.cwd);
  if (all.length === 0) return '';
  const lines = all.map(({ path, d }) => `${path}:${d.line}:${d.column}: ${d.severity} ${oneLine(d.message)}${d.ruleId === IGNORED_FILE ? '' : ` [${d.ruleId}]`}`);
  return `${lines.join('\n')}\n\n${plural(all.length, 'problem')}\n`;
}

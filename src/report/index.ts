// report/: LintResults in, a report's text out, one file per format (no file access: paths and URLs come from the host).
import type { FormatContext } from './context.js';
import type { LintResult } from '../lint/lint.js';
import { formatCompact } from './compact.js';
import { formatGithub } from './github.js';
import { formatGitlab } from './gitlab.js';
import { formatJson } from './json.js';
import { formatJunit } from './junit.js';
import { formatSarif } from './sarif.js';

export type { FormatContext } from './context.js';
export { reportWidth } from './wrap.js';

/** A report format: the whole report as text (a trailing newline included). */
export type Formatter = (results: readonly LintResult[], ctx: FormatContext) => string | Promise<string>;

/** Every built-in format, by its `--format` name. */
export const FORMATTERS: Readonly<Record<string, Formatter>> = {
  // loaded when used: the colours library it uses loads Node's terminal module at once (with its network and
  // stream modules: ~4 ms of a one-file run whose report is JSON or goes to a file; docs/performance.md)
  stylish: async (results, ctx) => (await import('./stylish.js')).formatStylish(results, ctx),
  json: (results) => formatJson(results) + '\n',
  sarif: (results, ctx) => formatSarif(results, ctx),
  github: (results, ctx) => formatGithub(results, ctx),
  junit: (results, ctx) => formatJunit(results, ctx),
  gitlab: (results, ctx) => formatGitlab(results, ctx),
  compact: (results, ctx) => formatCompact(results, ctx),
};

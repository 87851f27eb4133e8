import type { LintResult } from '../lint.js';
import { formatJson } from './json.js';
import { formatStylish } from './stylish.js';

/** What a formatter may know of the run besides its results. */
export interface FormatContext {
  /** Folder file names are shown relative to (and repository-relative paths are computed from). */
  cwd: string;
  /** Colour level for terminal formats: 0 none, 1 basic, 2 256, 3 truecolor. */
  color: 0 | 1 | 2 | 3;
  /** Documents checked and documents skipped as not plat, over the run. */
  checked: number;
  skipped: number;
  /** `--fix-dry-run`: fixes were applied in memory only. */
  dryRun: boolean;
  /** The environment (CI variables such as GITHUB_STEP_SUMMARY). */
  env: Readonly<Record<string, string | undefined>>;
}

/** A report format: the whole report as text (a trailing newline included). */
export type Formatter = (results: readonly LintResult[], ctx: FormatContext) => string;

/** Every built-in format, by its `--format` name. */
export const FORMATTERS: Readonly<Record<string, Formatter>> = {
  stylish: (results, ctx) => formatStylish(results, ctx),
  json: (results) => formatJson(results) + '\n',
};

import type { RuleMeta } from '../define-rule.js';
import type { LintResult } from '../lint.js';
import { formatCompact } from './compact.js';
import { formatGithub } from './github.js';
import { formatGitlab } from './gitlab.js';
import { formatJson } from './json.js';
import { formatJunit } from './junit.js';
import { formatSarif } from './sarif.js';
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
  /** The configuration's own rules (policies), described like platlint's: SARIF lists them. They have no documentation URL. */
  policies?: readonly { id: string; meta: RuleMeta; kinds: string }[];
}

/** A report format: the whole report as text (a trailing newline included). */
export type Formatter = (results: readonly LintResult[], ctx: FormatContext) => string;

/** Every built-in format, by its `--format` name. */
export const FORMATTERS: Readonly<Record<string, Formatter>> = {
  stylish: (results, ctx) => formatStylish(results, ctx),
  json: (results) => formatJson(results) + '\n',
  sarif: (results, ctx) => formatSarif(results, ctx),
  github: (results, ctx) => formatGithub(results, ctx),
  junit: (results, ctx) => formatJunit(results, ctx),
  gitlab: (results, ctx) => formatGitlab(results, ctx),
  compact: (results, ctx) => formatCompact(results, ctx),
};

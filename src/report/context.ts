// report/: results in, text out. What every format may know of the run besides its results.
import type { RuleMeta } from '../define-rule.js';

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
  /** The columns the terminal format (stylish) fits: src/report/wrap.ts reportWidth; 80 when not given. */
  width?: number;
  /** The environment (CI variables such as GITHUB_STEP_SUMMARY). */
  env: Readonly<Record<string, string | undefined>>;
  /** The configuration's own rules (policies), described like platlint's: SARIF lists them. They have no documentation URL. */
  policies?: readonly { id: string; meta: RuleMeta; kinds: string }[];
  /**
   * Lines about the run, not findings (the checks across files limited for want of deployments): `stylish`
   * prints them after its summary; the machine formats leave them out.
   */
  notes?: readonly string[];
}

import { lintText, type LintOptions, type LintResult } from '../lint/lint.js';
import type { Fix } from '../finding.js';

/** Passes of fix-and-lint-again, as ESLint does: a fix can reveal another finding with its own fix. */
const MAX_PASSES = 10;

/**
 * Applies the edits that do not overlap (in text order; of two overlapping edits the first wins, the other
 * waits for the next pass). Text outside the edited ranges is kept byte for byte: comments, key order,
 * quoting and every untouched line stay as they were.
 */
export function applyFixes(text: string, fixes: readonly Fix[]): { output: string; applied: number } {
  const sorted = [...fixes].sort((a, b) => a.range.start - b.range.start || a.range.end - b.range.end);
  let out = '';
  let at = 0;
  let applied = 0;
  for (const f of sorted) {
    if (f.range.start < at || f.range.end > text.length) continue;
    out += text.slice(at, f.range.start) + f.text;
    at = f.range.end;
    applied++;
  }
  return { output: out + text.slice(at), applied };
}

export interface FixResult {
  /** The lint result of the fixed text (what remains to fix by hand). */
  result: LintResult;
  /** The fixed text; undefined when no fix applied. */
  output?: string;
  /** Fixes applied over all passes. */
  fixed: number;
}

/**
 * Lints a text, applies the safe fixes and lints again until nothing more is fixed. A finding's suggestions
 * (Diagnostic.suggestions) are never applied: they change what the platform does with the file, so a person
 * chooses them (the language server's code actions; the JSON report lists them). The result carries the
 * findings that remain in the fixed text; the caller decides whether to write it (`--fix`) or only show it
 * (`--fix-dry-run`).
 */
export function fixText(text: string, options: LintOptions = {}, lint: (text: string, options: LintOptions) => LintResult = lintText): FixResult {
  const bom = text.startsWith('\uFEFF') ? '\uFEFF' : '';
  let current = bom ? text.slice(1) : text;
  let result = lint(current, options);
  let fixed = 0;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const fixes = result.diagnostics.flatMap((d) => (d.fix ? [d.fix] : []));
    if (fixes.length === 0) break;
    const { output, applied } = applyFixes(current, fixes);
    if (applied === 0 || output === current) break;
    current = output;
    fixed += applied;
    result = lint(current, options);
  }
  return fixed > 0 ? { result: { ...result, fixed }, output: bom + current, fixed } : { result, fixed };
}

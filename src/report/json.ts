import { IGNORED_FILE } from '../finding.js';
import { toPointer } from '../path.js';
import { diagnosticPath } from '../kinds/field-path.js';
import type { LintResult, LocatedDiagnostic } from '../lint/lint.js';

/** One message of ESLint's JSON formatter, plus `path` and a namespaced `platlint` object. */
export interface JsonMessage {
  ruleId: string | null;
  severity: 1 | 2;
  message: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  path: string;
  nodeType: null;
  fatal?: true;
  /** ESLint's fix: replace the text between the two offsets (UTF-16 units of the file without its byte-order mark). */
  fix?: { range: [number, number]; text: string };
  /**
   * ESLint's suggestions: edits a person may choose, which `--fix` never applies (a rename in a kind the platform
   * reads leniently, a misspelt verb), each with what it does.
   */
  suggestions?: { desc: string; fix: { range: [number, number]; text: string } }[];
  platlint: { document: number; jsonPointer: string; kind?: string; apiVersion?: string };
  /**
   * How the finding is suppressed, as ESLint says it: `directive` for a `# platlint-disable…` comment, `file`
   * for the baseline (ESLint's kind for its bulk suppressions file).
   */
  suppressions?: { kind: 'directive' | 'file'; justification: string }[];
}

export interface JsonResult {
  filePath: string;
  messages: JsonMessage[];
  suppressedMessages: JsonMessage[];
  errorCount: number;
  fatalErrorCount: number;
  warningCount: number;
  fixableErrorCount: number;
  fixableWarningCount: number;
  usedDeprecatedRules: never[];
}


function message(d: LocatedDiagnostic): JsonMessage {
  return {
    ruleId: d.ruleId === IGNORED_FILE ? null : d.ruleId,
    severity: d.severity === 'error' ? 2 : 1,
    message: d.message,
    line: d.line,
    column: d.column,
    endLine: d.endLine,
    endColumn: d.endColumn,
    path: diagnosticPath(d),
    nodeType: null,
    ...(d.fatal ? { fatal: true as const } : {}),
    ...(d.fix ? { fix: { range: [d.fix.range.start, d.fix.range.end] as [number, number], text: d.fix.text } } : {}),
    ...(d.suggestions ? { suggestions: d.suggestions.map((s) => ({ desc: s.desc, fix: { range: [s.fix.range.start, s.fix.range.end] as [number, number], text: s.fix.text } })) } : {}),
    platlint: {
      document: d.document,
      jsonPointer: toPointer(d.path),
      ...(d.kind ? { kind: d.kind, apiVersion: d.apiVersion } : {}),
    },
  };
}

/**
 * ESLint's JSON formatter shape (the stable contract). `source` and `output` are left out on purpose: they
 * would repeat the file's text, secrets included.
 */
export function toJson(results: readonly LintResult[]): JsonResult[] {
  return results.map((r) => ({
    filePath: r.filePath,
    messages: r.diagnostics.map(message),
    suppressedMessages: r.suppressed.map((s) => ({ ...message(s), suppressions: [{ kind: s.baseline ? ('file' as const) : ('directive' as const), justification: s.justification }] })),
    errorCount: r.errorCount,
    fatalErrorCount: r.fatalErrorCount,
    warningCount: r.warningCount,
    fixableErrorCount: r.diagnostics.filter((d) => d.fix && d.severity === 'error').length,
    fixableWarningCount: r.diagnostics.filter((d) => d.fix && d.severity === 'warning').length,
    usedDeprecatedRules: [],
  }));
}

export function formatJson(results: readonly LintResult[]): string {
  return JSON.stringify(toJson(results));
}

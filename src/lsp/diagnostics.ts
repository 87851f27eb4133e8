// A lint result as LSP diagnostics: 0-based UTF-16 positions converted from the result's offsets with the
// document itself, the rule id as `code` with its documentation link, related locations, the fix in `data`.
import type { DiagnosticSeverity, DiagnosticTag, Diagnostic as LspDiagnostic, Range as LspRange } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { pathToFileURL } from 'node:url';
import type { BaselineTextProblem, EditorBaselineProblem } from '../files/baseline.js';
import type { ConfigError } from '../config/config.js';
import { fileLevelResult, internalError, type LintResult } from '../lint/lint.js';
import { ALL_RULES } from '../check/registry.js';
import { docsBase, ruleDocsUrl } from '../report/rule-url.js';
import type { Range } from '../finding.js';

// The protocol's numbers, written here rather than imported: this module runs in the lint thread too
// (src/lsp/lint-job.ts), whose bundle then needs nothing of vscode-languageserver at run time.
const ERROR: DiagnosticSeverity = 1;
const WARNING: DiagnosticSeverity = 2;
const DEPRECATED_TAG: DiagnosticTag = 2;

/** Rules that report a deprecated name: shown struck through by editors (`DiagnosticTag.Deprecated`). */
const DEPRECATED = new Set(['egress/master-deprecated', 'flags/deprecated']);

/** What a diagnostic carries for the code actions. */
export interface DiagnosticData {
  /** The safe edit that fixes the finding, in LSP terms. */
  fix?: { range: LspRange; newText: string };
  /** Edits offered but never applied on their own (the finding's suggestions), each with its title. */
  suggestions?: { title: string; range: LspRange; newText: string }[];
  /** A parse error that stops linting: it cannot be disabled by a comment. */
  fatal?: boolean;
}

/**
 * Maps the linted text's offsets to the document's positions (lintText drops a byte-order mark). An offset on
 * the first line (file-level findings are at 0: a document over the size limit, an internal error) is its own
 * character: `positionAt` would first index every line of the document, some 50-250 ms on the main thread for
 * a document of 16 MB, which hover and completion on the other documents would wait for.
 */
export function rangeConverter(document: TextDocument): (r: Range) => LspRange {
  const text = document.getText();
  const shift = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let firstBreak: number | undefined;
  const positionAt = (offset: number) => {
    firstBreak ??= firstLineEnd(text);
    return offset >= 0 && offset <= firstBreak ? { line: 0, character: offset } : document.positionAt(offset);
  };
  return (r) => ({ start: positionAt(r.start + shift), end: positionAt(Math.max(r.end, r.start) + shift) });
}

/** Where a text's first line ends: its first line break (`\n`, `\r`), or its end. */
function firstLineEnd(text: string): number {
  const lf = text.indexOf('\n');
  const end = lf === -1 ? text.length : lf;
  // a carriage return before it (the line ends at `\r\n`, or at an old Mac's lone `\r`); the search ends at `end`
  const cr = text.slice(0, end).indexOf('\r');
  return cr === -1 ? end : cr;
}

export function toLspDiagnostics(document: TextDocument, result: LintResult): LspDiagnostic[] {
  const range = rangeConverter(document);
  return result.diagnostics.map((d) => {
    const data: DiagnosticData = {};
    if (d.fix) data.fix = { range: range(d.fix.range), newText: d.fix.text };
    if (d.suggestions) data.suggestions = d.suggestions.map((x) => ({ title: x.desc, range: range(x.fix.range), newText: x.fix.text }));
    if (d.fatal) data.fatal = true;
    const related = (d.related ?? []).filter((r) => r.range).map((r) => ({ location: { uri: document.uri, range: range(r.range!) }, message: r.message }));
    const out: LspDiagnostic = {
      range: range(d.range),
      severity: d.severity === 'error' ? ERROR : WARNING,
      code: d.ruleId,
      source: 'platlint',
      message: d.message,
    };
    // PLATLINT_DOCS_URL of the server's environment (the lint thread's: the server passes it on) moves the links, as in the CLI's reports
    if (ALL_RULES.has(d.ruleId)) out.codeDescription = { href: ruleDocsUrl(d.ruleId, docsBase(process.env)) };
    if (DEPRECATED.has(d.ruleId)) out.tags = [DEPRECATED_TAG];
    if (related.length > 0) out.relatedInformation = related;
    if (data.fix || data.suggestions || data.fatal) out.data = data;
    return out;
  });
}

/**
 * The one diagnostic of a document platlint failed on (a bug): `internal/error` at 1:1, the failure's first
 * line. It replaces the previous version's diagnostics, which would otherwise stay at the wrong lines.
 */
export function failureDiagnostic(document: TextDocument, err: unknown): LspDiagnostic {
  return toLspDiagnostics(document, fileLevelResult(document.uri, internalError(err, 'on this document', 'its findings')))[0]!;
}

/**
 * A diagnostic at 1:1 of a document linted with the defaults because its configuration file is invalid: it
 * names the file and the first problem's position (related information points there, for editors that jump).
 */
export function configErrorDiagnostic(err: ConfigError): LspDiagnostic {
  const first = err.problems[0];
  // a file that cannot be read has no problems, and its message says so
  const what = first ? `invalid configuration file ${err.filePath}:${first.line}:${first.column}: ${first.message}` : err.message;
  const more = err.problems.length > 1 ? ` (and ${err.problems.length - 1} more)` : '';
  const at = first ? { line: Math.max(first.line - 1, 0), character: Math.max(first.column - 1, 0) } : { line: 0, character: 0 };
  return {
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    severity: ERROR,
    code: 'config/invalid',
    source: 'platlint',
    message: `${what}${more}; this file is linted with the default configuration`,
    relatedInformation: [{ location: { uri: pathToFileURL(err.filePath).href, range: { start: at, end: at } }, message: first ? first.message : err.message }],
    data: { fatal: true } satisfies DiagnosticData,
  };
}

/**
 * A diagnostic at 1:1 of a document whose suppressions file cannot be applied (not JSON, a key given twice, an
 * entry of the wrong shape, unreadable): every finding of the document is shown, as none is known to be
 * recorded. It names the file and the problem's position (related information points there, as for an invalid
 * configuration). The command line stops with exit 2 on such a file; an editor goes on linting.
 */
export function baselineErrorDiagnostic(file: string, problem: EditorBaselineProblem): LspDiagnostic {
  const at = problem.at ? { line: Math.max(problem.at.line - 1, 0), character: Math.max(problem.at.column - 1, 0) } : { line: 0, character: 0 };
  return {
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    severity: ERROR,
    code: 'baseline/invalid',
    source: 'platlint',
    // a parse problem's message is `file:line:column: problem`; an unreadable file's says so itself
    message: `${problem.at ? 'invalid suppressions file ' : ''}${problem.message}; no finding of this file is suppressed by it`,
    relatedInformation: [{ location: { uri: pathToFileURL(file).href, range: { start: at, end: at } }, message: problem.at ? problem.at.problem : problem.message }],
    data: { fatal: true } satisfies DiagnosticData,
  };
}

/**
 * The diagnostics of an open `platlint.config.yaml`: one per problem of its text, at the problem's range, with
 * the problem's kind as `code` (`config/syntax`, `config/schema`, `config/unknown-rule`).
 */
export function configFileDiagnostics(err: ConfigError): LspDiagnostic[] {
  return err.problems.map((p) => {
    const start = { line: Math.max(p.line - 1, 0), character: Math.max(p.column - 1, 0) };
    const end = p.endLine !== undefined && p.endColumn !== undefined ? { line: Math.max(p.endLine - 1, 0), character: Math.max(p.endColumn - 1, 0) } : start;
    return { range: { start, end }, severity: ERROR, code: p.code ?? 'config/invalid', source: 'platlint', message: p.message };
  });
}

/**
 * The diagnostics of an open `platlint-suppressions.json`: one per problem of its text (src/files/baseline.ts
 * baselineTextProblems: what makes the command line refuse the file), at the text it is about, with the
 * problem's kind as `code` (`baseline/syntax`, `baseline/shape`).
 */
export function baselineFileDiagnostics(document: TextDocument, problems: readonly BaselineTextProblem[]): LspDiagnostic[] {
  return problems.map((p) => ({
    range: { start: document.positionAt(p.start), end: document.positionAt(p.end) },
    severity: ERROR,
    code: p.code,
    source: 'platlint',
    message: p.message,
  }));
}

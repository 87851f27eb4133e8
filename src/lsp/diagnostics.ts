// A lint result as LSP diagnostics: 0-based UTF-16 positions converted from the result's offsets with the
// document itself, the rule id as `code` with its documentation link, related locations, the fix in `data`.
import { DiagnosticSeverity, DiagnosticTag, type Diagnostic as LspDiagnostic, type Range as LspRange } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { LintResult } from '../lint.js';
import { ALL_RULES } from '../rule-registry.js';
import { ruleDocsUrl } from '../formatters/rule-url.js';
import type { Range } from '../types.js';

/** Rules that report a deprecated name: shown struck through by editors (`DiagnosticTag.Deprecated`). */
const DEPRECATED = new Set(['egress/master-deprecated', 'flags/deprecated']);

/** What a diagnostic carries for the code actions. */
export interface DiagnosticData {
  /** The safe edit that fixes the finding, in LSP terms. */
  fix?: { range: LspRange; newText: string };
  /** A parse error that stops linting: it cannot be disabled by a comment. */
  fatal?: boolean;
}

/** Maps the linted text's offsets to the document's positions (lintText drops a byte-order mark). */
export function rangeConverter(document: TextDocument): (r: Range) => LspRange {
  const shift = document.getText().charCodeAt(0) === 0xfeff ? 1 : 0;
  return (r) => ({ start: document.positionAt(r.start + shift), end: document.positionAt(Math.max(r.end, r.start) + shift) });
}

export function toLspDiagnostics(document: TextDocument, result: LintResult): LspDiagnostic[] {
  const range = rangeConverter(document);
  return result.diagnostics.map((d) => {
    const data: DiagnosticData = {};
    if (d.fix) data.fix = { range: range(d.fix.range), newText: d.fix.text };
    if (d.fatal) data.fatal = true;
    const related = (d.related ?? []).filter((r) => r.range).map((r) => ({ location: { uri: document.uri, range: range(r.range!) }, message: r.message }));
    const out: LspDiagnostic = {
      range: range(d.range),
      severity: d.severity === 'error' ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning,
      code: d.ruleId,
      source: 'platlint',
      message: d.message,
    };
    if (ALL_RULES.has(d.ruleId)) out.codeDescription = { href: ruleDocsUrl(d.ruleId) };
    if (DEPRECATED.has(d.ruleId)) out.tags = [DiagnosticTag.Deprecated];
    if (related.length > 0) out.relatedInformation = related;
    if (data.fix || data.fatal) out.data = data;
    return out;
  });
}

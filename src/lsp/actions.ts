// Code actions: the quick fix each diagnostic carries (the same edits as `--fix`), its suggestions (edits that
// change what the platform does, offered but never preferred: `--fix` does not apply them), and "Disable
// <rule> for this line", which writes `# platlint-disable-next-line <rule> -- reason` above the line, same
// indentation.
import { CodeActionKind, type CodeAction, type Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { readComments } from '../parse/compose.js';
import { RULE_IDS } from '../check/registry.js';
import type { DiagnosticData } from './diagnostics.js';

/** The placeholder reason of an inserted disable comment (a reason is required). */
export const REASON_PLACEHOLDER = 'reason';

/**
 * Whether `offset` starts a comment of the text as platlint reads it (the comments the suppressions are found
 * in: not text inside a block scalar or a quoted string).
 */
function isCommentAt(text: string, offset: number): boolean {
  return readComments(text).some((c) => c.start === offset);
}

export function codeActions(document: TextDocument, diagnostics: readonly LspDiagnostic[], known: ReadonlySet<string> = RULE_IDS): CodeAction[] {
  const actions: CodeAction[] = [];
  const disabled = new Set<string>();
  // whether a disable comment can go above a line: one reading per line, whatever the number of rules on it
  const commentable = new Map<number, boolean>();
  const json = /^jsonc?$/.test(document.languageId) || /\.json$/i.test(document.uri);
  for (const d of diagnostics) {
    if (d.source !== 'platlint' || typeof d.code !== 'string') continue;
    const data = (d.data ?? {}) as DiagnosticData;
    if (data.fix) {
      actions.push({
        title: `Fix: replace with ${data.fix.newText}`,
        kind: CodeActionKind.QuickFix,
        diagnostics: [d],
        isPreferred: true,
        edit: { changes: { [document.uri]: [{ range: data.fix.range, newText: data.fix.newText }] } },
      });
    }
    for (const s of data.suggestions ?? []) {
      actions.push({
        title: s.title,
        kind: CodeActionKind.QuickFix,
        diagnostics: [d],
        edit: { changes: { [document.uri]: [{ range: s.range, newText: s.newText }] } },
      });
    }
    const rule = d.code;
    const line = d.range.start.line;
    // JSON has no comments: a comment would make the file unreadable for the platform
    if (json || data.fatal || !known.has(rule) || rule.startsWith('suppression/') || disabled.has(`${rule}@${line}`)) continue;
    const disable = disableAction(document, d, rule, commentable);
    if (disable) {
      disabled.add(`${rule}@${line}`);
      actions.push(disable);
    }
  }
  return actions;
}

function disableAction(document: TextDocument, d: LspDiagnostic, rule: string, commentable: Map<number, boolean>): CodeAction | undefined {
  const text = document.getText();
  const line = d.range.start.line;
  const lineStart = document.offsetAt({ line, character: 0 });
  const lineText = text.slice(lineStart, document.offsetAt({ line: line + 1, character: 0 }));
  const indent = /^[ \t]*/.exec(lineText)![0];
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const comment = `${indent}# platlint-disable-next-line ${rule} -- ${REASON_PLACEHOLDER}${eol}`;
  // inside a block scalar or a multi-line string the line would become text, not a comment (the rule's name
  // in the comment cannot change that: it is after the `#`)
  let ok = commentable.get(line);
  if (ok === undefined) {
    const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
    const changed = text.slice(bom, lineStart) + comment + text.slice(lineStart);
    ok = isCommentAt(changed, lineStart - bom + indent.length);
    commentable.set(line, ok);
  }
  if (!ok) return undefined;
  return {
    title: `Disable ${rule} for this line`,
    kind: CodeActionKind.QuickFix,
    diagnostics: [d],
    edit: { changes: { [document.uri]: [{ range: { start: { line, character: 0 }, end: { line, character: 0 } }, newText: comment }] } },
  };
}

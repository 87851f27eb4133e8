// Code actions computed directly (src/lsp/actions.ts): several rules on one line get one disable action each,
// and a line inside a block scalar or a quoted value gets none for any of them (the check is made once per
// line, on the comments of platlint's reading).
import { describe, expect, test } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { codeActions } from '../src/lsp/actions.js';
import { toLspDiagnostics } from '../src/lsp/diagnostics.js';
import { lintText } from '../src/lint/lint.js';

const text = ['apiVersion: v1', 'kind: Thing', 'spec:', '  note: |', '    text in a block', '  other: value', ''].join('\n');
const document = TextDocument.create('file:///t.yaml', 'yaml', 1, text);

function diagnostic(line: number, code: string): Diagnostic {
  return { range: { start: { line, character: 4 }, end: { line, character: 8 } }, severity: 1, code, source: 'platlint', message: code };
}

describe('code actions', () => {
  test('two rules on one line: a disable action for each, above the line with its indentation', () => {
    const known = new Set(['schema/type', 'schema/enum']);
    const actions = codeActions(document, [diagnostic(5, 'schema/type'), diagnostic(5, 'schema/enum'), diagnostic(5, 'schema/type')], known);
    expect(actions.map((a) => [a.title, a.edit?.changes?.['file:///t.yaml']?.[0]?.newText])).toEqual([
      ['Disable schema/type for this line', '  # platlint-disable-next-line schema/type -- reason\n'],
      ['Disable schema/enum for this line', '  # platlint-disable-next-line schema/enum -- reason\n'],
    ]);
  });

  test('a line of a double-quoted value continued at column 1: no disable action (the comment would be text of the value)', () => {
    const quoted = ['apiVersion: v1', 'kind: Thing', 'spec:', '  note: "first line', 'end"', '  other: value', ''].join('\n');
    const doc = TextDocument.create('file:///q.yaml', 'yaml', 1, quoted);
    const known = new Set(['schema/type']);
    expect(codeActions(doc, [diagnostic(4, 'schema/type')], known)).toEqual([]);
    expect(codeActions(doc, [diagnostic(5, 'schema/type')], known).map((a) => a.edit?.changes?.['file:///q.yaml']?.[0]?.newText)).toEqual([
      '  # platlint-disable-next-line schema/type -- reason\n',
    ]);
  });

  test('two rules on a line of a block scalar: no disable action for either', () => {
    const known = new Set(['schema/type', 'schema/enum']);
    expect(codeActions(document, [diagnostic(4, 'schema/type'), diagnostic(4, 'schema/enum')], known)).toEqual([]);
  });

  test('a suggestion is a quick fix of its own, never the preferred one; a fix stays preferred', () => {
    const policy = ['apiVersion: audit.plat.io/v1', 'kind: Policy', 'rules:', '  - level: metadata', '    resources:', '      - group: apps', '        resource: [deployment]', ''].join('\n');
    const doc = TextDocument.create('file:///p.yaml', 'yaml', 1, policy);
    const diagnostics = toLspDiagnostics(doc, lintText(policy));
    expect(diagnostics.map((d) => d.code)).toEqual(['schema/enum', 'schema/unknown-field-ignored']);
    const actions = codeActions(doc, diagnostics);
    expect(actions.map((a) => [a.title, a.isPreferred ?? false, a.edit?.changes?.['file:///p.yaml']?.[0]])).toEqual([
      ['Fix: replace with Metadata', true, { range: { start: { line: 3, character: 11 }, end: { line: 3, character: 19 } }, newText: 'Metadata' }],
      ['Disable schema/enum for this line', false, { range: { start: { line: 3, character: 0 }, end: { line: 3, character: 0 } }, newText: '  # platlint-disable-next-line schema/enum -- reason\n' }],
      ['Rename to `resources`', false, { range: { start: { line: 6, character: 8 }, end: { line: 6, character: 16 } }, newText: 'resources' }],
      [
        'Disable schema/unknown-field-ignored for this line',
        false,
        { range: { start: { line: 6, character: 0 }, end: { line: 6, character: 0 } }, newText: '        # platlint-disable-next-line schema/unknown-field-ignored -- reason\n' },
      ],
    ]);
  });
});

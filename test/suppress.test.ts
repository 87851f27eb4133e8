// Inline suppression comments and configured severities, through the pure core.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintText, type LintOptions } from '../src/lint/lint.js';
import { DEFAULT_CONFIG } from '../src/config/config.js';
import { diagnosticPath } from '../src/kinds/field-path.js';
import { lexText, LineCache } from '../src/parse/lines.js';
import { parseText } from '../src/parse/compose.js';
import { read, ROOT } from './helpers/fixtures.js';
import { readComposed } from './helpers/readers.js';

const HEAD = 'apiVersion: apiserver.config.plat.io/v1\nkind: TracingConfiguration\n';
const found = (text: string, config = DEFAULT_CONFIG) =>
  lintText(text, { config }).diagnostics.map((d) => `${d.ruleId} ${diagnosticPath(d) || '-'} ${d.line}:${d.column} ${d.severity}`);

describe('platlint-disable comments', () => {
  it('disable-next-line suppresses that rule on the next line only, keeping the justification', () => {
    const text = `${HEAD}# platlint-disable-next-line schema/unknown-field -- read by our wrapper script\nowner: team-a\nteam: b\n`;
    const r = lintText(text);
    expect(r.diagnostics.map((d) => `${d.ruleId} ${diagnosticPath(d)} ${d.line}:${d.column}`)).toEqual(['schema/unknown-field team 5:1']);
    expect(r.suppressed.map((d) => [d.ruleId, diagnosticPath(d), d.justification])).toEqual([['schema/unknown-field', 'owner', 'read by our wrapper script']]);
  });
  it('disable-line (as ESLint\'s eslint-disable-line) at the end of a line suppresses that rule on its own line only', () => {
    const text = `${HEAD}owner: a # platlint-disable-line schema/unknown-field -- read by our wrapper script\nteam: b\nsite: c # platlint-disable-line schema/type -- not needed\n`;
    const r = lintText(text);
    expect(r.diagnostics.map((d) => `${d.ruleId} ${diagnosticPath(d) || '-'} ${d.line}:${d.column} ${d.message}`)).toEqual([
      'schema/unknown-field team 4:1 unknown field `team` in TracingConfiguration; allowed fields: `apiVersion`, `kind`, `endpoint`, `samplingRatePerMillion`',
      'schema/unknown-field site 5:1 unknown field `site` in TracingConfiguration; allowed fields: `apiVersion`, `kind`, `endpoint`, `samplingRatePerMillion`',
      'suppression/unused - 5:9 `schema/type` is disabled here but reports nothing on this line; remove it from the comment',
    ]);
    expect(r.suppressed.map((d) => [d.ruleId, diagnosticPath(d), d.line, d.justification])).toEqual([['schema/unknown-field', 'owner', 3, 'read by our wrapper script']]);
  });
  it('disable applies to the rest of the file', () => {
    const text = `${HEAD}owner: a\n# platlint-disable schema/unknown-field -- generated fields\nteam: b\nsite: c\n`;
    expect(found(text)).toEqual(['schema/unknown-field owner 3:1 error']);
  });
  it('reports a comment that suppresses nothing', () => {
    const text = `${HEAD}# platlint-disable-next-line schema/type -- not needed\nendpoint: localhost:4317\n`;
    expect(found(text)).toEqual(['suppression/unused - 3:1 warning']);
  });
  it('reports a comment without a reason, naming no rule, or naming an unknown rule, and suppresses nothing', () => {
    const text = `${HEAD}# platlint-disable-next-line schema/unknown-field\nowner: a\n# platlint-disable-next-line\nteam: b\n# platlint-disable-next-line schema/unknown-feild -- typo\nsite: c\n`;
    const r = lintText(text);
    expect(r.diagnostics.map((d) => `${d.ruleId} ${d.line}:${d.column} ${d.message}`)).toEqual([
      'suppression/invalid 3:1 this platlint-disable comment gives no reason; add `-- <why>` after the rule ids',
      'schema/unknown-field 4:1 unknown field `owner` in TracingConfiguration; allowed fields: `apiVersion`, `kind`, `endpoint`, `samplingRatePerMillion`',
      'suppression/invalid 5:1 this platlint-disable comment names no rule; write the rule id, then `-- reason`',
      'schema/unknown-field 6:1 unknown field `team` in TracingConfiguration; allowed fields: `apiVersion`, `kind`, `endpoint`, `samplingRatePerMillion`',
      'suppression/invalid 7:1 unknown rule `schema/unknown-feild` in a platlint-disable comment',
      'schema/unknown-field 8:1 unknown field `site` in TracingConfiguration; allowed fields: `apiVersion`, `kind`, `endpoint`, `samplingRatePerMillion`',
    ]);
  });
  it('never suppresses a parse error', () => {
    const text = `${HEAD}# platlint-disable-next-line yaml/syntax -- trying\nendpoint: [a\n`;
    expect(found(text).map((s) => s.split(' ')[0])).toEqual(['suppression/unused', 'yaml/syntax']);
  });
  it('ignores the directive text inside a quoted value', () => {
    const text = 'apiVersion: audit.plat.io/v1\nkind: Policy\nrules:\n  - level: None\n    users: ["x # platlint-disable schema/type -- no"]\n  - level: 3\n';
    expect(found(text)).toEqual(['schema/enum rules[1].level 6:12 error']);
  });
});

describe('configured severities', () => {
  const text = `${HEAD}owner: a\nendpoint: on\n`;
  it('off drops a rule, warn downgrades it', () => {
    expect(found(text)).toEqual(['schema/unknown-field owner 3:1 error', 'schema/type endpoint 4:11 error', 'yaml/ambiguous-scalar endpoint 4:11 warning']);
    const config = { ...DEFAULT_CONFIG, rules: { 'schema/unknown-field': 'off', 'yaml/ambiguous-scalar': 'error', 'schema/type': 'warn' } as const };
    expect(found(text, config)).toEqual(['schema/type endpoint 4:11 warning', 'yaml/ambiguous-scalar endpoint 4:11 error']);
  });
  it('cannot turn off a fatal finding', () => {
    const config = { ...DEFAULT_CONFIG, rules: { 'yaml/syntax': 'off' } as const };
    expect(found(`${HEAD}endpoint: [a\n`, config)).toEqual(['yaml/syntax - 4:1 error']);
  });
});

/** The three readings a text may be linted through: the line reader lexing it whole, line by line (the language server's), and the composer alone. */
const READERS: [string, () => LintOptions][] = [
  ['the line reader, whole', () => ({})],
  ['the line reader, line by line', () => ({ lineCache: new LineCache() })],
  ['the composer', () => ({ reader: readComposed })],
];

const fixture = (name: string) => read(join(ROOT, 'fixtures', 'suppress', name));
const outcome = (text: string, options: LintOptions) => {
  const r = lintText(text, options);
  return {
    diagnostics: r.diagnostics.map((d) => `${d.ruleId} ${diagnosticPath(d) || '-'} ${d.line}:${d.column}`),
    suppressed: r.suppressed.map((d) => `${d.ruleId} ${diagnosticPath(d) || '-'} ${d.line}:${d.column} (${d.justification})`),
  };
};

describe('suppression comments are the comments of the reading (fixtures/suppress)', () => {
  it('a `# platlint-disable` line inside a double-quoted value continued at column 1 is text, not a comment: the finding stays', () => {
    // the platform (go-yaml) reads line 8 as part of the string `note`; so does platlint's reader
    const text = fixture('disable-inside-quoted-value.yaml');
    expect(text.split('\n')[7]).toBe('# platlint-disable rbac/verbs-unique -- x');
    expect(parseText(text).comments).toEqual([]);
    // the line reader does not read a quoted scalar over lines: the composer serves it, whatever the options
    expect(lexText(text).values).toBeUndefined();
    for (const [name, options] of READERS) {
      expect(outcome(text, options()), name).toEqual({ diagnostics: ['rbac/verbs-unique rules[0].verbs[1] 13:18'], suppressed: [] });
    }
  });
  it('a real directive comment suppresses the finding below it, through each reading; the same text in a quoted value does not', () => {
    const text = fixture('disable-next-line.yaml');
    const directive = '# platlint-disable-next-line rbac/verbs-unique -- an old client sends it twice';
    const comments = [{ text: directive, start: text.indexOf(directive) }];
    // served by the line reader, lexed whole and line by line; its comments are the composer's
    expect(lexText(text).comments!()).toEqual(comments);
    expect(lexText(text, new LineCache()).comments!()).toEqual(comments);
    expect(parseText(text).comments).toEqual(comments);
    for (const [name, options] of READERS) {
      expect(outcome(text, options()), name).toEqual({
        diagnostics: ['rbac/verbs-unique rules[1].verbs[1] 15:19'],
        suppressed: ['rbac/verbs-unique rules[0].verbs[1] 12:18 (an old client sends it twice)'],
      });
    }
  });
  it('an unrendered template is not read: its disable comments are neither applied nor reported', () => {
    const r = lintText('apiVersion: rbac.authorization.plat.io/v1\n# platlint-disable rbac/verbs-unique -- x\nkind: {{ .Values.kind }}\n');
    expect(r.documentsTemplated).toBe(1);
    expect(r.diagnostics).toEqual([]);
  });
});

// Inline suppression comments and configured severities, through the pure core.
import { describe, expect, it } from 'vitest';
import { lintText } from '../src/lint.js';
import { DEFAULT_CONFIG } from '../src/config.js';
import { diagnosticPath } from '../src/field-path.js';

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

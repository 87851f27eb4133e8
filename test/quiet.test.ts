import { describe, expect, it } from 'vitest';
import { diagnosticPath } from '../src/kinds/field-path.js';
import { lintText } from '../src/lint/lint.js';
import { jsonFindings, platlint } from './helpers/cli.js';
import { readComposed } from './helpers/readers.js';

/** `rule path line:col` of a lint, with both readers (the fast readers must agree with the full parse). */
function findings(text: string): string[] {
  const fast = lintText(text).diagnostics.map((d) => `${d.ruleId} ${diagnosticPath(d) || '-'} ${d.line}:${d.column}`);
  const full = lintText(text, { reader: readComposed }).diagnostics.map((d) => `${d.ruleId} ${diagnosticPath(d) || '-'} ${d.line}:${d.column}`);
  expect(fast).toEqual(full);
  return full;
}

describe('whole repositories are quiet: a document that is not plat gets no finding', () => {
  it('only the plat document of fixtures/foreign is reported; the rest is counted in the summary', async () => {
    const r = await platlint(['--format', 'json', 'fixtures/foreign']);
    expect(r.stderr).toBe('');
    expect(jsonFindings(r.stdout)).toEqual(['schema/type samplingRatePerMillion 11:25']);
    const stylish = await platlint(['fixtures/foreign']);
    expect(stylish.code).toBe(1);
    // the summary, wrapped at 80 columns (the width of a report that does not go to a terminal)
    expect(stylish.stdout.split('\n\n').at(-1)).toBe(
      [
        '✖ 1 problem (1 error, 0 warnings) in 1 of 10 files — 1 document checked,',
        '  5 skipped as not plat, 2 of plat groups platlint does not check,',
        '  4 files not plat and not parsed',
        'Run `platlint explain schema/type` for what the rule checks and how to fix it',
        '',
      ].join('\n'),
    );
  });

  it('a file that does not parse is reported when it names a plat group, counted otherwise', () => {
    const broken = 'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web\n';
    const res = lintText(broken);
    expect(res.diagnostics).toEqual([]);
    expect(res.notParsed).toBe(true);
    const plat = 'apiVersion: rbac.authorization.plat.io/v1\nkind: Role\nmetadata: {name: web\n';
    expect(lintText(plat).diagnostics.map((d) => d.ruleId)).toContain('yaml/syntax');
    expect(lintText(plat).notParsed).toBeUndefined();
  });

  it('a plat group platlint does not check is reported only when the rule is turned on', () => {
    const text = 'apiVersion: networking.plat.io/v1\nkind: NetworkPolicy\nmetadata:\n  name: x\n';
    const off = lintText(text);
    expect(off.diagnostics).toEqual([]);
    expect(off.documentsUnchecked).toBe(1);
    const on = lintText(text, { config: { rules: { 'document/unchecked-group': 'warn' }, ignores: [], baseDir: '.' } });
    expect(on.diagnostics.map((d) => `${d.ruleId} ${d.severity} ${d.line}:${d.column}`)).toEqual(['document/unchecked-group warning 1:13']);
  });

  it('duplicate keys and unknown tags of a foreign document are not reported; those of a plat document are', () => {
    const text = 'kind: ConfigMap\na: 1\na: 2\nb: !custom x\n---\napiVersion: apiserver.config.plat.io/v1\nkind: TracingConfiguration\nendpoint: a:4317\nendpoint: b:4317\n';
    expect(findings(text)).toEqual(['yaml/duplicate-key endpoint 9:1']);
  });
});

describe('null is absent, as the platform decodes it', () => {
  it('optional fields set to null are not set (a stored bootstrap role)', () => {
    const text = [
      'apiVersion: rbac.authorization.plat.io/v1',
      'kind: ClusterRole',
      'metadata:',
      '  name: system:monitoring',
      '  labels: null',
      '  annotations: null',
      'rules:',
      '- nonResourceURLs: ["/metrics"]',
      '  verbs: ["get"]',
      '  resourceNames: null',
      '  apiGroups: null',
      'aggregationRule: null',
      '',
    ].join('\n');
    expect(findings(text)).toEqual([]);
  });

  it('a required field set to null is missing: schema/required once, no schema/type', () => {
    const text = ['apiVersion: audit.plat.io/v1', 'kind: Policy', 'rules:', '- level: null', '  verbs: ["get"]', ''].join('\n');
    expect(findings(text)).toEqual(['schema/required rules[0].level 4:3']);
  });
});

describe('kinds the platform decodes leniently', () => {
  it('an audit policy with an unknown field and a repeated key loads: warnings, not errors', () => {
    const text = ['apiVersion: audit.plat.io/v1', 'kind: Policy', 'omitStage: [RequestReceived]', 'rules:', '- level: Metadata', '  level: None', ''].join('\n');
    const res = lintText(text, { reader: readComposed });
    expect(res.diagnostics.map((d) => `${d.ruleId} ${d.severity} ${d.line}:${d.column}`)).toEqual([
      'schema/unknown-field-ignored warning 3:1',
      'yaml/duplicate-key warning 6:3',
    ]);
    expect(res.diagnostics[0]!.message).toBe('unknown field `omitStage` in Policy, which the platform ignores; did you mean `omitStages`?');
    expect(res.diagnostics[1]!.message).toMatch(/the platform keeps the last value$/);
  });
  it('the same in a kind decoded strictly is refused', () => {
    const text = ['apiVersion: apiserver.config.plat.io/v1', 'kind: TracingConfiguration', 'endpont: localhost:4317', ''].join('\n');
    expect(lintText(text).diagnostics.map((d) => `${d.ruleId} ${d.severity}`)).toEqual(['schema/unknown-field error']);
  });
});

describe('an unrendered template', () => {
  it('is not linted, even of a plat object: the platform reads only what the template tool renders', () => {
    const text = ['{{- if .Values.rbac.create -}}', 'apiVersion: rbac.authorization.plat.io/v1', 'kind: ClusterRole', 'metadata:', '  name: {{ .Values.name }}', '{{- end }}', ''].join('\n');
    const res = lintText(text);
    expect(res.diagnostics).toEqual([]);
    expect(res.documentsTemplated).toBe(1);
    expect(res.documentsChecked).toBe(0);
    // a quoted action is data: the document is read as written (test/templates.test.ts)
    expect(lintText('apiVersion: rbac.authorization.plat.io/v1\nkind: Role\nmetadata:\n  name: "{{ .Release.Name }}"\n')).toMatchObject({ documentsChecked: 1, diagnostics: [] });
    // a ytt template: its values are annotations YAML reads as comments; a Jinja file of tags only
    const ytt = ['#@ load("@ytt:data", "data")', '---', 'apiVersion: rbac.authorization.plat.io/v1', 'kind: ClusterRoleBinding', 'metadata:', '  name: #@ data.values.app_name', 'roleRef: {apiGroup: rbac.authorization.plat.io, kind: ClusterRole, name: view}', ''].join('\n');
    expect(lintText(ytt).documentsTemplated).toBe(1);
    expect(lintText('{% for r in roles %}\napiVersion: rbac.authorization.plat.io/v1\nkind: Role\n{% endfor %}\n').documentsTemplated).toBe(1);
    // braces in a comment do not make a template
    expect(lintText('# render with {{ .Values }}\napiVersion: apiserver.config.plat.io/v1\nkind: TracingConfiguration\nendpont: x\n').diagnostics.map((d) => d.ruleId)).toEqual(['schema/unknown-field']);
  });
});

describe('a plat document that does not parse', () => {
  it('gets one yaml/syntax finding, its first error, as the platform stops there', () => {
    const text = ['apiVersion: rbac.authorization.plat.io/v1', 'kind: Role', 'metadata: {name: x', 'rules: [', '- a: }', ''].join('\n');
    expect(lintText(text).diagnostics.map((d) => `${d.ruleId} ${d.line}:${d.column}`)).toEqual(['yaml/syntax 3:18']);
    // nor a repeated key: the platform finds those only in a text that parses
    const dup = ['apiVersion: rbac.authorization.plat.io/v1', 'kind: Role', 'metadata: {name: x}', 'metadata: {name: y}', 'rules: [a: }', ''].join('\n');
    expect(lintText(dup).diagnostics.map((d) => d.ruleId)).toEqual(['yaml/syntax']);
  });
});

describe('a webhook authorizer answer', () => {
  it('is read leniently: an unknown field of a SubjectAccessReview with a status is a warning, of a request an error', () => {
    const answer = ['apiVersion: authorization.plat.io/v1', 'kind: SubjectAccessReview', 'status:', '  allowed: false', '  decisionNote: later', ''].join('\n');
    expect(lintText(answer).diagnostics.map((d) => `${d.ruleId} ${d.severity} ${d.line}:${d.column}`)).toEqual(['schema/unknown-field-ignored warning 5:3']);
    const request = ['apiVersion: authorization.plat.io/v1', 'kind: SubjectAccessReview', 'spec:', '  user: jane', '  nonResourceAttributes: {path: /healthz, verb: get}', '  decisionNote: later', ''].join('\n');
    expect(lintText(request).diagnostics.map((d) => `${d.ruleId} ${d.severity} ${d.line}:${d.column}`)).toEqual(['schema/unknown-field error 6:3']);
  });
});

describe('a finding inside a v1 List item', () => {
  it('carries the item kind and the platform field path, map keys bracketed', () => {
    const text = ['apiVersion: v1', 'kind: List', 'items:', '- apiVersion: rbac.authorization.plat.io/v1', '  kind: Role', '  metadata:', '    name: r', '    namespace: ns', '    labels:', '      app: "bad value!"', '  rules: []', ''].join('\n');
    const d = lintText(text).diagnostics;
    expect(d.map((x) => `${x.ruleId} ${diagnosticPath(x)} ${x.line}:${x.column} ${x.kind}`)).toEqual(['meta/label-value-valid items[0].metadata.labels[app] 10:12 Role']);
  });
});

describe('a broken file that only mentions plat.io', () => {
  it('is not plat: an image or import path is not an apiVersion', () => {
    const devcontainer = '// dev container\n{ "name": "dev", "image": "registry.plat.io/build-image/cross:v1.30.0" }\n';
    const res = lintText(devcontainer, { filePath: 'devcontainer.json' });
    expect(res.diagnostics).toEqual([]);
    expect(res.notParsed).toBe(true);
    const values = 'image: registry.plat.io/pause:3.9\nargs: [--foo\n';
    expect(lintText(values).diagnostics).toEqual([]);
  });
});

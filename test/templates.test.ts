// Templates by document (src/parse/templates.ts): a document with template syntax in its YAML structure is
// skipped and counted, the file's other documents are linted; template syntax inside a quoted or block scalar is
// data. Placeholders left in a linted document's values (src/lint/templates.ts): one
// document/unexpanded-placeholder warning instead of a type, format or enum error. Files named *.yaml.tmpl,
// *.yml.tmpl and *.j2 are found in folders.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintText, type LintOptions } from '../src/lint/lint.js';
import { scanTemplates } from '../src/parse/templates.js';
import { placeholdersOf } from '../src/lint/templates.js';
import { linesOf } from '../src/parse/reading.js';
import { diagnosticPath } from '../src/kinds/field-path.js';
import { DEFAULT_CONFIG } from '../src/config/config.js';
import { fixtureFolderTests } from './helpers/fixture-tests.js';
import { ROOT, read, yamlFiles } from './helpers/fixtures.js';
import { jsonFindings, platlint } from './helpers/cli.js';
import { readComposed } from './helpers/readers.js';

const DIR = join(ROOT, 'fixtures', 'templates');

/** `rule path line:col document` of a lint, with both readers (they must agree). */
function findings(text: string, options: LintOptions = {}): string[] {
  const show = (o: LintOptions) => lintText(text, o).diagnostics.map((d) => `${d.ruleId} ${diagnosticPath(d) || '-'} ${d.line}:${d.column} #${d.document}`);
  const fast = show(options);
  expect(fast).toEqual(show({ ...options, reader: readComposed }));
  return fast;
}

/** Documents checked, skipped as not plat, skipped as templates. */
function counts(text: string): [number, number, number] {
  const r = lintText(text);
  const full = lintText(text, { reader: readComposed });
  expect([full.documentsChecked, full.documentsSkipped, full.documentsTemplated]).toEqual([r.documentsChecked, r.documentsSkipped, r.documentsTemplated]);
  return [r.documentsChecked, r.documentsSkipped, r.documentsTemplated ?? 0];
}

describe('fixtures/templates', () => {
  describe('documents', () => fixtureFolderTests(join(DIR, 'documents')));
  describe('unexpanded-placeholder', () => fixtureFolderTests(join(DIR, 'unexpanded-placeholder'), 'document/unexpanded-placeholder'));

  it('count each file\'s documents: checked, skipped as not plat, skipped as unrendered templates', () => {
    const found = Object.fromEntries(
      [...yamlFiles(join(DIR, 'documents', 'valid')), ...yamlFiles(join(DIR, 'documents', 'invalid'))].map((f) => [f.slice(DIR.length + 1), counts(read(f))]),
    );
    expect(found).toEqual({
      // a sed placeholder in a block scalar is data: the ConfigMap is read (not plat), the nine RBAC documents too
      'documents/valid/sed-placeholder-in-configmap-value.yaml': [9, 1, 0],
      // the same placeholder as a plain value is a flow mapping: that ConfigMap is a template
      'documents/valid/plain-placeholder-in-configmap.yaml': [2, 0, 1],
      'documents/valid/rendered-data-in-strings.yaml': [2, 1, 0],
      'documents/valid/flow-mapping-action.yaml': [1, 0, 1],
      'documents/invalid/helm-template-and-plain-role.yaml': [1, 0, 1],
    });
  });

  it('a folder brings in *.yaml.tmpl and *.j2 files, linted by document', async () => {
    const r = await platlint(['--format', 'json', 'fixtures/templates/folder']);
    expect(r.stderr).toBe('');
    const files = (JSON.parse(r.stdout) as { filePath: string }[]).map((f) => f.filePath.slice(f.filePath.indexOf('fixtures/')));
    expect(files).toEqual(['fixtures/templates/folder/addon-roles.j2', 'fixtures/templates/folder/storage-provisioner-rbac.yaml.tmpl']);
    expect(jsonFindings(r.stdout)).toEqual(['rbac/verbs-unique rules[0].verbs[3] 24:34']);
    const stylish = await platlint(['fixtures/templates/folder']);
    expect(stylish.code).toBe(0);
    expect(stylish.stdout).toContain('⚠ 1 problem (0 errors, 1 warning) in 1 of 2 files — 2 documents checked,\n  0 skipped as not plat, 3 skipped as unrendered templates\n');
  });
});

describe('template syntax in a document\'s structure', () => {
  const role = (name: string) => ['apiVersion: rbac.authorization.plat.io/v1', 'kind: Role', 'metadata:', `  name: ${name}`, 'rules:', '- apiGroups: [""]', '  resources: [pods]', '  verbs: [get, get]'];

  it('skips that document only; the others keep their lines, columns and document indexes', () => {
    const text = [...role('{{ .Values.name }}'), '---', ...role('plain'), '---', '# {{ .Values.comment }} in a comment is nothing', ...role('"{{ quoted }}"'), ''].join('\n');
    expect(findings(text)).toEqual(['rbac/verbs-unique rules[0].verbs[1] 17:16 #1', 'rbac/verbs-unique rules[0].verbs[1] 27:16 #2']);
    expect(counts(text)).toEqual([2, 0, 1]);
    // the templated document starts the text without `---`: it stays document 0 (a null document)
    const scan = scanTemplates(text)!;
    expect(scan.templated).toBe(1);
    expect(scan.text.length).toBe(text.length);
    expect(linesOf(scan.text).lineStarts).toEqual(linesOf(text).lineStarts);
    expect(scan.text.split('\n')[0]).toBe('~' + ' '.repeat('apiVersion: rbac.authorization.plat.io/v1'.length - 1));
  });

  it('tells structure from data by the scalar the syntax stands in', () => {
    const templated = (line: string) => scanTemplates(['apiVersion: v1', 'kind: ConfigMap', line, ''].join('\n'))?.templated ?? 0;
    // outside any scalar (a flow mapping), in a plain scalar, on a line of its own, in a key, in a flow sequence
    expect(templated('name: {{ .Values.name }}')).toBe(1);
    expect(templated('image: repo/{{ .Values.tag }}')).toBe(1);
    expect(templated('{{- if .Values.enabled }}')).toBe(1);
    expect(templated('{{ .Values.key }}: value')).toBe(1);
    expect(templated('args: [a, {{ .Values.arg }}]')).toBe(1);
    expect(templated('{% if enabled %}')).toBe(1);
    expect(templated('{{ca_crt}}: x')).toBe(1);
    // a ytt annotation: on a value's line, or on a line of its own before the content it annotates
    expect(templated('name: #@ data.values.name')).toBe(1);
    expect(templated('#@ if data.values.enabled:\nname: x')).toBe(1);
    // data: quoted, block scalars, comments, and braces that are no action
    expect(templated('name: "{{ .Values.name }}"')).toBe(0);
    expect(templated("name: '{{ .Values.name }}'")).toBe(0);
    expect(templated('"{{ .Values.key }}": value')).toBe(0);
    expect(templated('args: [a, "{{ .Values.arg }}"]')).toBe(0);
    expect(templated('data: |\n  {{- if .Values.x }}\n  #@ load("x")\n  {% for r in rs %}')).toBe(0);
    expect(templated('data: >-\n  {{ .BaseOS }}')).toBe(0);
    expect(templated('# {{ .Values.name }}')).toBe(0);
    expect(templated('name: x # {{ .Values.name }}')).toBe(0);
    expect(templated('value: {{}}')).toBe(0);
    expect(templated('value: {a: {b: 1}}')).toBe(0);
    // a shell or envsubst placeholder alone on a line stands for YAML (envsubst < kustomization.yaml.tmpl); as a
    // value, an item or a quoted or block scalar's text it is read (and reported as a placeholder where it matters)
    expect(templated('${KUBE_VIP_CONTENT}')).toBe(1);
    expect(templated('data:\n  a: 1\n  ${MORE_DATA}')).toBe(1);
    expect(templated('$(RULES)')).toBe(1);
    expect(templated('name: ${NAME}')).toBe(0);
    expect(templated('args:\n  - ${ARG}')).toBe(0);
    expect(templated('data: |\n  ${INSIDE}')).toBe(0);
    expect(templated('name: "${NAME}"')).toBe(0);
    expect(templated('# ${NAME}')).toBe(0);
  });

  it('splits documents where the platform\'s reader does: `---` inside a block scalar is content only when indented', () => {
    const block = ['kind: ConfigMap', 'data:', '  script: |', '    ---', '    {{ inside }}', '---', 'name: {{ .Values.name }}', ''].join('\n');
    expect(scanTemplates(block)!.text).toBe(['kind: ConfigMap', 'data:', '  script: |', '    ---', '    {{ inside }}', '---', '                        ', ''].join('\n'));
    // a marker at column 0 ends a block scalar (and a quoted scalar): the action after it is the next document's
    const ended = ['data: |', '  text', '---', '{{ .Values.x }}', ''].join('\n');
    expect(scanTemplates(ended)!.text).toBe(['data: |', '  text', '---', '               ', ''].join('\n'));
    // `...` ends a document; the next one has no `---`, and keeps its place as a null document
    expect(scanTemplates('a: 1\n...\nb: {{ x }}\n')!.text).toBe('a: 1\n...\n~         \n');
    // line breaks stay, CRLF too, and so does a directive (of the document after it)
    expect(scanTemplates('x: {{ y }}\r\n...\r\n%YAML 1.1\r\n---\r\na: 1\r\n')!.text).toBe('~         \r\n...\r\n%YAML 1.1\r\n---\r\na: 1\r\n');
    // an action on the `---` line is the document's
    expect(scanTemplates('a: 1\n--- {{ .Values.doc }}\nb: 2\n')!.text).toBe(`a: 1\n---${' '.repeat(18)}\n    \n`);
  });

  it('gives a ytt annotation on a line of its own before `---` to the next document', () => {
    // (`#@ load` and `#@ end` annotate nothing)
    const ytt = ['#@ load("@ytt:data", "data")', '---', ...role('x'), '#@ for/end ns in data.values.namespaces:', '---', ...role('y'), '#@ end', '---', ...role('z'), ''].join('\n');
    expect(findings(ytt)).toEqual(['rbac/verbs-unique rules[0].verbs[1] 10:16 #0', 'rbac/verbs-unique rules[0].verbs[1] 30:16 #2']);
    expect(counts(ytt)).toEqual([2, 0, 1]);
  });

  it('leaves a text without template syntax alone (nothing scanned)', () => {
    expect(scanTemplates('a: 1\n---\nb: "{ not: an action }"\n')).toBeUndefined();
    expect(scanTemplates('a: "{{ data }}"\n')).toBeUndefined();
  });

  it('does not read the suppression comments of a templated document', () => {
    const text = ['# platlint-disable-next-line rbac/verbs-unique -- in the template', ...role('{{ .Values.name }}'), '---', ...role('plain'), ''].join('\n');
    const r = lintText(text);
    expect(r.diagnostics.map((d) => d.ruleId)).toEqual(['rbac/verbs-unique']);
    expect(r.suppressed).toEqual([]);
  });
});

describe('placeholders in values', () => {
  it('are the forms of shells, make, template tools and examples', () => {
    const shown = (v: string, whole = false) => placeholdersOf(v, whole).map((p) => `${p.form} ${p.text}`);
    expect(shown('${ENCRYPTION_KEY}')).toEqual(['variable ${ENCRYPTION_KEY}']);
    expect(shown('${KEY:-default}')).toEqual(['variable ${KEY:-default}']);
    expect(shown('$(KMS_TIMEOUT)')).toEqual(['variable $(KMS_TIMEOUT)']);
    expect(shown('{{ca_crt}}')).toEqual(['template {{ca_crt}}']);
    expect(shown('${{ secrets.KEY }}')).toEqual(['template ${{ secrets.KEY }}']);
    expect(shown('https://${HOST}:{{ port }}/x/${HOST}')).toEqual(['variable ${HOST}', 'template {{ port }}']);
    expect(shown('<your-key-here>')).toEqual(['angle <your-key-here>']);
    expect(shown('<PLACEHOLDER>')).toEqual(['angle <PLACEHOLDER>']);
    expect(shown('<hostname>')).toEqual(['angle <hostname>']);
    expect(shown('https://<cluster-endpoint>:6443')).toEqual(['angle <cluster-endpoint>']);
    // none: a CEL comparison, a type in brackets inside a text, a shell's `$VAR`, empty braces
    expect(shown('a < b && c > d')).toEqual([]);
    expect(shown('list<string>')).toEqual([]);
    expect(shown('$HOME/x')).toEqual([]);
    expect(shown('{{}}')).toEqual([]);
  });

  it('at a secret field, only a value that is one placeholder and nothing else', () => {
    const shown = (v: string) => placeholdersOf(v, true).map((p) => p.text);
    expect(shown('${ENCRYPTION_KEY}')).toEqual(['${ENCRYPTION_KEY}']);
    expect(shown(' <your-secret> ')).toEqual(['<your-secret>']);
    expect(shown('{{ .Values.key }}')).toEqual(['{{ .Values.key }}']);
    // partly written, or a secret between brackets: nothing is quoted
    expect(shown('abc${X}')).toEqual([]);
    expect(shown('${A}${B}')).toEqual([]);
    expect(shown('<hunter2>')).toEqual([]);
    expect(shown('<Passw0rd>')).toEqual([]);
  });

  it('never print a partly written secret', async () => {
    const r = await platlint(['--format', 'json', 'fixtures/templates/unexpanded-placeholder/invalid/encryption-key-variables.yaml']);
    expect(r.stdout).toContain('`${ENCRYPTION_KEY}` is an unexpanded variable: the platform reads it as written');
    expect(r.stdout).not.toContain('c2VjcmV0');
  });

  it('turned off, leave the findings they replace', () => {
    const text = read(join(DIR, 'unexpanded-placeholder', 'invalid', 'encryption-key-variables.yaml'));
    const config = { ...DEFAULT_CONFIG, rules: { 'document/unexpanded-placeholder': 'off' as const } };
    expect(findings(text, { config })).toEqual([
      'schema/format resources[0].providers[0].aescbc.keys[0].secret 17:23 #0',
      'schema/format resources[0].providers[0].aescbc.keys[1].secret 19:23 #0',
      'schema/format resources[0].providers[0].aescbc.keys[2].secret 21:23 #0',
      'encryption/kms-endpoint-unix resources[0].providers[1].kms.endpoint 25:21 #0',
      'schema/format resources[0].providers[1].kms.timeout 26:20 #0',
    ]);
  });
});

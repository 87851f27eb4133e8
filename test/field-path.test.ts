// Field paths in the platform's notation (field.Path): struct fields dotted, map keys always bracketed (the
// kind's schema says which is which), list items indexed; and a missing field's own path.
import { TextDocument } from 'vscode-languageserver-textdocument';
import { describe, expect, it } from 'vitest';
import { diagnosticPath, fieldPath, mapKeyIndexes } from '../src/kinds/field-path.js';
import { formatJson } from '../src/report/json.js';
import { lintText } from '../src/lint/lint.js';
import { hoverAt } from '../src/lsp/hover.js';
import { SchemaDocs } from '../src/files/schema-docs.js';
import { formatPath } from '../src/path.js';
import { asExpectation, expectations } from './helpers/fixtures.js';

const ROLE = 'rbac.authorization.plat.io/v1/Role';
const SAR = 'authorization.plat.io/v1/SubjectAccessReview';

describe('formatPath', () => {
  const maps = (...i: number[]) => (k: number) => i.includes(k);
  it('dots struct fields, indexes list items, brackets map keys without quotes', () => {
    expect(formatPath(['spec', 'extra', 'scopes'], maps(2))).toBe('spec.extra[scopes]');
    expect(formatPath(['spec', 'extra', 'scopes', 0], maps(2))).toBe('spec.extra[scopes][0]');
    expect(formatPath(['items', 3, 'rules', 0, 'verbs'])).toBe('items[3].rules[0].verbs');
    expect(formatPath(['a', 'b', 'c'], maps(1))).toBe('a[b].c');
  });
  it('writes every map key as it is: dots, slashes, brackets, spaces, the empty key', () => {
    const at = (key: string) => formatPath(['metadata', 'annotations', key], maps(2));
    expect(at('example.com/team')).toBe('metadata.annotations[example.com/team]');
    expect(at('a b')).toBe('metadata.annotations[a b]');
    expect(at('x[0]')).toBe('metadata.annotations[x[0]]');
    expect(at('a]b')).toBe('metadata.annotations[a]b]');
    expect(at('')).toBe('metadata.annotations[]');
    expect(at('0')).toBe('metadata.annotations[0]');
  });
  it('without map knowledge: plain keys dotted, the others bracketed so that one key never reads as two', () => {
    expect(formatPath(['configuration', 'limits', 0, 'type'])).toBe('configuration.limits[0].type');
    expect(formatPath(['spec', '$patch'])).toBe('spec[$patch]');
    expect(formatPath(['object', 'example.com/x'])).toBe('object[example.com/x]');
    expect(formatPath(['--max-pods', 1])).toBe('--max-pods[1]');
    expect(formatPath([])).toBe('');
  });
});

describe('fieldPath: the kind schema decides', () => {
  it('brackets the keys of maps (StringMap, extra) and dots struct fields', () => {
    expect(fieldPath(['metadata', 'labels', 'app'], ROLE)).toBe('metadata.labels[app]');
    expect(fieldPath(['metadata', 'annotations', 'example.com/team'], ROLE)).toBe('metadata.annotations[example.com/team]');
    expect(fieldPath(['metadata', 'name'], ROLE)).toBe('metadata.name');
    expect(fieldPath(['spec', 'extra', 'scopes', 1], SAR)).toBe('spec.extra[scopes][1]');
    expect(fieldPath(['aggregationRule', 'clusterRoleSelectors', 0, 'matchLabels', 'team'], 'rbac.authorization.plat.io/v1/ClusterRole')).toBe(
      'aggregationRule.clusterRoleSelectors[0].matchLabels[team]',
    );
    expect(fieldPath(['response', 'auditAnnotations', 'ticket'], 'admission.plat.io/v1/AdmissionReview')).toBe('response.auditAnnotations[ticket]');
    expect(mapKeyIndexes(ROLE, ['metadata', 'labels', 'app'])).toEqual(new Set([2]));
  });
  it('follows list kinds into their items', () => {
    expect(fieldPath(['items', 3, 'metadata', 'labels', 'app'], 'rbac.authorization.plat.io/v1/RoleList')).toBe('items[3].metadata.labels[app]');
  });
  it('dots the keys of free-form embedded objects (RawExtension), as the platform does inside decoded objects', () => {
    expect(fieldPath(['request', 'object', 'metadata', 'labels', 'app'], 'admission.plat.io/v1/AdmissionReview')).toBe('request.object.metadata.labels.app');
    expect(fieldPath(['plugins', 0, 'configuration', 'limits', 0, 'type'], 'apiserver.config.plat.io/v1/AdmissionConfiguration')).toBe('plugins[0].configuration.limits[0].type');
  });
  it('renders an unknown schema, a kind without maps and a path past the schema from the path alone', () => {
    expect(fieldPath(['metadata', 'labels', 'app'], 'no/such/Kind')).toBe('metadata.labels.app');
    expect(fieldPath(['jwt', 0, 'issuer', 'url'], 'apiserver.config.plat.io/v1/AuthenticationConfiguration')).toBe('jwt[0].issuer.url');
    expect(fieldPath(['metadata', 'labels', 'app'])).toBe('metadata.labels.app');
  });
});

describe('findings carry the platform field path', () => {
  const role = 'apiVersion: rbac.authorization.plat.io/v1\nkind: Role\nmetadata:\n  name: r\n  labels:\n    app: 7\n  annotations:\n    example.com/team: 1\nrules: []\n';
  it('in every diagnostic, the JSON format and the fixture expectations', () => {
    const r = lintText(role);
    const types = r.diagnostics.filter((d) => d.ruleId === 'schema/type');
    expect(types.map(diagnosticPath)).toEqual(['metadata.labels[app]', 'metadata.annotations[example.com/team]']);
    expect(types.map(asExpectation)).toEqual(['schema/type metadata.labels[app] 6:10', 'schema/type metadata.annotations[example.com/team] 8:23']);
    const json = JSON.parse(formatJson([r])) as { messages: { ruleId: string; path: string }[] }[];
    expect(json[0]!.messages.filter((m) => m.ruleId === 'schema/type').map((m) => m.path)).toEqual(['metadata.labels[app]', 'metadata.annotations[example.com/team]']);
  });
  it('in schema messages', () => {
    const sar = 'apiVersion: authorization.plat.io/v1\nkind: SubjectAccessReview\nspec:\n  user: u\n  extra:\n    scopes: [1]\n';
    const d = lintText(sar).diagnostics.find((x) => x.ruleId === 'schema/type');
    expect(diagnosticPath(d!)).toBe('spec.extra[scopes][0]');
    expect(d!.message).toContain('`spec.extra[scopes][0]`');
  });
  it('a missing field carries its own path, placed at its parent', () => {
    const text = 'apiVersion: apiserver.config.plat.io/v1\nkind: AuthorizationConfiguration\nauthorizers:\n  - type: Webhook\n    name: w\n';
    const d = lintText(text).diagnostics.find((x) => x.ruleId === 'authz/webhook-matches-type');
    expect(d && asExpectation(d)).toBe('authz/webhook-matches-type authorizers[0].webhook 4:5');
    const authn = 'apiVersion: apiserver.config.plat.io/v1\nkind: AuthenticationConfiguration\njwt:\n  - issuer:\n      audiences: [platform]\n    claimMappings:\n      username:\n        claim: sub\n        prefix: ""\n';
    const required = lintText(authn).diagnostics.filter((x) => x.ruleId === 'schema/required').map(asExpectation);
    expect(required).toEqual(['schema/required jwt[0].issuer.url 4:5']);
  });
  it('a field that needs another names the field that is set (the platform: resourceNames)', () => {
    const text = 'apiVersion: audit.plat.io/v1\nkind: Policy\nrules:\n  - level: None\n    resources:\n      - group: ""\n        resourceNames: [a]\n';
    const d = lintText(text).diagnostics.find((x) => x.ruleId === 'audit/resource-names-need-resources');
    expect(d && asExpectation(d)).toBe('audit/resource-names-need-resources rules[0].resources[0].resourceNames 7:9');
  });
  it('a field that needs another, reported as missing where the platform says field.Required (x-dependency-path)', () => {
    const text = 'apiVersion: apiserver.config.plat.io/v1\nkind: AuthenticationConfiguration\njwt:\n  - issuer:\n      url: https://issuer.example.com\n      audiences: [platform]\n    claimMappings:\n      username:\n        claim: sub\n';
    const d = lintText(text).diagnostics.find((x) => x.ruleId === 'schema/dependencies');
    expect(d && asExpectation(d)).toBe('schema/dependencies jwt[0].claimMappings.username.prefix 8:7');
  });
  it('in the hover of the language server', () => {
    const doc = TextDocument.create('file:///r.yaml', 'yaml', 1, role);
    const hover = hoverAt(doc, role.indexOf('app:') + 1, new SchemaDocs());
    expect((hover?.contents as { value: string }).value).toContain('`metadata.labels[app]` of Role');
  });
});

describe('expect lines', () => {
  it('read a bracketed key with dots, slashes and spaces', () => {
    const text = '# expect: meta/x metadata.annotations[example.com/team lead] 3:4\n# expect: schema/type spec.extra[a.b/c][0] 5:6\n';
    expect(expectations(text)).toEqual(['meta/x metadata.annotations[example.com/team lead] 3:4', 'schema/type spec.extra[a.b/c][0] 5:6']);
  });
});

// `platlint patch --type json|merge|strategic`: the command kinds read JSON as well as YAML, every document of a
// file, with positions in the text as written. The YAML cases live in fixtures/rules/patch and
// fixtures/schema/patch; these are the cases a fixture cannot hold (JSON text has no `# expect` comments).
import { describe, expect, it } from 'vitest';
import { commandKind } from '../src/kinds/kinds.js';
import { lintText, type LintOptions } from '../src/lint/lint.js';
import { formatPath } from '../src/path.js';
import { readComposed } from './helpers/readers.js';

const json: LintOptions = { kind: commandKind('JSONPatch') };
const merge: LintOptions = { kind: commandKind('MergePatch') };
const strategic: LintOptions = { kind: commandKind('StrategicMergePatch') };

/** Findings as `rule path line:column`, in the order of the text. */
function findings(text: string, options: LintOptions): string[] {
  return lintText(text, options).diagnostics.map((d) => `${d.ruleId} ${formatPath(d.path) || '-'} ${d.line}:${d.column}`);
}

describe('JSON input', () => {
  it('positions JSON patch findings in a JSON array', () => {
    const text = [
      '[',
      '  {"op": "add", "path": "/metadata/labels/team"},',
      '  {"op": "move", "from": "/spec/template", "path": "/spec/template/spec"},',
      '  {"op": "remove", "path": "/spec/containers/-", "value": 1}',
      ']',
      '',
    ].join('\n');
    expect(findings(text, json)).toEqual([
      'patch/json-patch-missing-value [0].value 2:4',
      'patch/json-patch-move-into-itself [1].path 3:52',
      'patch/json-patch-end-of-array [2].path 4:28',
      'patch/json-patch-unused-field [2].value 4:50',
    ]);
  });

  it('positions findings on one line of minified JSON', () => {
    const text = '{"spec":{"template":{"spec":{"containers":[{"image":"registry.example.com/checkout:2.4.1"},{"name":"app"},{"name":"app"}]}}}}';
    expect(findings(text, strategic)).toEqual([
      'patch/strategic-merge-key-required spec.template.spec.containers[0] 1:44',
      'patch/strategic-merge-key-unique spec.template.spec.containers[2].name 1:115',
    ]);
  });

  it('reports directives in a JSON merge patch at their keys', () => {
    const text = '{\n  "metadata": {"labels": {"$patch": "delete"}},\n  "spec": {"replicas": 3}\n}\n';
    const result = lintText(text, merge);
    expect(findings(text, merge)).toEqual(['patch/merge-patch-no-directives metadata.labels[$patch] 2:27']);
    expect(result.diagnostics[0]!.message).toContain('write `labels: null`');
  });

  it('rejects a JSON merge patch that is not an object', () => {
    expect(findings('[{"op": "replace", "path": "/spec/replicas", "value": 3}]', merge)).toEqual(['schema/type - 1:1']);
  });
});

describe('YAML list and JSON array', () => {
  const yaml = ['- op: add', '  path: /metadata/labels/team', '- op: copy', '  from: ""', '  path: /spec/x', ''].join('\n');
  const flow = '[{"op": "add", "path": "/metadata/labels/team"}, {"op": "copy", "from": "", "path": "/spec/x"}]';

  it('give the same findings at the positions of each text', () => {
    expect(findings(yaml, json)).toEqual(['patch/json-patch-missing-value [0].value 1:3', 'patch/json-patch-root-path [1].from 4:9']);
    expect(findings(flow, json)).toEqual(['patch/json-patch-missing-value [0].value 1:3', 'patch/json-patch-root-path [1].from 1:73']);
  });

  it('read the same with the fast reader and the full parse', () => {
    for (const text of [yaml, flow]) {
      const strip = (o: LintOptions) => lintText(text, o).diagnostics.map((d) => [d.ruleId, d.path, d.line, d.column, d.message]);
      expect(strip({ ...json, reader: readComposed })).toEqual(strip(json));
    }
  });
});

describe('several documents', () => {
  it('checks every non-empty document as the command kind', () => {
    const text = ['- op: remove', '  path: ""', '---', '---', '- op: test', '  path: /spec/replicas', '  value: 3', '---', '[]', ''].join('\n');
    const result = lintText(text, json);
    expect(result.documentsChecked).toBe(3);
    expect(result.diagnostics.map((d) => [d.ruleId, d.document, d.line, d.column])).toEqual([['patch/json-patch-root-path', 0, 2, 9]]);
  });

  it('reads a document without apiVersion as a patch only when the command says so', () => {
    const text = 'spec:\n  containers:\n    - image: registry.example.com/checkout:2.4.1\n';
    expect(lintText(text).documentsChecked).toBe(0);
    expect(findings(text, strategic)).toEqual(['patch/strategic-merge-key-required spec.containers[0] 3:7']);
    expect(findings(text, merge)).toEqual([]);
  });
});

describe('strategic merge keys', () => {
  it('knows merge keys by where a list sits, not by its name alone', () => {
    // `ports` of a container merge by containerPort, the root `ports` of a Service by port; ports elsewhere are not keyed
    const text = [
      'spec:',
      '  ports:',
      '    - targetPort: 8443',
      '  template:',
      '    spec:',
      '      containers:',
      '        - name: checkout',
      '          ports:',
      '            - name: https',
      '      securityContext:',
      '        ports:',
      '          - protocol: TCP',
      '',
    ].join('\n');
    expect(findings(text, strategic)).toEqual([
      'patch/strategic-merge-key-required spec.ports[0] 3:7',
      'patch/strategic-merge-key-required spec.template.spec.containers[0].ports[0] 9:15',
    ]);
    expect(lintText(text, strategic).diagnostics[0]!.message).toContain('has no merge key `port`,');
  });

  it('finds pod templates at any depth (a CronJob)', () => {
    const text = 'spec:\n  jobTemplate:\n    spec:\n      template:\n        spec:\n          initContainers:\n            - image: registry.example.com/migrate:1.0\n';
    expect(findings(text, strategic)).toEqual(['patch/strategic-merge-key-required spec.jobTemplate.spec.template.spec.initContainers[0] 7:15']);
  });
});

describe('a patch whose alias contains itself', () => {
  it('is one yaml/alias-limit finding at the alias, for every patch type (no rule walks it)', () => {
    for (const kind of ['JSONPatch', 'MergePatch', 'StrategicMergePatch']) {
      const r = lintText('spec: &s\n  template: *s\n', { kind: commandKind(kind) });
      expect(r.diagnostics.map((d) => `${d.ruleId} ${d.line}:${d.column}`)).toEqual(['yaml/alias-limit 2:13']);
    }
  });
});

describe('the API server limit on JSON patch operations', () => {
  it('refuses more than 10,000 operations, at the start of the list', () => {
    const op = '{"op": "remove", "path": "/metadata/labels/x"}';
    expect(findings(`[${Array(10000).fill(op).join(',\n')}]`, json)).toEqual([]);
    expect(findings(`[${Array(10001).fill(op).join(',\n')}]`, json)).toEqual(['schema/max-items - 1:1']);
  });
});

describe('a payload is read by go-yaml, whatever it names', () => {
  // platctl patch turns every payload into JSON through the YAML reader (go-yaml), JSON ones included: what
  // go-yaml refuses is refused in a patch that names no plat apiVersion too, and JSON's own rules do not apply
  it('refuses the escape `\\/` in YAML and in JSON', () => {
    expect(findings('metadata:\n  annotations:\n    a: "\\/x"\n', merge)).toEqual(['yaml/syntax - 3:9']);
    expect(findings('{"metadata": {"annotations": {"a": "\\/x"}}}\n', merge)).toEqual(['yaml/syntax - 1:37']);
  });
  it('refuses a control character', () => {
    expect(findings('metadata:\n  annotations:\n    a: "x\u0001"\n', strategic)).toEqual(['yaml/syntax - 3:10']);
  });
  it('accepts a comma before `}`, which go-yaml reads', () => {
    expect(findings('{"metadata": {"labels": {"team": "a",}},}\n', merge)).toEqual([]);
  });
});

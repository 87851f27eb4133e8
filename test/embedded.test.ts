// Documents embedded in strings (src/lint/embedded.ts): a string value of any document whose text holds
// documents of a kind platlint knows is linted in place, its findings at the file's line and column inside the
// scalar, with paths through the string's holder; fixtures/embedded/ holds the issues' examples.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixText } from '../src/files/fix.js';
import { lintText } from '../src/lint/lint.js';
import { diagnosticPath } from '../src/kinds/field-path.js';
import { ROOT, read, yamlFiles } from './helpers/fixtures.js';
import { fixtureFolderTests } from './helpers/fixture-tests.js';
import { readComposed } from './helpers/readers.js';
import { platlint } from './helpers/cli.js';

const DIR = join(ROOT, 'fixtures', 'embedded');

describe('fixtures/embedded', () => fixtureFolderTests(DIR));

describe('embedded documents', () => {
  it('give the same findings through the fast readers and the full parse', () => {
    for (const file of [...yamlFiles(join(DIR, 'valid')), ...yamlFiles(join(DIR, 'invalid'))]) {
      const text = read(file);
      expect(lintText(text, { filePath: file }), file).toEqual(lintText(text, { filePath: file, reader: readComposed }));
    }
  });
});

/** A finding as `rule path line:column-endLine:endColumn`. */
const at = (d: { ruleId: string; line: number; column: number; endLine: number; endColumn: number } & Parameters<typeof diagnosticPath>[0]) =>
  `${d.ruleId} ${diagnosticPath(d) || '-'} ${d.line}:${d.column}-${d.endLine}:${d.endColumn}`;

const found = (text: string) => lintText(text).diagnostics.map(at);

/** A ConfigMap holding `value` (written as it is, after `key: `) under `data`. */
const configMap = (value: string, key = 'config.yaml') => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  ${key}: ${value}\n`;

describe('embedded documents: the same findings as the document on its own', () => {
  it('karmada\'s KMS v2 provider with `cachesize`: refused on its own, and in the Secret', () => {
    const text = read(join(DIR, 'invalid', 'secret-stringdata-kms-cachesize.yaml'));
    const block = /encryption-config\.yaml: \|\n((?: {4}.*\n)+)/.exec(text)![1]!.replace(/^ {4}/gm, '');
    const alone = lintText(block).diagnostics;
    const embedded = lintText(text).diagnostics;
    expect(alone.map((d) => [d.ruleId, d.message, diagnosticPath(d), d.line, d.column])).toEqual([
      ['encryption/kms-cachesize-v1-only', embedded[0]!.message, 'resources[0].providers[0].kms.cachesize', 11, 11],
    ]);
    expect(embedded.map((d) => [d.ruleId, diagnosticPath(d), d.line, d.column])).toEqual([
      ['encryption/kms-cachesize-v1-only', 'stringData[encryption-config.yaml].resources[0].providers[0].kms.cachesize', 23, 15],
    ]);
  });
});

describe('embedded documents: counts', () => {
  it('count the embedded documents checked among the file\'s, and those of other groups in the same value as skipped', () => {
    const counts = (name: string) => {
      const r = lintText(read(join(DIR, name)));
      return [r.documentsChecked, r.documentsEmbedded, r.documentsSkipped];
    };
    expect(counts('invalid/cluster-resource-set-rbac.yaml')).toEqual([3, 3, 3]); // the ServiceAccount of the value is skipped
    expect(counts('invalid/kubeadm-control-plane-files.yaml')).toEqual([1, 1, 1]); // the audit Policy of a removed version is reported, not checked
    expect(counts('invalid/secret-data-base64.yaml')).toEqual([1, 1, 1]);
    expect(counts('valid/configmap-audit-policy.yaml')).toEqual([2, 2, 1]);
  });

  it('are said in the stylish summary', async () => {
    const r = await platlint(['fixtures/embedded/valid', 'fixtures/embedded/invalid/secret-stringdata-kms-cachesize.yaml'], { cwd: ROOT });
    expect(r.stdout).toContain('3 documents checked (3 embedded), 2 skipped as not plat');
  });
});

describe('embedded documents: what is not one', () => {
  it('is never reported nor counted: text that names apiVersion and kind, documents of other groups, text that does not parse', () => {
    const texts = [
      // prose and a script
      configMap('"Set apiVersion and kind on every object; see apiVersion: audit.plat.io/v1 and kind: Policy."'),
      configMap('|\n    #!/bin/sh\n    cat > /etc/plat/audit.yaml <<EOF\n    apiVersion: audit.plat.io/v1\n    kind: Policy\n    rules: [{level: Everything}]\n    EOF\n'),
      // another tool's kind, a plat group platlint does not check, no apiVersion
      configMap('|\n    apiVersion: apps/v1\n    kind: Deployment\n    metadata: {name: web}\n'),
      configMap('|\n    apiVersion: networking.plat.io/v1\n    kind: NetworkPolicy\n    spec: {}\n'),
      configMap('|\n    kind: EncryptionConfiguration\n    resources: [{resources: [secrets], providers: [{aescbc: {}}]}]\n'),
      // YAML that does not parse, even though it names a kind platlint knows
      configMap('|\n    apiVersion: audit.plat.io/v1\n    kind: Policy\n    rules: [\n'),
      // an object's annotations: `platctl apply` keeps a copy of the object there
      'apiVersion: rbac.authorization.plat.io/v1\nkind: ClusterRole\nmetadata:\n  name: r\n  annotations:\n    kubectl.kubernetes.io/last-applied-configuration: \'{"apiVersion":"rbac.authorization.plat.io/v1","kind":"ClusterRole","metadata":{"name":"r"},"rules":[{"verbs":"get"}]}\'\nrules: []\n',
    ];
    for (const text of texts) {
      const r = lintText(text);
      expect(r.diagnostics.map(at), text).toEqual([]);
      expect(r.documentsEmbedded, text).toBeUndefined();
    }
  });

  it('is not searched for inside an embedded document: embedded documents nest one level', () => {
    // the value holds a ClusterRole and a ConfigMap whose own value holds a Policy with a mistake
    const inner = 'apiVersion: v1\\nkind: ConfigMap\\nmetadata: {name: d}\\ndata:\\n  p.yaml: \\"apiVersion: audit.plat.io/v1\\\\nkind: Policy\\\\nrules: [{level: Everything}]\\"';
    const text = configMap(`"apiVersion: rbac.authorization.plat.io/v1\\nkind: ClusterRole\\nmetadata: {name: r}\\n---\\n${inner}\\n"`);
    const r = lintText(text);
    expect(r.diagnostics.map(at)).toEqual([]);
    expect([r.documentsChecked, r.documentsEmbedded, r.documentsSkipped]).toEqual([1, 1, 2]);
    // the same Policy one level up is read
    expect(found(configMap('"apiVersion: audit.plat.io/v1\\nkind: Policy\\nrules: [{level: Everything}]"'))).toEqual(['schema/enum data[config.yaml].rules[0].level 6:77-6:87']);
  });

  it('stops at 256 embedded documents per file', () => {
    const values = Array.from({ length: 300 }, (_, i) => `  r${i}.yaml: "apiVersion: rbac.authorization.plat.io/v1\\nkind: Role\\nmetadata: {name: r${i}}\\nrules: [{apiGroups: [''], resources: [pods], verbs: [get], resourceName: [x]}]"`);
    const r = lintText(`apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: many\ndata:\n${values.join('\n')}\n`);
    expect(r.documentsEmbedded).toBe(256);
    expect(r.diagnostics.filter((d) => d.ruleId === 'schema/unknown-field').length).toBe(256);
    expect(r.diagnostics.at(-1)!.path.slice(0, 2)).toEqual(['data', 'r255.yaml']);
  });
});

describe('embedded documents: positions in every scalar style', () => {
  // each finding is on the file's characters of the embedded text's `Everything` (or its quoted form)
  it('a block literal, with an indentation indicator, and with CRLF line breaks', () => {
    expect(found(configMap('|2\n      apiVersion: audit.plat.io/v1\n      kind: Policy\n      rules: [{level: Everything}]\n', 'p.yaml'))).toEqual(['schema/enum data[p.yaml].rules[0].level 9:23-9:33']);
    const crlf = configMap('|\n    apiVersion: audit.plat.io/v1\n    kind: Policy\n    rules:\n      - level: Everything\n', 'p.yaml').replace(/\n/g, '\r\n');
    expect(found(crlf)).toEqual(['schema/enum data[p.yaml].rules[0].level 10:16-10:26']);
  });

  it('a folded block scalar: a line break folded into a space still has its own place', () => {
    const text = configMap('>\n    {"apiVersion": "audit.plat.io/v1", "kind": "Policy",\n    "rules": [{"level": "Everything"}]}\n', 'audit.json');
    expect(found(text)).toEqual(['schema/enum data[audit.json].rules[0].level 8:25-8:37']);
  });

  it('a double-quoted scalar with escapes and escaped line breaks', () => {
    const text = configMap('"apiVersion: audit.plat.io/v1\\n\\\n    kind: Policy\\n\\\n    rules:\\n\\\n    - level: \\u0045verything\\n"', 'p.yaml');
    // `\u0045` is the `E` of `Everything`: the finding starts on the escape
    expect(found(text)).toEqual(['schema/enum data[p.yaml].rules[0].level 9:14-9:29']);
  });

  it('a single-quoted scalar folded over lines (an empty line is a line break)', () => {
    const text = configMap("'apiVersion: audit.plat.io/v1\n\n    kind: Policy\n\n    rules: [{level: Everything}]'", 'p.yaml');
    expect(found(text)).toEqual(['schema/enum data[p.yaml].rules[0].level 10:21-10:31']);
  });

  it('a JSON file\'s string with escapes', () => {
    const text = '{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "c"},\n "data": {"p.yaml": "apiVersion: audit.plat.io/v1\\nkind: Policy\\nrules: [{level: \\"Everything\\"}]"}}\n';
    expect(found(text)).toEqual(['schema/enum data[p.yaml].rules[0].level 2:82-2:96']);
  });
});

describe('embedded documents: secrets', () => {
  // an aescbc key of 20 bytes, a secretbox key that is no base64 at all, and a duplicated key name
  const KEY = 'c2hvcnQta2V5LW1hdGVyaWFsLXg=';
  const BAD = 'n0t-base64-Pr1vate!';
  const encryption = `apiVersion: apiserver.config.plat.io/v1\nkind: EncryptionConfiguration\nresources:\n  - resources: [secrets]\n    providers:\n      - aescbc:\n          keys:\n            - name: key1\n              secret: ${KEY}\n      - secretbox:\n          keys:\n            - name: key2\n              secret: ${BAD}\n`;
  const indented = encryption.replace(/^/gm, '    ').trimEnd();
  const stringData = `apiVersion: v1\nkind: Secret\nmetadata:\n  name: enc\nstringData:\n  enc.yaml: |\n${indented}\n`;
  const data = `apiVersion: v1\nkind: Secret\nmetadata:\n  name: enc\ndata:\n  enc.yaml: ${Buffer.from(encryption).toString('base64')}\n`;

  it('are found in stringData and in base64 data, the latter on the whole value', () => {
    expect(found(stringData)).toEqual([
      'encryption/key-length stringData[enc.yaml].resources[0].providers[0].aescbc.keys[0].secret 15:27-15:55',
      'schema/format stringData[enc.yaml].resources[0].providers[1].secretbox.keys[0].secret 19:27-19:46',
    ]);
    expect(found(data)).toEqual([
      'encryption/key-length data[enc.yaml].resources[0].providers[0].aescbc.keys[0].secret 6:13-6:457',
      'schema/format data[enc.yaml].resources[0].providers[1].secretbox.keys[0].secret 6:13-6:457',
    ]);
  });

  it('never reach a report: stylish, json, sarif', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'platlint-embedded-'));
    writeFileSync(join(dir, 'string-data.yaml'), stringData);
    writeFileSync(join(dir, 'data.yaml'), data);
    const base64 = Buffer.from(encryption).toString('base64');
    for (const format of ['stylish', 'json', 'sarif']) {
      const r = await platlint(['--format', format, '.'], { cwd: dir });
      expect(r.code, format).toBe(1);
      expect(r.stdout, format).toContain('encryption/key-length');
      for (const secret of [KEY, BAD, 'n0t-base64', base64.slice(0, 40)]) expect(r.stdout, `${format} ${secret}`).not.toContain(secret);
    }
  });
});

describe('embedded documents: suppression comments', () => {
  const policy = (comment: string) => configMap(`|\n    apiVersion: audit.plat.io/v1\n    kind: Policy\n    rules:\n${comment}      - level: Everything\n`, 'p.yaml');

  it('of the embedded text apply to its findings, and are reported where unused, inside the value', () => {
    const r = lintText(policy('      # platlint-disable-next-line schema/enum -- the generator maps it\n'));
    expect(r.diagnostics.map(at)).toEqual([]);
    expect(r.suppressed.map((d) => [at(d), d.justification])).toEqual([['schema/enum data[p.yaml].rules[0].level 11:16-11:26', 'the generator maps it']]);
    const unused = lintText(policy('      # platlint-disable-next-line schema/required -- not needed\n'));
    expect(unused.diagnostics.map(at)).toEqual(['suppression/unused data[p.yaml] 10:7-10:65', 'schema/enum data[p.yaml].rules[0].level 11:16-11:26']);
  });

  it('of the file apply to the findings of the values they stand before', () => {
    const quoted = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  # platlint-disable-next-line schema/enum -- rewritten at deploy time\n  p.yaml: "apiVersion: audit.plat.io/v1\\nkind: Policy\\nrules: [{level: Everything}]"\n`;
    const r = lintText(quoted);
    expect(r.diagnostics.map(at)).toEqual([]);
    expect(r.suppressed.map(at)).toEqual(['schema/enum data[p.yaml].rules[0].level 7:72-7:82']);
    const whole = lintText(`# platlint-disable schema/enum -- rewritten at deploy time\n${policy('')}`);
    expect([whole.diagnostics.length, whole.suppressed.length]).toEqual([0, 1]);
  });
});

describe('embedded documents: fixes, stored objects, output shape', () => {
  it('fix inside a block scalar, where the characters are the file\'s own; not inside a quoted one', () => {
    const text = read(join(DIR, 'invalid', 'cluster-resource-set-rbac.yaml'));
    const { output, result } = fixText(text);
    expect(output).toBe(text.replace('- apiGroup: ["storage.plat.io"]', '- apiGroups: ["storage.plat.io"]'));
    // the misspelt verb's rename is a suggestion, not a fix: it would grant what the role does not grant today
    expect(result.diagnostics.map((d) => `${d.ruleId} ${d.line}:${d.column}`)).toEqual(['rbac/verb-not-misspelt 37:32']);
    const quoted = configMap('"apiVersion: rbac.authorization.plat.io/v1\\nkind: ClusterRole\\nmetadata: {name: r}\\nrules: [{apiGroup: [\'\'], resources: [pods], verbs: [get]}]"');
    expect(lintText(quoted).diagnostics.find((d) => d.ruleId === 'schema/unknown-field')?.fix).toBeUndefined();
  });

  it('give the checks across files the roles and bindings of embedded documents, at their places in the file', () => {
    const r = lintText(read(join(ROOT, 'fixtures', 'sets', 'embedded-documents', 'crs-rbac.yaml')));
    expect(r.objects?.map((o) => `${o.kind} ${o.namespace}/${o.name} ${o.document} ${o.path.join('.')} ${o.range.line}:${o.range.column}${o.roleRef ? ` -> ${o.roleRef.kind} ${o.roleRef.name} ${o.roleRef.range.line}:${o.roleRef.range.column}` : ''}`)).toEqual([
      'ClusterRole /log-reader 0 data.rbac.yaml.0.metadata.name 12:13',
      'RoleBinding logging/log-agent 0 data.rbac.yaml.1.metadata.name 21:13 -> Role log-reader 29:13',
    ]);
  });

  it('keep the JSON message shape: the document holding the string, a JSON pointer through it', async () => {
    const r = await platlint(['--format', 'json', 'fixtures/embedded/invalid/cluster-resource-set-rbac.yaml'], { cwd: ROOT });
    const m = JSON.parse(r.stdout)[0].messages[2];
    expect(m).toEqual({
      ruleId: 'schema/unknown-field',
      severity: 2,
      message: 'unknown field `apiGroup` in `rules[0]`; did you mean `apiGroups`?',
      line: 44,
      column: 9,
      endLine: 44,
      endColumn: 17,
      path: 'data[rbac.yaml][2].rules[0].apiGroup',
      nodeType: null,
      fix: { range: expect.any(Array), text: 'apiGroups' },
      platlint: { document: 1, jsonPointer: '/data/rbac.yaml/2/rules/0/apiGroup', kind: 'ClusterRole', apiVersion: 'rbac.authorization.plat.io/v1' },
    });
  });
});

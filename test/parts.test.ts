// Parts of a document checked as a kind of their own: the items of a core `v1` `List`, an admission plugin's
// embedded event rate limit Configuration, and the legacy `v1` `EncryptionConfig` checked as an
// EncryptionConfiguration. Paths and positions are those inside the file.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixText } from '../src/files/fix.js';
import { lintText } from '../src/lint/lint.js';
import { ROOT, read, yamlFiles } from './helpers/fixtures.js';
import { fixtureFolderTests } from './helpers/fixture-tests.js';
import { readComposed } from './helpers/readers.js';

const DIR = join(ROOT, 'fixtures', 'parts');

describe('fixtures/parts', () => fixtureFolderTests(DIR));

describe('parts of a document', () => {
  it('give the same findings through the fast readers and the full parse', () => {
    for (const file of [...yamlFiles(join(DIR, 'valid')), ...yamlFiles(join(DIR, 'invalid'))]) {
      const text = read(file);
      const fast = lintText(text, { filePath: file });
      const full = lintText(text, { filePath: file, reader: readComposed });
      expect(fast, file).toEqual(full);
    }
  });

  it('report the stored objects of a List with their paths inside it, for the checks over the set of files', () => {
    const result = lintText(read(join(DIR, 'valid', 'list-of-roles.yaml')));
    expect(result.objects?.map((o) => `${o.kind} ${o.namespace}/${o.name} ${o.path.join('.')} ${o.range.line}:${o.range.column}${o.roleRef ? ` -> ${o.roleRef.kind} ${o.roleRef.name} ${o.roleRef.range.line}:${o.roleRef.range.column}` : ''}`)).toEqual([
      'Role plat-system/system:controller:token-cleaner items.0.metadata.name 12:11',
      'RoleBinding plat-system/system:controller:token-cleaner items.1.metadata.name 26:11 -> Role system:controller:token-cleaner 31:11',
      'ClusterRole /metrics-reader items.3.items.0.metadata.name 48:13',
    ]);
    expect(result.documentsChecked).toBe(1);
  });

  it('skip a List of nothing plat, and a List whose items are not a list', () => {
    const foreign = lintText('apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Service\n  metadata:\n    name: web\n    labels: {on: yes}\n- apiVersion: storage.plat.io/v1\n  kind: StorageClass\n  metadata:\n    name: fast\n');
    expect(foreign.diagnostics).toEqual([]);
    expect([foreign.documentsChecked, foreign.documentsSkipped]).toEqual([0, 1]);
    const odd = lintText('apiVersion: v1\nkind: List\nitems: {}\n---\napiVersion: v1\nkind: List\nitems: null\n---\napiVersion: v1\nkind: List\n');
    expect(odd.diagnostics).toEqual([]);
    expect([odd.documentsChecked, odd.documentsSkipped]).toEqual([0, 3]);
  });

  it('never refuse the configuration file of an admission plugin that an AdmissionConfiguration names by path', () => {
    const result = lintText('apiVersion: apiserver.config.plat.io/v1\nkind: WebhookAdmissionConfiguration\nplatConfigFile: /etc/plat/admission/webhook.kubeconfig\n');
    expect(result.errorCount).toBe(0);
    expect(result.diagnostics.map((d) => d.ruleId)).not.toContain('document/unknown-kind');
  });

  it('fix the legacy EncryptionConfig to apiserver.config.plat.io/v1 EncryptionConfiguration in one pass', () => {
    const text = '# legacy\nkind: "EncryptionConfig"\napiVersion: v1\nresources:\n  - resources: [secrets]\n    providers:\n      - identity: {}\n';
    const { output, result } = fixText(text);
    expect(output).toBe('# legacy\nkind: "EncryptionConfiguration"\napiVersion: apiserver.config.plat.io/v1\nresources:\n  - resources: [secrets]\n    providers:\n      - identity: {}\n');
    expect(result.diagnostics).toEqual([]);
  });

  it('keep the secrets of a List item out of messages', () => {
    const secret = 'c2VjcmV0LXNob3J0LWtleQ==';
    const text = `apiVersion: v1\nkind: List\nitems:\n- apiVersion: client.authentication.plat.io/v1\n  kind: ExecCredential\n  status:\n    token: ${secret}\n    expirationTimestamp: ${secret}\n`;
    const result = lintText(text);
    expect(result.diagnostics.map((d) => `${d.ruleId} ${d.path.join('.')}`)).toContain('schema/format items.0.status.expirationTimestamp');
    expect(JSON.stringify(result.diagnostics)).not.toContain(secret);
  });
});

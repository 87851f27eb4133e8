// Message details that fixtures do not show well: one-line values, empty strings, secrets in every finding.
import { describe, expect, it } from 'vitest';
import { lintText } from '../src/lint.js';

const messages = (text: string) => lintText(text).diagnostics.map((d) => `${d.ruleId}: ${d.message}`);

describe('messages', () => {
  it('quote a multi-line value by its first line only', () => {
    const text = [
      'apiVersion: client.authentication.plat.io/v1',
      'kind: ExecCredential',
      'spec:',
      '  interactive: false',
      '  cluster:',
      '    server: https://api.example.com:6443',
      '    certificate-authority-data: |',
      '      -----BEGIN CERTIFICATE-----',
      '      MIIB',
      '      -----END CERTIFICATE-----',
      '',
    ].join('\n');
    expect(messages(text)).toEqual(['schema/format: `certificate-authority-data` must be base64-encoded bytes, got `-----BEGIN CERTIFICATE-----...`']);
  });
  it('show an empty string as ""', () => {
    const text = 'apiVersion: audit.plat.io/v1\nkind: Policy\nrules:\n  - level: ""\n';
    expect(messages(text)).toEqual(['schema/enum: `level` must be one of `None`, `Metadata`, `Request`, `RequestResponse`, got `""`']);
  });
  it('never quote a secret, even in a YAML 1.1 warning', () => {
    const text = 'apiVersion: client.authentication.plat.io/v1\nkind: ExecCredential\nspec: {interactive: false}\nstatus:\n  token: yes\n';
    expect(messages(text)).toEqual([
      'schema/type: `token` must be a string, got a boolean',
      'yaml/ambiguous-scalar: this value is read as a boolean by the platform (YAML 1.1) but as a string by YAML 1.2 tools; quote it',
    ]);
  });
});

// Message details that fixtures do not show well: one-line values, empty strings, secrets in every finding.
import { describe, expect, it } from 'vitest';
import { lintText } from '../src/lint/lint.js';

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

describe('secrets in every sensitive field', () => {
  const SECRET_KEY = Buffer.from('x'.repeat(20)).toString('base64'); // valid base64, wrong length for every cipher
  const cases: [string, string, string[]][] = [
    [
      'an encryption key of the wrong length',
      `apiVersion: apiserver.config.plat.io/v1\nkind: EncryptionConfiguration\nresources:\n  - resources: [secrets]\n    providers:\n      - aescbc:\n          keys:\n            - name: k1\n              secret: ${SECRET_KEY}\n`,
      [SECRET_KEY, SECRET_KEY.slice(0, 8)],
    ],
    [
      'an encryption key that is not base64',
      'apiVersion: apiserver.config.plat.io/v1\nkind: EncryptionConfiguration\nresources:\n  - resources: [secrets]\n    providers:\n      - secretbox:\n          keys:\n            - name: k1\n              secret: "not*base64*material"\n',
      ['not*base64*material', 'base64*mat'],
    ],
    [
      'a malformed client key',
      'apiVersion: client.authentication.plat.io/v1\nkind: ExecCredential\nspec: {interactive: false}\nstatus:\n  clientCertificateData: "not a certificate"\n  clientKeyData: "-----BEGIN PRIVATE KEY-----\\nTOPSECRETKEYMATERIAL\\n"\n',
      ['TOPSECRETKEYMATERIAL', 'TOPSECRET'],
    ],
    [
      'a token of the wrong type',
      'apiVersion: client.authentication.plat.io/v1beta1\nkind: ExecCredential\nspec: {interactive: false}\nstatus:\n  token: [sekrit-token-value]\n',
      ['sekrit-token-value'],
    ],
    [
      'an issuer URL with a password',
      'apiVersion: apiserver.config.plat.io/v1\nkind: AuthenticationConfiguration\njwt:\n  - issuer:\n      url: https://admin:hunter2pass@issuer.example.com\n      audiences: [plat]\n    claimMappings:\n      username: {claim: sub, prefix: ""}\n',
      ['hunter2pass'],
    ],
  ];
  for (const [name, text, secrets] of cases) {
    it(name, () => {
      const result = lintText(text);
      expect(result.errorCount, 'the fixture has a finding').toBeGreaterThan(0);
      const shown = JSON.stringify(result.diagnostics);
      for (const s of secrets) expect(shown).not.toContain(s);
    });
  }
});

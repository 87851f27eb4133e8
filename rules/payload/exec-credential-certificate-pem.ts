import { defineRule } from '../../src/define-rule.js';
import { pemBlocks } from '../../src/services/pem.js';
import { obj, str } from '../../src/services/values.js';

export default defineRule({
  id: 'payload/exec-credential-certificate-pem',
  kinds: ['ExecCredential'],
  meta: {
    description: 'The `clientCertificateData` of an ExecCredential status is PEM with at least one CERTIFICATE block.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'The client presents this certificate chain for TLS client authentication; it must be PEM text (`-----BEGIN CERTIFICATE-----` ...), not base64 of it or DER, or the client fails before it reaches the server.',
      remediation: 'Print the client certificate, and any intermediates, as PEM CERTIFICATE blocks, with line breaks written as `\\n` in JSON.',
      spec: '3-config-and-payload-types.md#exec-plugin-credentials (ExecCredentialStatus: clientCertificateData, PEM certificates)',
    },
  },
  check(value, ctx) {
    const data = str(obj(obj(value)?.status)?.clientCertificateData);
    // an empty string is no certificate (client-go compares with ""); one without its key is the schema's error
    if (data === undefined || data === '') return;
    const path = ['status', 'clientCertificateData'];
    const blocks = pemBlocks(data);
    if (blocks === undefined || blocks.length === 0) {
      ctx.report(path, 'clientCertificateData is not PEM; it holds `-----BEGIN CERTIFICATE-----` blocks');
      return;
    }
    const other = blocks.find((b) => b.type !== 'CERTIFICATE');
    if (other) ctx.report(path, `clientCertificateData has a ${other.type} block; it holds only CERTIFICATE blocks`);
  },
});

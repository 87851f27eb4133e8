import { defineRule } from '../../src/define-rule.js';
import { obj, str } from '../../src/services/values.js';
import { pemBlocks } from '../../src/services/pem.js';

const KEY_TYPES = new Set(['PRIVATE KEY', 'RSA PRIVATE KEY', 'EC PRIVATE KEY']);

export default defineRule({
  id: 'payload/exec-credential-key-pem',
  kinds: ['ExecCredential'],
  meta: {
    description: 'The `clientKeyData` of an ExecCredential status is one PEM private key block.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'The client signs its TLS handshake with this key; it must be one unencrypted PEM private key (`PRIVATE KEY`, `RSA PRIVATE KEY` or `EC PRIVATE KEY`), or the client fails before it reaches the server. The key is never shown in messages.',
      remediation: 'Print the private key that matches clientCertificateData as one PEM block, with line breaks written as `\\n` in JSON.',
      spec: '3-config-and-payload-types.md#exec-plugin-credentials (ExecCredentialStatus: clientKeyData, PEM private key)',
    },
  },
  check(value, ctx) {
    const data = str(obj(obj(value)?.status)?.clientKeyData);
    // an empty string is no key (client-go compares with ""); one beside a certificate is the schema's error
    if (data === undefined || data === '') return;
    const path = ['status', 'clientKeyData'];
    const blocks = pemBlocks(data);
    // the messages name block types only: never any part of the key
    if (blocks === undefined || blocks.length === 0) ctx.report(path, 'clientKeyData is not PEM; it holds one `-----BEGIN PRIVATE KEY-----` block');
    else if (blocks.length > 1) ctx.report(path, `clientKeyData has ${blocks.length} PEM blocks; it holds exactly one private key`);
    else if (!KEY_TYPES.has(blocks[0]!.type))
      ctx.report(path, `clientKeyData has a ${blocks[0]!.type} block; it holds a PRIVATE KEY, RSA PRIVATE KEY or EC PRIVATE KEY block`);
  },
});

import { defineRule } from '../../src/define-rule.js';
import { decodeBase64, latin1Text } from '../../src/services/base64.js';
import { obj, str } from '../../src/services/values.js';
import { pemBlocks } from '../../src/services/pem.js';

export default defineRule({
  id: 'payload/exec-credential-ca-pem',
  kinds: ['ExecCredential'],
  meta: {
    description: 'The `certificate-authority-data` of an ExecCredential cluster decodes to PEM CERTIFICATE blocks.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'The field is base64 of the PEM text of the CA certificates that verify the server; base64 of anything else (DER, a key, base64 encoded twice) is no CA a plugin can use to reach the cluster. ' +
        'It is a warning, not an error: `spec.cluster` is written by the client for the plugin (from the client configuration\'s cluster, with `provideClusterInfo`), and the platform never decodes it as PEM. The client reads the plugin\'s answer for its `status` only; the field\'s base64 is still decoded with the rest of the answer, so text that is not base64 at all stays an error (`schema/format`). ' +
        'The platform parses the PEM where it verifies a server itself (the client configuration\'s `certificate-authority-data`, which platlint does not read).',
      remediation: 'Base64-encode the PEM file of the CA certificates once, such as the output of `base64 -w0 ca.crt`, or leave the field empty to use the system roots.',
      spec: '3-config-and-payload-types.md#exec-plugin-credentials (Cluster: certificate-authority-data, PEM CA certificates)',
    },
  },
  check(value, ctx) {
    const data = str(obj(obj(obj(value)?.spec)?.cluster)?.['certificate-authority-data']);
    if (data === undefined || data === '') return;
    const bytes = decodeBase64(data);
    if (bytes === undefined) return; // not base64: the schema reports it
    const blocks = pemBlocks(latin1Text(bytes));
    const path = ['spec', 'cluster', 'certificate-authority-data'];
    if (blocks === undefined || blocks.length === 0) ctx.report(path, 'certificate-authority-data does not decode to PEM; it is base64 of `-----BEGIN CERTIFICATE-----` blocks');
    else {
      const other = blocks.find((b) => b.type !== 'CERTIFICATE');
      if (other) ctx.report(path, `certificate-authority-data decodes to a ${other.type} block; it holds only CERTIFICATE blocks`);
    }
  },
});

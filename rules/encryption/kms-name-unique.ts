import { defineRule } from '../../src/define-rule.js';
import { formatPath } from '../../src/path.js';
import { kmsNameRepeats } from './_kms.js';

export default defineRule({
  id: 'encryption/kms-name-unique',
  kinds: ['EncryptionConfiguration'],
  meta: {
    description: 'A KMS v2 provider does not repeat the name of an earlier KMS provider.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'The name of a KMS provider is stored with the data it encrypts and names its health check; two providers of the same name cannot be told apart. The platform\'s encryption configuration validation refuses a KMS v2 provider whose name an earlier KMS provider (v1 or v2) already has; it refuses a repeated KMS v1 name only when the configuration is reloaded automatically (a command-line setting), so that case is a warning of `encryption/spec-conformance`.',
      remediation: 'Give each KMS provider its own name, even when several entries use the same plugin.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1-apiserverconfigplatiov1 (KMSConfiguration.name)',
    },
  },
  check(value, ctx) {
    for (const { name, path, first, v1 } of kmsNameRepeats(value)) {
      if (v1) continue; // a repeated KMS v1 name: encryption/spec-conformance
      ctx.report(path, `KMS provider name \`${name}\` is already used at ${formatPath(first)}`, {
        related: [{ path: first, message: `first KMS provider named \`${name}\`` }],
      });
    }
  },
});

import { defineRule } from '../../src/define-rule.js';
import { obj, objItems } from '../../src/services/values.js';
import { kmsVersion } from './_kms.js';

export default defineRule({
  id: 'encryption/kms-v1-deprecated',
  kinds: ['EncryptionConfiguration'],
  meta: {
    description: 'A KMS provider with `apiVersion: v1`, or without `apiVersion`, uses the deprecated KMS v1 interface.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'KMS v1 is deprecated: it calls the plugin for every encryption and decryption, and will be removed. KMS v2 caches data keys and supports key rotation and observability. The platform defaults a missing or empty `apiVersion` to `v1`, and when it builds the encryption transformers it refuses a KMS v1 provider unless the `KMSv1` feature gate is enabled (a command-line setting, off by default): a warning, since the file alone does not decide it.',
      remediation: 'Move to a plugin that implements KMS v2 and set `apiVersion: v2` (without `cachesize`).',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1-apiserverconfigplatiov1 (KMSConfiguration.apiVersion)',
    },
  },
  check(value, ctx) {
    for (const [i, entry] of objItems(obj(value)?.resources)) {
      for (const [j, provider] of objItems(entry.providers)) {
        const kms = obj(provider.kms);
        if (kms === undefined || kmsVersion(kms) !== 'v1') continue;
        const unset = kms.apiVersion === undefined || kms.apiVersion === '';
        ctx.report(
          ['resources', i, 'providers', j, 'kms', 'apiVersion'],
          `${unset ? 'apiVersion is not set, so this is KMS v1,' : 'KMS v1 is'} deprecated and loaded only with the \`KMSv1\` feature gate; use \`apiVersion: v2\``,
        );
      }
    }
  },
});

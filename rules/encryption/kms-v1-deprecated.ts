import { defineRule } from '../../src/define-rule.js';
import { obj, objItems } from '../../src/services/values.js';

export default defineRule({
  id: 'encryption/kms-v1-deprecated',
  kinds: ['EncryptionConfiguration'],
  meta: {
    description: 'A KMS provider with `apiVersion: v1` uses the deprecated KMS v1 interface.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'KMS v1 is deprecated: it calls the plugin for every encryption and decryption, and will be removed. KMS v2 caches data keys and supports key rotation and observability.',
      remediation: 'Move to a plugin that implements KMS v2 and set `apiVersion: v2` (without `cachesize`).',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1-apiserverconfigplatiov1 (KMSConfiguration.apiVersion)',
    },
  },
  check(value, ctx) {
    for (const [i, entry] of objItems(obj(value)?.resources)) {
      for (const [j, provider] of objItems(entry.providers)) {
        if (obj(provider.kms)?.apiVersion !== 'v1') continue;
        ctx.report(['resources', i, 'providers', j, 'kms', 'apiVersion'], 'KMS v1 is deprecated; use a KMS v2 plugin with `apiVersion: v2`');
      }
    }
  },
});

import { defineRule } from '../../src/define-rule.js';
import { has, obj, objItems } from '../../src/services/values.js';

export default defineRule({
  id: 'encryption/kms-cachesize-v1-only',
  kinds: ['EncryptionConfiguration'],
  meta: {
    description: 'Only a KMS v1 provider sets `cachesize`.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale: 'KMS v2 caches data keys itself and has no cache size setting; the API server refuses `cachesize` on a v2 provider.',
      remediation: 'Remove `cachesize` from the KMS v2 provider.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1-apiserverconfigplatiov1 (KMSConfiguration.cachesize: only for KMS v1 providers)',
    },
  },
  check(value, ctx) {
    for (const [i, entry] of objItems(obj(value)?.resources)) {
      for (const [j, provider] of objItems(entry.providers)) {
        const kms = obj(provider.kms);
        if (kms?.apiVersion !== 'v2' || !has(kms, 'cachesize')) continue;
        ctx.report(['resources', i, 'providers', j, 'kms', 'cachesize'], '`cachesize` is only for KMS v1 providers; remove it from this v2 provider', {
          target: 'key',
        });
      }
    }
  },
});

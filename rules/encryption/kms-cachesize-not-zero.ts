import { defineRule } from '../../src/define-rule.js';
import { num, obj, objItems } from '../../src/services/values.js';

export default defineRule({
  id: 'encryption/kms-cachesize-not-zero',
  kinds: ['EncryptionConfiguration'],
  meta: {
    description: 'A KMS v1 `cachesize` is not 0: positive to cache, negative to disable the cache.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale: 'A cache of size 0 is meaningless; the API server refuses it and asks for a positive size, or a negative one to turn the cache off.',
      remediation: 'Remove `cachesize` to get the default of 1000, set a positive size, or set `-1` to disable the cache.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1-apiserverconfigplatiov1 (KMSConfiguration.cachesize: default 1000; negative disables)',
    },
  },
  check(value, ctx) {
    for (const [i, entry] of objItems(obj(value)?.resources)) {
      for (const [j, provider] of objItems(entry.providers)) {
        const kms = obj(provider.kms);
        if (kms === undefined || num(kms.cachesize) !== 0) continue;
        const version = kms.apiVersion;
        if (version !== undefined && version !== '' && version !== 'v1') continue; // unset means v1
        ctx.report(['resources', i, 'providers', j, 'kms', 'cachesize'], 'cachesize is 0; use a positive size, or a negative one to disable the cache');
      }
    }
  },
});

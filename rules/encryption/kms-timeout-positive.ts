import { defineRule } from '../../src/define-rule.js';
import { obj, objItems, str } from '../../src/services/values.js';

export default defineRule({
  id: 'encryption/kms-timeout-positive',
  kinds: ['EncryptionConfiguration'],
  meta: {
    description: 'A KMS provider `timeout` is above 0.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale: 'Every call to the KMS plugin would time out at once; the API server refuses a timeout of 0 or below.',
      remediation: 'Set `timeout` to a positive duration, such as `3s` (the default when unset).',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1-apiserverconfigplatiov1 (KMSConfiguration.timeout: default 3 seconds)',
    },
  },
  check(value, ctx) {
    for (const [i, entry] of objItems(obj(value)?.resources)) {
      for (const [j, provider] of objItems(entry.providers)) {
        const timeout = str(obj(provider.kms)?.timeout);
        if (timeout === undefined) continue;
        const ns = ctx.duration(timeout);
        if (ns === undefined || ns > 0) continue; // not a duration: reported by the schema
        ctx.report(['resources', i, 'providers', j, 'kms', 'timeout'], `timeout is ${timeout}; it must be above 0`);
      }
    }
  },
});

import { defineRule } from '../../src/define-rule.js';
import { obj, objItems, str } from '../../src/services/values.js';

export default defineRule({
  id: 'encryption/kms-api-version-valid',
  kinds: ['EncryptionConfiguration'],
  meta: {
    description: 'A KMS provider `apiVersion` is `v1` or `v2`.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale: 'The API server speaks two versions of the KMS plugin interface, `v1` and `v2`; it refuses any other value. Unset means `v1`.',
      remediation: 'Set `apiVersion: v2` (or `v1` for an old plugin).',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1-apiserverconfigplatiov1 (KMSConfiguration.apiVersion)',
    },
  },
  check(value, ctx) {
    for (const [i, entry] of objItems(obj(value)?.resources)) {
      for (const [j, provider] of objItems(entry.providers)) {
        const version = str(obj(provider.kms)?.apiVersion);
        if (version === undefined || version === '' || version === 'v1' || version === 'v2') continue;
        ctx.report(['resources', i, 'providers', j, 'kms', 'apiVersion'], `apiVersion is \`${version}\`; KMS providers support \`v1\` and \`v2\``);
      }
    }
  },
});

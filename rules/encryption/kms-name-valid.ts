import { defineRule } from '../../src/define-rule.js';
import { obj, objItems, str } from '../../src/services/values.js';

export default defineRule({
  id: 'encryption/kms-name-valid',
  kinds: ['EncryptionConfiguration'],
  meta: {
    description: 'A KMS provider has a non-empty `name`, without `:` for KMS v2.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'The KMS provider name identifies the plugin in the data it encrypts and in health checks; the API server refuses an empty name, and a KMS v2 name containing `:`, the separator of the stored prefix.',
      remediation: 'Name the provider with letters, digits and dashes, such as `cloud-kms`.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1-apiserverconfigplatiov1 (KMSConfiguration.name)',
    },
  },
  check(value, ctx) {
    for (const [i, entry] of objItems(obj(value)?.resources)) {
      for (const [j, provider] of objItems(entry.providers)) {
        const kms = obj(provider.kms);
        const name = str(kms?.name);
        if (kms === undefined || name === undefined) continue;
        const path = ['resources', i, 'providers', j, 'kms', 'name'];
        if (name === '') ctx.report(path, 'the KMS provider name is empty; name the provider');
        else if (kms.apiVersion === 'v2' && name.includes(':'))
          ctx.report(path, `KMS provider name \`${name}\` contains \`:\`, which KMS v2 provider names must not`);
      }
    }
  },
});

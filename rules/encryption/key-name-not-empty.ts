import { defineRule } from '../../src/define-rule.js';
import { obj, objItems } from '../../src/services/values.js';

const PROVIDER_TYPES = ['aesgcm', 'aescbc', 'secretbox'] as const;

export default defineRule({
  id: 'encryption/key-name-not-empty',
  kinds: ['EncryptionConfiguration'],
  meta: {
    description: 'Every key of an AES or secretbox provider has a non-empty `name`.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'The key name is stored with every value the key encrypts, so that the right key is found to decrypt it; the API server refuses a key with an empty name.',
      remediation: 'Give the key a name, such as `key-2026-01`.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1-apiserverconfigplatiov1 (Key.name)',
    },
  },
  check(value, ctx) {
    for (const [i, entry] of objItems(obj(value)?.resources)) {
      for (const [j, provider] of objItems(entry.providers)) {
        for (const type of PROVIDER_TYPES) {
          for (const [k, key] of objItems(obj(provider[type])?.keys)) {
            if (key.name === '') ctx.report(['resources', i, 'providers', j, type, 'keys', k, 'name'], 'the key name is empty; name every key');
          }
        }
      }
    }
  },
});

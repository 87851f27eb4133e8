import { defineRule } from '../../src/define-rule.js';
import type { Path } from '../../src/path.js';
import { obj, objItems } from '../../src/services/values.js';

const PROVIDER_TYPES = ['aesgcm', 'aescbc', 'secretbox'] as const;

export default defineRule({
  id: 'encryption/lists-not-empty',
  kinds: ['EncryptionConfiguration'],
  meta: {
    description: 'The `resources` lists, each entry\'s `providers` and each provider\'s `keys` are not empty.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'The API server refuses an encryption configuration with no entry, an entry that names no resource or no provider, or an AES or secretbox provider without a key.',
      remediation: 'Add at least one item to the empty list, or remove the entry or provider that holds it.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1-apiserverconfigplatiov1 (ResourceConfiguration, AESConfiguration, SecretboxConfiguration)',
    },
  },
  check(value, ctx) {
    const doc = obj(value);
    const empty = (v: unknown, path: Path, what: string): void => {
      if (Array.isArray(v) && v.length === 0) ctx.report(path, `${what} is empty; list at least one`);
    };
    empty(doc?.resources, ['resources'], '`resources`');
    for (const [i, entry] of objItems(doc?.resources)) {
      empty(entry.resources, ['resources', i, 'resources'], 'the list of resources to encrypt');
      empty(entry.providers, ['resources', i, 'providers'], 'the list of providers');
      for (const [j, provider] of objItems(entry.providers)) {
        for (const type of PROVIDER_TYPES) {
          const keys = obj(provider[type])?.keys;
          empty(keys, ['resources', i, 'providers', j, type, 'keys'], `the list of ${type} keys`);
        }
      }
    }
  },
});

import { defineRule } from '../../src/define-rule.js';
import { formatPath } from '../../src/path.js';
import { obj, objItems, str } from '../../src/services/values.js';

const PROVIDER_TYPES = ['aesgcm', 'aescbc', 'secretbox'] as const;

export default defineRule({
  id: 'encryption/key-name-unique',
  kinds: ['EncryptionConfiguration'],
  meta: {
    description: 'The keys of one provider have distinct names.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'Encrypted data records the name of its key; with two keys of the same name in one provider, the name no longer tells which key decrypts the data (the platform tries the first key of that name). The platform\'s encryption configuration validation does not check key names for repeats, so the file loads: a warning, not an error.',
      remediation: 'Rename one of the keys; when rotating, give the new key a new name and keep the old one under its old name.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1-apiserverconfigplatiov1 (Key.name: key name used when storing data)',
    },
  },
  check(value, ctx) {
    for (const [i, entry] of objItems(obj(value)?.resources)) {
      for (const [j, provider] of objItems(entry.providers)) {
        for (const type of PROVIDER_TYPES) {
          const seen = new Map<string, number>();
          for (const [k, key] of objItems(obj(provider[type])?.keys)) {
            const name = str(key.name);
            if (name === undefined || name === '') continue;
            const first = seen.get(name);
            if (first === undefined) {
              seen.set(name, k);
              continue;
            }
            const firstPath = ['resources', i, 'providers', j, type, 'keys', first, 'name'];
            ctx.report(['resources', i, 'providers', j, type, 'keys', k, 'name'], `key name \`${name}\` is already used at ${formatPath(firstPath)}`, {
              related: [{ path: firstPath, message: `first key named \`${name}\`` }],
            });
          }
        }
      }
    }
  },
});

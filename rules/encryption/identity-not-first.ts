import { defineRule } from '../../src/define-rule.js';
import { isObj, obj, objItems } from '../../src/services/values.js';

export default defineRule({
  id: 'encryption/identity-not-first',
  kinds: ['EncryptionConfiguration'],
  meta: {
    description: 'An `identity` provider is not first in a list that also has encrypting providers.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'The first provider encrypts every new write; with `identity` first, the resources of the entry are stored unencrypted and the providers after it are only used to read older data. That is right only while deliberately decrypting stored data; an entry with `identity` alone (to exempt resources from a later wildcard) is not reported.',
      remediation: 'Move the encrypting provider (kms, aescbc, aesgcm or secretbox) first and keep `identity: {}` last, to read data written before encryption was turned on.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1-apiserverconfigplatiov1 (IdentityConfiguration: means no encryption)',
    },
  },
  check(value, ctx) {
    for (const [i, entry] of objItems(obj(value)?.resources)) {
      const providers = entry.providers;
      if (!Array.isArray(providers) || providers.length < 2) continue;
      const first: unknown = providers[0];
      if (!isObj(first) || Object.keys(first).length !== 1 || !('identity' in first)) continue;
      ctx.report(
        ['resources', i, 'providers', 0, 'identity'],
        '`identity` is the first provider, so new writes of these resources are stored unencrypted',
        { target: 'key' },
      );
    }
  },
});

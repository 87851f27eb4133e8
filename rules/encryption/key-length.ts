import { defineRule } from '../../src/define-rule.js';
import { obj, objItems, str } from '../../src/services/values.js';

/** Decoded key lengths in bytes per provider type (the spec: AES-CBC 32 only, AES-GCM 16, 24 or 32, secretbox 32). */
const LENGTHS: Record<string, readonly number[]> = { aescbc: [32], aesgcm: [16, 24, 32], secretbox: [32] };

function allowed(lengths: readonly number[]): string {
  if (lengths.length === 1) return `${lengths[0]} bytes`;
  return `${lengths.slice(0, -1).join(', ')} or ${lengths[lengths.length - 1]} bytes`;
}

export default defineRule({
  id: 'encryption/key-length',
  kinds: ['EncryptionConfiguration'],
  meta: {
    description: 'A key decodes to the length its provider needs: AES-CBC 32 bytes, AES-GCM 16, 24 or 32, secretbox 32.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'The cipher of each provider takes keys of fixed sizes; the API server refuses a key of any other decoded length. The key itself is never shown in a message.',
      remediation:
        'Generate a key of the right size and base64-encode it, for example `head -c 32 /dev/urandom | base64` for 32 bytes.',
      spec: '3-config-and-payload-types.md#limits (AES-CBC key length: 32 bytes; AES-GCM 16, 24 or 32; secretbox 32)',
    },
  },
  check(value, ctx) {
    for (const [i, entry] of objItems(obj(value)?.resources)) {
      for (const [j, provider] of objItems(entry.providers)) {
        for (const [type, lengths] of Object.entries(LENGTHS)) {
          for (const [k, key] of objItems(obj(provider[type])?.keys)) {
            const secret = str(key.secret);
            if (secret === undefined) continue;
            const length = ctx.base64Length(secret);
            if (length === undefined || lengths.includes(length)) continue; // not base64: reported by the schema
            const found = length === 0 ? 'the key is empty' : `the key decodes to ${length} bytes`;
            ctx.report(['resources', i, 'providers', j, type, 'keys', k, 'secret'], `${found}; ${type} keys are ${allowed(lengths)}`);
          }
        }
      }
    }
  },
});

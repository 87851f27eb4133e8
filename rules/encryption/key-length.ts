import { defineRule } from '../../src/define-rule.js';
import { obj, objItems, str } from '../../src/services/values.js';

/** Decoded key lengths in bytes per provider type (the spec: AES-CBC 32 only, AES-GCM 16, 24 or 32, secretbox 32). */
// The platform's encryption validation gives AES-CBC the AES key sizes (16, 24 or 32 bytes), as AES-GCM; the spec's
// 32 bytes for AES-CBC is a warning of encryption/spec-conformance.
const LENGTHS: Record<string, readonly number[]> = { aescbc: [16, 24, 32], aesgcm: [16, 24, 32], secretbox: [32] };

function allowed(lengths: readonly number[]): string {
  if (lengths.length === 1) return `${lengths[0]} bytes`;
  return `${lengths.slice(0, -1).join(', ')} or ${lengths[lengths.length - 1]} bytes`;
}

export default defineRule({
  id: 'encryption/key-length',
  kinds: ['EncryptionConfiguration'],
  meta: {
    description: 'A key decodes to a length its provider accepts: AES-CBC and AES-GCM 16, 24 or 32 bytes, secretbox 32.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'The cipher of each provider takes keys of fixed sizes; the platform\'s encryption configuration validation refuses a key of any other decoded length: 16, 24 or 32 bytes for both AES providers, 32 for secretbox. The spec asks 32 bytes of AES-CBC keys; a 16- or 24-byte AES-CBC key loads, so `encryption/spec-conformance` warns about it. The key itself is never shown in a message.',
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

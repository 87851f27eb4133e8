import { defineRule } from '../../src/define-rule.js';
import { formatPath } from '../../src/path.js';
import { parseGoUrl } from '../../src/services/go-url.js';
import { obj, objItems, str } from '../../src/services/values.js';
import { kmsNameRepeats } from './_kms.js';

export default defineRule({
  id: 'encryption/spec-conformance',
  kinds: ['EncryptionConfiguration'],
  meta: {
    description: 'An encryption configuration follows the spec where the platform accepts more: 32-byte AES-CBC keys, a KMS endpoint with a socket path, KMS v1 names not repeated.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'The platform loads all of these, so none is an error: its encryption configuration validation gives AES-CBC the AES key sizes 16, 24 and 32 bytes (the spec: 32); it checks only that a KMS endpoint parses with the `unix` scheme, so `unix://` without a socket path fails only when the plugin is dialled; and it refuses a repeated KMS v1 provider name only when the configuration is reloaded automatically (a command-line setting), while a repeated name makes two providers that cannot be told apart.',
      remediation:
        'Use a 32-byte AES-CBC key (`head -c 32 /dev/urandom | base64`), or better the AES-GCM or KMS v2 provider; write the KMS socket path after `unix://`, such as `unix:///var/run/kms-plugin.sock`; give each KMS provider its own name.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1-apiserverconfigplatiov1 (AESConfiguration.keys: AES-CBC keys 32 bytes; KMSConfiguration.endpoint: unix socket form; KMSConfiguration.name)',
    },
  },
  check(value, ctx) {
    for (const [i, entry] of objItems(obj(value)?.resources)) {
      for (const [j, provider] of objItems(entry.providers)) {
        for (const [k, key] of objItems(obj(provider.aescbc)?.keys)) {
          const secret = str(key.secret);
          const length = secret === undefined ? undefined : ctx.base64Length(secret);
          if (length !== 16 && length !== 24) continue; // 32 is the spec's; any other length: encryption/key-length
          ctx.report(['resources', i, 'providers', j, 'aescbc', 'keys', k, 'secret'], `the key decodes to ${length} bytes; the platform accepts it, but the spec asks 32 bytes of an aescbc key`);
        }
        const endpoint = str(obj(provider.kms)?.endpoint);
        if (endpoint === undefined) continue;
        const parsed = parseGoUrl(endpoint);
        if (parsed.ok && parsed.url.scheme === 'unix' && parsed.url.path === '' && parsed.url.host === '' && parsed.url.opaque === '') {
          ctx.report(['resources', i, 'providers', j, 'kms', 'endpoint'], `endpoint \`${endpoint}\` has no socket path; the platform accepts it but cannot dial the plugin: write it such as \`unix:///var/run/kms-plugin.sock\``);
        }
      }
    }
    for (const { name, path, first, v1 } of kmsNameRepeats(value)) {
      if (!v1) continue; // a repeated name on a KMS v2 provider: encryption/kms-name-unique
      ctx.report(path, `KMS v1 provider name \`${name}\` is already used at ${formatPath(first)}; the platform refuses it only when it reloads the configuration automatically`, {
        related: [{ path: first, message: `first KMS provider named \`${name}\`` }],
      });
    }
  },
});

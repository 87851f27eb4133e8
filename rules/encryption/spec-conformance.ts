import { defineRule } from '../../src/define-rule.js';
import { formatPath } from '../../src/path.js';
import { parseGoUrl } from '../../src/services/go-url.js';
import { items, obj, objItems, str } from '../../src/services/values.js';
import { kmsNameRepeats } from './_kms.js';
import { parseSelector } from './_selectors.js';

export default defineRule({
  id: 'encryption/spec-conformance',
  kinds: ['EncryptionConfiguration'],
  meta: {
    description: 'An encryption configuration follows the spec where the platform accepts more: 32-byte AES-CBC keys, a KMS endpoint with a socket path, KMS v1 names not repeated, resource names that select something, a resource in one entry only.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'The platform loads all of these, so none is an error: its encryption configuration validation gives AES-CBC the AES key sizes 16, 24 and 32 bytes (the spec: 32); it checks only that a KMS endpoint parses with the `unix` scheme, so `unix://` without a socket path fails only when the plugin is dialled; and it refuses a repeated KMS v1 provider name only when the configuration is reloaded automatically (a command-line setting), while a repeated name makes two providers that cannot be told apart. Its validation also accepts an empty resource name and a `*` inside a name (`sec*`, `*.*.apps`), which select no resource, and the same plain resource in two entries (it joins their providers, so the later entry\'s providers only decrypt); an earlier wildcard that masks a later resource is refused (`encryption/no-shadowed-resources`).',
      remediation:
        'Use a 32-byte AES-CBC key (`head -c 32 /dev/urandom | base64`), or better the AES-GCM or KMS v2 provider; write the KMS socket path after `unix://`, such as `unix:///var/run/kms-plugin.sock`; give each KMS provider its own name.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1-apiserverconfigplatiov1 (AESConfiguration.keys: AES-CBC keys 32 bytes; KMSConfiguration.endpoint: unix socket form; KMSConfiguration.name)',
    },
  },
  check(value, ctx) {
    const plain = new Map<string, (string | number)[]>(); // plain resources of earlier entries, by `resource.group`
    for (const [i, entry] of objItems(obj(value)?.resources)) {
      const mine = new Map<string, (string | number)[]>();
      for (const [j, item] of items(entry.resources)) {
        const name = str(item);
        if (name === undefined) continue;
        const path = ['resources', i, 'resources', j];
        if (name === '') {
          ctx.report(path, 'the resource name is empty, so it selects no resource; write `resource` (core group) or `resource.group`');
          continue;
        }
        const dot = name.indexOf('.');
        const [resource, group] = dot < 0 ? [name, ''] : [name.slice(0, dot), name.slice(dot + 1)];
        if ((resource.includes('*') && resource !== '*') || (group.includes('*') && group !== '*')) {
          if (name === name.toLowerCase() && !(group === '*' && resource !== '*')) {
            ctx.report(path, `resource \`${name}\` uses \`*\` inside a name, so it selects no resource; the wildcards are \`*.<group>\`, \`*.\` and \`*.*\``);
          }
          continue;
        }
        const sel = parseSelector(name);
        if (sel === undefined || sel.resource === '*') continue;
        const key = `${sel.resource}.${sel.group}`;
        const first = plain.get(key);
        if (first !== undefined) {
          ctx.report(path, `\`${name}\` is already listed at ${formatPath(first)}, so this entry's providers only decrypt it, never encrypt`, {
            related: [{ path: first, message: 'first listed here; its providers encrypt' }],
          });
        } else if (!mine.has(key)) mine.set(key, path);
      }
      for (const [key, path] of mine) if (!plain.has(key)) plain.set(key, path);
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
          ctx.report(['resources', i, 'providers', j, 'kms', 'endpoint'], `endpoint \`${endpoint}\` has no socket path, so the plugin cannot be dialled; write one such as \`unix:///var/run/kms-plugin.sock\``);
        }
      }
    }
    for (const { name, path, first, v1 } of kmsNameRepeats(value)) {
      if (!v1) continue; // a repeated name on a KMS v2 provider: encryption/kms-name-unique
      ctx.report(path, `KMS v1 provider name \`${name}\` is already used at ${formatPath(first)}; an automatic reload of the configuration refuses it`, {
        related: [{ path: first, message: `first KMS provider named \`${name}\`` }],
      });
    }
  },
});

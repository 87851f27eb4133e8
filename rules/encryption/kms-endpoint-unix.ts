import { defineRule } from '../../src/define-rule.js';
import { parseGoUrl, quotedUrl } from '../../src/services/go-url.js';
import { obj, objItems, str } from '../../src/services/values.js';

export default defineRule({
  id: 'encryption/kms-endpoint-unix',
  kinds: ['EncryptionConfiguration'],
  meta: {
    description: 'A KMS `endpoint` is a `unix://` address the platform\'s URL parser accepts, such as `unix:///var/run/kms-plugin.sock`.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'The API server reaches KMS plugins only over a local unix socket; its encryption configuration validation refuses an empty endpoint, one its URL parser refuses (a bad `%` escape, a control character, a port that is not a number) and any scheme other than `unix`. A `unix://` endpoint without a socket path passes that validation (it fails only when the plugin is dialled): `encryption/spec-conformance` warns about it.',
      remediation: 'Write the socket path after `unix://`, for example `unix:///var/run/kmsplugin/socket.sock`.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1-apiserverconfigplatiov1 (KMSConfiguration.endpoint: unix socket form)',
    },
  },
  check(value, ctx) {
    for (const [i, entry] of objItems(obj(value)?.resources)) {
      for (const [j, provider] of objItems(entry.providers)) {
        const endpoint = str(obj(provider.kms)?.endpoint);
        if (endpoint === undefined) continue;
        const path = ['resources', i, 'providers', j, 'kms', 'endpoint'];
        if (endpoint === '') {
          ctx.report(path, 'the KMS endpoint is empty; use a unix socket such as `unix:///var/run/kms-plugin.sock`');
          continue;
        }
        const parsed = parseGoUrl(endpoint);
        const shown = quotedUrl('endpoint', endpoint);
        if (!parsed.ok) ctx.report(path, `${shown} is not a valid URL: ${parsed.problem}`);
        else if (parsed.url.scheme !== 'unix')
          ctx.report(path, `${shown} is not a unix socket address such as \`unix:///var/run/kms-plugin.sock\``);
      }
    }
  },
});

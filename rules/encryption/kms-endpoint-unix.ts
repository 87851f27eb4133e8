import { defineRule } from '../../src/define-rule.js';
import { obj, objItems, str } from '../../src/services/values.js';

export default defineRule({
  id: 'encryption/kms-endpoint-unix',
  kinds: ['EncryptionConfiguration'],
  meta: {
    description: 'A KMS `endpoint` is a unix socket address with a path, such as `unix:///var/run/kms-plugin.sock`.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale: 'The API server reaches KMS plugins only over a local unix socket; it refuses an empty endpoint or any other scheme.',
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
        if (endpoint === '') ctx.report(path, 'the KMS endpoint is empty; use a unix socket such as `unix:///var/run/kms-plugin.sock`');
        else if (!/^unix:\/\//i.test(endpoint))
          ctx.report(path, `endpoint is \`${endpoint}\`; KMS plugins are reached only over a unix socket such as \`unix:///var/run/kms-plugin.sock\``);
        else if (endpoint.length === 'unix://'.length)
          ctx.report(path, 'endpoint `unix://` has no socket path; write it such as `unix:///var/run/kms-plugin.sock`');
      }
    }
  },
});

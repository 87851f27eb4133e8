import { defineRule } from '../../src/define-rule.js';
import { obj, objItems, str } from '../../src/services/values.js';

export default defineRule({
  id: 'authz/plat-config-file-absolute',
  kinds: ['AuthorizationConfiguration'],
  meta: {
    description: 'A webhook authorizer `connectionInfo.platConfigFile` is an absolute path.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'The API server does not resolve `platConfigFile` against the configuration file or its working directory: it refuses to start when the path is relative.',
      remediation: 'Write the full path of the client config file, starting with `/`, such as `/etc/plat/authz/webhook.platconfig`.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1-apiserverconfigplatiov1 (WebhookConnectionInfo.platConfigFile: path of a client config file)',
    },
  },
  check(value, ctx) {
    for (const [i, authorizer] of objItems(obj(value)?.authorizers)) {
      const info = obj(obj(authorizer.webhook)?.connectionInfo);
      if (str(info?.type) !== 'PlatConfigFile') continue; // another type: authz/plat-config-file-matches-type
      const file = str(info?.platConfigFile);
      if (file === undefined || file === '' || file.startsWith('/')) continue;
      ctx.report(
        ['authorizers', i, 'webhook', 'connectionInfo', 'platConfigFile'],
        `platConfigFile \`${file}\` is a relative path; it must be absolute`,
      );
    }
  },
});

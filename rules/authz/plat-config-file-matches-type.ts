import { defineRule } from '../../src/define-rule.js';
import { has, obj, objItems, str } from '../../src/services/values.js';

/** The fields of a connectionInfo; any other key is reported by the schema (often a misspelt `platConfigFile`). */
const FIELDS = new Set(['type', 'platConfigFile']);

export default defineRule({
  id: 'authz/plat-config-file-matches-type',
  kinds: ['AuthorizationConfiguration'],
  meta: {
    description: '`connectionInfo.platConfigFile` is set exactly when `connectionInfo.type` is `PlatConfigFile`.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'With `type: PlatConfigFile` the API server reaches the webhook through the client config file named in `platConfigFile`, so the path is required; with `type: InClusterConfig` it uses the in-cluster configuration and refuses a `platConfigFile`, which would otherwise be silently ignored.',
      remediation:
        'For `type: PlatConfigFile`, set `platConfigFile` to the absolute path of the client config file; for `type: InClusterConfig`, remove `platConfigFile`.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1-apiserverconfigplatiov1 (WebhookConnectionInfo.platConfigFile: required when type is the config-file type)',
    },
  },
  check(value, ctx) {
    for (const [i, authorizer] of objItems(obj(value)?.authorizers)) {
      const info = obj(obj(authorizer.webhook)?.connectionInfo);
      if (info === undefined) continue;
      const type = str(info.type);
      const base = ['authorizers', i, 'webhook', 'connectionInfo'];
      if (type === 'PlatConfigFile') {
        if (!has(info, 'platConfigFile')) {
          // An unknown field beside it is most likely the path under another name: the schema reports that one.
          if (Object.keys(info).some((k) => !FIELDS.has(k))) continue;
          // the missing field's own path, as the platform reports it (`field.Required`), placed at `connectionInfo`
          ctx.report([...base, 'platConfigFile'], 'type is `PlatConfigFile` but `platConfigFile` is not set; name the client config file to use', { target: 'key' });
        } else if (info.platConfigFile === '') {
          ctx.report([...base, 'platConfigFile'], 'platConfigFile is empty; `type: PlatConfigFile` needs the path of a client config file');
        }
      } else if (type === 'InClusterConfig' && str(info.platConfigFile) !== undefined) {
        ctx.report([...base, 'platConfigFile'], 'platConfigFile is set but type is `InClusterConfig`; it is allowed only when type is `PlatConfigFile`', {
          target: 'key',
        });
      }
    }
  },
});

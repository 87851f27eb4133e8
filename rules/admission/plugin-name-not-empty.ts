import { defineRule } from '../../src/define-rule.js';
import { obj, objItems, str } from '../../src/services/values.js';

export default defineRule({
  id: 'admission/plugin-name-not-empty',
  kinds: ['AdmissionConfiguration'],
  meta: {
    description: 'An admission plugin entry has a non-empty `name`.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'The API server hands an entry to the registered plugin of the same name; an empty (or blank) name matches no plugin, so the configuration is never used.',
      remediation: 'Set `name` to the plugin the entry configures, such as `EventRateLimit` or `ValidatingAdmissionWebhook`, or remove the entry.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1-apiserverconfigplatiov1 (AdmissionPluginConfiguration.name: R; must match a registered plugin)',
    },
  },
  check(value, ctx) {
    for (const [i, plugin] of objItems(obj(value)?.plugins)) {
      const name = str(plugin.name);
      if (name === undefined || name.trim() !== '') continue; // missing or not a string: reported by the schema
      ctx.report(['plugins', i, 'name'], `name is ${name === '' ? 'empty' : 'blank'}; it must be the name of a registered admission plugin`);
    }
  },
});

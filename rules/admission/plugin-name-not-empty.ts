import { defineRule } from '../../src/define-rule.js';
import { obj, objItems, str } from '../../src/services/values.js';

export default defineRule({
  id: 'admission/plugin-name-not-empty',
  kinds: ['AdmissionConfiguration'],
  meta: {
    description: 'An admission plugin entry has a `name` that is not empty.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'The API server hands an entry to the registered plugin of the same name; a missing, empty or blank name matches no plugin, so the configuration is never used. The platform\'s admission configuration reader does not validate the entries (it only looks them up by name), so the file loads: a warning, not an error, although the spec marks `name` R.',
      remediation: 'Set `name` to the plugin the entry configures, such as `EventRateLimit` or `ValidatingAdmissionWebhook`, or remove the entry.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1-apiserverconfigplatiov1 (AdmissionPluginConfiguration.name: R; must match a registered plugin)',
    },
  },
  check(value, ctx) {
    for (const [i, plugin] of objItems(obj(value)?.plugins)) {
      const name = str(plugin.name);
      if (plugin.name !== undefined && (name === undefined || name.trim() !== '')) continue; // not a string: reported by the schema
      const found = name === undefined ? 'not set' : name === '' ? 'empty' : 'blank';
      ctx.report(['plugins', i, 'name'], `name is ${found}; the entry configures no plugin: it must be the name of a registered admission plugin`);
    }
  },
});

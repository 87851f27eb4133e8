import { defineRule } from '../../src/define-rule.js';
import { has, obj, objItems, str } from '../../src/services/values.js';

/** The fields of a plugin entry; any other key is reported by the schema (often a misspelt `path` or `configuration`). */
const FIELDS = new Set(['name', 'path', 'configuration']);

export default defineRule({
  id: 'admission/path-xor-configuration',
  kinds: ['AdmissionConfiguration'],
  meta: {
    description: 'An admission plugin entry sets exactly one of `path` and `configuration`.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'When `configuration` is present the API server uses it and never reads `path`, so a `path` beside it is silently ignored (and may name a file that was meant to apply); an entry with neither gives the plugin no configuration at all, as if the entry were absent.',
      remediation:
        'Keep either the embedded `configuration` or the `path` of the plugin configuration file, not both; remove an entry that has neither.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1-apiserverconfigplatiov1 (AdmissionPluginConfiguration.configuration: used instead of path if present)',
    },
  },
  check(value, ctx) {
    for (const [i, plugin] of objItems(obj(value)?.plugins)) {
      // The platform treats an empty path as unset; a value of the wrong type counts as set (the schema reports it).
      const path = str(plugin.path);
      const hasPath = has(plugin, 'path') && plugin.path !== '';
      const hasConfiguration = has(plugin, 'configuration');
      const name = str(plugin.name);
      const who = name ? `plugin \`${name}\`` : 'this plugin entry';
      if (hasPath && hasConfiguration) {
        if (path === undefined || obj(plugin.configuration) === undefined) continue; // a wrong type: reported by the schema
        ctx.report(['plugins', i, 'path'], `${who} has both \`path\` and \`configuration\`; \`path\` \`${path}\` is ignored`, {
          target: 'key',
          related: [{ path: ['plugins', i, 'configuration'], message: 'the configuration that is used' }],
        });
      } else if (!hasPath && !hasConfiguration && Object.keys(plugin).every((k) => FIELDS.has(k))) {
        // With an unknown field in the entry, that field is most likely the missing one: the schema reports it.
        const at = has(plugin, 'path') ? ['plugins', i, 'path'] : has(plugin, 'name') ? ['plugins', i, 'name'] : ['plugins', i];
        const found = has(plugin, 'path') ? '`path` is empty and `configuration` is not set' : 'has neither `path` nor `configuration`';
        ctx.report(at, `${who}: ${found}; set one of them`, { target: 'key' });
      }
    }
  },
});

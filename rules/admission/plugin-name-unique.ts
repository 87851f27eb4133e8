import { defineRule } from '../../src/define-rule.js';
import { formatPath } from '../../src/path.js';
import { keyedStrings, obj, repeats } from '../../src/services/values.js';

export default defineRule({
  id: 'admission/plugin-name-unique',
  kinds: ['AdmissionConfiguration'],
  meta: {
    description: 'Each admission plugin is configured at most once.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'The API server gives a plugin the first entry with its name and silently ignores any later one, so a second entry for the same plugin never takes effect: two conflicting configurations for one plugin. The platform\'s admission configuration reader does not refuse the repeat (it returns the first match), so the file loads: a warning, not an error.',
      remediation: 'Keep one entry per plugin name: merge the two configurations, or delete the one that should not apply.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1-apiserverconfigplatiov1 (AdmissionPluginConfiguration.name; Errors: conflicting settings make the configuration invalid)',
    },
  },
  check(value, ctx) {
    // missing or empty names: other checks
    for (const { key: name, path, first } of repeats(keyedStrings(obj(value)?.plugins, ['plugins'], (p) => p.name, ['name']))) {
      ctx.report(path, `plugin \`${name}\` is already configured at ${formatPath(first)}; the API server ignores this second entry`, {
        related: [{ path: first, message: `first configuration of \`${name}\`, the one the API server uses` }],
      });
    }
  },
});

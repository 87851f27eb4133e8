import { defineRule } from '../../src/define-rule.js';
import { obj } from '../../src/services/values.js';

export default defineRule({
  id: 'authn/anonymous-conditions-require-enabled',
  kinds: ['AuthenticationConfiguration'],
  meta: {
    description: 'Anonymous `conditions` are set only when `anonymous.enabled` is true.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        '`conditions` limit anonymous access to some paths, which only means something when anonymous access is enabled; with `enabled: false`, or without `enabled` (which the platform decodes as false), the platform\'s authentication configuration validation refuses to start, as the intent is unclear.',
      remediation: 'Set `enabled: true` to allow anonymous requests on the listed paths only, or remove `conditions` to refuse all anonymous requests.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1 (AnonymousAuthConfig: conditions)',
    },
  },
  check(value, ctx) {
    const anonymous = obj(obj(value)?.anonymous);
    const conditions = anonymous?.conditions;
    // A missing `enabled` is false for the platform; another type is reported by the schema.
    if (anonymous === undefined || anonymous.enabled === true || !Array.isArray(conditions) || conditions.length === 0) return;
    if (anonymous.enabled !== undefined && anonymous.enabled !== false) return;
    const n = conditions.length;
    const why = anonymous.enabled === undefined ? '`enabled` is not set' : '`enabled: false`';
    ctx.report(['anonymous', 'conditions'], `${n} condition${n === 1 ? ' is' : 's are'} set while anonymous access is disabled (${why}); conditions require \`enabled: true\``, { target: 'key' });
  },
});

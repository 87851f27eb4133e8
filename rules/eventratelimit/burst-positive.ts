import { defineRule } from '../../src/define-rule.js';
import { num, obj, objItems } from '../../src/services/values.js';

export default defineRule({
  id: 'eventratelimit/burst-positive',
  kinds: ['Configuration'],
  meta: {
    description: 'The `burst` of every event rate limit is above 0.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'A bucket starts with `burst` events of allowance; the EventRateLimit plugin refuses a configuration with a `burst` of 0 or below, which would reject every event.',
      remediation: 'Set `burst` to the number of events accepted at once, such as `50`.',
      spec: '3-config-and-payload-types.md#event-rate-limit (Limit: burst)',
    },
  },
  check(value, ctx) {
    for (const [i, limit] of objItems(obj(value)?.limits)) {
      const n = num(limit.burst);
      if (n !== undefined && n <= 0) ctx.report(['limits', i, 'burst'], `burst is ${n}; it must be above 0`);
    }
  },
});

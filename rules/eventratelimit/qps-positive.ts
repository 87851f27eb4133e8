import { defineRule } from '../../src/define-rule.js';
import { num, obj, objItems } from '../../src/services/values.js';

export default defineRule({
  id: 'eventratelimit/qps-positive',
  kinds: ['Configuration'],
  meta: {
    description: 'The `qps` of every event rate limit is above 0.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'Once a bucket has spent its burst it refills at `qps` events per second; the EventRateLimit plugin refuses a configuration with a `qps` of 0 or below.',
      remediation: 'Set `qps` to the sustained number of events per second to accept, such as `10`.',
      spec: '3-config-and-payload-types.md#event-rate-limit (Limit: qps)',
    },
  },
  check(value, ctx) {
    for (const [i, limit] of objItems(obj(value)?.limits)) {
      const n = num(limit.qps);
      if (n !== undefined && n <= 0) ctx.report(['limits', i, 'qps'], `qps is ${n}; it must be above 0`);
    }
  },
});

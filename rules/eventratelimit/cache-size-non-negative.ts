import { defineRule } from '../../src/define-rule.js';
import { num, obj, objItems, str } from '../../src/services/values.js';

export default defineRule({
  id: 'eventratelimit/cache-size-non-negative',
  kinds: ['Configuration'],
  meta: {
    description: 'The `cacheSize` of an event rate limit is not negative.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'The cache holds one bucket per namespace, user or source and object; 0 selects the default of 4096 buckets, and the EventRateLimit plugin refuses a negative size.',
      remediation: 'Remove `cacheSize` to use the default of 4096, or set a positive number of buckets.',
      spec: '3-config-and-payload-types.md#event-rate-limit (Limit: cacheSize; Limits: event rate limit cache)',
    },
  },
  check(value, ctx) {
    for (const [i, limit] of objItems(obj(value)?.limits)) {
      if (str(limit.type) === 'Server') continue; // ignored there: eventratelimit/server-cache-size-ignored
      const n = num(limit.cacheSize);
      if (n !== undefined && n < 0) ctx.report(['limits', i, 'cacheSize'], `cacheSize is ${n}; it must not be negative (0 or no value selects the default of 4096)`);
    }
  },
});

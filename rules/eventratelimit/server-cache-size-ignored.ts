import { defineRule } from '../../src/define-rule.js';
import { has, obj, objItems, str } from '../../src/services/values.js';

export default defineRule({
  id: 'eventratelimit/server-cache-size-ignored',
  kinds: ['Configuration'],
  meta: {
    description: 'A `Server` event rate limit sets no `cacheSize`, which it ignores.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'A `Server` limit has a single bucket for the whole API server, so it keeps no cache of buckets and ignores `cacheSize`; the field suggests a tuning that has no effect.',
      remediation: 'Remove `cacheSize` from the `Server` limit, or move it to a `Namespace`, `User` or `SourceAndObject` limit.',
      spec: '3-config-and-payload-types.md#event-rate-limit (Limit: cacheSize is ignored for type server)',
    },
  },
  check(value, ctx) {
    for (const [i, limit] of objItems(obj(value)?.limits)) {
      if (str(limit.type) === 'Server' && has(limit, 'cacheSize'))
        ctx.report(['limits', i, 'cacheSize'], 'cacheSize is ignored on a `Server` limit, which has a single bucket', { target: 'key' });
    }
  },
});

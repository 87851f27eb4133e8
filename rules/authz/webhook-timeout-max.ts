import { defineRule } from '../../src/define-rule.js';
import { formatDuration } from '../../src/services/duration.js';
import { obj, objItems, str } from '../../src/services/values.js';

const MAX_NS = 30e9;

export default defineRule({
  id: 'authz/webhook-timeout-max',
  kinds: ['AuthorizationConfiguration'],
  meta: {
    description: 'A webhook authorizer timeout is above 0 and at most 30s.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'The API server waits this long for the webhook on every request it authorizes; it refuses to start with a timeout of 0 or one above 30 seconds.',
      remediation: 'Set `timeout` to a duration above 0 and at most `30s`, such as `3s`.',
      spec: '3-config-and-payload-types.md#limits (webhook authorizer timeout: at most 30s; required)',
    },
  },
  check(value, ctx) {
    for (const [i, authorizer] of objItems(obj(value)?.authorizers)) {
      const timeout = str(obj(authorizer.webhook)?.timeout);
      if (timeout === undefined) continue;
      const ns = ctx.duration(timeout);
      if (ns === undefined) continue; // not a duration: reported by the schema
      const path = ['authorizers', i, 'webhook', 'timeout'];
      if (ns <= 0) ctx.report(path, `timeout is ${timeout}; it must be above 0 and at most 30s`);
      else if (ns > MAX_NS) ctx.report(path, `timeout is ${formatDuration(ns)}; the maximum is 30s`);
    }
  },
});

import { defineRule } from '../../src/define-rule.js';
import { reportIgnoredFields } from '../audit/_ignored-fields.js';
import { obj, objItems } from '../../src/services/values.js';

const CONFIGURATION = ['apiVersion', 'kind', 'limits'];
const LIMIT = ['type', 'qps', 'burst', 'cacheSize'];
const LOADER = 'the EventRateLimit plugin';

export default defineRule({
  id: 'eventratelimit/unknown-field',
  kinds: ['Configuration'],
  meta: {
    description: 'An event rate limit configuration and its limits have no fields the platform does not know.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'The EventRateLimit admission plugin decodes its configuration leniently (plugin/pkg/admission/eventratelimit/config.go uses a non-strict decoder): an unknown field is not refused but ignored, so a misspelt `cachesize` or `QPS` silently leaves the intended setting out (and a missing `qps` or `burst` is then refused as 0).',
      remediation: 'Correct the field name (the message suggests the closest known one), or remove the field.',
      spec: '3-config-and-payload-types.md#event-rate-limit (Configuration, Limit)',
    },
  },
  check(value, ctx) {
    const doc = obj(value);
    if (doc === undefined) return;
    reportIgnoredFields(ctx, doc, [], CONFIGURATION, 'in the configuration', LOADER);
    for (const [i, limit] of objItems(doc.limits)) reportIgnoredFields(ctx, limit, ['limits', i], LIMIT, 'in a limit', LOADER);
  },
});

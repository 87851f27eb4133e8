import { defineRule } from '../../src/define-rule.js';
import { items, obj, str } from '../../src/services/values.js';

const MAX = 120;

export default defineRule({
  id: 'payload/admission-warning-length',
  kinds: ['AdmissionReview'],
  meta: {
    description: 'Each warning of an AdmissionReview response is at most 120 characters long.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'Warnings are shown to the client that made the request; the platform asks webhooks to keep them to 120 characters and may truncate longer ones (above 256 characters, or when there are many).',
      remediation: 'Shorten the warning to 120 characters or fewer, and put details in a document the warning points to.',
      spec: '3-config-and-payload-types.md#limits (admission warnings: about 120 characters each)',
    },
  },
  check(value, ctx) {
    for (const [i, item] of items(obj(obj(value)?.response)?.warnings)) {
      const w = str(item);
      if (w === undefined) continue;
      const length = [...w].length;
      if (length > MAX)
        ctx.report(['response', 'warnings', i], `warning is ${length} characters long; keep it to ${MAX}${length > 256 ? ' (above 256 it may be truncated)' : ''}`);
    }
  },
});

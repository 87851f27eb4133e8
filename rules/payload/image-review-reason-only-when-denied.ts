import { defineRule } from '../../src/define-rule.js';
import { bool, obj, str } from '../../src/services/values.js';

export default defineRule({
  id: 'payload/image-review-reason-only-when-denied',
  kinds: ['ImageReview'],
  meta: {
    description: 'An ImageReview status sets `reason` only when `allowed` is false.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        '`reason` explains why the images were denied and is empty unless `allowed` is false; a reason on an allowed review contradicts the answer. The spec states it, but the platform does not refuse such an answer: the ImagePolicyWebhook plugin uses the reason only for a denial, so it is ignored and the review is a warning.',
      remediation: 'Remove `reason` from an allowed review, or set `allowed: false` if the images are denied.',
      spec: '3-config-and-payload-types.md#image-review (ImageReviewStatus: reason empty unless allowed is false)',
    },
  },
  check(value, ctx) {
    const status = obj(obj(value)?.status);
    const reason = str(status?.reason);
    if (bool(status?.allowed) === true && reason !== undefined && reason !== '')
      ctx.report(['status', 'reason'], 'reason is set while allowed is true; a reason is given only when allowed is false', { target: 'key' });
  },
});

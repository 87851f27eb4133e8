import { defineRule } from '../../src/define-rule.js';
import { bool, obj, str } from '../../src/services/values.js';

export default defineRule({
  id: 'payload/admission-patch-ignored-when-denied',
  kinds: ['AdmissionReview'],
  meta: {
    description: 'An AdmissionReview response that denies the request carries no `patch`, which is ignored then.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale: 'A denied request is rejected before any patch is applied, so a patch in a denying response has no effect and usually means the webhook got `allowed` wrong.',
      remediation: 'Remove `patch` and `patchType` from a denial, or set `allowed: true` if the request should go through with the patch.',
      spec: '3-config-and-payload-types.md#admission-review (AdmissionResponse: allowed, patch)',
    },
  },
  check(value, ctx) {
    const res = obj(obj(value)?.response);
    const patch = str(res?.patch);
    if (bool(res?.allowed) === false && patch !== undefined && patch !== '')
      ctx.report(['response', 'patch'], 'patch is ignored because allowed is false; a denied request is not patched', { target: 'key' });
  },
});

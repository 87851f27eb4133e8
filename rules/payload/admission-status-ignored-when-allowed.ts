import { defineRule } from '../../src/define-rule.js';
import { bool, has, obj } from '../../src/services/values.js';

export default defineRule({
  id: 'payload/admission-status-ignored-when-allowed',
  kinds: ['AdmissionReview'],
  meta: {
    description: 'An AdmissionReview response that allows the request sets no `status`, which is ignored then.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale: '`status` explains a denial; when `allowed` is true the API server ignores it, so a message there never reaches anyone.',
      remediation: 'Remove `status`, or use `warnings` to tell the client something about an allowed request.',
      spec: '3-config-and-payload-types.md#admission-review (AdmissionResponse: status ignored when allowed is true)',
    },
  },
  check(value, ctx) {
    const res = obj(obj(value)?.response);
    if (bool(res?.allowed) === true && has(res, 'status'))
      ctx.report(['response', 'status'], 'status is ignored because allowed is true; it only explains a denial', { target: 'key' });
  },
});

import { defineRule } from '../../src/define-rule.js';
import { has, obj, str } from '../../src/services/values.js';

export default defineRule({
  id: 'payload/admission-patch-type-required',
  kinds: ['AdmissionReview'],
  meta: {
    description: 'An AdmissionReview response with a `patch` sets `patchType: JSONPatch`.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale: 'The API server applies a webhook patch only when the response says what kind of patch it is; a `patch` without `patchType` is rejected.',
      remediation: 'Add `patchType: JSONPatch` next to `patch`, or remove the `patch`.',
      spec: '3-config-and-payload-types.md#admission-review (AdmissionResponse: patch, patchType)',
    },
  },
  check(value, ctx) {
    const res = obj(obj(value)?.response);
    const patch = str(res?.patch);
    if (patch === undefined || patch === '' || has(res, 'patchType')) return;
    ctx.report(['response', 'patch'], 'patch is set without patchType; add `patchType: JSONPatch`', { target: 'key' });
  },
});

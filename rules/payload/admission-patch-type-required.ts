import { defineRule } from '../../src/define-rule.js';
import { has, obj, str } from '../../src/services/values.js';

export default defineRule({
  id: 'payload/admission-patch-type-required',
  kinds: ['AdmissionReview'],
  meta: {
    description: 'An AdmissionReview response sets `patch` and `patchType` together.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'The API server applies a webhook patch only when the response says what kind of patch it is: it rejects a `patch` without `patchType`, and also a `patchType` without a `patch` ("webhook returned response.patchType but not response.patch"; a validating webhook may return neither), so the call fails by the webhook failure policy (apiserver pkg/admission/plugin/webhook/request/admissionreview.go; of `v1` answers only: a `v1beta1` answer is not checked). The finding names the field the platform names: the one that is set.',
      remediation: 'Add `patchType: JSONPatch` next to `patch`, or remove the one that is set alone.',
      spec: '3-config-and-payload-types.md#admission-review (AdmissionResponse: patch, patchType)',
    },
  },
  check(value, ctx) {
    if (ctx.kind.version === 'v1beta1') return; // the API server checks this of v1 answers only
    const res = obj(obj(value)?.response);
    if (res === undefined) return;
    const patch = str(res.patch);
    const hasPatch = patch !== undefined && patch !== '';
    if (hasPatch && !has(res, 'patchType')) ctx.report(['response', 'patch'], 'patch is set without patchType; add `patchType: JSONPatch`', { target: 'key' });
    // an empty patch counts as none, as the API server reads it
    if (!hasPatch && has(res, 'patchType') && (patch !== undefined || !has(res, 'patch')))
      ctx.report(['response', 'patchType'], 'patchType is set without a patch; the API server rejects it: remove patchType, or add the patch', { target: 'key' });
  },
});

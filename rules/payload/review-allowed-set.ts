import { defineRule } from '../../src/define-rule.js';
import { has, obj } from '../../src/services/values.js';

export default defineRule({
  id: 'payload/review-allowed-set',
  kinds: ['AdmissionReview', 'ImageReview'],
  meta: {
    description: 'An AdmissionReview response and an ImageReview status say whether the request is allowed.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'The spec marks `allowed` R. The platform does not refuse an answer without it: it reads the missing boolean as false (apiserver pkg/admission/plugin/webhook/request/admissionreview.go, the ImagePolicyWebhook admission plugin), so the request is denied, usually not what a webhook that forgot the field meant.',
      remediation: 'Write `allowed: true` or `allowed: false` explicitly.',
      spec: '3-config-and-payload-types.md#admission-review (AdmissionResponse: allowed R; ImageReviewStatus: allowed R)',
    },
  },
  check(value, ctx) {
    const doc = obj(value);
    const [section, parent] = ctx.kind.kind === 'ImageReview' ? ['status', obj(doc?.status)] : ['response', obj(doc?.response)];
    if (parent === undefined || has(parent, 'allowed')) return;
    ctx.report([section, 'allowed'], `${section} has no \`allowed\`; the platform reads that as false and denies the request`);
  },
});

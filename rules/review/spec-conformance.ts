import { defineRule } from '../../src/define-rule.js';
import { reportAllowedAndDenied, SPEC_REVIEW } from './_review.js';

export default defineRule({
  id: 'review/spec-conformance',
  kinds: ['LocalSubjectAccessReview', 'SelfSubjectAccessReview'],
  meta: {
    description: 'A Local or SelfSubjectAccessReview status follows the spec where the platform does not read it: never both `allowed` and `denied` true.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'The spec forbids `denied: true` beside `allowed: true`. In a SubjectAccessReview the platform reads the status (a webhook\'s answer) and refuses the pair (review/status-allowed-not-denied, an error); the status of a LocalSubjectAccessReview or SelfSubjectAccessReview is filled in by the server: on create it validates only the spec and the metadata and replaces the status with its own decision. So the pair in such a file is not refused, but it is not an answer the server gives either, and a reader of the file could act on either field.',
      remediation: 'Remove the status (the server fills it in), or write the decision the file stands for: `allowed: true` with `denied: false`, or `allowed: false` with `denied: true`.',
      spec: `${SPEC_REVIEW} (SubjectAccessReviewStatus.denied: if \`allowed\` is true, \`denied\` must not be true)`,
    },
  },
  check(value, ctx) {
    reportAllowedAndDenied(value, ctx, `\`denied\` is true while \`allowed\` is true, which the spec forbids`);
  },
});

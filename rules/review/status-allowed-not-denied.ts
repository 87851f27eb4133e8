import { defineRule } from '../../src/define-rule.js';
import { reportAllowedAndDenied, SPEC_REVIEW } from './_review.js';

export default defineRule({
  id: 'review/status-allowed-not-denied',
  // only the kind whose status the platform reads (a webhook's answer); the status of a Local or
  // SelfSubjectAccessReview is the server's to fill in, and the same pair there is review/spec-conformance
  kinds: ['SubjectAccessReview'],
  meta: {
    description: 'A SubjectAccessReview status does not set both `allowed` and `denied` to true.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'A decision is either allowed, denied, or no opinion (both false); `allowed` true with `denied` true is not permitted, and a client reading such a status could act on either field. The platform refuses such a status where it reads one, in a webhook authorizer\'s answer: its WebhookAuthorizer.Authorize (apiserver plugin/pkg/authorizer/webhook/webhook.go) treats it as an error ("webhook subject access review returned both allow and deny response") and denies the request.',
      remediation: 'Set `allowed: true` and `denied: false` to allow, or `allowed: false` and `denied: true` to deny; an authorizer with no opinion sets both to false.',
      spec: `${SPEC_REVIEW} (SubjectAccessReviewStatus.denied: if \`allowed\` is true, \`denied\` must not be true)`,
    },
  },
  check(value, ctx) {
    reportAllowedAndDenied(value, ctx, '`denied` is true while `allowed` is true; a decision is allowed, denied or no opinion, never both');
  },
});

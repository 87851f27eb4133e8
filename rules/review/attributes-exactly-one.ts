import { defineRule } from '../../src/define-rule.js';
import { obj, str } from '../../src/services/values.js';
import { ACCESS_REVIEW_KINDS, isSet, NOT_VALIDATED, SPEC_REVIEW, specValidated } from './_review.js';

export default defineRule({
  id: 'review/attributes-exactly-one',
  kinds: [...ACCESS_REVIEW_KINDS],
  meta: {
    description: 'An access review sets exactly one of `spec.resourceAttributes` and `spec.nonResourceAttributes`.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'An access review asks about one request, which is either a resource request or a request to a non-resource path; the server refuses a review that sets both or neither.' + NOT_VALIDATED,
      remediation:
        'Keep `resourceAttributes` (verb, group, resource, namespace…) to ask about a resource, or `nonResourceAttributes` (path and verb) to ask about a path such as `/healthz`; send two reviews to ask both.',
      spec: `${SPEC_REVIEW} (SubjectAccessReviewSpec, SelfSubjectAccessReviewSpec: exactly one of the two fields)`,
    },
  },
  check(value, ctx) {
    if (!specValidated(value, ctx.kind)) return;
    const spec = obj(obj(value)?.spec);
    if (spec === undefined) return; // missing or not a mapping: reported by the schema
    const resource = isSet(spec, 'resourceAttributes');
    const nonResource = isSet(spec, 'nonResourceAttributes');
    if (!resource && !nonResource) {
      ctx.report(['spec'], 'spec has neither `resourceAttributes` nor `nonResourceAttributes`; set exactly one to say which request is checked', { target: 'key' });
    } else if (resource && nonResource && str(obj(value)?.kind) !== 'LocalSubjectAccessReview') {
      // a LocalSubjectAccessReview refuses nonResourceAttributes in any case: review/local-no-non-resource-attributes
      ctx.report(['spec', 'nonResourceAttributes'], 'spec has both `resourceAttributes` and `nonResourceAttributes`; set exactly one: a review checks one request', {
        target: 'key',
        related: [{ path: ['spec', 'resourceAttributes'], message: '`resourceAttributes` is set here' }],
      });
    }
  },
});

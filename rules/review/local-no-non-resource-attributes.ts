import { defineRule } from '../../src/define-rule.js';
import { obj } from '../../src/services/values.js';
import { SPEC_REVIEW, isSet } from './_review.js';

export default defineRule({
  id: 'review/local-no-non-resource-attributes',
  kinds: ['LocalSubjectAccessReview'],
  meta: {
    description: 'A LocalSubjectAccessReview has no `spec.nonResourceAttributes`.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'A LocalSubjectAccessReview checks access inside one namespace, and non-resource paths (such as `/healthz`) belong to no namespace; the server refuses `nonResourceAttributes` on this kind.',
      remediation: 'Use `resourceAttributes` to check a namespaced resource, or send a SubjectAccessReview to check a non-resource path.',
      spec: `${SPEC_REVIEW} (LocalSubjectAccessReview: checks access inside one given namespace)`,
    },
  },
  check(value, ctx) {
    if (!isSet(obj(obj(value)?.spec), 'nonResourceAttributes')) return;
    ctx.report(['spec', 'nonResourceAttributes'], 'a LocalSubjectAccessReview checks one namespace, so `nonResourceAttributes` is not allowed', {
      target: 'key',
    });
  },
});

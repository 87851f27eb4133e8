import { defineRule } from '../../src/define-rule.js';
import { obj, str } from '../../src/services/values.js';
import { SPEC_REVIEW } from './_review.js';

export default defineRule({
  id: 'review/local-namespace-match',
  kinds: ['LocalSubjectAccessReview'],
  meta: {
    description: 'A LocalSubjectAccessReview `spec.resourceAttributes.namespace` equals its `metadata.namespace`.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'A LocalSubjectAccessReview is created in a namespace and may only ask about that namespace, so that namespace-level permission to create it cannot reveal access elsewhere; the server refuses a review whose resource namespace differs.',
      remediation: 'Make the two namespaces equal, or leave `spec.resourceAttributes.namespace` empty (it defaults to the namespace of the request); to check another namespace, create the review there.',
      spec: `${SPEC_REVIEW} (LocalSubjectAccessReview: \`spec.namespace\` must be the namespace of the request)`,
    },
  },
  check(value, ctx) {
    const namespace = str(obj(obj(value)?.metadata)?.namespace);
    const resourceNamespace = str(obj(obj(obj(value)?.spec)?.resourceAttributes)?.namespace);
    if (!namespace || !resourceNamespace || namespace === resourceNamespace) return; // empty: defaulted to the request's namespace
    ctx.report(['spec', 'resourceAttributes', 'namespace'], `namespace \`${resourceNamespace}\` differs from metadata.namespace \`${namespace}\`; a LocalSubjectAccessReview only checks its own namespace`, {
      related: [{ path: ['metadata', 'namespace'], message: `the review is created in namespace \`${namespace}\`` }],
    });
  },
});

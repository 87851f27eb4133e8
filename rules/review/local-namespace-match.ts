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
        'A LocalSubjectAccessReview is created in a namespace and may only ask about that namespace, so that namespace-level permission to create it cannot reveal access elsewhere; the server refuses a review whose resource namespace differs. The spec says an empty resource namespace is defaulted; the platform does not default it: its validation compares `spec.resourceAttributes.namespace` with `metadata.namespace` as written, and `metadata.namespace` is always set by then (the request\'s namespace, which a LocalSubjectAccessReview must have), so an empty or missing resource namespace is refused too.',
      remediation: 'Set `spec.resourceAttributes.namespace` to the namespace the review is created in; to check another namespace, create the review there.',
      spec: `${SPEC_REVIEW} (LocalSubjectAccessReview: \`spec.namespace\` must be the namespace of the request)`,
    },
  },
  check(value, ctx) {
    const namespace = str(obj(obj(value)?.metadata)?.namespace);
    const resourceNamespace = str(obj(obj(obj(value)?.spec)?.resourceAttributes)?.namespace);
    const attributes = obj(obj(obj(value)?.spec)?.resourceAttributes);
    if (attributes !== undefined && !resourceNamespace) {
      const raw = attributes.namespace;
      if (raw !== undefined && raw !== null && typeof raw !== 'string') return; // wrong type: the schema reports it
      ctx.report(['spec', 'resourceAttributes', 'namespace'], `\`spec.resourceAttributes.namespace\` is ${raw === undefined || raw === null ? 'missing' : 'empty'}; it must be the review's own namespace${namespace ? ` (\`${namespace}\`)` : ''}`, { target: 'key' });
      return;
    }
    if (!namespace || !resourceNamespace || namespace === resourceNamespace) return; // metadata.namespace left out: set by the client
    ctx.report(['spec', 'resourceAttributes', 'namespace'], `namespace \`${resourceNamespace}\` differs from metadata.namespace \`${namespace}\`; a LocalSubjectAccessReview only checks its own namespace`, {
      related: [{ path: ['metadata', 'namespace'], message: `the review is created in namespace \`${namespace}\`` }],
    });
  },
});

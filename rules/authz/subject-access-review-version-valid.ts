import { defineRule } from '../../src/define-rule.js';
import { obj, objItems, str } from '../../src/services/values.js';

const VERSIONS = new Set(['v1', 'v1beta1']);

export default defineRule({
  id: 'authz/subject-access-review-version-valid',
  kinds: ['AuthorizationConfiguration'],
  meta: {
    description: 'A webhook authorizer `subjectAccessReviewVersion` is `v1` or `v1beta1`.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'The API server sends the webhook a SubjectAccessReview of this version and decodes the answer with it; it knows only `v1` and `v1beta1`, and refuses to start with any other value or an empty one.',
      remediation: 'Set `subjectAccessReviewVersion` to `v1` (or `v1beta1` for a webhook that only understands the older version).',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1-apiserverconfigplatiov1 (WebhookConfiguration.subjectAccessReviewVersion: R)',
    },
  },
  check(value, ctx) {
    for (const [i, authorizer] of objItems(obj(value)?.authorizers)) {
      const version = str(obj(authorizer.webhook)?.subjectAccessReviewVersion);
      if (version === undefined || VERSIONS.has(version)) continue; // missing or not a string: reported by the schema
      const found = version === '' ? 'is empty' : `is \`${version}\``;
      ctx.report(['authorizers', i, 'webhook', 'subjectAccessReviewVersion'], `subjectAccessReviewVersion ${found}; valid values are \`v1\` and \`v1beta1\``);
    }
  },
});

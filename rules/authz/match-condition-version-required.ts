import { defineRule } from '../../src/define-rule.js';
import { obj, objItems, str } from '../../src/services/values.js';

export default defineRule({
  id: 'authz/match-condition-version-required',
  kinds: ['AuthorizationConfiguration'],
  meta: {
    description: 'A webhook authorizer with `matchConditions` sets `matchConditionSubjectAccessReviewVersion`.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'The match conditions are CEL expressions over a SubjectAccessReview of the version named by `matchConditionSubjectAccessReviewVersion`; the platform\'s webhook validation requires that version when `matchConditions` is not empty and refuses to start without it. Without match conditions the version is not needed and the platform accepts it unset (the spec marks it R: `authz/spec-conformance` warns then).',
      remediation: 'Add `matchConditionSubjectAccessReviewVersion: v1` to the webhook (the only valid value).',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1-apiserverconfigplatiov1 (WebhookConfiguration.matchConditionSubjectAccessReviewVersion: version that CEL conditions see; valid v1; no default)',
    },
  },
  check(value, ctx) {
    for (const [i, authorizer] of objItems(obj(value)?.authorizers)) {
      const webhook = obj(authorizer.webhook);
      const conditions = webhook?.matchConditions;
      if (webhook === undefined || !Array.isArray(conditions) || conditions.length === 0) continue;
      const version = webhook.matchConditionSubjectAccessReviewVersion;
      if (version !== undefined && str(version) !== '') continue; // set (another value or type: reported by the schema)
      const n = conditions.length;
      ctx.report(
        ['authorizers', i, 'webhook', 'matchConditionSubjectAccessReviewVersion'],
        `matchConditionSubjectAccessReviewVersion is ${version === undefined ? 'not set' : 'empty'} but the webhook has ${n} match condition${n === 1 ? '' : 's'}; set it to \`v1\``,
      );
    }
  },
});

import { defineRule } from '../../src/define-rule.js';
import { has, obj, objItems, str } from '../../src/services/values.js';

/** Webhook fields the spec marks R that the platform defaults before it validates, with the default. */
const DEFAULTED = [
  ['authorizedTTL', '5m', 'cacheAuthorizedRequests'],
  ['unauthorizedTTL', '30s', 'cacheUnauthorizedRequests'],
] as const;

export default defineRule({
  id: 'authz/spec-conformance',
  kinds: ['AuthorizationConfiguration'],
  meta: {
    description: 'A webhook authorizer sets the fields the spec marks required even where the platform defaults them or needs them only sometimes.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'The spec marks `authorizedTTL`, `unauthorizedTTL` and `matchConditionSubjectAccessReviewVersion` of a webhook authorizer R, but the platform loads the file without them: its defaulting of the webhook configuration (every version) sets a missing TTL to 5m (authorized) or 30s (unauthorized), and its validation needs `matchConditionSubjectAccessReviewVersion` only when there are match conditions (`authz/match-condition-version-required`). A missing field is therefore a warning, not an error: the file loads, with a cache time or review version nobody chose in the file. A TTL whose answers are not cached (`cacheAuthorizedRequests` or `cacheUnauthorizedRequests` false) is not asked for.',
      remediation:
        'Write the values the webhook should get, such as `authorizedTTL: 5m`, `unauthorizedTTL: 30s` and `matchConditionSubjectAccessReviewVersion: v1`; or turn this rule off to follow only what the platform enforces.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1-apiserverconfigplatiov1 (WebhookConfiguration: authorizedTTL, unauthorizedTTL, matchConditionSubjectAccessReviewVersion: R)',
    },
  },
  check(value, ctx) {
    for (const [i, authorizer] of objItems(obj(value)?.authorizers)) {
      const webhook = obj(authorizer.webhook);
      if (webhook === undefined) continue;
      const base = ['authorizers', i, 'webhook'];
      for (const [field, fallback, cache] of DEFAULTED) {
        if (has(webhook, field) || webhook[cache] === false) continue; // answers not cached: the TTL does not matter
        ctx.report([...base, field], `${field} is not set; the platform uses its default, ${fallback}, but the spec asks for an explicit value`);
      }
      const conditions = webhook.matchConditions;
      if (Array.isArray(conditions) && conditions.length > 0) continue; // then required: authz/match-condition-version-required
      const version = webhook.matchConditionSubjectAccessReviewVersion;
      if (version !== undefined && str(version) !== '') continue;
      ctx.report(
        [...base, 'matchConditionSubjectAccessReviewVersion'],
        `matchConditionSubjectAccessReviewVersion is ${version === undefined ? 'not set' : 'empty'}; the spec asks for it (\`v1\`) even without match conditions`,
      );
    }
  },
});

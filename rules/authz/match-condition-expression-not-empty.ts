import { defineRule } from '../../src/define-rule.js';
import { obj, objItems, str } from '../../src/services/values.js';

export default defineRule({
  id: 'authz/match-condition-expression-not-empty',
  kinds: ['AuthorizationConfiguration'],
  meta: {
    description: 'A webhook match condition has a non-empty `expression`.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'A match condition is a CEL expression that must hold for a request to reach the webhook; the API server treats an empty expression as a missing one and refuses to start. (An expression of only blanks is reported by `cel/compiles`.)',
      remediation:
        'Write the condition, such as `has(request.resourceAttributes)`, or remove the entry: an empty `matchConditions` list sends every request to the webhook.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1-apiserverconfigplatiov1 (WebhookMatchCondition.expression: R; CEL yielding bool)',
    },
  },
  check(value, ctx) {
    for (const [i, authorizer] of objItems(obj(value)?.authorizers)) {
      for (const [j, condition] of objItems(obj(authorizer.webhook)?.matchConditions)) {
        if (str(condition.expression) !== '') continue; // missing or not a string: reported by the schema
        ctx.report(
          ['authorizers', i, 'webhook', 'matchConditions', j, 'expression'],
          'expression is empty; a match condition is a CEL expression yielding a bool, such as `has(request.resourceAttributes)`',
        );
      }
    }
  },
});

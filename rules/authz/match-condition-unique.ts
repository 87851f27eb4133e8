import { defineRule } from '../../src/define-rule.js';
import { formatPath } from '../../src/path.js';
import { obj, objItems, str } from '../../src/services/values.js';

export default defineRule({
  id: 'authz/match-condition-unique',
  kinds: ['AuthorizationConfiguration'],
  meta: {
    description: 'The match conditions of one webhook authorizer have no repeated expression.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'All match conditions must hold, so a repeated expression adds nothing; the API server refuses a webhook whose `matchConditions` repeat an expression, usually a sign that one of them was meant to say something else.',
      remediation: 'Remove the repeated condition, or change it to the condition that was meant.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1-apiserverconfigplatiov1 (WebhookConfiguration.matchConditions)',
    },
  },
  check(value, ctx) {
    for (const [i, authorizer] of objItems(obj(value)?.authorizers)) {
      const first = new Map<string, number>();
      for (const [j, condition] of objItems(obj(authorizer.webhook)?.matchConditions)) {
        const expression = str(condition.expression);
        if (expression === undefined || expression.trim() === '') continue; // missing or blank: other checks
        const seen = first.get(expression);
        if (seen === undefined) {
          first.set(expression, j);
          continue;
        }
        const firstPath = ['authorizers', i, 'webhook', 'matchConditions', seen, 'expression'];
        ctx.report(
          ['authorizers', i, 'webhook', 'matchConditions', j, 'expression'],
          `expression \`${expression}\` repeats ${formatPath(firstPath)}`,
          { related: [{ path: firstPath, message: 'first occurrence of the expression' }] },
        );
      }
    }
  },
});

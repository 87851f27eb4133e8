import { defineRule } from '../../src/define-rule.js';
import { obj, objItems } from '../../src/services/values.js';

export default defineRule({
  id: 'authn/expression-not-empty',
  kinds: ['AuthenticationConfiguration'],
  meta: {
    description: 'An extra mapping `valueExpression` and a user validation rule `expression` are not empty.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'These fields are required: an extra mapping gets its values only from `valueExpression`, and a user validation rule is nothing but its `expression`. Written as the empty string they are missing, and the API server refuses to start.',
      remediation:
        'Write the CEL expression (such as `claims.?department.orValue(\'\')` for an extra mapping, `!user.username.startsWith(\'system:\')` for a user validation rule), or remove the entry.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1 (ExtraMapping: valueExpression R; UserValidationRule: expression R)',
    },
  },
  check(value, ctx) {
    // White space only is reported by cel/compiles; an empty string is a missing field.
    for (const [i, jwt] of objItems(obj(value)?.jwt)) {
      for (const [j, extra] of objItems(obj(jwt.claimMappings)?.extra)) {
        if (extra.valueExpression === '') ctx.report(['jwt', i, 'claimMappings', 'extra', j, 'valueExpression'], 'valueExpression is empty; an extra mapping needs a CEL expression giving a string or a list of strings');
      }
      for (const [j, rule] of objItems(jwt.userValidationRules)) {
        if (rule.expression === '') ctx.report(['jwt', i, 'userValidationRules', j, 'expression'], 'expression is empty; a user validation rule needs a CEL expression that returns true for accepted users');
      }
    }
  },
});

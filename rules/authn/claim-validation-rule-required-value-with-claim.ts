import { defineRule } from '../../src/define-rule.js';
import { obj, objItems, str } from '../../src/services/values.js';

const set = (v: unknown) => (str(v) ?? '') !== '';

export default defineRule({
  id: 'authn/claim-validation-rule-required-value-with-claim',
  kinds: ['AuthenticationConfiguration'],
  meta: {
    description: 'A claim validation rule sets `requiredValue` only together with `claim`, not with `expression`.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        '`requiredValue` is the value a required `claim` must have; an expression rule has no claim to compare, so the API server refuses to start when it carries a `requiredValue`.',
      remediation: 'Remove `requiredValue` and write the comparison into the expression, such as `claims.hd == "example.com"`.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1 (ClaimValidationRule: requiredValue exclusive with expression)',
    },
  },
  check(value, ctx) {
    for (const [i, jwt] of objItems(obj(value)?.jwt)) {
      for (const [j, rule] of objItems(jwt.claimValidationRules)) {
        // A rule with both claim and expression is reported by authn/claim-validation-rule-claim-xor-expression.
        if (set(rule.claim) || !set(rule.expression) || !set(rule.requiredValue)) continue;
        ctx.report(['jwt', i, 'claimValidationRules', j, 'requiredValue'], `requiredValue \`${str(rule.requiredValue)}\` is set on an expression rule; it goes only with \`claim\``, { target: 'key' });
      }
    }
  },
});

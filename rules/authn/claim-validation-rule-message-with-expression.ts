import { defineRule } from '../../src/define-rule.js';
import { obj, objItems, str } from '../../src/services/values.js';

const set = (v: unknown) => (str(v) ?? '') !== '';

export default defineRule({
  id: 'authn/claim-validation-rule-message-with-expression',
  kinds: ['AuthenticationConfiguration'],
  meta: {
    description: 'A claim validation rule sets `message` only together with `expression`, not with `claim`.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        '`message` is the error text returned when an expression rule is false; a required-claim rule has its own fixed message, so the API server refuses to start when it carries one.',
      remediation:
        'Remove `message`, or turn the rule into an expression rule (`expression: claims.<claim> == "<value>"`) that keeps the message.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1 (ClaimValidationRule: claim exclusive with message)',
    },
  },
  check(value, ctx) {
    for (const [i, jwt] of objItems(obj(value)?.jwt)) {
      for (const [j, rule] of objItems(jwt.claimValidationRules)) {
        // A rule with both claim and expression is reported by authn/claim-validation-rule-claim-xor-expression.
        if (!set(rule.claim) || set(rule.expression) || !set(rule.message)) continue;
        ctx.report(['jwt', i, 'claimValidationRules', j, 'message'], `message is set on a rule for claim \`${str(rule.claim)}\`; it goes only with \`expression\``, { target: 'key' });
      }
    }
  },
});

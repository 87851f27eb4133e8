import { defineRule } from '../../src/define-rule.js';
import { obj, objItems, str } from '../../src/services/values.js';

const set = (v: unknown) => (str(v) ?? '') !== '';

export default defineRule({
  id: 'authn/claim-validation-rule-claim-xor-expression',
  kinds: ['AuthenticationConfiguration'],
  meta: {
    description: 'A claim validation rule sets exactly one of `claim` and `expression`.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'A claim validation rule is either a required claim (`claim`, optionally `requiredValue`) or a CEL check (`expression`, optionally `message`); with both or neither the API server refuses to start.',
      remediation:
        'Keep `claim` (with `requiredValue`) for a plain required claim, or `expression` (with `message`) for anything else, such as `claims.hd == "example.com"`, and remove the other.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1 (ClaimValidationRule: claim exclusive with expression)',
    },
  },
  check(value, ctx) {
    for (const [i, jwt] of objItems(obj(value)?.jwt)) {
      for (const [j, rule] of objItems(jwt.claimValidationRules)) {
        const claim = set(rule.claim);
        const expression = set(rule.expression);
        const path = ['jwt', i, 'claimValidationRules', j];
        if (claim && expression) ctx.report(path, 'the rule sets both `claim` and `expression`; set only one of them', { target: 'key' });
        else if (!claim && !expression) ctx.report(path, 'the rule sets neither `claim` nor `expression`; set one of them', { target: 'key' });
      }
    }
  },
});

import { defineRule } from '../../src/define-rule.js';
import { formatPath, type Path } from '../../src/path.js';
import { obj, objItems, str } from '../../src/services/values.js';

const set = (v: unknown) => (str(v) ?? '') !== '';

export default defineRule({
  id: 'authn/claim-validation-rule-unique',
  kinds: ['AuthenticationConfiguration'],
  meta: {
    description: 'No claim and no expression is validated twice in the `claimValidationRules` of one authenticator.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'Two rules for the same claim, or two identical expressions, are either redundant or contradictory (two required values for one claim can never both hold); the API server refuses to start with them.',
      remediation: 'Keep one rule per claim and per expression; combine conditions on one claim into a single expression.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1 (ClaimValidationRule)',
    },
  },
  check(value, ctx) {
    for (const [i, jwt] of objItems(obj(value)?.jwt)) {
      const claims = new Map<string, Path>();
      const expressions = new Map<string, Path>();
      for (const [j, rule] of objItems(jwt.claimValidationRules)) {
        const hasClaim = set(rule.claim);
        const hasExpression = set(rule.expression);
        // Only well-formed rules take part (the other cases belong to authn/claim-validation-rule-claim-xor-expression).
        if (hasClaim === hasExpression) continue;
        const field = hasClaim ? 'claim' : 'expression';
        const text = str(rule[field])!;
        const seen = hasClaim ? claims : expressions;
        const path = ['jwt', i, 'claimValidationRules', j, field];
        const first = seen.get(text);
        if (first === undefined) {
          seen.set(text, path);
          continue;
        }
        const what = hasClaim ? `claim \`${text}\` is already validated` : 'the same expression is already used';
        ctx.report(path, `${what} at ${formatPath(first)}`, {
          related: [{ path: first, message: hasClaim ? 'first rule for this claim' : 'first use of this expression' }],
        });
      }
    }
  },
});

import { defineRule } from '../../src/define-rule.js';
import { formatPath, type Path } from '../../src/path.js';
import { obj, objItems, str } from '../../src/services/values.js';

export default defineRule({
  id: 'authn/user-validation-rule-unique',
  kinds: ['AuthenticationConfiguration'],
  meta: {
    description: 'No expression appears twice in the `userValidationRules` of one authenticator.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale: 'A repeated user validation rule adds nothing and usually hides a copy that was meant to be changed; the API server refuses to start with one.',
      remediation: 'Remove the repeated rule, or change it into the check that was meant.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1 (UserValidationRule)',
    },
  },
  check(value, ctx) {
    for (const [i, jwt] of objItems(obj(value)?.jwt)) {
      const seen = new Map<string, Path>();
      for (const [j, rule] of objItems(jwt.userValidationRules)) {
        const expression = str(rule.expression);
        if (expression === undefined || expression === '') continue;
        const path = ['jwt', i, 'userValidationRules', j, 'expression'];
        const first = seen.get(expression);
        if (first === undefined) {
          seen.set(expression, path);
          continue;
        }
        ctx.report(path, `the same expression is already used at ${formatPath(first)}; each user validation expression is used once`, {
          related: [{ path: first, message: 'first use of this expression' }],
        });
      }
    }
  },
});

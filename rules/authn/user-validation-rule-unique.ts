import { defineRule } from '../../src/define-rule.js';
import { formatPath } from '../../src/path.js';
import { keyedStrings, obj, objItems, repeats } from '../../src/services/values.js';

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
      const expressions = keyedStrings(jwt.userValidationRules, ['jwt', i, 'userValidationRules'], (r) => r.expression, ['expression']);
      for (const { path, first } of repeats(expressions)) {
        ctx.report(path, `the same expression is already used at ${formatPath(first)}`, {
          related: [{ path: first, message: 'first use of this expression' }],
        });
      }
    }
  },
});

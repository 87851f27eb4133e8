import { defineRule } from '../../src/define-rule.js';
import { formatPath } from '../../src/path.js';
import { repeats } from '../../src/services/values.js';
import { policyRules, strings } from './_policy-rules.js';

export default defineRule({
  id: 'rbac/verbs-unique',
  kinds: ['ClusterRole', 'Role'],
  meta: {
    description: 'A verb appears once in the `verbs` of a policy rule.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'A repeated verb grants nothing more; the platform accepts it, but it is usually a copy-paste slip that hides the verb that was meant (`get`, `get` where `get`, `list` was intended).',
      remediation: 'Remove the repeated verb, or replace it with the verb that was meant.',
      spec: '1-authorization-and-rbac-api.md#role-based-access-objects (PolicyRule: verbs)',
    },
  },
  check(value, ctx) {
    for (const [path, rule] of policyRules(value)) {
      // empty verbs are reported by rbac/verb-not-empty
      const entries = strings(rule.verbs)
        .filter(([, v]) => v !== '')
        .map(([j, v]): [string, (string | number)[]] => [v, [...path, 'verbs', j]]);
      for (const { key: verb, path: at, first } of repeats(entries)) {
        ctx.report(at, `verb \`${verb}\` is already listed at ${formatPath(first)}; each verb needs to appear only once`, {
          related: [{ path: first, message: `first \`${verb}\`` }],
        });
      }
    }
  },
});

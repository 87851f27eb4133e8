import { defineRule } from '../../src/define-rule.js';
import { policyRules, strings } from './_policy-rules.js';

export default defineRule({
  id: 'rbac/verb-not-empty',
  kinds: ['ClusterRole', 'Role'],
  meta: {
    description: 'A verb of a policy rule is not an empty string.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'An empty verb matches no request: the authorizer compares each verb of the rule with the verb of the request, or takes `*` for every verb. It is usually a template that rendered nothing. A warning, not an error: the API server checks only that `verbs` holds at least one value, not what the values are, and stores the role.',
      remediation: 'Write the verb (`get`, `list`, `watch` …), or remove the empty item.',
      spec: '1-authorization-and-rbac-api.md#role-based-access-objects (PolicyRule: verbs)',
    },
  },
  check(value, ctx) {
    for (const [path, rule] of policyRules(value)) {
      for (const [j, verb] of strings(rule.verbs)) {
        if (verb === '') ctx.report([...path, 'verbs', j], 'verb is an empty string and matches no request; write a verb such as `get`, or `*` for all verbs');
      }
    }
  },
});

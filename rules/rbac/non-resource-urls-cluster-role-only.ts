import { defineRule } from '../../src/define-rule.js';
import { nonEmpty, policyRules } from './_policy-rules.js';

export default defineRule({
  id: 'rbac/non-resource-urls-cluster-role-only',
  kinds: ['Role'],
  meta: {
    description: 'A namespaced Role has no rule with `nonResourceURLs`.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'Non-resource URLs such as `/healthz` belong to no namespace, so they take effect only in a ClusterRole bound by a ClusterRoleBinding; the API server refuses a Role whose rule names them (namespaced rules cannot apply to non-resource URLs).',
      remediation:
        'Move the rule to a ClusterRole and grant it with a ClusterRoleBinding; keep only resource rules in the Role.',
      spec: '1-authorization-and-rbac-api.md#role-based-access-objects (PolicyRule: nonResourceURLs)',
    },
  },
  check(value, ctx) {
    for (const [path, rule] of policyRules(value)) {
      if (nonEmpty(rule.nonResourceURLs))
        ctx.report([...path, 'nonResourceURLs'], '`nonResourceURLs` is set in a Role; non-resource URLs are allowed only in a ClusterRole bound by a ClusterRoleBinding', {
          target: 'key',
        });
    }
  },
});

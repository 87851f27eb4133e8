import { defineRule } from '../../src/define-rule.js';
import { entries, policyRules } from './_policy.js';

export default defineRule({
  id: 'security/no-wildcard-api-groups',
  kinds: ['Role', 'ClusterRole'],
  meta: {
    description: 'Policy rules list their API groups instead of matching every group with `*`.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'With `*` in `apiGroups`, each listed resource name is matched in every API group, including groups of extensions installed later: a rule for `pods` in all groups also grants a custom resource that happens to be called `pods`, and a rule with `*` resources grants the whole API. It is reported apart from `security/no-wildcard-resources`: `*` groups with named resources is the narrower of the two grants, and each is fixed or accepted on its own.',
      remediation:
        'Replace `*` with the groups that hold the resources: `""` for the core group (pods, secrets, configmaps), `apps` for deployments, `batch` for jobs.',
      spec: '1-authorization-and-rbac-api.md#role-based-access-objects (PolicyRule.apiGroups: `*` = all groups)',
    },
  },
  check(value, ctx) {
    for (const [i, rule] of policyRules(value)) {
      for (const [j, group] of entries(rule.apiGroups)) {
        if (group !== '*') continue;
        ctx.report(
          ['rules', i, 'apiGroups', j],
          'API group `*` matches the resources in every group, even groups installed later; list their groups (`""` is the core group)',
        );
      }
    }
  },
});

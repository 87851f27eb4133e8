import { defineRule } from '../../src/define-rule.js';
import { entries, groupMatches, policyRules } from './_policy.js';

export default defineRule({
  id: 'security/no-wildcard-resources',
  kinds: ['Role', 'ClusterRole'],
  meta: {
    description: 'Policy rules list their resources instead of matching every resource with `*`.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'A `*` resource matches every resource of the listed API groups, with all their subresources, and every resource those groups gain later. In the core group that includes `secrets`, `pods/exec`, `serviceaccounts/token` and, for a ClusterRole, `nodes/proxy`: a rule meant to read configuration quietly grants credentials and command execution. Wildcard API groups are reported separately by `security/no-wildcard-api-groups`, because a listed resource in every group (`pods` in `*`) is a narrower grant than every resource of a group, and the two are accepted or fixed independently.',
      remediation:
        'Replace `*` with the resources the subject uses (`configmaps`, `deployments`, `deployments/scale`). Grant access to subresources explicitly; never rely on `*` to reach them.',
      spec: '1-authorization-and-rbac-api.md#role-based-access-objects (PolicyRule.resources: `*` = all)',
    },
  },
  check(value, ctx) {
    for (const [i, rule] of policyRules(value)) {
      for (const [j, resource] of entries(rule.resources)) {
        if (resource !== '*') continue;
        const core = groupMatches(rule, ['']);
        ctx.report(
          ['rules', i, 'resources', j],
          `resource \`*\` matches every resource ${core ? "of the rule's API groups, `secrets` and `pods/exec` included" : "and subresource of the rule's API groups"}; list the resources needed`,
        );
      }
    }
  },
});

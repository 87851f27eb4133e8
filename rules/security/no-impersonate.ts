import { defineRule } from '../../src/define-rule.js';
import { entries, policyRules } from './_policy.js';

export default defineRule({
  id: 'security/no-impersonate',
  kinds: ['Role', 'ClusterRole'],
  meta: {
    description: 'Policy rules do not grant the `impersonate` verb.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'A subject with `impersonate` on `users`, `groups`, `serviceaccounts`, `uids` or `userextras` can send requests as another identity (impersonation headers) and receives every permission of that identity: impersonating the `system:masters` group or an administrator is full control of the cluster. The verb exists only for this purpose, so it is reported on whatever resource it is granted.',
      remediation:
        'Remove `impersonate`. A proxy or console that really acts for its users should impersonate only the identities it serves, listed in `resourceNames`, and carry a suppression comment with the reason.',
      spec: '1-authorization-and-rbac-api.md#role-based-access-objects (PolicyRule.verbs)',
    },
  },
  check(value, ctx) {
    for (const [i, rule] of policyRules(value)) {
      for (const [j, verb] of entries(rule.verbs)) {
        if (verb !== 'impersonate') continue;
        ctx.report(
          ['rules', i, 'verbs', j],
          'verb `impersonate` lets the subject act as any user, group or service account; remove it, or limit it with `resourceNames`',
        );
      }
    }
  },
});

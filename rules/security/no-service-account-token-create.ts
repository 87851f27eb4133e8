import { defineRule } from '../../src/define-rule.js';
import { grantedVerbs, groupMatches, hasResourceNames, namedResources, policyRules, quoteList } from './_policy.js';

export default defineRule({
  id: 'security/no-service-account-token-create',
  kinds: ['Role', 'ClusterRole'],
  meta: {
    description: 'Policy rules do not grant `create` on `serviceaccounts/token`, which mints service account tokens.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'A `create` on the `serviceaccounts/token` subresource (the token request API) issues a fresh bearer token for a service account: the caller can then act with every permission of that service account, for as long as the token lives, from anywhere. Without `resourceNames` it covers every service account of the namespace, including those of controllers with powerful roles; it is the same escalation as reading their token secrets, without touching a secret. `*` in `resources` is reported by `security/no-wildcard-resources`.',
      remediation:
        'Remove the grant; a pod receives its own token through its projected service account volume without any role. A component that must request tokens for other service accounts should name them in `resourceNames` and carry a suppression comment with the reason.',
      spec: '1-authorization-and-rbac-api.md#role-based-access-objects (PolicyRule.resources and verbs)',
    },
  },
  check(value, ctx) {
    const scope = ctx.kind.kind === 'ClusterRole' ? 'where the role is bound' : 'of its namespace';
    for (const [i, rule] of policyRules(value)) {
      if (!groupMatches(rule, [''])) continue;
      const verbs = grantedVerbs(rule, ['create']);
      if (verbs.length === 0) continue;
      const whose = hasResourceNames(rule) ? 'the service accounts named in `resourceNames`' : `every service account ${scope}`;
      for (const [j, resource] of namedResources(rule, ['serviceaccounts/token'])) {
        const name = resource === 'serviceaccounts/token' ? '`serviceaccounts/token`' : `\`${resource}\` (which includes \`serviceaccounts/token\`)`;
        ctx.report(
          ['rules', i, 'resources', j],
          `${name} with ${verbs.length === 1 ? 'verb' : 'verbs'} ${quoteList(verbs)} mints tokens for ${whose}; remove it`,
        );
      }
    }
  },
});

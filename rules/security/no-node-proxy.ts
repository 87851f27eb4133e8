import { defineRule } from '../../src/define-rule.js';
import { entries, groupMatches, namedResources, policyRules } from './_policy.js';

export default defineRule({
  id: 'security/no-node-proxy',
  kinds: ['ClusterRole'],
  meta: {
    description: 'ClusterRoles do not grant access to `nodes/proxy`, the node agent API.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'The node agent authorizes its own API against the platform: `/stats`, `/metrics`, `/logs` and `/spec` map to `nodes/stats`, `nodes/metrics`, `nodes/log` and `nodes/spec`, and every other path (`/exec`, `/run`, `/attach`, `/portforward`, `/containerLogs`, `/pods`) to the `nodes/proxy` subresource, with the verb taken from the HTTP method. Any verb is enough to do harm: `create` runs commands in every container of the node, and `get` reads pod specs and logs and opens exec sessions over WebSocket, whose handshake is a GET. These calls go to the node directly, so API server admission and audit never see them. Only a ClusterRole can grant it (nodes are cluster-scoped); `*` in `resources` is reported by `security/no-wildcard-resources`.',
      remediation:
        'Remove `nodes/proxy`. Metrics collectors should read `nodes/metrics` or `nodes/stats` instead, which expose the same data without command execution.',
      spec: '1-authorization-and-rbac-api.md#role-based-access-objects (PolicyRule.resources; ClusterRole)',
    },
  },
  check(value, ctx) {
    for (const [i, rule] of policyRules(value)) {
      const verbs = entries(rule.verbs);
      if (verbs.length === 0 || !groupMatches(rule, [''])) continue;
      for (const [j, resource] of namedResources(rule, ['nodes/proxy'])) {
        ctx.report(
          ['rules', i, 'resources', j],
          `${resource === 'nodes/proxy' ? '`nodes/proxy`' : `\`${resource}\` (which includes \`nodes/proxy\`)`} opens the node agent API of every node, unaudited: commands in any container; remove it`,
        );
      }
    }
  },
});

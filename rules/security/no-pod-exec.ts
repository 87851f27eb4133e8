import { defineRule } from '../../src/define-rule.js';
import { grantedVerbs, groupMatches, namedResources, policyRules, quoteList } from './_policy.js';

const ACTION = new Map([
  ['pods/exec', 'runs commands in the containers of the pods'],
  ['pods/attach', 'attaches to the running processes of the pods'],
]);

export default defineRule({
  id: 'security/no-pod-exec',
  kinds: ['Role', 'ClusterRole'],
  meta: {
    description: 'Policy rules do not grant command execution in pods through `pods/exec` or `pods/attach`.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'Exec and attach give a shell (or the process input) inside a running container: the caller can read every file the container sees, including its mounted secrets and service account token, and act with that identity. An exec over SPDY is a POST and is authorized as `create`; an exec over WebSocket starts with a GET and was for a long time authorized with `get` alone, so a "read-only" role with `get` on `pods/exec` could run commands. Recent API servers also require `create` for the WebSocket upgrade (feature gate `AuthorizePodWebsocketUpgradeCreatePermission`, on by default), but a server with the gate off, or an older one, does not: `get` is reported too. `*` in `resources` is reported by `security/no-wildcard-resources`.',
      remediation:
        'Remove `pods/exec` and `pods/attach` from roles of workloads and of read-only users. Give interactive access only to the people who debug the namespace, through a separate role bound to them, and prefer ephemeral debug containers or logs for diagnosis.',
      spec: '1-authorization-and-rbac-api.md#role-based-access-objects (PolicyRule.resources and verbs)',
    },
  },
  check(value, ctx) {
    for (const [i, rule] of policyRules(value)) {
      if (!groupMatches(rule, [''])) continue;
      const run = grantedVerbs(rule, ['create']);
      const verbs = run.length > 0 ? run : grantedVerbs(rule, ['get']);
      if (verbs.length === 0) continue;
      const how =
        run.length > 0
          ? `with ${run.length === 1 ? 'verb' : 'verbs'} ${quoteList(run)}`
          : 'with verb `get`';
      const note = run.length > 0 ? '' : ' (over WebSocket)';
      for (const [j, resource, sub] of namedResources(rule, ['pods/exec', 'pods/attach'])) {
        const name = resource === sub ? `\`${sub}\`` : `\`${resource}\` (which includes \`${sub}\`)`;
        ctx.report(['rules', i, 'resources', j], `${name} ${how} ${ACTION.get(sub) ?? ''}${note}; remove it from this role`);
      }
    }
  },
});

import { defineRule } from '../../src/define-rule.js';
import { grantedVerbs, groupMatches, hasResourceNames, namedResources, policyRules, quoteList } from './_policy.js';

const READ = ['get', 'list', 'watch'];

export default defineRule({
  id: 'security/no-secret-read',
  kinds: ['Role', 'ClusterRole'],
  meta: {
    description: 'Policy rules do not grant read access to every secret of the core group.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'Secrets hold service account tokens, registry credentials, TLS keys and passwords. `get` reads one secret by name, but `list` and `watch` return the full contents of every secret, not only their names; a subject that can read all secrets of a namespace can take over every service account there. In a ClusterRole bound by a ClusterRoleBinding the grant covers every namespace. A rule limited by `resourceNames` reads only the named secrets and is not reported; `*` in `resources` is reported by `security/no-wildcard-resources`.',
      remediation:
        'Drop the read verbs on `secrets`, or grant `get` on the secrets the workload needs by name with `resourceNames`. Prefer mounting a secret into the pod over reading it through the API.',
      spec: '1-authorization-and-rbac-api.md#role-based-access-objects (PolicyRule: apiGroups `""` = core group, resourceNames)',
    },
  },
  check(value, ctx) {
    const scope = ctx.kind.kind === 'ClusterRole' ? 'where the role is bound' : 'of its namespace';
    for (const [i, rule] of policyRules(value)) {
      if (!groupMatches(rule, ['']) || hasResourceNames(rule)) continue;
      const verbs = grantedVerbs(rule, READ);
      if (verbs.length === 0) continue;
      for (const [j] of namedResources(rule, ['secrets'])) {
        ctx.report(
          ['rules', i, 'resources', j],
          `${verbs.length === 1 ? 'verb' : 'verbs'} ${quoteList(verbs)} on \`secrets\` ${verbs.length === 1 ? 'reads' : 'read'} every secret ${scope}; drop ${verbs.length === 1 ? 'it' : 'them'} or use \`resourceNames\``,
        );
      }
    }
  },
});

import { defineRule } from '../../src/define-rule.js';
import { obj } from '../../src/services/values.js';

export default defineRule({
  id: 'rbac/cluster-role-binding-references-cluster-role',
  kinds: ['ClusterRoleBinding'],
  meta: {
    description: 'The `roleRef` of a ClusterRoleBinding references a ClusterRole, never a Role.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'A ClusterRoleBinding grants permissions in every namespace and may only reference a ClusterRole in the global namespace; a Role lives in one namespace, and the API server refuses a ClusterRoleBinding that references one.',
      remediation:
        'Reference a ClusterRole (`kind: ClusterRole`) holding the same rules, or grant the Role in its namespace with a RoleBinding instead.',
      spec: '1-authorization-and-rbac-api.md#role-based-access-objects (ClusterRoleBinding: roleRef)',
    },
  },
  check(value, ctx) {
    // other kinds than Role and ClusterRole are reported by the schema
    if (obj(obj(value)?.roleRef)?.kind !== 'Role') return;
    ctx.report(['roleRef', 'kind'], 'a ClusterRoleBinding references a `Role`; it may only reference a `ClusterRole`');
  },
});

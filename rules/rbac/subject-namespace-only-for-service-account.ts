import { defineRule } from '../../src/define-rule.js';
import { str } from '../../src/services/values.js';
import { subjects } from './_policy-rules.js';

export default defineRule({
  id: 'rbac/subject-namespace-only-for-service-account',
  kinds: ['ClusterRoleBinding', 'RoleBinding'],
  meta: {
    description: 'A User or Group subject has no `namespace`.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'Users and groups are not namespaced: a user named `jane` is the same user in every namespace. A namespace on such a subject suggests a scope that does not exist. A warning, not an error: the spec says the authorizer should report an error, but the platform does not enforce it: the API server\'s subject validation checks `namespace` only for a ServiceAccount, and the authorizer matches a User or Group subject by name alone, ignoring the namespace.',
      remediation:
        'Remove `namespace` from the User or Group subject; to limit the grant to one namespace, use a RoleBinding in that namespace.',
      spec: '1-authorization-and-rbac-api.md#role-based-access-objects (Subject: namespace)',
    },
  },
  check(value, ctx) {
    for (const [path, subject] of subjects(value)) {
      const kind = subject.kind;
      const namespace = str(subject.namespace);
      if ((kind === 'User' || kind === 'Group') && namespace !== undefined && namespace !== '')
        ctx.report([...path, 'namespace'], `a ${kind} subject has namespace \`${namespace}\`; ${kind === 'User' ? 'users' : 'groups'} are not namespaced: remove it`);
    }
  },
});

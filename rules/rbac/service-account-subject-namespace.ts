import { defineRule } from '../../src/define-rule.js';
import { has, str } from '../../src/services/values.js';
import { subjects } from './_policy-rules.js';

export default defineRule({
  id: 'rbac/service-account-subject-namespace',
  kinds: ['ClusterRoleBinding'],
  meta: {
    description: 'A ServiceAccount subject of a ClusterRoleBinding names its namespace.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'A service account is identified by its namespace and name. A ClusterRoleBinding belongs to no namespace, so there is nothing to default the namespace from, and the API server refuses a ServiceAccount subject without one. (In a RoleBinding an empty namespace is not reported: the authorizer reads it as the binding\'s own namespace.)',
      remediation: 'Add the namespace of the service account to the subject, for example `namespace: monitoring`.',
      spec: '1-authorization-and-rbac-api.md#role-based-access-objects (Subject: namespace; ClusterRoleBinding)',
    },
  },
  check(value, ctx) {
    for (const [path, subject] of subjects(value)) {
      if (subject.kind !== 'ServiceAccount') continue;
      if (has(subject, 'namespace') && str(subject.namespace) === undefined) continue; // wrong type: the schema reports it
      if (str(subject.namespace)) continue;
      const name = str(subject.name);
      ctx.report(
        [...path, 'namespace'],
        `ServiceAccount subject${name ? ` \`${name}\`` : ''} has no namespace, which a ClusterRoleBinding needs`,
        { target: 'key' },
      );
    }
  },
});

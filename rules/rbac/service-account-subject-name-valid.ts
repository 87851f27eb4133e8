import { defineRule } from '../../src/define-rule.js';
import { subdomainProblem } from '../../src/services/names.js';
import { str } from '../../src/services/values.js';
import { subjects } from './_policy-rules.js';

export default defineRule({
  id: 'rbac/service-account-subject-name-valid',
  kinds: ['ClusterRoleBinding', 'RoleBinding'],
  meta: {
    description: 'A ServiceAccount subject names a service account by a valid object name (a DNS subdomain).',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'A service account is an object whose name is a lower-case DNS subdomain; a ServiceAccount subject with another name (an upper-case letter, a `:` copied from `system:serviceaccount:ns:name`) can never match one, and the API server refuses the binding.',
      remediation:
        'Write the service account\'s own name (`ci-deployer`) in `name` and its namespace in `namespace`; to bind every service account of a namespace use a Group subject `system:serviceaccounts:<namespace>`.',
      spec: '1-authorization-and-rbac-api.md#role-based-access-objects (Subject: kind ServiceAccount, name)',
    },
  },
  check(value, ctx) {
    for (const [path, subject] of subjects(value)) {
      if (subject.kind !== 'ServiceAccount') continue;
      const name = str(subject.name);
      if (name === undefined || name === '') continue; // the schema reports a missing or empty name
      const parts = name.startsWith('system:serviceaccount:') ? name.slice('system:serviceaccount:'.length).split(':') : undefined;
      const problem =
        parts === undefined
          ? subdomainProblem('service account name', name)
          : parts.length === 2
            ? `\`${name}\` is a user name; write \`name: ${parts[1]}\` and \`namespace: ${parts[0]}\``
            : `\`${name}\` is a user name; a ServiceAccount subject names the account and its namespace separately`;
      if (problem !== undefined) ctx.report([...path, 'name'], problem);
    }
  },
});

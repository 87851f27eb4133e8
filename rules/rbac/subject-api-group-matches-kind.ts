import { defineRule } from '../../src/define-rule.js';
import { str } from '../../src/services/values.js';
import { RBAC_GROUP, subjects } from './_policy-rules.js';

export default defineRule({
  id: 'rbac/subject-api-group-matches-kind',
  kinds: ['ClusterRoleBinding', 'RoleBinding'],
  meta: {
    description: 'A subject\'s `apiGroup` is `rbac.authorization.plat.io` for a User or Group and empty for a ServiceAccount.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'The API group tells the authorizer which kind of subject the binding names: users and groups belong to `rbac.authorization.plat.io`, service accounts to the core group. The API server refuses a binding whose subject carries another group. Left empty, the group is defaulted from the kind.',
      remediation:
        'Remove `apiGroup` from the subject (it is defaulted from `kind`), or set it to `rbac.authorization.plat.io` for a User or Group and to `""` for a ServiceAccount.',
      spec: '1-authorization-and-rbac-api.md#role-based-access-objects (Subject: apiGroup)',
    },
  },
  check(value, ctx) {
    for (const [path, subject] of subjects(value)) {
      const group = str(subject.apiGroup);
      if (group === undefined || group === '') continue; // defaulted from the kind
      const kind = subject.kind;
      if ((kind === 'User' || kind === 'Group') && group !== RBAC_GROUP)
        ctx.report([...path, 'apiGroup'], `\`apiGroup\` of a ${kind} subject is \`${group}\`; it must be \`${RBAC_GROUP}\` (or left out)`);
      else if (kind === 'ServiceAccount')
        ctx.report([...path, 'apiGroup'], `\`apiGroup\` of a ServiceAccount subject is \`${group}\`; it must be empty or left out`);
    }
  },
});

import { defineRule } from '../../src/define-rule.js';
import { ADMIN_ROLES, broadAudience } from '../../src/services/rbac.js';
import { obj, objItems, str } from '../../src/services/values.js';

export default defineRule({
  id: 'security/no-admin-binding-to-broad-groups',
  kinds: ['RoleBinding', 'ClusterRoleBinding'],
  meta: {
    description: 'Bindings do not give `cluster-admin`, `admin` or `edit` to anonymous users, all authenticated users or all service accounts.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'The groups `system:unauthenticated`, `system:authenticated`, `system:serviceaccounts` and `system:serviceaccounts:<namespace>`, and the user `system:anonymous`, are assigned by the API server, not by an administrator: binding a role to them grants it to everyone who can reach the API, to any account of the identity provider, or to every pod (each pod carries a service account token). `cluster-admin` is full control of the cluster; `admin` and `edit` include reading every secret of the namespace and running pods as any of its service accounts, so they give every credential of the namespace. `view` is not reported: it reads no secrets and runs nothing. Only references to these ClusterRoles are checked (a namespaced Role named `admin` is a different role).',
      remediation:
        'Bind the role to named users, groups of the identity provider, or the one service account that needs it. If every user really needs access, create a narrow role with the verbs and resources they use and bind that instead.',
      spec: '1-authorization-and-rbac-api.md#role-based-access-objects (RoleRef, Subject)',
    },
  },
  check(value, ctx) {
    const doc = obj(value);
    const ref = obj(doc?.roleRef);
    const role = str(ref?.name);
    if (str(ref?.kind) !== 'ClusterRole' || role === undefined || !ADMIN_ROLES.has(role)) return;
    for (const [i, subject] of objItems(doc?.subjects)) {
      const name = str(subject.name);
      const who = name === undefined ? undefined : broadAudience(subject.kind, name);
      if (who === undefined) continue;
      const kind = subject.kind === 'User' ? 'user' : 'group';
      ctx.report(['subjects', i, 'name'], `${kind} \`${name}\` (${who}) is bound to ClusterRole \`${role}\`; bind it only to named subjects`, {
        related: [{ path: ['roleRef', 'name'], message: `ClusterRole \`${role}\`` }],
      });
    }
  },
});

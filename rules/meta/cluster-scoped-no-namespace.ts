import { defineRule } from '../../src/define-rule.js';
import { obj, str } from '../../src/services/values.js';

export default defineRule({
  id: 'meta/cluster-scoped-no-namespace',
  kinds: ['ClusterRole', 'ClusterRoleBinding'],
  meta: {
    description: 'A cluster-scoped ClusterRole or ClusterRoleBinding has no `metadata.namespace`.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'ClusterRoles and ClusterRoleBindings are cluster-scoped: the server ignores a namespace on them, so a manifest that sets one suggests the object is effective only in that namespace when it applies to the whole cluster.',
      remediation: 'Remove `metadata.namespace`; to grant access in one namespace only, use a Role or a RoleBinding there.',
      spec: '1-authorization-and-rbac-api.md#role-based-access-operations (cluster-scoped plural names)',
    },
  },
  check(value, ctx) {
    const namespace = str(obj(obj(value)?.metadata)?.namespace);
    if (namespace === undefined || namespace === '') return;
    const kind = str(obj(value)?.kind) ?? ctx.kind.kind;
    ctx.report(['metadata', 'namespace'], `a ${kind} is cluster-scoped, so namespace \`${namespace}\` is ignored; remove it`, {
      target: 'key',
    });
  },
});

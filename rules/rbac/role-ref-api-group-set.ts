import { defineRule } from '../../src/define-rule.js';
import { has, obj, str } from '../../src/services/values.js';
import { RBAC_GROUP } from './_policy-rules.js';

export default defineRule({
  id: 'rbac/role-ref-api-group-set',
  kinds: ['ClusterRoleBinding', 'RoleBinding'],
  meta: {
    description: 'A binding\'s `roleRef` names its `apiGroup`, `rbac.authorization.plat.io`.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'The spec marks `roleRef.apiGroup` required. The platform does not enforce it: the defaults of rbac.authorization.plat.io/v1 set a missing or empty `roleRef.apiGroup` of a RoleBinding or ClusterRoleBinding to `rbac.authorization.plat.io` before the API server validates the binding, so the binding is stored as if it had been written. A warning, not an error; another group is an error (`schema/enum`), as the API server accepts only `rbac.authorization.plat.io`.',
      remediation: 'Add `apiGroup: rbac.authorization.plat.io` to the `roleRef`.',
      spec: '1-authorization-and-rbac-api.md#role-based-access-objects (RoleRef: apiGroup)',
    },
  },
  check(value, ctx) {
    const ref = obj(obj(value)?.roleRef);
    if (ref === undefined) return;
    if (has(ref, 'apiGroup') && str(ref.apiGroup) === undefined) return; // wrong type: the schema reports it
    if (str(ref.apiGroup)) return;
    const what = has(ref, 'apiGroup') ? '`roleRef.apiGroup` is empty' : '`roleRef` has no `apiGroup`';
    ctx.report(['roleRef', 'apiGroup'], `${what}; the platform sets \`${RBAC_GROUP}\`, which the spec asks to write`, { target: 'key' });
  },
});

import { defineRule } from '../../src/define-rule.js';
import { obj } from '../../src/services/values.js';
import { nonEmpty } from './_policy-rules.js';

export default defineRule({
  id: 'rbac/aggregated-cluster-role-no-rules',
  kinds: ['ClusterRole'],
  meta: {
    description: 'A ClusterRole with an `aggregationRule` has no `rules` of its own.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'When `aggregationRule` is set, the cluster role aggregation controller writes `rules` from the ClusterRoles the selectors match and overwrites whatever the manifest says, so the permissions the hand-written rules seem to grant are not the ones in force. A warning, not an error: the API server stores a ClusterRole with both (its validation checks the selectors, not whether `rules` is empty), and the platform\'s own aggregated roles are applied that way.',
      remediation:
        'Remove `rules` (or leave it empty) and put the permissions in a separate ClusterRole carrying a label that one of the `clusterRoleSelectors` matches; or remove `aggregationRule` to manage the rules by hand.',
      spec: '1-authorization-and-rbac-api.md#role-based-access-objects (ClusterRole: aggregationRule)',
    },
  },
  check(value, ctx) {
    const role = obj(value);
    if (obj(role?.aggregationRule) === undefined || !nonEmpty(role?.rules)) return;
    ctx.report(['rules'], '`rules` is set while `aggregationRule` is set; a controller overwrites the rules of an aggregated ClusterRole', {
      target: 'key',
      related: [{ path: ['aggregationRule'], message: '`aggregationRule` is set here' }],
    });
  },
});

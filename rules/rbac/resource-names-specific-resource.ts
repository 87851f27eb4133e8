import { defineRule } from '../../src/define-rule.js';
import { nonEmpty, policyRules, strings } from './_policy-rules.js';

export default defineRule({
  id: 'rbac/resource-names-specific-resource',
  kinds: ['ClusterRole', 'Role'],
  meta: {
    description: 'A policy rule with `resourceNames` lists specific resources, not the wildcard `*`.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'Object names are unique only within one resource: a name allow-list combined with the resource `*` (or `*/subresource`) allows the named objects of every resource, including ones the author did not think of, such as a secret that happens to share the name of a config map.',
      remediation: 'Replace `*` with the resources the names belong to, such as `resources: ["configmaps"]`.',
      spec: '1-authorization-and-rbac-api.md#role-based-access-objects (PolicyRule: resources, resourceNames)',
    },
  },
  check(value, ctx) {
    for (const [path, rule] of policyRules(value)) {
      if (!nonEmpty(rule.resourceNames)) continue;
      for (const [j, resource] of strings(rule.resources)) {
        if (resource !== '*' && !resource.startsWith('*/')) continue;
        ctx.report(
          [...path, 'resources', j],
          `resource \`${resource}\` is a wildcard while \`resourceNames\` is set; list the resources the names belong to`,
          { related: [{ path: [...path, 'resourceNames'], message: '`resourceNames` is set here' }] },
        );
      }
    }
  },
});

import { defineRule } from '../../src/define-rule.js';
import { nonEmpty, policyRules } from './_policy-rules.js';

const RESOURCE_FIELDS = ['apiGroups', 'resources', 'resourceNames'] as const;

export default defineRule({
  id: 'rbac/non-resource-urls-exclusive',
  kinds: ['ClusterRole', 'Role'],
  meta: {
    description: 'A policy rule with `nonResourceURLs` sets none of `apiGroups`, `resources` and `resourceNames`.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'A request is either a resource request or a non-resource request, so a rule applies to API resources or to non-resource paths, never both; the API server refuses a role whose rule mixes them.',
      remediation:
        'Split the rule in two: one with `verbs` and `nonResourceURLs`, one with `verbs`, `apiGroups`, `resources` and, if needed, `resourceNames`.',
      spec: '1-authorization-and-rbac-api.md#role-based-access-objects (PolicyRule: nonResourceURLs)',
    },
  },
  check(value, ctx) {
    for (const [path, rule] of policyRules(value)) {
      if (!nonEmpty(rule.nonResourceURLs)) continue;
      const mixed = RESOURCE_FIELDS.filter((k) => nonEmpty(rule[k]));
      if (mixed.length === 0) continue;
      const names = mixed.map((k) => `\`${k}\``);
      const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
      ctx.report([...path, 'nonResourceURLs'], `\`nonResourceURLs\` is set together with ${list}; a rule is for either resources or non-resource URLs`, {
        target: 'key',
        related: mixed.map((k) => ({ path: [...path, k], message: `\`${k}\` is set here` })),
      });
    }
  },
});

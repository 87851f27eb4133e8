import { defineRule } from '../../src/define-rule.js';
import { policies } from './_policies.js';
import { items, objItems } from '../../src/services/values.js';


export default defineRule({
  id: 'audit/non-resource-urls-exclusive',
  kinds: ['Policy', 'PolicyList'],
  meta: {
    description: 'An audit rule with `nonResourceURLs` sets neither `resources` nor `namespaces`.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'A request is either a resource request or a non-resource request, and a rule matches only when every field matches; the API server refuses a policy whose rule mixes non-resource URLs with resources or namespaces.',
      remediation: 'Split the rule in two: one with `nonResourceURLs`, one with `resources` and `namespaces`.',
      spec: '3-config-and-payload-types.md#audit-policy (PolicyRule: nonResourceURLs, resources, namespaces)',
    },
  },
  check(value, ctx) {
    for (const [prefix, policy] of policies(value, ctx.kind.kind)) {
      for (const [i, rule] of objItems(policy.rules)) {
        if (items(rule.nonResourceURLs).length === 0) continue;
        const mixed = ['resources', 'namespaces'].filter((k) => items(rule[k]).length > 0);
        if (mixed.length === 0) continue;
        ctx.report(
          [...prefix, 'rules', i, 'nonResourceURLs'],
          `nonResourceURLs is set together with ${mixed.join(' and ')}; a rule is for either resources or non-resource URLs`,
          { target: 'key', related: mixed.map((k) => ({ path: [...prefix, 'rules', i, k], message: `${k} is set here` })) },
        );
      }
    }
  },
});

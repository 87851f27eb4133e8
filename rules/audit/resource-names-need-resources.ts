import { defineRule } from '../../src/define-rule.js';
import { policies } from './_policies.js';
import { has, items, objItems } from '../../src/services/values.js';


export default defineRule({
  id: 'audit/resource-names-need-resources',
  kinds: ['Policy', 'PolicyList'],
  meta: {
    description: 'A resource entry with `resourceNames` has at least one resource in `resources`.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'Names identify objects of the listed resources; without resources they select nothing definite, and the API server refuses the policy ("using resourceNames requires at least one resource", apiserver pkg/apis/audit/validation/validation.go). A missing and an empty `resources` list are the same to the platform, and the finding names `resourceNames`, the field the platform names (an empty `resourceNames` list needs nothing).',
      remediation: 'List the resources the names belong to, such as `resources: ["configmaps"]`, or remove `resourceNames`.',
      spec: '3-config-and-payload-types.md#audit-policy (GroupResources: resourceNames requires resources)',
    },
  },
  check(value, ctx) {
    for (const [prefix, policy] of policies(value, ctx.kind.kind)) {
      for (const [i, rule] of objItems(policy.rules)) {
        for (const [j, gr] of objItems(rule.resources)) {
          if (items(gr.resourceNames).length === 0) continue;
          if (has(gr, 'resources') && !Array.isArray(gr.resources)) continue; // not a list: the schema reports it
          if (items(gr.resources).length > 0) continue;
          const base = [...prefix, 'rules', i, 'resources', j];
          ctx.report(
            [...base, 'resourceNames'],
            `resourceNames needs at least one resource, but resources is ${has(gr, 'resources') ? 'empty' : 'not set'}; list the resources the names belong to`,
            { target: 'key', related: has(gr, 'resources') ? [{ path: [...base, 'resources'], message: 'resources is empty here' }] : [] },
          );
        }
      }
    }
  },
});

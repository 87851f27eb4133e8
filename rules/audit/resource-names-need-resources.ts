import { defineRule } from '../../src/define-rule.js';
import { policies } from './_policies.js';
import { has, items, objItems } from '../../src/services/values.js';


export default defineRule({
  id: 'audit/resource-names-need-resources',
  kinds: ['Policy', 'PolicyList'],
  meta: {
    description: 'A resource entry with `resourceNames` has a non-empty `resources` list.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'Names identify objects of the listed resources; with an empty `resources` list they select nothing definite, and the API server refuses the policy. (A missing `resources` field is reported by the schema.)',
      remediation: 'List the resources the names belong to, such as `resources: ["configmaps"]`, or remove `resourceNames`.',
      spec: '3-config-and-payload-types.md#audit-policy (GroupResources: resourceNames requires resources)',
    },
  },
  check(value, ctx) {
    for (const [prefix, policy] of policies(value, ctx.kind.kind)) {
      for (const [i, rule] of objItems(policy.rules)) {
        for (const [j, gr] of objItems(rule.resources)) {
          if (!has(gr, 'resources') || !Array.isArray(gr.resources)) continue; // missing: the schema's dependency reports it
          if (items(gr.resourceNames).length > 0 && gr.resources.length === 0)
            ctx.report([...prefix, 'rules', i, 'resources', j, 'resources'], 'resources is empty while resourceNames is set; list the resources the names belong to', {
              related: [{ path: [...prefix, 'rules', i, 'resources', j, 'resourceNames'], message: 'resourceNames is set here' }],
            });
        }
      }
    }
  },
});

import { defineRule } from '../../src/define-rule.js';
import type { Path } from '../../src/path.js';
import { has, items, obj, objItems, type Obj } from '../../src/services/values.js';

/** The policies of a document: the Policy itself, or each item of a PolicyList, with its path. */
function policies(value: unknown, kind: string): [Path, Obj][] {
  const doc = obj(value);
  if (doc === undefined) return [];
  if (kind === 'PolicyList') return objItems(doc.items).map(([i, p]) => [['items', i], p]);
  return [[[], doc]];
}

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

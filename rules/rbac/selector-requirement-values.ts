import { defineRule } from '../../src/define-rule.js';
import { items, obj, objItems, str } from '../../src/services/values.js';

export default defineRule({
  id: 'rbac/selector-requirement-values',
  kinds: ['ClusterRole'],
  meta: {
    description: 'A `matchExpressions` requirement of a ClusterRole selector has values for `In` and `NotIn`, and none for `Exists` and `DoesNotExist`.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        '`In` and `NotIn` compare the label with the listed values and mean nothing without them; `Exists` and `DoesNotExist` test only the key. The API server refuses an aggregation rule whose selector breaks this.',
      remediation:
        'Add the label values to an `In` or `NotIn` requirement, such as `values: ["true"]`, or remove `values` from an `Exists` or `DoesNotExist` requirement.',
      spec: '1-authorization-and-rbac-api.md#role-based-access-objects (ClusterRole: aggregationRule.clusterRoleSelectors)',
    },
  },
  check(value, ctx) {
    const selectors = obj(obj(value)?.aggregationRule)?.clusterRoleSelectors;
    for (const [i, selector] of objItems(selectors)) {
      for (const [j, req] of objItems(selector.matchExpressions)) {
        const op = str(req.operator);
        const path = ['aggregationRule', 'clusterRoleSelectors', i, 'matchExpressions', j];
        const count = items(req.values).length;
        if ((op === 'In' || op === 'NotIn') && count === 0)
          ctx.report([...path, 'values'], `operator \`${op}\` needs at least one value in \`values\``, { target: 'key' });
        else if ((op === 'Exists' || op === 'DoesNotExist') && count > 0)
          ctx.report([...path, 'values'], `operator \`${op}\` takes no values, found ${count}; remove \`values\` or use \`In\` or \`NotIn\``, { target: 'key' });
      }
    }
  },
});

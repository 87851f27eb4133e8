import { defineRule } from '../../src/define-rule.js';
import { labelValueProblem, qualifiedNameProblem } from '../../src/services/names.js';
import { obj, objItems, str, strings } from '../../src/services/values.js';

export default defineRule({
  id: 'rbac/selector-labels-valid',
  kinds: ['ClusterRole'],
  meta: {
    description: 'The label keys and values of a ClusterRole aggregation selector are valid label keys and values.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'An aggregation selector finds ClusterRoles by their labels. A key that is not a qualified name (`example.com/aggregate-to-view`) or a value that is not a label value can never match a label, and the API server refuses the selector.',
      remediation:
        'Write the key as a name of up to 63 letters, digits, `-`, `_` and `.` (starting and ending with a letter or digit), optionally after a lower-case DNS subdomain and `/`; write values of up to 63 such characters, or empty.',
      spec: '1-authorization-and-rbac-api.md#role-based-access-objects (ClusterRole: aggregationRule.clusterRoleSelectors, LabelSelector)',
    },
  },
  check(value, ctx) {
    const selectors = obj(obj(value)?.aggregationRule)?.clusterRoleSelectors;
    for (const [i, selector] of objItems(selectors)) {
      const at = ['aggregationRule', 'clusterRoleSelectors', i];
      for (const [key, v] of Object.entries(obj(selector.matchLabels) ?? {})) {
        const keyProblem = qualifiedNameProblem('label key', key);
        if (keyProblem !== undefined) ctx.report([...at, 'matchLabels', key], keyProblem, { target: 'key' });
        const text = str(v);
        const valueProblem = text === undefined ? undefined : labelValueProblem('label value', text);
        if (valueProblem !== undefined) ctx.report([...at, 'matchLabels', key], valueProblem);
      }
      for (const [j, req] of objItems(selector.matchExpressions)) {
        const key = str(req.key);
        const keyProblem = key === undefined || key === '' ? undefined : qualifiedNameProblem('label key', key);
        if (keyProblem !== undefined) ctx.report([...at, 'matchExpressions', j, 'key'], keyProblem);
        for (const [k, text] of strings(req.values)) {
          const problem = labelValueProblem('label value', text);
          if (problem !== undefined) ctx.report([...at, 'matchExpressions', j, 'values', k], problem);
        }
      }
    }
  },
});

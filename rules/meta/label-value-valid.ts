import { defineRule } from '../../src/define-rule.js';
import { obj, str } from '../../src/services/values.js';
import { META_SPEC, RBAC_KINDS } from './_kinds.js';
import { labelValueProblem } from '../../src/services/names.js';

export default defineRule({
  id: 'meta/label-value-valid',
  kinds: [...RBAC_KINDS],
  meta: {
    description: 'Label values are empty or at most 63 letters, digits, `-`, `_` and `.`, starting and ending with a letter or digit.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'Label values are compared by selectors and so follow a short, plain syntax; the server refuses a value that is longer than 63 characters, has other characters (spaces, `/`, `:`) or starts or ends with a separator. Checked on ClusterRoles, Roles and their bindings only: the API server validates the metadata of the objects it stores; the access reviews are evaluated, not stored (a SelfSubjectRulesReview\'s metadata is not validated at all, and the other reviews must have empty metadata: rule `review/metadata-empty`).',
      remediation: 'Shorten or simplify the value (`team-a`, `v1.2.0`); keep longer text, such as a description or a URL, in an annotation.',
      spec: META_SPEC,
    },
  },
  check(value, ctx) {
    const labels = obj(obj(obj(value)?.metadata)?.labels);
    if (labels === undefined) return;
    for (const [key, v] of Object.entries(labels)) {
      const text = str(v);
      if (text === undefined) continue; // not a string: reported by the schema
      const problem = labelValueProblem('label value', text);
      if (problem !== undefined) ctx.report(['metadata', 'labels', key], problem);
    }
  },
});

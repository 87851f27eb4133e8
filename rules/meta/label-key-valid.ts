import { defineRule } from '../../src/define-rule.js';
import { obj } from '../../src/services/values.js';
import { META_SPEC, RBAC_KINDS } from './_kinds.js';
import { qualifiedNameProblem } from '../../src/services/names.js';

export default defineRule({
  id: 'meta/label-key-valid',
  kinds: [...RBAC_KINDS],
  meta: {
    description: 'Label keys are qualified names: an optional DNS subdomain prefix and `/`, then a name of at most 63 characters.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'Labels are matched by selectors (an aggregated ClusterRole finds its parts by label), so their keys follow one syntax: a name of at most 63 letters, digits, `-`, `_` and `.`, starting and ending with a letter or digit, optionally after a lower-case DNS subdomain prefix of at most 253 characters and a `/`. The server refuses other keys. Checked on ClusterRoles, Roles and their bindings only: the API server validates the metadata of the objects it stores; the access reviews are evaluated, not stored (a SelfSubjectRulesReview\'s metadata is not validated at all, and the other reviews must have empty metadata: rule `review/metadata-empty`).',
      remediation: 'Rename the key, for example `app.example.com/team` or `team`; put free-form text in an annotation value instead.',
      spec: META_SPEC,
    },
  },
  check(value, ctx) {
    const labels = obj(obj(obj(value)?.metadata)?.labels);
    if (labels === undefined) return;
    for (const key of Object.keys(labels)) {
      const problem = qualifiedNameProblem('label key', key);
      if (problem !== undefined) ctx.report(['metadata', 'labels', key], problem, { target: 'key' });
    }
  },
});

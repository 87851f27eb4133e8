import { defineRule } from '../../src/define-rule.js';
import { obj } from '../../src/services/values.js';
import { META_SPEC, RBAC_KINDS } from './_kinds.js';
import { qualifiedNameProblem } from '../../src/services/names.js';

export default defineRule({
  id: 'meta/annotation-key-valid',
  kinds: [...RBAC_KINDS],
  meta: {
    description: 'Annotation keys are qualified names: an optional DNS subdomain prefix and `/`, then a name of at most 63 characters.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'Annotation keys follow the label-key syntax, compared without regard to case: a name of at most 63 letters, digits, `-`, `_` and `.`, starting and ending with a letter or digit, optionally after a DNS subdomain prefix of at most 253 characters and a `/`. The server refuses other keys. Checked on ClusterRoles, Roles and their bindings only: the API server validates the metadata of the objects it stores; the access reviews are evaluated, not stored (a SelfSubjectRulesReview\'s metadata is not validated at all, and the other reviews must have empty metadata: rule `review/metadata-empty`).',
      remediation: 'Rename the key under a domain you own, for example `example.com/owner`; the value may hold any text.',
      spec: META_SPEC,
    },
  },
  check(value, ctx) {
    const annotations = obj(obj(obj(value)?.metadata)?.annotations);
    if (annotations === undefined) return;
    for (const key of Object.keys(annotations)) {
      const problem = qualifiedNameProblem('annotation key', key, true);
      if (problem !== undefined) ctx.report(['metadata', 'annotations', key], problem, { target: 'key' });
    }
  },
});

import { defineRule } from '../../src/define-rule.js';
import { obj, str } from '../../src/services/values.js';
import { META_SPEC } from './_kinds.js';
import { dnsLabelProblem } from '../../src/services/names.js';

export default defineRule({
  id: 'meta/namespace-valid',
  kinds: ['Role', 'RoleBinding'],
  meta: {
    description: '`metadata.namespace` is a DNS-1123 label.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'A namespace name is a DNS-1123 label: at most 63 lower-case letters, digits and `-`, starting and ending with a letter or digit. No namespace can have another name, so the server refuses the object. Checked on Roles and RoleBindings only: the API server clears the namespace of a cluster-scoped object (ClusterRole, ClusterRoleBinding, and the cluster-scoped reviews) before validating it (rule `meta/cluster-scoped-no-namespace` warns), and a LocalSubjectAccessReview\'s metadata is not validated as object metadata (only that it holds nothing but `namespace`, which `spec.resourceAttributes.namespace` must match).',
      remediation: 'Write the name of an existing namespace, such as `team-a`; leave `namespace` out to use the current namespace of the client.',
      spec: META_SPEC,
    },
  },
  check(value, ctx) {
    const namespace = str(obj(obj(value)?.metadata)?.namespace);
    if (namespace === undefined || namespace === '') return; // omitted: the client's current namespace
    const problem = dnsLabelProblem('namespace', namespace);
    if (problem !== undefined) ctx.report(['metadata', 'namespace'], problem);
  },
});

import { defineRule } from '../../src/define-rule.js';
import { obj, str } from '../../src/services/values.js';
import { META_SPEC, SPEC1_KINDS } from './_kinds.js';
import { dnsLabelProblem } from '../../src/services/names.js';

export default defineRule({
  id: 'meta/namespace-valid',
  kinds: [...SPEC1_KINDS],
  meta: {
    description: '`metadata.namespace` is a DNS-1123 label.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'A namespace name is a DNS-1123 label: at most 63 lower-case letters, digits and `-`, starting and ending with a letter or digit. No namespace can have another name, so the server refuses the object.',
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

import { defineRule } from '../../src/define-rule.js';
import { obj, str } from '../../src/services/values.js';
import { META_SPEC, RBAC_KINDS } from './_kinds.js';
import { utf8Length } from '../../src/services/names.js';

/** The platform's limit on all annotation keys and values of one object together: 256 KiB. */
const MAX_BYTES = 256 * 1024;

export default defineRule({
  id: 'meta/annotations-size-max',
  kinds: [...RBAC_KINDS],
  meta: {
    description: 'The annotations of an object total at most 256 KiB (keys and values, in UTF-8 bytes).',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'Annotations are stored with the object and sent with every read of it; the server refuses an object whose annotation keys and values together exceed 262144 bytes (256 KiB). Checked on ClusterRoles, Roles and their bindings only: the API server validates the metadata of the objects it stores; the access reviews are evaluated, not stored (a SelfSubjectRulesReview\'s metadata is not validated at all, and the other reviews must have empty metadata: rule `review/metadata-empty`).',
      remediation:
        'Move large data out of annotations, for example into a ConfigMap; a client-side apply that records the whole object in `last-applied-configuration` can be replaced by a server-side apply.',
      spec: META_SPEC,
    },
  },
  check(value, ctx) {
    const annotations = obj(obj(obj(value)?.metadata)?.annotations);
    if (annotations === undefined) return;
    let total = 0;
    for (const [key, v] of Object.entries(annotations)) total += utf8Length(key) + utf8Length(str(v) ?? '');
    if (total > MAX_BYTES) {
      ctx.report(['metadata', 'annotations'], `annotations total ${total} bytes (keys and values); at most ${MAX_BYTES} (256 KiB) are allowed`, { target: 'key' });
    }
  },
});

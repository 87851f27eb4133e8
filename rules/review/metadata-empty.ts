import { defineRule } from '../../src/define-rule.js';
import { obj, str } from '../../src/services/values.js';
import { ACCESS_REVIEW_KINDS, NOT_VALIDATED, SPEC_REVIEW, specValidated } from './_review.js';

/** Whether a metadata value differs from the empty value (null, `""`, 0, false, `{}` and `[]` are empty). */
function isSetValue(v: unknown): boolean {
  if (v === null || v === undefined || v === '' || v === 0 || v === false) return false;
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === 'object') return Object.keys(v).length > 0;
  return true;
}

export default defineRule({
  id: 'review/metadata-empty',
  kinds: [...ACCESS_REVIEW_KINDS],
  meta: {
    description: 'An access review has empty `metadata` (a LocalSubjectAccessReview only a `namespace`).',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'An access review is evaluated and returned, never stored, so a name, labels or annotations on it would be silently meaningless; the server refuses a SubjectAccessReview or SelfSubjectAccessReview with non-empty metadata, and a LocalSubjectAccessReview with anything but its namespace.' + NOT_VALIDATED,
      remediation: 'Remove the fields from `metadata` (or remove `metadata`); keep only `metadata.namespace` on a LocalSubjectAccessReview.',
      spec: `${SPEC_REVIEW} (optional metadata: the platform's review validation requires it empty)`,
    },
  },
  check(value, ctx) {
    if (!specValidated(value, ctx.kind)) return;
    const metadata = obj(obj(value)?.metadata);
    if (metadata === undefined) return;
    const kind = str(obj(value)?.kind) ?? ctx.kind.kind;
    const local = kind === 'LocalSubjectAccessReview';
    for (const [field, v] of Object.entries(metadata)) {
      if (field === 'managedFields' || (local && field === 'namespace') || !isSetValue(v)) continue;
      const allowed = local ? 'its metadata holds only `namespace`' : 'its metadata must be empty';
      ctx.report(['metadata', field], `a ${kind} is evaluated, not stored, so ${allowed}; remove \`${field}\``, { target: 'key' });
    }
  },
});

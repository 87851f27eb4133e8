import { defineRule } from '../../src/define-rule.js';
import { has, obj, str } from '../../src/services/values.js';
import { NOT_VALIDATED, SPEC_REVIEW, specValidated } from './_review.js';

export default defineRule({
  id: 'review/subject-required',
  kinds: ['LocalSubjectAccessReview', 'SubjectAccessReview'],
  meta: {
    description: 'A SubjectAccessReview or LocalSubjectAccessReview names a `spec.user` or at least one of `spec.groups`.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'These reviews ask whether a given user or group may act; the server refuses one that names neither, since there is no subject to check (`uid` and `extra` alone do not name one).' + NOT_VALIDATED,
      remediation: 'Set `user` (for example `jane@example.com` or `system:serviceaccount:team-a:deployer`) and/or `groups`; to check your own access, send a SelfSubjectAccessReview instead.',
      spec: `${SPEC_REVIEW} (SubjectAccessReviewSpec.user, .groups)`,
    },
  },
  check(value, ctx) {
    if (!specValidated(value, ctx.kind)) return;
    const spec = obj(obj(value)?.spec);
    if (spec === undefined) return;
    const user = spec.user;
    const groups = spec.groups;
    // set, or of a wrong type (reported by the schema)
    if (has(spec, 'user') && user !== null && (str(user) === undefined || user !== '')) return;
    if (has(spec, 'groups') && groups !== null && (!Array.isArray(groups) || groups.length > 0)) return;
    const kind = str(obj(value)?.kind) ?? ctx.kind.kind;
    ctx.report(['spec'], `spec names neither \`user\` nor \`groups\`; a ${kind} checks a given subject: set at least one of them`, { target: 'key' });
  },
});

import { defineRule } from '../../src/define-rule.js';
import { has, obj } from '../../src/services/values.js';
import { SPEC_REVIEW } from './_review.js';

const SUBJECT_FIELDS = ['user', 'groups', 'uid', 'extra'] as const;

export default defineRule({
  id: 'review/self-no-subject',
  kinds: ['SelfSubjectAccessReview'],
  meta: {
    description: 'A SelfSubjectAccessReview has no `user`, `groups`, `uid` or `extra` in its spec.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'A SelfSubjectAccessReview always checks the calling user, with the identity the server authenticated; its spec has no subject fields, so the server refuses `user`, `groups`, `uid` and `extra` rather than checking someone else.',
      remediation: 'Remove the subject fields to check your own access, or send a SubjectAccessReview (which needs permission to create one) to check another user or group.',
      spec: `${SPEC_REVIEW} (SelfSubjectAccessReview: \`user\` and \`group\` must be empty)`,
    },
  },
  check(value, ctx) {
    const spec = obj(obj(value)?.spec);
    for (const field of SUBJECT_FIELDS) {
      if (!has(spec, field)) continue;
      ctx.report(['spec', field], `a SelfSubjectAccessReview checks the calling user, so \`${field}\` is not allowed; remove it`, {
        target: 'key',
      });
    }
  },
});

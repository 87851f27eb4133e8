import { defineRule } from '../../src/define-rule.js';
import { has, obj, objItems } from '../../src/services/values.js';
import { SPEC_REVIEW } from './_review.js';

export default defineRule({
  id: 'review/status-fields-set',
  kinds: ['LocalSubjectAccessReview', 'SelfSubjectAccessReview', 'SelfSubjectRulesReview', 'SubjectAccessReview'],
  meta: {
    description: 'A review `status` sets the fields the spec marks required: `allowed`; `incomplete`, `resourceRules` and `nonResourceRules`, and the `verbs` of each rule.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'The spec marks these status fields required. The platform does not enforce it: the server fills the status in, and a status read back (a webhook\'s answer, a stored response) is decoded with a missing `allowed` or `incomplete` as false and a missing list as empty, so an answer without `allowed` is read as no opinion. A warning, not an error: the platform accepts the status; writing the fields says what the answer means.',
      remediation: 'Write the field: `allowed: false` for a denial or no opinion, `incomplete: false`, `resourceRules: []`, `verbs: [...]`.',
      spec: `${SPEC_REVIEW} (SubjectAccessReviewStatus: allowed; SubjectRulesReviewStatus: incomplete, resourceRules, nonResourceRules; ResourceRule and NonResourceRule: verbs)`,
    },
  },
  check(value, ctx) {
    const status = obj(obj(value)?.status);
    if (status === undefined) return;
    const missing = (field: string, path: (string | number)[] = ['status']) =>
      ctx.report([...path, field], `\`${path.join('.').replace(/\.(\d+)/g, '[$1]')}\` has no \`${field}\`; the platform reads it as ${field === 'allowed' || field === 'incomplete' ? 'false' : 'empty'}, the spec asks to write it`, { target: 'key' });
    const kind = ctx.kind.kind;
    if (kind !== 'SelfSubjectRulesReview') {
      if (!has(status, 'allowed')) missing('allowed');
      return;
    }
    for (const field of ['incomplete', 'resourceRules', 'nonResourceRules']) if (!has(status, field)) missing(field);
    for (const list of ['resourceRules', 'nonResourceRules']) {
      for (const [i, rule] of objItems(status[list])) if (!has(rule, 'verbs')) missing('verbs', ['status', list, i]);
    }
  },
});

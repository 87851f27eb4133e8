import { defineRule } from '../../src/define-rule.js';
import { items, str } from '../../src/services/values.js';
import { labelValueProblem, qualifiedNameProblem } from '../../src/services/names.js';
import { ACCESS_REVIEW_KINDS, NOT_VALIDATED, requirements, selectors, SPEC_REVIEW, specValidated } from './_review.js';

export default defineRule({
  id: 'review/label-selector-requirement-valid',
  kinds: [...ACCESS_REVIEW_KINDS],
  meta: {
    description: 'A label selector requirement has a valid label key and valid label values.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'A label selector requirement is matched against object labels, so its key and values follow the label syntax (a key is a name of at most 63 characters with an optional DNS subdomain prefix and `/`; a value is at most 63 letters, digits, `-`, `_` and `.`); the server refuses a requirement that no label could match.' + NOT_VALIDATED,
      remediation: 'Write the key and values as they appear in the labels of the objects, such as `app.example.com/team` and `payments`.',
      spec: `${SPEC_REVIEW} (LabelSelectorAttributes.requirements: LabelSelectorRequirement)`,
    },
  },
  check(value, ctx) {
    if (!specValidated(value, ctx.kind)) return;
    for (const s of selectors(value)) {
      if (s.flavor !== 'label') continue;
      for (const { path, requirement } of requirements(s)) {
        const key = str(requirement.key);
        if (key !== undefined && key !== '') {
          // an empty key is reported by the schema
          const problem = qualifiedNameProblem('label key', key);
          if (problem !== undefined) ctx.report([...path, 'key'], problem);
        }
        for (const [j, v] of items(requirement.values)) {
          const text = str(v);
          const problem = text === undefined ? undefined : labelValueProblem('label value', text);
          if (problem !== undefined) ctx.report([...path, 'values', j], problem);
        }
      }
    }
  },
});

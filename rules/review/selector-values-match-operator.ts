import { defineRule } from '../../src/define-rule.js';
import { has, str } from '../../src/services/values.js';
import { ACCESS_REVIEW_KINDS, NOT_VALIDATED, requirements, selectors, SPEC_REVIEW, specValidated } from './_review.js';

export default defineRule({
  id: 'review/selector-values-match-operator',
  kinds: [...ACCESS_REVIEW_KINDS],
  meta: {
    description: 'A selector requirement with `In` or `NotIn` has values; one with `Exists` or `DoesNotExist` has none.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        '`In` and `NotIn` compare the key with a set of values, which must not be empty; `Exists` and `DoesNotExist` only test for the key, so values given with them would be ignored. The server refuses both mistakes.' + NOT_VALIDATED,
      remediation: 'Add the values to compare with `In` or `NotIn`, or remove `values` from an `Exists` or `DoesNotExist` requirement.',
      spec: `${SPEC_REVIEW} (requirement object: values non-empty for In/NotIn, empty for Exists/DoesNotExist)`,
    },
  },
  check(value, ctx) {
    if (!specValidated(value, ctx.kind)) return;
    for (const s of selectors(value)) {
      for (const { path, requirement } of requirements(s)) {
        const operator = str(requirement.operator);
        const values = requirement.values;
        const count = Array.isArray(values) ? values.length : undefined;
        if (operator === 'In' || operator === 'NotIn') {
          if (count === 0) ctx.report([...path, 'values'], `operator \`${operator}\` needs at least one value; \`values\` is empty`);
          // a missing `values`: its own path, as the platform reports it (`field.Required`), placed at the requirement
          else if (!has(requirement, 'values') || values === null) ctx.report([...path, 'values'], `operator \`${operator}\` needs at least one value; add \`values\``, { target: has(requirement, 'values') ? 'value' : 'key' });
        } else if ((operator === 'Exists' || operator === 'DoesNotExist') && count !== undefined && count > 0) {
          ctx.report([...path, 'values'], `operator \`${operator}\` takes no values, found ${count}; remove \`values\``, { target: 'key' });
        }
      }
    }
  },
});

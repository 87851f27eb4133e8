import { defineRule } from '../../src/define-rule.js';
import { has, str } from '../../src/services/values.js';
import { ACCESS_REVIEW_KINDS, SPEC_REVIEW, requirements, selectors } from './_review.js';

const KNOWN = ['In', 'NotIn', 'Exists', 'DoesNotExist'];

export default defineRule({
  id: 'review/selector-operator-known',
  kinds: [...ACCESS_REVIEW_KINDS],
  meta: {
    description: 'A selector requirement of an access review has an operator the platform knows: `In`, `NotIn`, `Exists` or `DoesNotExist`.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'The spec lists four operators and says the list may grow. The platform\'s access review validation accepts operators it does not know, and a missing one, so that requests from newer clients can still be authorized (it validates field and label selector requirements with unknown operators allowed); a requirement it cannot read can only narrow the request, and the authorizer may ignore it. A warning, not an error: an operator outside the four is usually a typo (`in`, `Equals`), and the request is then authorized as if it were less restricted than it was written.',
      remediation: 'Use `In`, `NotIn`, `Exists` or `DoesNotExist` (with the capitals).',
      spec: `${SPEC_REVIEW} (requirement object: operator)`,
    },
  },
  check(value, ctx) {
    for (const s of selectors(value)) {
      for (const { path, requirement } of requirements(s)) {
        if (!has(requirement, 'operator')) {
          ctx.report([...path, 'operator'], `${s.flavor} selector requirement has no \`operator\`; use \`In\`, \`NotIn\`, \`Exists\` or \`DoesNotExist\``, { target: 'key' });
          continue;
        }
        const operator = str(requirement.operator);
        if (operator === undefined || KNOWN.includes(operator)) continue; // wrong type: the schema reports it
        const near = KNOWN.find((k) => k.toLowerCase() === operator.toLowerCase());
        ctx.report([...path, 'operator'], `operator \`${operator}\` is not one the platform knows${near ? `; did you mean \`${near}\`?` : `; use \`In\`, \`NotIn\`, \`Exists\` or \`DoesNotExist\``}`);
      }
    }
  },
});

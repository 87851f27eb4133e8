import { defineRule } from '../../src/define-rule.js';
import { str } from '../../src/services/values.js';
import { ACCESS_REVIEW_KINDS, NOT_VALIDATED, selectors, SPEC_REVIEW, specValidated } from './_review.js';

export default defineRule({
  id: 'review/selector-raw-xor-requirements',
  kinds: [...ACCESS_REVIEW_KINDS],
  meta: {
    description: 'A field or label selector sets exactly one of `rawSelector` and `requirements`.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'A selector is given either as the raw query text or in parsed form; with both, two parsers could read the same query differently, so the server refuses the request. A selector that is present but sets neither is refused too (the platform: when the selector is specified, requirements or rawSelector is required); the spec reads both empty as an unrestricted request, but the platform enforces the stricter reading, so leave the selector out instead.' + NOT_VALIDATED,
      remediation: 'Keep `requirements` (the parsed form, which webhooks are advised to use) and remove `rawSelector`; remove a selector that sets neither.',
      spec: `${SPEC_REVIEW} (FieldSelectorAttributes and LabelSelectorAttributes, rule 4: both present is invalid)`,
    },
  },
  check(value, ctx) {
    if (!specValidated(value, ctx.kind)) return;
    for (const s of selectors(value)) {
      const raw = str(s.selector.rawSelector);
      const reqs = s.selector.requirements;
      const hasReqs = Array.isArray(reqs) && reqs.length > 0;
      if (!raw && !hasReqs) {
        if (reqs !== undefined && !Array.isArray(reqs)) continue; // wrong type: the schema reports it
        ctx.report([...s.path, 'requirements'], `${s.flavor}Selector has neither \`requirements\` nor \`rawSelector\`; add requirements or remove \`${s.flavor}Selector\``, { target: 'key' });
        continue;
      }
      if (!raw || !hasReqs) continue;
      ctx.report([...s.path, 'rawSelector'], `${s.flavor}Selector sets both \`rawSelector\` and \`requirements\`; keep \`requirements\` and remove \`rawSelector\``, {
        target: 'key',
        related: [{ path: [...s.path, 'requirements'], message: '`requirements` is set here' }],
      });
    }
  },
});

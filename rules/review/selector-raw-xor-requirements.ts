import { defineRule } from '../../src/define-rule.js';
import { str } from '../../src/services/values.js';
import { ACCESS_REVIEW_KINDS, SPEC_REVIEW, selectors } from './_review.js';

export default defineRule({
  id: 'review/selector-raw-xor-requirements',
  kinds: [...ACCESS_REVIEW_KINDS],
  meta: {
    description: 'A field or label selector sets `rawSelector` or `requirements`, never both.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'A selector is given either as the raw query text or in parsed form; with both, two parsers could read the same query differently, so the server refuses the request.',
      remediation: 'Keep `requirements` (the parsed form, which webhooks are advised to use) and remove `rawSelector`.',
      spec: `${SPEC_REVIEW} (FieldSelectorAttributes and LabelSelectorAttributes, rule 4: both present is invalid)`,
    },
  },
  check(value, ctx) {
    for (const s of selectors(value)) {
      const raw = str(s.selector.rawSelector);
      const reqs = s.selector.requirements;
      if (!raw || !Array.isArray(reqs) || reqs.length === 0) continue;
      ctx.report([...s.path, 'rawSelector'], `${s.flavor}Selector sets both \`rawSelector\` and \`requirements\`, which makes the request invalid; keep \`requirements\` and remove \`rawSelector\``, {
        target: 'key',
        related: [{ path: [...s.path, 'requirements'], message: '`requirements` is set here' }],
      });
    }
  },
});

import { defineRule } from '../../src/define-rule.js';
import { FLAG_BY_NAME } from '../../src/kinds/flag-table.js';
import { checkValue } from '../../src/kinds/flag-values.js';
import { flagEntries, SPEC } from './_flags.js';

export default defineRule({
  id: 'flags/value-type',
  kinds: ['PlatletFlags'],
  meta: {
    description: 'Every flag value has the type the flag table gives (bool, int32, duration, quantity, list, taint, IP, CIDR, enum).',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale: 'The node agent parses every flag value at start-up and refuses to start when one does not parse; a value outside an enum is refused the same way.',
      remediation: 'Write the value in the form the message shows (for example `10s` for a duration, `true` or `false` for a bool, `key=value` pairs for a list).',
      spec: `${SPEC} (Type column)`,
    },
  },
  check(value, ctx) {
    for (const [key, all] of flagEntries(value)) {
      const spec = FLAG_BY_NAME.get(key);
      if (!spec) continue; // flags/unknown
      all.forEach((v, i) => {
        for (const p of checkValue(spec, v)) ctx.report(all.length > 1 ? [key, i] : [key], p.message, p.span ? { span: p.span } : undefined);
      });
    }
  },
});

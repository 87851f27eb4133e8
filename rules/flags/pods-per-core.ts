import { defineRule } from '../../src/define-rule.js';
import { FLAG_BY_NAME } from '../../src/kinds/flag-table.js';
import { given, hasConfigFile, intFlag, SPEC } from './_flags.js';

export default defineRule({
  id: 'flags/pods-per-core',
  kinds: ['PlatletFlags'],
  meta: {
    description: '`--pods-per-core` does not exceed `--max-pods`, which caps it.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'The pod limit of a node is the smaller of `--pods-per-core` times the cores and `--max-pods`; a per-core value above `--max-pods` (default 110) can never take effect, which usually means one of the two is mistyped.',
      remediation: 'Lower `--pods-per-core`, raise `--max-pods`, or drop `--pods-per-core` to rely on `--max-pods` alone.',
      spec: `${SPEC} (--pods-per-core; Limits)`,
    },
  },
  check(value, ctx) {
    const perCore = intFlag(value, '--pods-per-core');
    if (perCore === undefined || perCore <= 0) return;
    if (!given(value, '--max-pods') && hasConfigFile(value)) return; // maxPods may be in the file
    const max = given(value, '--max-pods') ? intFlag(value, '--max-pods') : Number(FLAG_BY_NAME.get('--max-pods')!.default);
    if (max === undefined || perCore <= max) return;
    const which = given(value, '--max-pods') ? `\`--max-pods\` is ${max}` : `the default \`--max-pods\` is ${max}`;
    ctx.report(['--pods-per-core'], `\`--pods-per-core\` is ${perCore} but ${which}, which caps it on every node; the per-core limit never takes effect`);
  },
});

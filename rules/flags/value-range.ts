import { defineRule } from '../../src/define-rule.js';
import { FLAG_BY_NAME } from '../../src/kinds/flag-table.js';
import { parseGoInt } from '../../src/kinds/flag-values.js';
import { flagEntries, SPEC } from './_flags.js';

export default defineRule({
  id: 'flags/value-range',
  kinds: ['PlatletFlags'],
  meta: {
    description: 'Integer flags with a range in the flag table stay in it (`--container-log-max-files` >= 2, `--oom-score-adj` in [-1000, 1000], percentages in [0, 100] …).',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'The node agent validates these numbers at start-up and refuses to start outside the range: fewer than 2 log files leaves no room to rotate, an OOM score adjustment outside [-1000, 1000] is refused by the kernel, an image GC threshold is a disk usage percent.',
      remediation: 'Use a value inside the range the message gives, or drop the flag to keep its default.',
      spec: `${SPEC} (--container-log-max-files, --oom-score-adj, --image-gc-*-threshold, --event-*, --plat-api-*, --pods-per-core …)`,
    },
  },
  check(value, ctx) {
    for (const [key, all] of flagEntries(value)) {
      const spec = FLAG_BY_NAME.get(key);
      if (!spec || (spec.min === undefined && spec.max === undefined)) continue;
      all.forEach((v, i) => {
        const n = v === null ? undefined : parseGoInt(v);
        if (n === undefined) return; // not an integer: flags/value-type
        const low = spec.min !== undefined && n < spec.min;
        const high = spec.max !== undefined && n > spec.max;
        if (!low && !high) return;
        const range =
          spec.min !== undefined && spec.max !== undefined ? `in [${spec.min}, ${spec.max}]` : spec.min !== undefined ? `at least ${spec.min}` : `at most ${spec.max}`;
        const note = spec.rangeNote ? ` (${spec.rangeNote})` : '';
        ctx.report(all.length > 1 ? [key, i] : [key], `\`${key}\` is ${v}; it must be ${range}${note}`);
      });
    }
  },
});

import { defineRule } from '../../src/define-rule.js';
import { FLAG_BY_NAME, FLAGS } from '../../src/kinds/flag-table.js';
import { suggestNames, upstreamNote } from '../../src/services/suggest.js';
import { flagEntries, SPEC } from './_flags.js';

export default defineRule({
  id: 'flags/unknown',
  kinds: ['PlatletFlags'],
  meta: {
    description: 'Every flag of a node agent command line is a flag the node agent defines.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale: 'The node agent refuses to start when its command line holds a flag it does not define, so a typo in a unit file keeps the node out of the cluster.',
      remediation: 'Correct the flag name (the message suggests the nearest known flag, and the platform\'s name for a flag of the upstream project: `--kubeconfig` is `--platconfig`, `--kube-reserved` is `--plat-reserved`) or remove it.',
      spec: `${SPEC} (flag table)`,
    },
  },
  check(value, ctx) {
    const names = FLAGS.map((f) => f.name);
    for (const [key, all] of flagEntries(value)) {
      if (FLAG_BY_NAME.has(key)) continue;
      const long = key.startsWith('--') ? key : `-${key}`;
      const exact = !key.startsWith('--') && FLAG_BY_NAME.has(long);
      // an upstream name (`--kubeconfig`) means the platform's flag of that name (`--platconfig`)
      const near = exact ? [long] : suggestNames(long, names);
      const hint = near.length > 0 ? `; did you mean \`${near[0]}\`?${upstreamNote(long, near[0]!, 'flag')}` : '';
      const message = exact ? `\`${key}\` is written with one dash; write \`${long}\`` : `unknown flag \`${key}\`${hint}`;
      // one close flag (or the same flag with one dash): renaming it is a safe fix
      const fix = near.length === 1 ? { fix: near[0]! } : {};
      all.forEach((_, i) => ctx.report(all.length > 1 ? [key, i] : [key], message, { target: 'key', ...fix }));
    }
  },
});

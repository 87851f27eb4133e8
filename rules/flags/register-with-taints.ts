import { defineRule } from '../../src/define-rule.js';
import { boolFlag, given, SPEC } from './_flags.js';

export default defineRule({
  id: 'flags/register-with-taints',
  kinds: ['PlatletFlags'],
  meta: {
    description: '`--register-with-taints` is not combined with `--register-node=false`, which makes it a no-op.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'Taints are added when the node agent registers its node; with `--register-node=false` it never registers, so the taints are silently not applied and pods meant to be kept off the node may land on it.',
      remediation: 'Drop `--register-node=false`, or apply the taints to the node object another way and drop `--register-with-taints`.',
      spec: `${SPEC} (--register-with-taints, --register-node)`,
    },
  },
  check(value, ctx) {
    if (!given(value, '--register-with-taints') || boolFlag(value, '--register-node') !== false) return;
    ctx.report(['--register-with-taints'], '`--register-with-taints` has no effect with `--register-node=false`: the node never registers, so the taints are not applied', { target: 'key' });
  },
});

import { defineRule } from '../../src/define-rule.js';
import { boolFlag, given, hasConfigFile, SPEC } from './_flags.js';

export default defineRule({
  id: 'flags/runonce-enable-server',
  kinds: ['PlatletFlags'],
  meta: {
    description: '`--runonce` is not combined with the agent server (`--enable-server`, on by default).',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'In run-once mode the node agent spawns the static pods and exits, so it cannot serve its API; the two are exclusive and the node agent refuses the combination. `--enable-server` defaults to true, so `--runonce` needs `--enable-server=false` unless the `--config` file turns the server off.',
      remediation: 'Add `--enable-server=false` next to `--runonce`, or drop `--runonce`.',
      spec: `${SPEC} (--runonce)`,
    },
  },
  check(value, ctx) {
    if (boolFlag(value, '--runonce') !== true) return;
    const server = boolFlag(value, '--enable-server');
    if (server === false) return;
    if (server === true) ctx.report(['--runonce'], '`--runonce` is exclusive with `--enable-server`, which is also set here; set `--enable-server=false` or drop `--runonce`');
    else if (!given(value, '--enable-server') && !hasConfigFile(value))
      ctx.report(['--runonce'], '`--runonce` is exclusive with the agent server, which is on by default; add `--enable-server=false`');
  },
});

import { defineRule } from '../../src/define-rule.js';
import { FEATURE_GATES } from '../../src/kinds/flag-table.js';
import { boolFlag, featureGates, given, hasConfigFile, SPEC } from './_flags.js';

/** Flags that act only with a feature gate on: the flag, the gate, and whether a bool flag must be true to need it. */
const NEEDS: readonly { flag: string; gate: string; whenTrue?: boolean }[] = [
  { flag: '--qos-reserved', gate: 'QOSReserved' },
  { flag: '--log-text-info-buffer-size', gate: 'LoggingAlphaOptions' },
  { flag: '--log-text-split-stream', gate: 'LoggingAlphaOptions', whenTrue: true },
  { flag: '--rotate-server-certificates', gate: 'RotateKubeletServerCertificate', whenTrue: true },
];

export default defineRule({
  id: 'flags/feature-gate-required',
  kinds: ['PlatletFlags'],
  meta: {
    description: 'A flag that needs a feature gate (`--qos-reserved`, `--log-text-*`, `--rotate-server-certificates`) is used with its gate on.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'These flags only act behind a feature gate: `--qos-reserved` needs QOSReserved, `--log-text-info-buffer-size` and `--log-text-split-stream` need LoggingAlphaOptions, `--rotate-server-certificates` needs RotateKubeletServerCertificate. With the gate off the node agent refuses the setting or ignores it. QOSReserved and LoggingAlphaOptions are off by default; RotateKubeletServerCertificate is on unless turned off.',
      remediation: 'Turn the gate on with `--feature-gates=<Gate>=true` (or in the `--config` file), or drop the flag.',
      spec: `${SPEC} (--qos-reserved, --log-text-info-buffer-size, --log-text-split-stream, --rotate-server-certificates, --feature-gates)`,
    },
  },
  check(value, ctx) {
    const gates = featureGates(value);
    for (const { flag, gate, whenTrue } of NEEDS) {
      if (!given(value, flag) || (whenTrue && boolFlag(value, flag) !== true)) continue;
      const set = gates.get(gate);
      if (set === true) continue;
      if (set === false) ctx.report([flag], `\`${flag}\` needs the feature gate ${gate}, which \`--feature-gates\` turns off`, { target: 'key' });
      else if (!FEATURE_GATES[gate] && !hasConfigFile(value))
        ctx.report([flag], `\`${flag}\` needs the feature gate ${gate}, which is off by default; add \`--feature-gates=${gate}=true\``, { target: 'key' });
    }
  },
});

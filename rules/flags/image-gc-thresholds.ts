import { defineRule } from '../../src/define-rule.js';
import { FLAG_BY_NAME } from '../../src/kinds/flag-table.js';
import { given, hasConfigFile, intFlag, SPEC } from './_flags.js';

const LOW = '--image-gc-low-threshold';
const HIGH = '--image-gc-high-threshold';

export default defineRule({
  id: 'flags/image-gc-thresholds',
  kinds: ['PlatletFlags'],
  meta: {
    description: '`--image-gc-low-threshold` is below `--image-gc-high-threshold`.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'Image garbage collection starts above the high threshold and frees images down to the low one; the node agent refuses a low threshold that is not below the high one. With one of them on the command line and no `--config` file, the other keeps its default (high 85, low 80).',
      remediation: 'Make the low threshold smaller than the high one, for example `--image-gc-high-threshold=85 --image-gc-low-threshold=80`.',
      spec: `${SPEC} (--image-gc-high-threshold, --image-gc-low-threshold)`,
    },
  },
  check(value, ctx) {
    if (!given(value, LOW) && !given(value, HIGH)) return;
    const fromFile = hasConfigFile(value);
    if (fromFile && !(given(value, LOW) && given(value, HIGH))) return; // the other may be in the file
    const low = given(value, LOW) ? intFlag(value, LOW) : Number(FLAG_BY_NAME.get(LOW)!.default);
    const high = given(value, HIGH) ? intFlag(value, HIGH) : Number(FLAG_BY_NAME.get(HIGH)!.default);
    if (low === undefined || high === undefined || low < high) return; // a value that is no integer: flags/value-type
    const highText = given(value, HIGH) ? `\`${HIGH}\` is ${high}` : `the default \`${HIGH}\` is ${high}`;
    if (given(value, LOW)) ctx.report([LOW], `\`${LOW}\` is ${low} but ${highText}; the low threshold must be below the high one`);
    else ctx.report([HIGH], `\`${HIGH}\` is ${high}, not above the default \`${LOW}\` of ${low}; the low threshold must be below the high one`);
  },
});

import { defineRule } from '../../src/define-rule.js';
import { obj, objItems, str } from '../../src/services/values.js';
import { SPEC } from './_flags.js';

export default defineRule({
  id: 'flags/unexpected-argument',
  kinds: ['PlatletFlags'],
  meta: {
    description: 'A node agent command line holds only flags and their values, no positional arguments.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'The node agent takes no positional arguments and refuses to start with one. A stray word is usually the value of a bool flag written `--flag false` (a bool flag takes its value only after `=`) or a broken line continuation.',
      remediation: 'Write bool values as `--flag=false`, join the word to its flag, or remove it.',
      spec: `${SPEC} (\`platlet [flags]\`)`,
    },
  },
  check(value, ctx) {
    for (const [i, arg] of objItems(obj(value)?.args)) {
      const text = str(arg.text) ?? '';
      const after = str(arg.after);
      const message = after
        ? `unexpected argument \`${text}\`: the bool flag \`${after}\` takes its value only after \`=\`; write \`${after}=${text}\``
        : arg.afterDashDash === true
          ? `unexpected argument \`${text}\` after \`--\`; the node agent takes no positional arguments`
          : `unexpected argument \`${text}\`; the node agent takes only flags (\`--name=value\`)`;
      ctx.report(['args', i], message);
    }
  },
});

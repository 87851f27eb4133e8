import { defineRule } from '../../src/define-rule.js';
import { isSecretFlag, REDACTED } from '../../src/redact.js';
import { obj, objItems, str } from '../../src/services/values.js';
import { SPEC } from './_flags.js';

/**
 * A positional word as a message may show it: after `--` every word is positional, so a flag that holds a secret
 * and its value are too (`-- --token S3cr3t`, `-- --password=S3cr3t`): the value is not shown.
 */
function shown(arg: Record<string, unknown>, previous: Record<string, unknown> | undefined): string {
  const text = str(arg.text) ?? '';
  const eq = text.indexOf('=');
  if (text.startsWith('-') && eq > 1 && eq < text.length - 1 && isSecretFlag(text.slice(0, eq))) return `${text.slice(0, eq)}=${REDACTED}`;
  const flag = str(previous?.text);
  const follows = arg.afterDashDash === true && previous?.afterDashDash === true && flag !== undefined && flag.startsWith('-') && !flag.includes('=');
  return follows && isSecretFlag(flag) ? REDACTED : text;
}

export default defineRule({
  id: 'flags/unexpected-argument',
  kinds: ['PlatletFlags'],
  meta: {
    description: 'A node agent command line holds only flags and their values, no positional arguments.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'The node agent takes no positional arguments and refuses to start with one. A stray word is usually the value of a bool flag written `--flag false` (a bool flag takes its value only after `=`) or a broken line continuation. After `--` every word is an argument, a flag and its value too: the value of a flag that holds a secret (`-- --token …`, `-- --password=…`) is shown as `[redacted]`.',
      remediation: 'Write bool values as `--flag=false`, join the word to its flag, or remove it.',
      spec: `${SPEC} (\`platlet [flags]\`)`,
    },
  },
  check(value, ctx) {
    const args = obj(value)?.args;
    for (const [i, arg] of objItems(args)) {
      const text = shown(arg, i > 0 ? obj((args as unknown[])[i - 1]) : undefined);
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

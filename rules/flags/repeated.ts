import { defineRule } from '../../src/define-rule.js';
import { FLAG_BY_NAME, isList } from '../../src/kinds/flag-table.js';
import { isSecretFlag, REDACTED } from '../../src/redact.js';
import { flagEntries, SPEC } from './_flags.js';

export default defineRule({
  id: 'flags/repeated',
  kinds: ['PlatletFlags'],
  meta: {
    description: 'A single-valued flag is given once; when it is repeated only the last value takes effect.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'The node agent keeps the last occurrence of a flag that takes one value and silently drops the others, so a value added to a unit or an environment file may be overridden by one further down (list flags such as `--node-labels` add up instead). The message quotes the value that takes effect, except that of a flag that holds a secret (`--storage-driver-password`: a name that says password, token, secret or key, see src/redact.ts), which it shows as `[redacted]`.',
      remediation: 'Keep one occurrence, with the value you mean.',
      spec: `${SPEC} (flag table)`,
    },
  },
  check(value, ctx) {
    for (const [key, all] of flagEntries(value)) {
      const spec = FLAG_BY_NAME.get(key);
      if (!spec || isList(spec) || all.length < 2) continue;
      const last = all[all.length - 1];
      // the value of a flag that holds a secret (`--storage-driver-password`) is not shown
      const shown = last === null ? `\`${key}\`` : `\`${key}=${last !== '' && isSecretFlag(key) ? REDACTED : last}\``;
      for (let i = 1; i < all.length; i++)
        ctx.report([key, i], `\`${key}\` is given ${all.length} times; only the last one, ${shown}, takes effect`, {
          target: 'key',
          related: [{ path: [key, 0], message: 'first given here' }],
        });
    }
  },
});

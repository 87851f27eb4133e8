import { defineRule } from '../../src/define-rule.js';
import { has, str } from '../../src/services/values.js';
import { operations } from './_pointer.js';

export default defineRule({
  id: 'patch/json-patch-missing-value',
  kinds: ['JSONPatch'],
  meta: {
    description: 'An `add`, `replace` or `test` operation carries a `value`.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'RFC 6902 requires `value` for `add`, `replace` and `test`, but the platform\'s patch library (evanphx/json-patch v4, used by the API server) does not check it: it reads a missing `value` as null. ' +
        '`add` and `replace` then set the location to null (for most fields the same as removing them, in a list an empty item), and `test` passes only where the location is absent or null. ' +
        'The patch is applied, so this is a warning; it is almost always a forgotten or misspelt `value`. At the root (`path: ""`) the library fails instead: `patch/json-patch-root-path` reports that as an error.',
      remediation: 'Add the `value` (write `value: null` to set null on purpose), or use `remove` to delete the field.',
      spec: '2-node-agent-and-patch-command.md#patch-command (`--type=json`: operations with `op`, `path` and `value`)',
    },
  },
  check(value, ctx) {
    for (const { i, op, operation } of operations(value)) {
      if ((op !== 'add' && op !== 'replace' && op !== 'test') || has(operation, 'value')) continue;
      if (str(operation.path) === '' && op !== 'add') continue; // patch/json-patch-root-path
      const effect =
        op === 'test'
          ? 'the test passes only where the location is absent or null'
          : `\`${op}\` sets the location to null${op === 'add' ? '' : ' (to delete a field, use `remove`)'}`;
      ctx.report([i, 'value'], `operation \`${op}\` has no \`value\`: the platform's patch library reads it as null, so ${effect}; write the \`value\` (\`null\` is a value)`, { target: 'key' });
    }
  },
});

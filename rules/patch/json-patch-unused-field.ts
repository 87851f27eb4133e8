import { defineRule } from '../../src/define-rule.js';
import { has } from '../../src/services/values.js';
import { operations } from './_pointer.js';

/** What each operation reads besides `op` and `path` (RFC 6902 section 4). */
const USES: Record<string, { value: boolean; from: boolean }> = {
  add: { value: true, from: false },
  remove: { value: false, from: false },
  replace: { value: true, from: false },
  move: { value: false, from: true },
  copy: { value: false, from: true },
  test: { value: true, from: false },
};

export default defineRule({
  id: 'patch/json-patch-unused-field',
  kinds: ['JSONPatch'],
  meta: {
    description: 'A JSON patch operation carries only the fields its `op` uses: `value` for add, replace and test, `from` for move and copy.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'RFC 6902 says fields an operation does not define are ignored, so a `value` on `remove` or a `from` on `add` changes nothing. It usually means the wrong `op` was written (`add` meant as `copy`, `remove` meant as `replace`).',
      remediation: 'Check the `op`: change it to the operation that uses the field, or remove the field.',
      spec: '2-node-agent-and-patch-command.md#patch-command (`--type=json`: operations with `op`, `path` and `value`)',
    },
  },
  check(value, ctx) {
    for (const { i, op, operation } of operations(value)) {
      const uses = USES[op]!;
      if (!uses.value && has(operation, 'value')) {
        const hint = op === 'remove' ? '; to set a new value use `replace`' : `; \`${op}\` takes its value from \`from\``;
        ctx.report([i, 'value'], `operation \`${op}\` does not use \`value\`: it is ignored${hint}`, { target: 'key' });
      }
      if (!uses.from && has(operation, 'from')) {
        const hint = op === 'add' || op === 'replace' ? `; to take the value from another location use \`copy\` or \`move\`` : '';
        ctx.report([i, 'from'], `operation \`${op}\` does not use \`from\`: it is ignored${hint}`, { target: 'key' });
      }
    }
  },
});

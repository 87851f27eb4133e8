import { defineRule } from '../../src/define-rule.js';
import { ADDS_AT_PATH, operations, pointers } from './_pointer.js';

export default defineRule({
  id: 'patch/json-patch-end-of-array',
  kinds: ['JSONPatch'],
  meta: {
    description: 'The segment `-` (the end of an array) only closes the `path` of add, move and copy.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'In a JSON pointer `-` names the position after the last item of an array (RFC 6901 section 4), where nothing exists yet: a value can be added there, but nothing can be removed, replaced, tested, moved or copied from it, nor read below it. The platform\'s patch library (evanphx/json-patch v4) refuses such an operation on a list (`-` is not an index it can parse). Under a mapping `-` would be an ordinary key, which no field of the platform\'s objects is named except, in principle, a ConfigMap data key; platlint reads `-` as the end of a list, what it is written for.',
      remediation:
        'Use `-` only as the last segment of an `add` (or `move`, `copy`) path, to append; elsewhere write the index of the item, such as `/spec/containers/0/image`.',
      spec: '2-node-agent-and-patch-command.md#patch-command (`--type=json`: array positions in `path`)',
    },
  },
  check(value, ctx) {
    for (const { i, op, operation } of operations(value)) {
      for (const { field, text, segs } of pointers(op, operation)) {
        const at = segs.indexOf('-');
        if (at === -1) continue;
        const last = at === segs.length - 1;
        if (last && field === 'path' && ADDS_AT_PATH.has(op)) continue;
        const where = last ? `ends with \`-\`` : `has \`-\` before its last segment`;
        const why = !last
          ? 'nothing exists there to look into; write an index such as `0`'
          : `\`${op}\` finds no ${field === 'from' ? 'value' : 'item'} past the last item; write an index such as \`0\``;
        ctx.report([i, field], `\`${field}\` \`${text}\` ${where}: ${why}`);
      }
    }
  },
});

import { defineRule } from '../../src/define-rule.js';
import { operations, pointers } from './_pointer.js';

export default defineRule({
  id: 'patch/json-patch-index-canonical',
  kinds: ['JSONPatch'],
  meta: {
    description: 'Array indexes in JSON patch pointers are written without leading zeros or a sign.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'RFC 6901 writes an array index as `0` or a number without leading zeros. The platform\'s patch library (evanphx/json-patch v4) reads indexes with Go\'s `strconv.Atoi`, so it also takes `01` and `+1` as index 1 and `-1` as the last item (it supports negative indexes); other tools read them as map keys or reject them, so the same patch means different things in different places. The patch is applied, so this is a warning.',
      remediation: 'Write the plain index (`1` for `01`); for the last item, write its index, or `-` to append with `add`.',
      spec: '2-node-agent-and-patch-command.md#patch-command (`--type=json`: array positions in `path`)',
    },
  },
  check(value, ctx) {
    for (const { i, op, operation } of operations(value)) {
      for (const { field, text, segs } of pointers(op, operation)) {
        const bad = segs.find((s) => /^0\d+$/.test(s) || /^[-+]\d+$/.test(s));
        if (bad === undefined) continue;
        const why = bad.startsWith('-')
          ? `is a negative index, which RFC 6901 does not have (the platform reads it from the end of the array); write the index counted from the start`
          : bad.startsWith('+')
            ? `has a plus sign, which RFC 6901 array indexes never have (the platform reads it as index ${String(Number(bad))}); write \`${String(Number(bad))}\``
            : `has a leading zero, which RFC 6901 array indexes never have; write \`${String(Number(bad))}\``;
        ctx.report([i, field], `segment \`${bad}\` of \`${field}\` \`${text}\` ${why}`);
      }
    }
  },
});

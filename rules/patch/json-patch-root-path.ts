import { defineRule } from '../../src/define-rule.js';
import { has, isObj, str } from '../../src/services/values.js';
import { operations } from './_pointer.js';

/** What a root `value` is, for messages. */
function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  return typeof v === 'string' ? 'a string' : typeof v === 'boolean' ? 'a boolean' : 'a number';
}

export default defineRule({
  id: 'patch/json-patch-root-path',
  kinds: ['JSONPatch'],
  meta: {
    description: 'A JSON patch operation on the whole object (an empty pointer) is one the platform can apply: `replace` or `test` with a mapping.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'An empty JSON pointer names the whole object. The platform\'s patch library (evanphx/json-patch v4, used by the API server) handles it for two operations only: `replace` with a mapping swaps in the whole object, and `test` with a mapping compares the whole object; both are applied and get no finding. ' +
        'Every other use is refused whatever the object: `add`, `remove`, and the `path` or `from` of `move` and `copy` at the root fail with `doc is missing path` (RFC 6902 lets `add` replace the root; this library does not); ' +
        '`replace` with a scalar or null fails with `replace operation value must be object or array`, and with a list it is applied by the library but the result is no longer an object, so the API server cannot decode it; ' +
        '`test` with anything but a mapping always fails, since the platform patches objects; `replace` or `test` at the root without `value` makes the library fail on the missing value.',
      remediation:
        'Name the field to change, such as `/spec/replicas` or `/metadata/labels/team`; to replace all of the object give `replace` a whole mapping (or use `platctl replace`); to delete the object use `platctl delete`.',
      spec: '2-node-agent-and-patch-command.md#patch-command (`--type=json`: `path` of each operation)',
    },
  },
  check(value, ctx) {
    for (const { i, op, operation } of operations(value)) {
      if (str(operation.path) === '') {
        const v = operation.value;
        let what: string | undefined;
        if (op === 'replace' || op === 'test') {
          if (!has(operation, 'value')) what = `\`${op}\` at the root needs a \`value\`, the whole object; the platform's patch library fails without one`;
          else if (isObj(v)) what = undefined;
          else if (op === 'replace')
            what = Array.isArray(v)
              ? '`replace` at the root with a list turns the object into a list, which the platform cannot decode; give a whole mapping, or name the field, such as `/spec/containers`'
              : `\`replace\` at the root takes a mapping (the whole object), not ${kindOf(v)}; name the field to replace, such as \`/spec/replicas\``;
          else what = `\`test\` at the root compares the whole object, which is never ${kindOf(v)}: the test always fails; name the field to test, such as \`/spec/replicas\``;
        } else if (op === 'remove') {
          what = '`remove` cannot delete the object itself (use `platctl delete`); name the field to remove, such as `/metadata/labels/team`';
        } else {
          what = `the platform's patch library applies \`${op}\` to fields only (\`doc is missing path\`); name the field, such as \`/spec\` or \`/metadata/labels\``;
        }
        if (what !== undefined) ctx.report([i, 'path'], `\`path\` is empty, which names the whole object: ${what}`);
      }
      if ((op === 'move' || op === 'copy') && str(operation.from) === '') {
        ctx.report([i, 'from'], `\`from\` is empty, which names the whole object: \`${op}\` takes a field, such as \`/metadata/labels\``);
      }
    }
  },
});

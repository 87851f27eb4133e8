import { defineRule } from '../../src/define-rule.js';
import { str } from '../../src/services/values.js';
import { operations } from './_pointer.js';

export default defineRule({
  id: 'patch/json-patch-root-path',
  kinds: ['JSONPatch'],
  meta: {
    description: 'A JSON patch operation names a field: its `path` (and the `from` of move and copy) is not empty.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'An empty JSON pointer names the whole object. The platform applies JSON patch operations to the fields of an object only and rejects an operation on the object itself (`doc is missing path`); removing the object is not a patch at all.',
      remediation:
        'Name the field to change, such as `/spec/replicas` or `/metadata/labels/team`; to delete the object use `platctl delete`, to replace all of it use `platctl replace`.',
      spec: '2-node-agent-and-patch-command.md#patch-command (`--type=json`: `path` of each operation)',
    },
  },
  check(value, ctx) {
    for (const { i, op, operation } of operations(value)) {
      if (str(operation.path) === '') {
        const what =
          op === 'remove'
            ? '`remove` cannot delete the object itself (use `platctl delete`); name the field to remove, such as `/metadata/labels/team`'
            : `the platform applies \`${op}\` to fields only; name the field, such as \`/spec\` or \`/metadata/labels\``;
        ctx.report([i, 'path'], `\`path\` is empty, which names the whole object: ${what}`);
      }
      if ((op === 'move' || op === 'copy') && str(operation.from) === '') {
        ctx.report([i, 'from'], `\`from\` is empty, which names the whole object: \`${op}\` takes a field, such as \`/metadata/labels\``);
      }
    }
  },
});

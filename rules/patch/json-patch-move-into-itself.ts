import { defineRule } from '../../src/define-rule.js';
import { str } from '../../src/services/values.js';
import { operations, segments } from './_pointer.js';

export default defineRule({
  id: 'patch/json-patch-move-into-itself',
  kinds: ['JSONPatch'],
  meta: {
    description: 'A `move` operation does not move a value into one of its own children.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'RFC 6902 section 4.4: the `from` location must not be a proper prefix of `path`. Moving `/spec/template` to `/spec/template/spec` would remove the value and then add it inside itself, which is impossible; the patch fails. The platform\'s patch library (evanphx/json-patch v4) removes `from` first and then finds no parent for `path` (`doc is missing destination path`), whatever the object.',
      remediation: 'Use `copy` to duplicate the value into a child, or move it to a location outside of `from`.',
      spec: '2-node-agent-and-patch-command.md#patch-command (`--type=json`, RFC 6902 section 4.4)',
    },
  },
  check(value, ctx) {
    for (const { i, op, operation } of operations(value)) {
      if (op !== 'move') continue;
      const from = str(operation.from);
      const path = str(operation.path);
      if (from === undefined || path === undefined || from === '') continue; // empty from: patch/json-patch-root-path
      const f = segments(from);
      const p = segments(path);
      if (!f || !p || p.length <= f.length || !f.every((s, k) => s === p[k])) continue;
      ctx.report([i, 'path'], `\`path\` \`${path}\` is inside \`from\` \`${from}\`: a value cannot be moved into itself; use \`copy\`, or a \`path\` outside \`${from}\``);
    }
  },
});

import { defineRule } from '../../src/define-rule.js';
import { str } from '../../src/services/values.js';
import { operations, segments } from './_pointer.js';

export default defineRule({
  id: 'patch/json-patch-pointer-syntax',
  kinds: ['JSONPatch'],
  meta: {
    description: 'JSON patch pointers start with `/` and escape `~` as `~0` and `/` as `~1`.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'A JSON pointer (RFC 6901) is empty or starts with `/`, and inside a segment `~` is only written `~0` or `~1`. The platform\'s patch library (evanphx/json-patch v4) does not check either: ' +
        'it splits the pointer at `/` and drops whatever comes before the first one, so `spec/replicas` acts on `/replicas`; it decodes `~0` and `~1` and keeps any other `~` as it is. ' +
        'Such a patch is applied (or fails only if the location it really names is missing), at a place other tools do not agree on, so this is a warning. A non-empty pointer without any `/` can never be resolved: the schema reports that as an error.',
      remediation: 'Start the pointer with `/` (`/spec/replicas`), and write `~` in a key as `~0` and `/` as `~1` (`/metadata/annotations/example.plat.io~1owner`).',
      spec: '2-node-agent-and-patch-command.md#patch-command (`--type=json`: `path` and `from` are JSON pointers, RFC 6901)',
    },
  },
  check(value, ctx) {
    for (const { i, op, operation } of operations(value)) {
      for (const field of op === 'move' || op === 'copy' ? (['path', 'from'] as const) : (['path'] as const)) {
        const text = str(operation[field]);
        if (text === undefined || text === '' || segments(text) === undefined) continue;
        if (!text.startsWith('/')) {
          const read = `/${text.slice(text.indexOf('/') + 1)}`;
          ctx.report([i, field], `\`${field}\` \`${text}\` does not start with \`/\`, so the platform acts on \`${read}\`; write \`/${text}\` if that is meant`);
          continue;
        }
        const bad = /~(?![01])/.exec(text);
        if (bad) {
          ctx.report([i, field], `\`${field}\` \`${text}\` has a \`~\` not followed by \`0\` or \`1\`: RFC 6901 writes \`~\` in a key as \`~0\` and \`/\` as \`~1\`; the platform's patch library keeps a lone \`~\` as it is`);
        }
      }
    }
  },
});

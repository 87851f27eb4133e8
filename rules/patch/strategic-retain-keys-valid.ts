import { defineRule } from '../../src/define-rule.js';
import { has, isObj } from '../../src/services/values.js';
import { DIRECTIVE, RETAIN_KEYS, mappings } from './_strategic.js';

function typeOf(v: unknown): string {
  return v === null ? 'null' : Array.isArray(v) ? 'a list' : isObj(v) ? 'a mapping' : `a ${typeof v}`;
}

export default defineRule({
  id: 'patch/strategic-retain-keys-valid',
  kinds: ['StrategicMergePatch'],
  meta: {
    description: '`$retainKeys` is a list of field names that includes every field its mapping sets.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        '`$retainKeys` clears every field of the mapping that it does not list (switching a volume from `hostPath` to `emptyDir`, say). The platform rejects a patch whose `$retainKeys` is not a list, or that sets a field `$retainKeys` leaves out, since that field would be set and cleared at once.',
      remediation: 'Write `$retainKeys` as a list of the names of the fields to keep, and list in it every field the same mapping sets (fields set to `null` excepted).',
      spec: '2-node-agent-and-patch-command.md#patch-command (`--type strategic`)',
    },
  },
  check(value, ctx) {
    for (const { map, path } of mappings(value)) {
      if (!has(map, RETAIN_KEYS) || has(map, DIRECTIVE)) continue; // `$patch` replaces or deletes the mapping first
      const list = map[RETAIN_KEYS];
      const at = [...path, RETAIN_KEYS];
      if (!Array.isArray(list)) {
        ctx.report(at, `\`$retainKeys\` must be a list of the names of the fields to keep, got ${typeOf(list)}`);
        continue;
      }
      list.forEach((item, i) => {
        if (typeof item !== 'string') ctx.report([...at, i], `\`$retainKeys\` lists field names, got ${typeOf(item)}${item === null || typeof item === 'object' ? '' : ` (\`${String(item)}\`)`}`);
      });
      const kept = new Set(list.filter((k): k is string => typeof k === 'string'));
      const shownList = [...kept].map((k) => `\`${k}\``).join(', ') || 'nothing';
      for (const [key, v] of Object.entries(map)) {
        if (key.startsWith('$') || v === null || kept.has(key)) continue;
        ctx.report([...path, key], `\`${key}\` is set but \`$retainKeys\` keeps only ${shownList}: the platform rejects the patch; add \`${key}\` to \`$retainKeys\``, {
          target: 'key',
        });
      }
    }
  },
});

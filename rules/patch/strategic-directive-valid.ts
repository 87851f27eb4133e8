import { defineRule } from '../../src/define-rule.js';
import { has, isObj } from '../../src/services/values.js';
import { DELETE_FROM_PRIMITIVE_LIST, DIRECTIVE, RETAIN_KEYS, SET_ELEMENT_ORDER, keyedList, mappings, shown } from './_strategic.js';

function typeOf(v: unknown): string {
  return v === null ? 'null' : Array.isArray(v) ? 'a list' : isObj(v) ? 'a mapping' : `a ${typeof v}`;
}

export default defineRule({
  id: 'patch/strategic-directive-valid',
  kinds: ['StrategicMergePatch'],
  meta: {
    description: 'Strategic merge patch directives are known: `$patch` is `replace` or `delete`, and `$deleteFromPrimitiveList/<list>` lists scalars.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'The platform reads the keys `$patch`, `$retainKeys`, `$setElementOrder/<list>` and `$deleteFromPrimitiveList/<list>` of a strategic merge patch as directives and rejects a patch with a `$patch` it does not know (apimachinery `strategicpatch`: `unknown patch type`; `merge` too: maps and lists merge by default), a `$setElementOrder` or `$deleteFromPrimitiveList` without a list name after the `/`, and a `$deleteFromPrimitiveList/<list>` that is not a list. A misspelled directive is not a directive at all but a field of the object: `patch/strategic-unknown-directive` warns about it.',
      remediation:
        'Write `$patch: replace` (replace this mapping or list whole) or `$patch: delete` (delete it, or the list item named by its merge key); give `$deleteFromPrimitiveList/<list>` the scalar values to remove from `<list>`; and name the list after the `/`.',
      spec: '2-node-agent-and-patch-command.md#patch-command (`--type strategic`)',
    },
  },
  check(value, ctx) {
    for (const { map, path, context } of mappings(value)) {
      if (has(map, DIRECTIVE)) {
        const v = map[DIRECTIVE];
        if (v === 'merge') {
          ctx.report([...path, DIRECTIVE], '`$patch: merge` is not accepted: mappings and lists of a strategic merge patch merge by default; remove it');
        } else if (v !== 'replace' && v !== 'delete') {
          const got = typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? shown(v) : typeOf(v);
          ctx.report([...path, DIRECTIVE], `\`$patch\` must be \`replace\` or \`delete\`, got ${got}`);
        }
      }
      for (const [key, v] of Object.entries(map)) {
        if (!key.startsWith('$') || key === DIRECTIVE || key === RETAIN_KEYS) continue;
        const prefix = [SET_ELEMENT_ORDER, DELETE_FROM_PRIMITIVE_LIST].find((p) => key.startsWith(p));
        if (prefix !== undefined && key.length > prefix.length) {
          if (prefix === DELETE_FROM_PRIMITIVE_LIST) checkDeleteList(key, key.slice(prefix.length), v, [...path, key]);
          continue;
        }
        const bare = [SET_ELEMENT_ORDER, DELETE_FROM_PRIMITIVE_LIST].find((p) => key === p || key === p.slice(0, -1));
        if (bare !== undefined) {
          ctx.report([...path, key], `\`${key}\` names no list: write the list's field after a \`/\`, like \`${bare}containers\``, { target: 'key' });
          continue;
        }
        // other `$` keys are not directives: patch/strategic-unknown-directive
      }

      function checkDeleteList(key: string, listName: string, v: unknown, at: (string | number)[]): void {
        const keyed = keyedList(context, listName);
        if (keyed) {
          ctx.report(at, `\`${listName}\` is a list of mappings merged by \`${keyed.mergeKey}\`, not of scalars: delete an item with \`$patch: delete\` and its \`${keyed.mergeKey}\` in \`${listName}\``, {
            target: 'key',
          });
          return;
        }
        if (!Array.isArray(v)) {
          ctx.report(at, `\`${key}\` must be a list of the values to remove from \`${listName}\`, got ${typeOf(v)}`);
          return;
        }
        v.forEach((item, i) => {
          if (item !== null && typeof item === 'object') {
            ctx.report([...at, i], `\`${key}\` lists scalar values to remove from \`${listName}\`, got ${typeOf(item)}`);
          }
        });
      }
    }
  },
});

import { defineRule } from '../../src/define-rule.js';
import { has, isObj } from '../../src/services/values.js';
import { DIRECTIVE, keyedLists, replacesWhole } from './_strategic.js';

function typeOf(v: unknown): string {
  return v === null ? 'null' : Array.isArray(v) ? 'a list' : `a ${typeof v}`;
}

export default defineRule({
  id: 'patch/strategic-merge-key-required',
  kinds: ['StrategicMergePatch'],
  meta: {
    description: 'Items of a list merged by a merge key (containers by `name`, container ports by `containerPort` ...) carry that key.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'A strategic merge patch matches each item of a keyed list with the item of the object that has the same merge key value (the container `name`, the `mountPath` of a volume mount ...), and a `$patch: delete` item names the item to delete the same way. The platform rejects the whole patch when an item has no merge key (`does not contain declared merge key`). A list with a `$patch: replace` item is replaced whole by the other items, which the platform then does not match by merge key (apimachinery `strategicpatch`), so such a list is not checked here.',
      remediation:
        'Add the merge key to the item, for example `name: app` to a container; to replace the list whole, add an item `$patch: replace` or use `--type merge`.',
      spec: '2-node-agent-and-patch-command.md#endpoints (strategic patches identify list items by a merge key)',
    },
  },
  check(value, ctx) {
    for (const { list, path, key, mergeKey } of keyedLists(value)) {
      const whole = replacesWhole(list); // replaced whole: items are not matched by merge key
      list.forEach((item, i) => {
        const at = [...path, i];
        if (!isObj(item)) {
          ctx.report(at, `items of \`${key}\` are mappings identified by \`${mergeKey}\`, got ${typeOf(item)}`);
          return;
        }
        const directive = item[DIRECTIVE];
        if (directive === 'replace' || (has(item, DIRECTIVE) && directive !== 'delete')) return; // a list directive, or a bad one (strategic-directive-valid)
        if (has(item, mergeKey) || (whole && directive !== 'delete')) return;
        const message =
          directive === 'delete'
            ? `this \`$patch: delete\` item of \`${key}\` has no \`${mergeKey}\`: it names the item to delete by its merge key`
            : `this item of \`${key}\` has no merge key \`${mergeKey}\`, so the platform rejects the patch`;
        ctx.report(at, message);
      });
    }
  },
});

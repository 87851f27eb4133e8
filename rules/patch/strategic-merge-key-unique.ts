import { defineRule } from '../../src/define-rule.js';
import { formatPath } from '../../src/path.js';
import { has, objItems, repeats } from '../../src/services/values.js';
import { DIRECTIVE, keyValue, keyedLists, replacesWhole, shown } from './_strategic.js';

export default defineRule({
  id: 'patch/strategic-merge-key-unique',
  kinds: ['StrategicMergePatch'],
  meta: {
    description: 'Items of a list merged by a merge key have distinct merge key values (no two containers named `app`).',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'The platform merges a patch item into the item of the object with the same merge key value, and two patch items with the same value into one: the second silently overwrites the fields of the first. Two containers named `app` in a patch never make two containers. The platform\'s strategic merge (apimachinery `strategicpatch`, merging list items one after another by their merge key) applies such a patch without complaint, so this is a warning: the patch does something other than what it shows. A list with a `$patch: replace` item is replaced whole by the other items, which the platform then does not match by merge key (apimachinery `strategicpatch`), so such a list is not checked here.',
      remediation: 'Merge the two items into one, or give the second its own merge key value (another container `name`, another `containerPort`).',
      spec: '2-node-agent-and-patch-command.md#endpoints (strategic patches identify list items by a merge key)',
    },
  },
  check(value, ctx) {
    for (const { list, path, key, mergeKey } of keyedLists(value)) {
      if (replacesWhole(list)) continue; // replaced whole: items are not matched by merge key
      const entries: [string, (string | number)[]][] = [];
      for (const [i, item] of objItems(list)) {
        if (has(item, DIRECTIVE)) continue; // deletions and list directives: not merged
        const k = keyValue(item[mergeKey]);
        if (k !== undefined) entries.push([k, [...path, i, mergeKey]]);
      }
      for (const { path: at, first } of repeats(entries)) {
        const item = first.slice(0, -1);
        const v = shown((list[item[item.length - 1] as number] as Record<string, unknown>)[mergeKey]);
        ctx.report(at, `${mergeKey} ${v} is already the merge key of ${formatPath(item)}: the platform merges both items of \`${key}\` into one`, {
          related: [{ path: first, message: `first item of \`${key}\` with ${mergeKey} ${v}` }],
        });
      }
    }
  },
});

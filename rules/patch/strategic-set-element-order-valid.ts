import { defineRule } from '../../src/define-rule.js';
import { has, isObj } from '../../src/services/values.js';
import { DIRECTIVE, SET_ELEMENT_ORDER, keyValue, keyedList, mappings, shown } from './_strategic.js';

function typeOf(v: unknown): string {
  return v === null ? 'null' : Array.isArray(v) ? 'a list' : isObj(v) ? 'a mapping' : `a ${typeof v}`;
}

export default defineRule({
  id: 'patch/strategic-set-element-order-valid',
  kinds: ['StrategicMergePatch'],
  meta: {
    description: '`$setElementOrder/<list>` is a list naming items by their merge key, and lists the items of `<list>` in the patch in the same order.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        '`$setElementOrder/containers` gives the order of the items of `containers` after the merge: the items of a keyed list by their merge key only (`- name: app`), the values of a list of scalars as they are. The platform rejects the patch when an item is not named that way, or when the items of the list in the patch are missing from the order list or in another order. An empty order list is not compared (apimachinery `validatePatchWithSetOrderList` returns early), so it gets no finding.',
      remediation:
        'Write `$setElementOrder/<list>` as a list with one entry per item, in the wanted order: `- name: app` for a container, the value itself for a list of scalars; include every item the patch sets in `<list>`, in the same order.',
      spec: '2-node-agent-and-patch-command.md#patch-command (`--type strategic`)',
    },
  },
  check(value, ctx) {
    for (const { map, path, context } of mappings(value)) {
      if (has(map, DIRECTIVE)) continue; // the mapping is replaced or deleted whole
      for (const [key, order] of Object.entries(map)) {
        if (!key.startsWith(SET_ELEMENT_ORDER) || key.length === SET_ELEMENT_ORDER.length) continue;
        const listName = key.slice(SET_ELEMENT_ORDER.length);
        const at = [...path, key];
        if (!Array.isArray(order)) {
          ctx.report(at, `\`${key}\` must be a list of the items of \`${listName}\` in the wanted order, got ${typeOf(order)}`);
          continue;
        }
        const mergeKey = keyedList(context, listName)?.mergeKey;
        let named = true;
        if (mergeKey !== undefined) {
          order.forEach((item, i) => {
            if (isObj(item) && has(item, mergeKey)) return;
            named = false;
            ctx.report([...at, i], `entries of \`${key}\` name an item of \`${listName}\` by its merge key, like \`- ${mergeKey}: ...\`, got ${isObj(item) ? `a mapping without \`${mergeKey}\`` : typeOf(item)}`);
          });
        }
        const list = map[listName];
        if (!named || !Array.isArray(list) || order.length === 0) continue; // an empty order list is not compared with the list
        // the key an item is ordered by: its merge key value, or the value itself in a list of scalars
        const keyOf = (item: unknown): string | undefined => (mergeKey !== undefined ? (isObj(item) ? keyValue(item[mergeKey]) : undefined) : keyValue(item));
        if (mergeKey === undefined && !order.every((o) => keyValue(o) !== undefined)) continue; // a keyed list platlint does not know
        const position = new Map<string, number>();
        order.forEach((o, i) => {
          const k = keyOf(o);
          if (k !== undefined && !position.has(k)) position.set(k, i);
        });
        let last = -1;
        let lastName = '';
        for (let i = 0; i < list.length; i++) {
          const item = list[i];
          if (isObj(item) && has(item, DIRECTIVE)) continue; // deletions and directives are not ordered
          const k = keyOf(item);
          if (k === undefined) continue;
          const name = shown(mergeKey !== undefined ? (item as Record<string, unknown>)[mergeKey] : item);
          const p = position.get(k);
          if (p === undefined) {
            ctx.report([...path, listName, i], `${name} is set in \`${listName}\` but missing from \`${key}\`: the platform rejects a patch whose order list leaves out an item the patch sets`);
            break;
          }
          if (p < last) {
            ctx.report([...path, listName, i], `${name} comes after ${lastName} in \`${listName}\` but before it in \`${key}\`: write the items of \`${listName}\` in the order of \`${key}\``);
            break;
          }
          last = p;
          lastName = name;
        }
      }
    }
  },
});

import { defineRule } from '../../src/define-rule.js';
import { ENTRY_NAME, entryLists } from './_generic.js';
import { formatPath } from '../../src/path.js';
import { items, str } from '../../src/services/values.js';

export default defineRule({
  id: 'controllermanager/controllers-entry-unique',
  kinds: ['CloudControllerManagerConfiguration', 'PlatControllerManagerConfiguration'],
  meta: {
    description: 'Each name appears once in `Controllers` and in `Webhooks`, enabled or disabled.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'The first entry for a name wins: a later `foo` or `-foo` for the same name is ignored, so a list that both enables and disables a controller does not do what its last entry says.',
      remediation: 'Keep one entry per name, the one that states what you want.',
      spec: '3-config-and-payload-types.md#controller-manager-configuration (Webhook: Webhooks, first item per name wins; Generic: Controllers, as for webhooks)',
    },
  },
  check(value, ctx) {
    for (const [path, list] of entryLists(value)) {
      const seen = new Map<string, [number, string]>();
      for (const [i, item] of items(list)) {
        const entry = str(item);
        if (entry === undefined || entry === '') continue;
        const name = entry.startsWith('-') ? entry.slice(1) : entry;
        if (entry !== '*' && !ENTRY_NAME.test(name)) continue; // reported by controllermanager/controllers-entry-format
        const first = seen.get(name);
        if (first === undefined) {
          seen.set(name, [i, entry]);
          continue;
        }
        const [fi, fe] = first;
        const firstPath = [...path, fi];
        const message =
          fe === entry
            ? `\`${entry}\` repeats the entry at ${formatPath(firstPath)}; list each name once`
            : `\`${entry}\` is ignored: \`${fe}\` at ${formatPath(firstPath)} comes first and wins`;
        ctx.report([...path, i], message, {
          related: [{ path: firstPath, message: `\`${fe}\` is the entry that applies` }],
        });
      }
    }
  },
});

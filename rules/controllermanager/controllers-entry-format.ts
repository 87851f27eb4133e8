import { defineRule } from '../../src/define-rule.js';
import { ENTRY_NAME, entryLists } from './_generic.js';
import { items, str } from '../../src/services/values.js';

export default defineRule({
  id: 'controllermanager/controllers-entry-format',
  kinds: ['CloudControllerManagerConfiguration', 'PlatControllerManagerConfiguration'],
  meta: {
    description: 'Every entry of `Controllers` and `Webhooks` is `*`, a name, or `-` and a name.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'The lists enable and disable controllers (or webhooks) by name: `*` stands for every one enabled by default, `foo` enables foo and `-foo` disables it; names are lower-case words joined by `-`, and an entry of any other form names no controller and is refused.',
      remediation: 'Write `*`, a controller name such as `route`, or `-route` to disable it; one entry per list item.',
      spec: '3-config-and-payload-types.md#controller-manager-configuration (Generic: Controllers; Webhook: Webhooks)',
    },
  },
  check(value, ctx) {
    for (const [path, list] of entryLists(value)) {
      const what = path[1] === 'Webhooks' ? 'webhook' : 'controller';
      for (const [i, item] of items(list)) {
        const entry = str(item);
        if (entry === undefined || entry === '*') continue;
        const name = entry.startsWith('-') ? entry.slice(1) : entry;
        if (ENTRY_NAME.test(name)) continue;
        const shown = entry === '' ? '""' : `\`${entry}\``;
        ctx.report([...path, i], `${shown} is not \`*\`, \`name\` or \`-name\` (${what} names are lower-case letters, digits and \`-\`)`);
      }
    }
  },
});

import { defineRule } from '../../src/define-rule.js';
import { formatPath } from '../../src/path.js';
import { items, obj, objItems, str } from '../../src/services/values.js';

/** `secrets` and `secrets.` name the same resource: compare the resource and group parts. */
function canonical(name: string): string {
  return name.includes('.') ? name : `${name}.`;
}

export default defineRule({
  id: 'encryption/resource-unique',
  kinds: ['EncryptionConfiguration'],
  meta: {
    description: 'A resource appears at most once in one `resources` list.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale: 'The API server refuses an encryption configuration that lists the same resource twice in one list.',
      remediation: 'Remove the repeated entry.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1-apiserverconfigplatiov1 (ResourceConfiguration.resources)',
    },
  },
  check(value, ctx) {
    for (const [i, entry] of objItems(obj(value)?.resources)) {
      const seen = new Map<string, number>();
      for (const [j, item] of items(entry.resources)) {
        const name = str(item);
        if (name === undefined || name === '') continue;
        const key = canonical(name);
        const first = seen.get(key);
        if (first === undefined) {
          seen.set(key, j);
          continue;
        }
        const firstPath = ['resources', i, 'resources', first];
        ctx.report(['resources', i, 'resources', j], `resource \`${name}\` is already listed at ${formatPath(firstPath)}`, {
          related: [{ path: firstPath, message: 'first listed here' }],
        });
      }
    }
  },
});

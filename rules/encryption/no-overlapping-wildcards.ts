import { defineRule } from '../../src/define-rule.js';
import { covers, parseSelector, type Selector } from './_selectors.js';
import { formatPath } from '../../src/path.js';
import { items, obj, objItems, str } from '../../src/services/values.js';

function same(a: Selector, b: Selector): boolean {
  return a.resource === b.resource && a.group === b.group;
}

export default defineRule({
  id: 'encryption/no-overlapping-wildcards',
  kinds: ['EncryptionConfiguration'],
  meta: {
    description: 'A wildcard does not overlap another resource of the same `resources` list.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'A wildcard already selects the resources it covers (`*.*` everything, `*.apps` every resource of the apps group, `*.` the core group); listing it with one of them in the same list is ambiguous, and the API server refuses the configuration.',
      remediation:
        'Keep either the wildcard or the resources it covers in one list. To give a resource other providers than its group, put it in its own entry before the wildcard entry.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1-apiserverconfigplatiov1 (EncryptionConfiguration rules: overlapping wildcards)',
    },
  },
  check(value, ctx) {
    for (const [i, entry] of objItems(obj(value)?.resources)) {
      const earlier: [number, string, Selector][] = [];
      for (const [j, item] of items(entry.resources)) {
        const name = str(item);
        const sel = name === undefined ? undefined : parseSelector(name);
        if (name === undefined || sel === undefined) continue;
        const hit = earlier.find(([, , e]) => !same(e, sel) && (covers(e, sel) || covers(sel, e)));
        if (hit !== undefined) {
          const [k, other, e] = hit;
          const firstPath = ['resources', i, 'resources', k];
          const how = covers(e, sel) ? `is covered by \`${other}\`` : `covers \`${other}\``;
          ctx.report(
            ['resources', i, 'resources', j],
            `\`${name}\` ${how} at ${formatPath(firstPath)} in the same list`,
            { related: [{ path: firstPath, message: `\`${other}\` is listed here` }] },
          );
        }
        earlier.push([j, name, sel]);
      }
    }
  },
});

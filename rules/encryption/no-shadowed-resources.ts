import { defineRule } from '../../src/define-rule.js';
import { covers, parseSelector, type Selector } from './_selectors.js';
import { formatPath } from '../../src/path.js';
import { items, obj, objItems, str } from '../../src/services/values.js';

export default defineRule({
  id: 'encryption/no-shadowed-resources',
  kinds: ['EncryptionConfiguration'],
  meta: {
    description: 'A resource is not already selected by an earlier wildcard entry (such as `secrets` after `*.` or `*.*`).',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'Entries are processed in order and the first entry that selects a resource decides its providers. A resource (or wildcard) that an earlier entry already selects is never encrypted with the providers of its own entry: that part of the configuration has no effect, and wildcards that overlap across entries are not allowed: the platform refuses to load a resource that an earlier `*.<group>` or `*.*` entry masks. The same plain resource in two entries is not refused (the platform joins the providers of both entries, the earlier first): `encryption/spec-conformance` warns about it.',
      remediation:
        'Move the more specific entry before the wildcard entry (`secrets` before `*.`, `*.apps` before `*.*`), or remove the resource from the later entry.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1-apiserverconfigplatiov1 (EncryptionConfiguration rules: earlier entries take precedence)',
    },
  },
  check(value, ctx) {
    const earlier: [number, number, string, Selector][] = [];
    for (const [i, entry] of objItems(obj(value)?.resources)) {
      const mine: [number, number, string, Selector][] = [];
      for (const [j, item] of items(entry.resources)) {
        const name = str(item);
        const sel = name === undefined ? undefined : parseSelector(name);
        if (name === undefined || sel === undefined) continue;
        mine.push([i, j, name, sel]);
        // Only an earlier wildcard masks a resource for the platform; the same resource in two entries loads (its
        // providers are joined): encryption/spec-conformance warns about that.
        const hit = earlier.find(([, , , e]) => e.resource === '*' && covers(e, sel));
        if (hit === undefined) continue;
        const [hi, hj, other] = hit;
        const firstPath = ['resources', hi, 'resources', hj];
        const what = other === name ? 'is already listed' : `is already selected by \`${other}\``;
        ctx.report(
          ['resources', i, 'resources', j],
          `\`${name}\` ${what} at ${formatPath(firstPath)}, so this entry's providers never apply to it`,
          { related: [{ path: firstPath, message: `\`${other}\` takes precedence here` }] },
        );
      }
      earlier.push(...mine);
    }
  },
});

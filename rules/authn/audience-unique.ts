import { defineRule } from '../../src/define-rule.js';
import { formatPath, type Path } from '../../src/path.js';
import { items, obj, objItems, str } from '../../src/services/values.js';

export default defineRule({
  id: 'authn/audience-unique',
  kinds: ['AuthenticationConfiguration'],
  meta: {
    description: 'No audience appears twice in the `audiences` of one issuer.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale: 'A repeated audience adds nothing and usually hides a typo in the entry meant instead; the API server refuses to start with one.',
      remediation: 'Remove the repeated entry, or correct it to the audience that was meant.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1 (Issuer: audiences)',
    },
  },
  check(value, ctx) {
    for (const [i, jwt] of objItems(obj(value)?.jwt)) {
      const seen = new Map<string, Path>();
      for (const [j, entry] of items(obj(jwt.issuer)?.audiences)) {
        const audience = str(entry);
        if (audience === undefined || audience === '') continue;
        const path = ['jwt', i, 'issuer', 'audiences', j];
        const first = seen.get(audience);
        if (first === undefined) {
          seen.set(audience, path);
          continue;
        }
        ctx.report(path, `audience \`${audience}\` is already listed at ${formatPath(first)}; each audience appears once`, {
          related: [{ path: first, message: 'first listing of this audience' }],
        });
      }
    }
  },
});

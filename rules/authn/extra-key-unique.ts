import { defineRule } from '../../src/define-rule.js';
import { formatPath } from '../../src/path.js';
import { keyedStrings, obj, objItems, repeats } from '../../src/services/values.js';

export default defineRule({
  id: 'authn/extra-key-unique',
  kinds: ['AuthenticationConfiguration'],
  meta: {
    description: 'No extra mapping `key` appears twice in one authenticator.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale: 'Each extra key gets its values from one expression; two mappings for the same key conflict, and the API server refuses to start.',
      remediation: 'Keep one mapping per key; combine the values in one expression, such as `[claims.a, claims.b]`.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1 (ExtraMapping: key unique)',
    },
  },
  check(value, ctx) {
    for (const [i, jwt] of objItems(obj(value)?.jwt)) {
      const keys = keyedStrings(obj(jwt.claimMappings)?.extra, ['jwt', i, 'claimMappings', 'extra'], (e) => e.key, ['key']);
      for (const { key, path, first } of repeats(keys)) {
        ctx.report(path, `key \`${key}\` is already mapped at ${formatPath(first)}; each extra key is mapped once`, {
          related: [{ path: first, message: 'first mapping of this key' }],
        });
      }
    }
  },
});

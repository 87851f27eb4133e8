import { defineRule } from '../../src/define-rule.js';
import { formatPath } from '../../src/path.js';
import { obj, objItems, str } from '../../src/services/values.js';

export default defineRule({
  id: 'authz/authorizer-name-unique',
  kinds: ['AuthorizationConfiguration'],
  meta: {
    description: 'Authorizer names are unique within the chain.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'The name identifies the authorizer in metrics and logs; the API server refuses to start when two authorizers share a name.',
      remediation: 'Give each authorizer its own name, for example by the webhook it calls: `tenant-policy`, `audit-policy`.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1-apiserverconfigplatiov1 (AuthorizerConfiguration.name)',
    },
  },
  check(value, ctx) {
    const first = new Map<string, number>();
    for (const [i, authorizer] of objItems(obj(value)?.authorizers)) {
      const name = str(authorizer.name);
      if (name === undefined || name === '') continue; // missing or empty: other checks
      const seen = first.get(name);
      if (seen === undefined) {
        first.set(name, i);
        continue;
      }
      const firstPath = ['authorizers', seen, 'name'];
      ctx.report(['authorizers', i, 'name'], `name \`${name}\` is already used by ${formatPath(firstPath)}; authorizer names must be unique`, {
        related: [{ path: firstPath, message: `first authorizer named \`${name}\`` }],
      });
    }
  },
});

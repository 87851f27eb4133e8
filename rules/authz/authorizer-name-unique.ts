import { defineRule } from '../../src/define-rule.js';
import { formatPath } from '../../src/path.js';
import { keyedStrings, obj, repeats } from '../../src/services/values.js';

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
    // missing or empty names: other checks
    for (const { key: name, path, first } of repeats(keyedStrings(obj(value)?.authorizers, ['authorizers'], (a) => a.name, ['name']))) {
      ctx.report(path, `name \`${name}\` is already used by ${formatPath(first)}; authorizer names must be unique`, {
        related: [{ path: first, message: `first authorizer named \`${name}\`` }],
      });
    }
  },
});

import { defineRule } from '../../src/define-rule.js';
import { formatPath } from '../../src/path.js';
import { obj, objItems, str } from '../../src/services/values.js';

/** The authorizer types that may appear at most once (`Webhook` may repeat; the schema's enum reports any other value). */
const SINGLE = new Set(['AlwaysAllow', 'AlwaysDeny', 'ABAC', 'Node', 'RBAC']);

export default defineRule({
  id: 'authz/authorizer-type-unique',
  kinds: ['AuthorizationConfiguration'],
  meta: {
    description: 'Only `Webhook` authorizers may repeat; every other type appears at most once.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'The chain is built like the authorization-modes flag: `Node`, `RBAC`, `ABAC`, `AlwaysAllow` and `AlwaysDeny` each name one built-in authorizer, so a second entry of the same type is refused at start-up. Only `Webhook` entries, each with its own endpoint, may repeat.',
      remediation: 'Remove the second entry of that type, or merge the two entries into one at the position where it should run.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1-apiserverconfigplatiov1 (AuthorizationConfiguration.authorizers: like the authorization-modes flag)',
    },
  },
  check(value, ctx) {
    const first = new Map<string, number>();
    for (const [i, authorizer] of objItems(obj(value)?.authorizers)) {
      const type = str(authorizer.type);
      if (type === undefined || !SINGLE.has(type)) continue;
      const seen = first.get(type);
      if (seen === undefined) {
        first.set(type, i);
        continue;
      }
      const firstPath = ['authorizers', seen, 'type'];
      ctx.report(
        ['authorizers', i, 'type'],
        `type \`${type}\` is already used by ${formatPath(firstPath)}; only \`Webhook\` authorizers may appear more than once`,
        { related: [{ path: firstPath, message: `first \`${type}\` authorizer` }] },
      );
    }
  },
});

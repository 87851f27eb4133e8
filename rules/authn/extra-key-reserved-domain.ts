import { defineRule } from '../../src/define-rule.js';
import { obj, objItems, str } from '../../src/services/values.js';

export default defineRule({
  id: 'authn/extra-key-reserved-domain',
  kinds: ['AuthenticationConfiguration'],
  meta: {
    description: 'An extra mapping `key` is not in the platform\'s reserved domain `plat.io` or its subdomains.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'Extra keys under `plat.io` and its subdomains are reserved for the platform\'s own components, which give them meaning; the API server refuses to start when an authenticator maps one.',
      remediation: 'Use a domain you own as the key prefix, such as `example.com/team`.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1 (ExtraMapping: key)',
    },
  },
  check(value, ctx) {
    for (const [i, jwt] of objItems(obj(value)?.jwt)) {
      for (const [j, extra] of objItems(obj(jwt.claimMappings)?.extra)) {
        const key = str(extra.key);
        const slash = key?.indexOf('/') ?? -1;
        if (key === undefined || slash < 0) continue;
        const domain = key.slice(0, slash);
        if (domain !== 'plat.io' && !domain.endsWith('.plat.io')) continue;
        ctx.report(['jwt', i, 'claimMappings', 'extra', j, 'key'], `key \`${key}\` is in \`${domain}\`, a domain reserved for the platform`);
      }
    }
  },
});

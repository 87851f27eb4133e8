import { defineRule } from '../../src/define-rule.js';
import { obj, objItems, str } from '../../src/services/values.js';

const set = (v: unknown) => (str(v) ?? '') !== '';

export default defineRule({
  id: 'authn/username-mapping-required',
  kinds: ['AuthenticationConfiguration'],
  meta: {
    description: 'The `username` claim mapping sets a non-empty `claim` or `expression`.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'Every authenticated user needs a username; a `username` mapping without a claim and without an expression gives none, and the API server refuses to start.',
      remediation: 'Set `claim` (with `prefix`, such as `claim: sub` and `prefix: "oidc:"`) or an `expression` such as `\'oidc:\' + claims.sub`.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1 (ClaimMappings: username R)',
    },
  },
  check(value, ctx) {
    for (const [i, jwt] of objItems(obj(value)?.jwt)) {
      const username = obj(obj(jwt.claimMappings)?.username);
      // A missing username mapping is reported by the schema.
      if (username === undefined || set(username.claim) || set(username.expression)) continue;
      ctx.report(['jwt', i, 'claimMappings', 'username'], 'username sets neither a `claim` nor an `expression`; one of them is required', { target: 'key' });
    }
  },
});

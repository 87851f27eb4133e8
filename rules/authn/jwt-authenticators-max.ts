import { defineRule } from '../../src/define-rule.js';
import { obj } from '../../src/services/values.js';

const MAX = 64;

export default defineRule({
  id: 'authn/jwt-authenticators-max',
  kinds: ['AuthenticationConfiguration'],
  meta: {
    description: 'At most 64 JWT authenticators are configured.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'Every bearer token may be tried against each JWT authenticator; the API server bounds the list at 64 entries and refuses to start with more.',
      remediation: 'Merge authenticators that share an identity provider, or federate the issuers behind fewer providers.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1 (AuthenticationConfiguration: jwt)',
    },
  },
  check(value, ctx) {
    const jwt = obj(value)?.jwt;
    if (!Array.isArray(jwt) || jwt.length <= MAX) return;
    ctx.report(['jwt'], `jwt lists ${jwt.length} authenticators; the maximum is ${MAX}`, { target: 'key' });
  },
});

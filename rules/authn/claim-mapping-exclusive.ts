import { defineRule } from '../../src/define-rule.js';
import { has, obj, objItems, str } from '../../src/services/values.js';

const set = (v: unknown) => (str(v) ?? '') !== '';

export default defineRule({
  id: 'authn/claim-mapping-exclusive',
  kinds: ['AuthenticationConfiguration'],
  meta: {
    description: 'The `username`, `groups` and `uid` claim mappings set `claim` (with `prefix`) or `expression`, not both.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'A user attribute comes either from one claim (with a prefix for username and groups) or from a CEL expression; with both, the API server cannot tell which applies and refuses to start. Its validation also refuses a `prefix` beside an `expression` (set even to the empty string); a `prefix` alone is left to `authn/spec-conformance` (groups) and `authn/username-mapping-required` (username), since the platform ignores it.',
      remediation:
        'Keep `claim` and `prefix` for a plain claim, or `expression` alone (put any prefix into the expression, such as `\'oidc:\' + claims.sub`).',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1 (PrefixedClaimOrExpression, ClaimOrExpression: mutually exclusive)',
    },
  },
  check(value, ctx) {
    for (const [i, jwt] of objItems(obj(value)?.jwt)) {
      const mappings = obj(jwt.claimMappings);
      for (const name of ['username', 'groups', 'uid'] as const) {
        const m = obj(mappings?.[name]);
        if (m === undefined || !set(m.expression)) continue;
        const path = ['jwt', i, 'claimMappings', name];
        if (set(m.claim)) {
          ctx.report(path, `${name} sets both \`claim\` and \`expression\`; set only one of them`, { target: 'key' });
        } else if (name !== 'uid' && has(m, 'prefix')) {
          // The platform refuses any prefix beside an expression (it is set, even to the empty string).
          ctx.report([...path, 'prefix'], `${name} sets \`prefix\` together with \`expression\`; a prefix goes only with \`claim\``, { target: 'key' });
        }
      }
    }
  },
});

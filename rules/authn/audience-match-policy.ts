import { defineRule } from '../../src/define-rule.js';
import { has, obj, objItems, str } from '../../src/services/values.js';

export default defineRule({
  id: 'authn/audience-match-policy',
  kinds: ['AuthenticationConfiguration'],
  meta: {
    description: 'An issuer with several `audiences` sets `audienceMatchPolicy: MatchAny`.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'With more than one audience the platform needs to be told how to match them against the `aud` claim; it refuses to start unless `audienceMatchPolicy` is `MatchAny` (at least one audience must match).',
      remediation: 'Add `audienceMatchPolicy: MatchAny` to the issuer, or keep a single audience.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1 (Issuer: audienceMatchPolicy)',
    },
  },
  check(value, ctx) {
    for (const [i, jwt] of objItems(obj(value)?.jwt)) {
      const issuer = obj(jwt.issuer);
      const audiences = issuer?.audiences;
      if (!Array.isArray(audiences) || audiences.length < 2) continue;
      const policy = issuer!.audienceMatchPolicy;
      // Another string is outside the schema's enum and reported there.
      if (has(issuer, 'audienceMatchPolicy') && str(policy) !== '') continue;
      const found = has(issuer, 'audienceMatchPolicy') ? 'is empty' : 'is not set';
      ctx.report(['jwt', i, 'issuer', 'audienceMatchPolicy'], `audienceMatchPolicy ${found} with ${audiences.length} audiences; several audiences require \`audienceMatchPolicy: MatchAny\``);
    }
  },
});

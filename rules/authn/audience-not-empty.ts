import { defineRule } from '../../src/define-rule.js';
import { items, obj, objItems } from '../../src/services/values.js';

export default defineRule({
  id: 'authn/audience-not-empty',
  kinds: ['AuthenticationConfiguration'],
  meta: {
    description: 'No entry of `audiences` is the empty string.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'Each entry of `audiences` is matched against the `aud` claim of a token; an empty entry matches nothing useful, and the API server refuses to start with one.',
      remediation: 'Remove the empty entry or write the audience the tokens carry, such as `plat-apiserver`.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1 (Issuer: audiences non-empty)',
    },
  },
  check(value, ctx) {
    for (const [i, jwt] of objItems(obj(value)?.jwt)) {
      for (const [j, audience] of items(obj(jwt.issuer)?.audiences)) {
        if (audience === '') ctx.report(['jwt', i, 'issuer', 'audiences', j], 'audience is the empty string; every entry must name an audience of the tokens');
      }
    }
  },
});

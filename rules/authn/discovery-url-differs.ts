import { defineRule } from '../../src/define-rule.js';
import { obj, objItems, str } from '../../src/services/values.js';

const trimSlashes = (s: string) => s.replace(/\/+$/, '');

export default defineRule({
  id: 'authn/discovery-url-differs',
  kinds: ['AuthenticationConfiguration'],
  meta: {
    description: 'A `discoveryURL` differs from the issuer `url` of its authenticator.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        '`discoveryURL` overrides where discovery is fetched from; set to the issuer URL itself (trailing slashes aside) it names no discovery document, and the API server refuses to start.',
      remediation:
        'Remove `discoveryURL` to use `{url}/.well-known/openid-configuration`, or set it to the full URL of the discovery document, such as an in-cluster address.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1 (Issuer: discoveryURL must differ from url)',
    },
  },
  check(value, ctx) {
    for (const [i, jwt] of objItems(obj(value)?.jwt)) {
      const issuer = obj(jwt.issuer);
      const url = str(issuer?.url);
      const discovery = str(issuer?.discoveryURL);
      if (!url || !discovery) continue;
      if (trimSlashes(url) !== trimSlashes(discovery)) continue;
      ctx.report(['jwt', i, 'issuer', 'discoveryURL'], `discoveryURL \`${discovery}\` is the issuer URL; remove it or set the discovery document's URL`);
    }
  },
});

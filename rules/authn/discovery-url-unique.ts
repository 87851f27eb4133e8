import { defineRule } from '../../src/define-rule.js';
import { formatPath } from '../../src/path.js';
import { keyedStrings, obj, repeats } from '../../src/services/values.js';

export default defineRule({
  id: 'authn/discovery-url-unique',
  kinds: ['AuthenticationConfiguration'],
  meta: {
    description: 'Every JWT authenticator that sets `discoveryURL` has its own.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'The document at a discovery URL names exactly one issuer, which must equal the authenticator\'s `url`; two authenticators sharing a discovery URL cannot both match it, and the API server refuses to start.',
      remediation: 'Give each authenticator the discovery URL of its own issuer, or remove the duplicate authenticator.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1 (Issuer: discoveryURL unique)',
    },
  },
  check(value, ctx) {
    const urls = keyedStrings(obj(value)?.jwt, ['jwt'], (jwt) => obj(jwt.issuer)?.discoveryURL, ['issuer', 'discoveryURL']);
    for (const { key: url, path, first } of repeats(urls)) {
      ctx.report(path, `discoveryURL \`${url}\` is already used at ${formatPath(first)}`, {
        related: [{ path: first, message: 'first use of this discovery URL' }],
      });
    }
  },
});

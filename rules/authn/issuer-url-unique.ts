import { defineRule } from '../../src/define-rule.js';
import { formatPath } from '../../src/path.js';
import { keyedStrings, obj, repeats } from '../../src/services/values.js';

export default defineRule({
  id: 'authn/issuer-url-unique',
  kinds: ['AuthenticationConfiguration'],
  meta: {
    description: 'Every JWT authenticator has its own issuer `url`.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'A token is validated by the one authenticator whose issuer URL equals its `iss` claim; two authenticators with the same issuer URL make that choice ambiguous, and the API server refuses to start.',
      remediation: 'Merge the two authenticators into one, or remove the duplicate.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1 (Issuer: url unique across authenticators)',
    },
  },
  check(value, ctx) {
    const urls = keyedStrings(obj(value)?.jwt, ['jwt'], (jwt) => obj(jwt.issuer)?.url, ['issuer', 'url']);
    for (const { key: url, path, first } of repeats(urls)) {
      ctx.report(path, `issuer URL \`${url}\` is already used at ${formatPath(first)}`, {
        related: [{ path: first, message: 'first use of this issuer URL' }],
      });
    }
  },
});

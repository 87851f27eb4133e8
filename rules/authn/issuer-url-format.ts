import { defineRule } from '../../src/define-rule.js';
import { obj, objItems, str } from '../../src/services/values.js';

/** What is wrong with an issuer or discovery URL, in the order the platform checks it; empty when it is fine. */
function urlProblems(url: string): { problems: string[]; userInfo: boolean } {
  const problems: string[] = [];
  // User info may carry a password: such a URL is never printed, whatever else is wrong with it.
  const userInfo = /^[^/?#]*\/\/[^/?#]*@/.test(url);
  // Control characters and spaces make the URL unparsable for the platform.
  if (/[\u0000-\u0020\u007f]/.test(url)) return { problems: ['characters that are not allowed in a URL'], userInfo };
  if (/%(?![0-9A-Fa-f]{2})/.test(url)) return { problems: ['a `%` that starts no valid escape'], userInfo };
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(url)?.[1];
  if (scheme === undefined) problems.push('no scheme');
  else if (scheme.toLowerCase() !== 'https') problems.push(`the scheme \`${scheme}\``);
  const hashAt = url.indexOf('#');
  const beforeFragment = hashAt < 0 ? url : url.slice(0, hashAt);
  const fragment = hashAt < 0 ? '' : url.slice(hashAt + 1);
  const queryAt = beforeFragment.indexOf('?');
  const beforeQuery = queryAt < 0 ? beforeFragment : beforeFragment.slice(0, queryAt);
  const query = queryAt < 0 ? '' : beforeFragment.slice(queryAt + 1);
  const rest = scheme === undefined ? beforeQuery : beforeQuery.slice(scheme.length + 1);
  const authority = rest.startsWith('//') ? rest.slice(2).split('/')[0]! : '';
  if (authority.includes('@')) problems.push('user info');
  if (query.length > 0) problems.push('a query');
  if (fragment.length > 0) problems.push('a fragment');
  return { problems, userInfo };
}

function list(parts: string[]): string {
  return parts.length <= 1 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

export default defineRule({
  id: 'authn/issuer-url-format',
  kinds: ['AuthenticationConfiguration'],
  meta: {
    description: 'An issuer `url` and `discoveryURL` are https URLs without user info, query or fragment.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'The issuer URL must equal the `iss` claim of every token and is where discovery starts; the API server refuses to start when it, or an explicit `discoveryURL`, is not an https URL or carries user info, a query or a fragment.',
      remediation:
        'Write the URL as `https://<host>[/<path>]`, without `user:password@`, `?query` or `#fragment`, exactly as the provider puts it in the `iss` claim.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1 (Issuer: url is an https issuer URL)',
    },
  },
  check(value, ctx) {
    for (const [i, jwt] of objItems(obj(value)?.jwt)) {
      const issuer = obj(jwt.issuer);
      for (const field of ['url', 'discoveryURL'] as const) {
        const url = str(issuer?.[field]);
        if (url === undefined) continue;
        const path = ['jwt', i, 'issuer', field];
        if (url === '') {
          // An empty discoveryURL means unset; an empty issuer URL is missing.
          if (field === 'url') ctx.report(path, 'url is empty; it must be the https URL of the issuer');
          continue;
        }
        const { problems, userInfo } = urlProblems(url);
        if (problems.length === 0) continue;
        const shown = userInfo ? '' : ` \`${url}\``;
        ctx.report(path, `${field}${shown} has ${list(problems)}; it must be an https URL without user info, query or fragment`);
      }
    }
  },
});

import { defineRule } from '../../src/define-rule.js';
import { hasUserInfo, parseGoUrl } from '../../src/services/go-url.js';
import { obj, objItems, str } from '../../src/services/values.js';

/**
 * What is wrong with an issuer or discovery URL, in the order the platform checks it; empty when it is fine.
 * The URL is read as the platform's URL parser reads it (a port that is not a number, a control character or a
 * bad `%` escape is refused; a space in the path is not).
 */
function urlProblems(url: string): { problems: string[]; refused?: string; userInfo: boolean } {
  // User info may carry a password: such a URL is never printed, whatever else is wrong with it.
  const userInfo = hasUserInfo(url);
  const parsed = parseGoUrl(url);
  if (!parsed.ok) return { problems: [], refused: parsed.problem, userInfo };
  const problems: string[] = [];
  const { scheme, user, rawQuery, fragment } = parsed.url;
  if (scheme === '') problems.push('no scheme');
  else if (scheme !== 'https') problems.push(`the scheme \`${/^[^:]*/.exec(url)![0]}\``);
  if (user) problems.push('user info');
  if (rawQuery.length > 0) problems.push('a query');
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
        'The issuer URL must equal the `iss` claim of every token and is where discovery starts; the API server refuses to start when it, or an explicit `discoveryURL`, is not an https URL or carries user info, a query or a fragment. The platform reads both with its URL parser (Go `net/url` `Parse`, in the API-server configuration validation), so a URL that parser refuses (a port that is not a number, a control character, a bad `%` escape, a character a host may not hold) is refused too; a space in the path is accepted.',
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
        const { problems, refused, userInfo } = urlProblems(url);
        const shown = userInfo ? '' : ` \`${url}\``;
        if (refused !== undefined) ctx.report(path, `${field}${shown} does not parse as a URL: ${refused}`);
        else if (problems.length > 0) ctx.report(path, `${field}${shown} has ${list(problems)}; it must be https, without user info, query or fragment`);
      }
    }
  },
});

import { defineRule } from '../../src/define-rule.js';
import { obj, objItems, str } from '../../src/services/values.js';

const LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const PATH_CHARS = /^[A-Za-z0-9/\-._~%!$&'()*+,;=:]+$/;

/** Why the key is not a lower-case domain-prefixed path, or undefined when it is one. */
function problem(key: string): string | undefined {
  if (key === '') return 'is empty';
  const slash = key.indexOf('/');
  const domain = slash < 0 ? '' : key.slice(0, slash);
  const rest = slash < 0 ? '' : key.slice(slash + 1);
  if (domain === '' || rest === '') return 'is not a domain-prefixed path';
  if (domain.length > 253 || !domain.split('.').every((l) => LABEL.test(l))) return `has the prefix \`${domain}\`, which is not a lower-case DNS subdomain`;
  const bad = Array.from(rest).find((c) => !PATH_CHARS.test(c));
  if (bad !== undefined) return `has ${bad === ' ' ? 'a space' : `\`${bad}\``} after the first \`/\`, which a URL path does not allow`;
  if (key !== key.toLowerCase()) return 'has upper-case letters';
  return undefined;
}

export default defineRule({
  id: 'authn/extra-key-format',
  kinds: ['AuthenticationConfiguration'],
  meta: {
    description: 'An extra mapping `key` is a lower-case domain-prefixed path such as `example.com/team`.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'Extra attributes are shared by every authenticator and authorizer; keys are namespaced by a domain so that they cannot clash. The API server refuses to start unless the text before the first `/` is a DNS subdomain, the rest is made of URL path characters, and the whole key is lower case.',
      remediation: 'Prefix the key with a domain you own and write it in lower case, such as `example.com/department`.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1 (ExtraMapping: key lowercase domain-prefixed path)',
    },
  },
  check(value, ctx) {
    for (const [i, jwt] of objItems(obj(value)?.jwt)) {
      for (const [j, extra] of objItems(obj(jwt.claimMappings)?.extra)) {
        const key = str(extra.key);
        if (key === undefined) continue;
        const why = problem(key);
        // a character of the path: the message says what is wrong with it; the rest: what a key looks like
        const example = why?.endsWith('a URL path does not allow') ? '' : '; it must look like `example.com/team`';
        if (why !== undefined) ctx.report(['jwt', i, 'claimMappings', 'extra', j, 'key'], `key${key === '' ? '' : ` \`${key}\``} ${why}${example}`);
      }
    }
  },
});

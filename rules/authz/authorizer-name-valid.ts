import { defineRule } from '../../src/define-rule.js';
import { obj, objItems, str } from '../../src/services/values.js';

const MAX_LENGTH = 253;
const LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

/** Why a name is not a DNS-1123 subdomain, or undefined when it is one. */
function subdomainProblem(name: string): string | undefined {
  if (/[A-Z]/.test(name)) return 'has upper-case letters; a DNS-1123 name has only lower-case letters, digits, `-` and `.`';
  if (/[^a-z0-9.-]/.test(name)) return 'is not a DNS-1123 name: only lower-case letters, digits, `-` and `.` are allowed';
  for (const label of name.split('.')) {
    if (label === '') return 'has an empty part between dots (or a leading or trailing dot)';
    if (!LABEL.test(label)) return 'is not a DNS-1123 name: each dot-separated part starts and ends with a letter or digit';
  }
  return undefined;
}

export default defineRule({
  id: 'authz/authorizer-name-valid',
  kinds: ['AuthorizationConfiguration'],
  meta: {
    description: 'An authorizer `name` is a non-empty DNS-1123 label or subdomain.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'The name labels the authorizer in metrics; the API server refuses to start when it is empty or not a DNS-1123 name (a label such as `rbac`, or a subdomain such as `policy.example.com`).',
      remediation:
        'Use lower-case letters, digits, `-` and `.`, each dot-separated part starting and ending with a letter or digit, at most 253 characters: `tenant-policy` or `tenant-policy.example.com`.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1-apiserverconfigplatiov1 (AuthorizerConfiguration.name: DNS-1123 label)',
    },
  },
  check(value, ctx) {
    for (const [i, authorizer] of objItems(obj(value)?.authorizers)) {
      const name = str(authorizer.name);
      if (name === undefined) continue; // missing or not a string: reported by the schema
      const path = ['authorizers', i, 'name'];
      if (name === '') {
        ctx.report(path, 'name is empty; an authorizer needs a DNS-1123 name such as `rbac` or `policy.example.com`');
        continue;
      }
      if (name.length > MAX_LENGTH) {
        ctx.report(path, `name is ${name.length} characters long; a DNS-1123 subdomain has at most ${MAX_LENGTH}`);
        continue;
      }
      const problem = subdomainProblem(name);
      if (problem !== undefined) ctx.report(path, `name \`${name}\` ${problem}`);
    }
  },
});

import { defineRule } from '../../src/define-rule.js';
import { policyRules, strings } from './_policy-rules.js';

export default defineRule({
  id: 'rbac/non-resource-url-format',
  kinds: ['ClusterRole', 'Role'],
  meta: {
    description: 'A non-resource URL is `*` or a path starting with `/`, with `*` only as its whole last segment.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'Non-resource URLs are matched against request paths, which always start with `/`; a `*` stands only for a whole last path segment (`/apis/*`), so a URL without the leading `/`, or with `*` inside a segment (`/api*`) or before the last segment (`/*/healthz`), does not mean what it looks like. A warning, not an error: the API server stores any string here (its policy rule validation checks only that non-resource rules are not mixed with resource ones and not in a Role); the authorizer compares the request path with the URL literally, or as a prefix when the URL ends in `*`, so a malformed URL matches nothing or more than intended.',
      remediation:
        'Write the URL as a path such as `/healthz`, or a prefix such as `/healthz/*`; use `*` alone for every non-resource URL.',
      spec: '1-authorization-and-rbac-api.md#role-based-access-objects (PolicyRule: nonResourceURLs)',
    },
  },
  check(value, ctx) {
    for (const [path, rule] of policyRules(value)) {
      for (const [j, url] of strings(rule.nonResourceURLs)) {
        if (url === '*') continue;
        const at = [...path, 'nonResourceURLs', j];
        if (url === '') ctx.report(at, 'non-resource URL is empty; write a path starting with `/`, such as `/healthz`, or `*`');
        else if (!url.startsWith('/')) ctx.report(at, `non-resource URL \`${url}\` does not start with \`/\`; write a path such as \`/${url.replace(/^\/*/, '')}\`, or \`*\``);
        else {
          const segments = url.split('/');
          const bad = segments.findIndex((s, k) => s.includes('*') && (s !== '*' || k !== segments.length - 1));
          if (bad !== -1)
            ctx.report(
              at,
              `non-resource URL \`${url}\` has \`*\` ${segments[bad] === '*' ? 'before its last segment' : `inside the segment \`${segments[bad]}\``}; \`*\` may only be the whole last segment (\`/apis/*\`)`,
            );
        }
      }
    }
  },
});

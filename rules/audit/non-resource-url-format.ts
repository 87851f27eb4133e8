import { defineRule } from '../../src/define-rule.js';
import { policies } from './_policies.js';
import { items, objItems, str } from '../../src/services/values.js';


export default defineRule({
  id: 'audit/non-resource-url-format',
  kinds: ['Policy', 'PolicyList'],
  meta: {
    description: 'A non-resource URL of an audit rule is `*` or a path starting with `/`, with `*` only as its last character.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'Non-resource URLs are matched as paths, with a trailing `*` as a prefix match; the API server refuses a policy with a URL that does not start with `/` or has a `*` anywhere but at the end.',
      remediation: 'Write the URL as a path such as `/healthz` or a prefix such as `/healthz*`, or `*` for every non-resource URL.',
      spec: '3-config-and-payload-types.md#audit-policy (PolicyRule: nonResourceURLs)',
    },
  },
  check(value, ctx) {
    for (const [prefix, policy] of policies(value, ctx.kind.kind)) {
      for (const [i, rule] of objItems(policy.rules)) {
        for (const [j, item] of items(rule.nonResourceURLs)) {
          const url = str(item);
          if (url === undefined || url === '*') continue;
          const path = [...prefix, 'rules', i, 'nonResourceURLs', j];
          if (url === '') {
            ctx.report(path, 'non-resource URL is empty; write a path starting with `/`, such as `/healthz`, or `*`');
            continue;
          }
          if (!url.startsWith('/')) ctx.report(path, `non-resource URL \`${url}\` does not start with \`/\`; write a path such as \`/healthz\`, or \`*\``);
          else if (url.slice(0, -1).includes('*'))
            ctx.report(path, `non-resource URL \`${url}\` has \`*\` before its end; a wildcard is allowed only as the last character`);
        }
      }
    }
  },
});

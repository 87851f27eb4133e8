import { defineRule } from '../../src/define-rule.js';
import { policyRules, quoted, strings } from './_policy-rules.js';

export default defineRule({
  id: 'rbac/verb-wildcard-alone',
  kinds: ['ClusterRole', 'Role'],
  meta: {
    description: 'A policy rule whose `verbs` hold `*` lists no other verb.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'The verb `*` already allows every verb, including ones added to the platform later; other verbs beside it are redundant and suggest that the author meant to list only those.',
      remediation: 'Keep either `*` alone or only the verbs the subjects need, such as `["get", "list", "watch"]`.',
      spec: '1-authorization-and-rbac-api.md#role-based-access-objects (PolicyRule: verbs)',
    },
  },
  check(value, ctx) {
    for (const [path, rule] of policyRules(value)) {
      const verbs = strings(rule.verbs);
      const star = verbs.find(([, v]) => v === '*');
      if (star === undefined) continue;
      const others = [...new Set(verbs.filter(([, v]) => v !== '*' && v !== '').map(([, v]) => v))];
      if (others.length === 0) continue;
      ctx.report([...path, 'verbs', star[0]], `verbs hold \`*\` together with ${quoted(others)}; keep \`*\` alone or only the verbs needed`);
    }
  },
});

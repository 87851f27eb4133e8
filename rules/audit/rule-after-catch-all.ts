import { defineRule } from '../../src/define-rule.js';
import { policies } from './_policies.js';
import { formatPath } from '../../src/path.js';
import { items, objItems, str } from '../../src/services/values.js';


/** The fields that narrow what a rule matches; a rule with none of them (or only empty lists) matches every request. */
const SELECTORS = ['users', 'userGroups', 'verbs', 'resources', 'namespaces', 'nonResourceURLs'];
const LEVELS = new Set(['None', 'Metadata', 'Request', 'RequestResponse']);
const FIELDS = new Set([...SELECTORS, 'level', 'omitStages', 'omitManagedFields']);

export default defineRule({
  id: 'audit/rule-after-catch-all',
  kinds: ['Policy', 'PolicyList'],
  meta: {
    description: 'No audit rule follows a catch-all rule, which matches every request.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'Audit rules are evaluated in order and the first matching rule sets the level; a rule without users, userGroups, verbs, resources, namespaces or nonResourceURLs matches every request, so the rules after it never apply.',
      remediation: 'Move the catch-all rule to the end of the list, or narrow it.',
      spec: '3-config-and-payload-types.md#audit-policy (Policy: rules are ordered, first matching rule wins)',
    },
  },
  check(value, ctx) {
    for (const [prefix, policy] of policies(value, ctx.kind.kind)) {
      let catchAll: number | undefined;
      for (const [i, rule] of objItems(policy.rules)) {
        // a rule without a valid level, or with an unknown field, is reported by the schema; it neither shadows nor is shadowed here
        if (!LEVELS.has(str(rule.level) ?? '') || Object.keys(rule).some((k) => !FIELDS.has(k))) continue;
        if (catchAll !== undefined) {
          ctx.report([...prefix, 'rules', i], `this rule can never match: the catch-all rule ${formatPath([...prefix, 'rules', catchAll])} before it matches every request`, {
            related: [{ path: [...prefix, 'rules', catchAll], message: 'this rule matches every request' }],
          });
          continue;
        }
        if (SELECTORS.every((k) => items(rule[k]).length === 0)) catchAll = i;
      }
    }
  },
});

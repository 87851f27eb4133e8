import { defineRule } from '../../src/define-rule.js';
import { policies } from './_policies.js';
import { formatPath } from '../../src/path.js';
import { items, objItems, str } from '../../src/services/values.js';


/** The fields that narrow what a rule matches; a rule with none of them (or only empty lists) matches every request. */
const SELECTORS = ['users', 'userGroups', 'verbs', 'resources', 'namespaces', 'nonResourceURLs'];
const LEVELS = new Set(['None', 'Metadata', 'Request', 'RequestResponse']);

export default defineRule({
  id: 'audit/rule-after-catch-all',
  kinds: ['Policy', 'PolicyList'],
  meta: {
    description: 'No audit rule follows a catch-all rule, which matches every request.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'Audit rules are evaluated in order and the first matching rule sets the level; a rule without users, userGroups, verbs, resources, namespaces or nonResourceURLs matches every request, so the rules after it never apply. A misspelt selector (`verb:`) does not narrow the rule: the API server ignores unknown fields, so such a rule is a catch-all too.',
      remediation: 'Move the catch-all rule to the end of the list, or narrow it.',
      spec: '3-config-and-payload-types.md#audit-policy (Policy: rules are ordered, first matching rule wins)',
    },
  },
  check(value, ctx) {
    for (const [prefix, policy] of policies(value, ctx.kind.kind)) {
      let catchAll: number | undefined;
      for (const [i, rule] of objItems(policy.rules)) {
        // a rule without a valid level is refused (the schema reports it); it neither shadows nor is shadowed here.
        // Unknown fields are ignored by the platform (schema/unknown-field-ignored), so they narrow nothing: a rule whose
        // only selector is misspelt matches every request.
        if (!LEVELS.has(str(rule.level) ?? '')) continue;
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

import { defineRule } from '../../src/define-rule.js';
import { policies } from './_policies.js';
import { reportIgnoredFields } from './_ignored-fields.js';
import { objItems } from '../../src/services/values.js';

const POLICY = ['apiVersion', 'kind', 'metadata', 'rules', 'omitStages', 'omitManagedFields'];
const RULE = ['level', 'users', 'userGroups', 'verbs', 'resources', 'namespaces', 'nonResourceURLs', 'omitStages', 'omitManagedFields'];
const GROUP_RESOURCES = ['group', 'resources', 'resourceNames'];
const LOADER = 'the API server';

export default defineRule({
  id: 'audit/unknown-field',
  kinds: ['Policy', 'PolicyList'],
  meta: {
    description: 'An audit policy, its rules and their resource entries have no fields the platform does not know.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'The API server decodes the audit policy file strictly first; when only unknown (or duplicate) fields make that fail, it decodes the file again leniently and logs a warning (apiserver pkg/audit/policy/reader.go). The file loads, but an unknown field, usually a misspelt one such as `resource` for `resources`, is ignored, so the rule matches more requests than it says.',
      remediation: 'Correct the field name (the message suggests the closest known one), or remove the field.',
      spec: '3-config-and-payload-types.md#audit-policy (Policy, PolicyRule, GroupResources)',
    },
  },
  check(value, ctx) {
    for (const [prefix, policy] of policies(value, ctx.kind.kind)) {
      reportIgnoredFields(ctx, policy, prefix, POLICY, prefix.length === 0 ? 'in the policy' : 'in this policy', LOADER);
      for (const [i, rule] of objItems(policy.rules)) {
        const rulePath = [...prefix, 'rules', i];
        reportIgnoredFields(ctx, rule, rulePath, RULE, 'in an audit rule', LOADER);
        for (const [j, gr] of objItems(rule.resources))
          reportIgnoredFields(ctx, gr, [...rulePath, 'resources', j], GROUP_RESOURCES, 'in a resources entry', LOADER);
      }
    }
  },
});

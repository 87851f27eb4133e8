import { defineRule } from '../../src/define-rule.js';
import { policies } from './_policies.js';
import { objItems, str } from '../../src/services/values.js';


const LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

/** Why a group name is not a DNS subdomain (lower case, at most 253 characters), or undefined when it is one. */
function subdomainProblem(group: string): string | undefined {
  if (group.length > 253) return `is ${group.length} characters long; the maximum is 253`;
  if (group.includes('/')) return `has a version, which a group name does not; write \`${group.slice(0, group.indexOf('/'))}\``;
  if (!group.split('.').every((l) => LABEL.test(l))) return 'is not a lower-case DNS subdomain (labels of a-z, 0-9 and `-`, separated by dots)';
  return undefined;
}

export default defineRule({
  id: 'audit/resource-group-valid',
  kinds: ['Policy', 'PolicyList'],
  meta: {
    description: 'The `group` of an audit rule resource entry is empty (the core group), `*`, or a lower-case DNS subdomain.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'API group names are lower-case DNS subdomains without a version; the API server refuses a policy with any other group, such as `rbac.authorization.plat.io/v1` or `Apps` (apiserver pkg/apis/audit/validation/validation.go). It accepts `*` (every group) and the empty string (the core group) besides.',
      remediation: 'Write the group name alone in lower case (`apps`, `rbac.authorization.plat.io`), `""` for the core group, or `*` for every group.',
      spec: '3-config-and-payload-types.md#audit-policy (GroupResources: group)',
    },
  },
  check(value, ctx) {
    for (const [prefix, policy] of policies(value, ctx.kind.kind)) {
      for (const [i, rule] of objItems(policy.rules)) {
        for (const [j, gr] of objItems(rule.resources)) {
          const group = str(gr.group);
          if (group === undefined || group === '' || group === '*') continue; // the core group; every group
          const problem = subdomainProblem(group);
          if (problem) ctx.report([...prefix, 'rules', i, 'resources', j, 'group'], `group \`${group}\` ${problem}`);
        }
      }
    }
  },
});

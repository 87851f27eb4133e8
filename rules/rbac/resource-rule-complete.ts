import { defineRule } from '../../src/define-rule.js';
import { has } from '../../src/services/values.js';
import { nonEmpty, policyRules } from './_policy-rules.js';

const FIELDS = ['apiGroups', 'resources', 'nonResourceURLs'] as const;

export default defineRule({
  id: 'rbac/resource-rule-complete',
  kinds: ['ClusterRole', 'Role'],
  meta: {
    description: 'A policy rule without `nonResourceURLs` lists at least one API group and at least one resource.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'A rule that names no non-resource URL is a resource rule, and a resource rule matches a request only through one of its API groups and one of its resources; the API server refuses a role whose resource rule leaves `apiGroups` or `resources` empty.',
      remediation:
        'List the API groups (`""` for the core group) and the resources the verbs apply to, for example `apiGroups: [""]` and `resources: ["configmaps"]`; for non-resource paths set `nonResourceURLs` instead.',
      spec: '1-authorization-and-rbac-api.md#role-based-access-objects (PolicyRule: apiGroups, resources, nonResourceURLs)',
    },
  },
  check(value, ctx) {
    for (const [path, rule] of policyRules(value)) {
      if (nonEmpty(rule.nonResourceURLs)) continue;
      // a field of the wrong type was reported by the schema: its intent is unknown
      if (FIELDS.some((k) => has(rule, k) && rule[k] !== null && !Array.isArray(rule[k]))) continue;
      const groups = nonEmpty(rule.apiGroups);
      const resources = nonEmpty(rule.resources);
      if (!groups && !resources) {
        // a present but empty list is underlined at its key; a rule without either field at its first key
        const at = has(rule, 'resources') ? [...path, 'resources'] : has(rule, 'apiGroups') ? [...path, 'apiGroups'] : path;
        ctx.report(at, 'rule lists neither resources nor non-resource URLs; set `apiGroups` and `resources`, or `nonResourceURLs`', { target: 'key' });
        continue;
      }
      if (!groups)
        ctx.report([...path, 'apiGroups'], 'rule lists resources but no API group; set `apiGroups`, with `""` for the core group', { target: 'key' });
      if (!resources)
        ctx.report([...path, 'resources'], 'rule lists API groups but no resource; set `resources`, such as `["configmaps"]`', { target: 'key' });
    }
  },
});

import { defineRule } from '../../src/define-rule.js';
import { nonEmpty, policyRules, strings } from './_policy-rules.js';

/**
 * Verbs whose requests carry no object name when they are authorized, so `resourceNames` never matches them: the
 * name of a new object is not known yet, and `deletecollection` acts on a whole collection.
 */
const NAMELESS = new Set(['create', 'deletecollection']);

export default defineRule({
  id: 'rbac/resource-names-verb-restrictable',
  kinds: ['ClusterRole', 'Role'],
  meta: {
    description: 'A policy rule with `resourceNames` grants no verb that a name cannot restrict (`create`, `deletecollection`).',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'A rule with `resourceNames` matches only requests for one of the named objects. A `create` request is authorized before its object has a name and a `deletecollection` request names no object, so these verbs in such a rule never match: the platform accepts the role, but the permission it seems to grant does not exist. (`list` and `watch` are not reported: they match when the client sends a `metadata.name` field selector; nor is `create` on subresources such as `pods/exec` or `serviceaccounts/token`, whose requests name the parent object.)',
      remediation:
        'Move `create` and `deletecollection` to a rule without `resourceNames`, or drop them if the role should not grant them.',
      spec: '1-authorization-and-rbac-api.md#role-based-access-objects (PolicyRule: resourceNames, verbs)',
    },
  },
  check(value, ctx) {
    for (const [path, rule] of policyRules(value)) {
      if (!nonEmpty(rule.resourceNames)) continue;
      // `create` on a subresource (`pods/exec`, `serviceaccounts/token`, `pods/eviction`) names its parent
      // object in the request path, so `resourceNames` does restrict it
      const resources = strings(rule.resources).map(([, r]) => r);
      const subresourcesOnly = resources.length > 0 && resources.every((r) => r.includes('/'));
      for (const [j, verb] of strings(rule.verbs)) {
        if (!NAMELESS.has(verb) || (verb === 'create' && subresourcesOnly)) continue;
        ctx.report(
          [...path, 'verbs', j],
          `verb \`${verb}\` cannot be restricted by \`resourceNames\`, so this rule never allows it; grant it in a rule without them`,
          { related: [{ path: [...path, 'resourceNames'], message: '`resourceNames` is set here' }] },
        );
      }
    }
  },
});

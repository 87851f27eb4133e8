import { defineRule } from '../../src/define-rule.js';
import { entries, policyRules } from './_policy.js';

const ON_RESOURCES =
  'verb `*` grants every verb, `delete`, `escalate` and `bind` included, and verbs added later; list the verbs needed';
const ON_URLS = 'verb `*` grants every HTTP verb on the non-resource URLs, `post`, `put` and `delete` included; list the verbs needed';

export default defineRule({
  id: 'security/no-wildcard-verbs',
  kinds: ['Role', 'ClusterRole'],
  meta: {
    description: 'Policy rules list their verbs instead of granting every verb with `*`.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'A `*` verb grants every verb on the matched resources: besides reads and writes it includes `delete`, `deletecollection`, the privilege-escalation verbs `escalate`, `bind` and `impersonate`, and any verb an extension adds later. Roles written with `*` usually grant far more than the workload needs, and a stolen token of such a subject can do everything the rule reaches.',
      remediation:
        'Replace `*` with the verbs the subject actually uses, for example `get`, `list`, `watch` for a reader or `get`, `update`, `patch` for a controller that edits existing objects.',
      spec: '1-authorization-and-rbac-api.md#role-based-access-objects (PolicyRule.verbs: `*` = all)',
    },
  },
  check(value, ctx) {
    for (const [i, rule] of policyRules(value)) {
      for (const [j, verb] of entries(rule.verbs)) {
        if (verb !== '*') continue;
        ctx.report(['rules', i, 'verbs', j], entries(rule.nonResourceURLs).length > 0 ? ON_URLS : ON_RESOURCES);
      }
    }
  },
});

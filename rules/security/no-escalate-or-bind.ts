import { defineRule } from '../../src/define-rule.js';
import { RBAC_GROUP, entries, groupMatches, policyRules, quoteList, resourceMatches } from './_policy.js';

const ROLES = ['roles', 'clusterroles'];

const MESSAGE = new Map([
  [
    'escalate',
    'verb `escalate` on roles lets the subject create or edit roles with permissions it does not hold itself; remove it',
  ],
  [
    'bind',
    'verb `bind` on roles lets the subject grant permissions it does not hold, to anyone; remove it or limit it with `resourceNames`',
  ],
]);

export default defineRule({
  id: 'security/no-escalate-or-bind',
  kinds: ['Role', 'ClusterRole'],
  meta: {
    description: 'Policy rules do not grant the `escalate` or `bind` verbs on roles.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'The authorizer prevents privilege escalation by refusing to let a subject create or update a role, or create a binding, that grants more than the subject already holds. `escalate` on `roles`/`clusterroles` switches off the first check and `bind` the second: a subject with either can give itself any permission up to cluster administrator. Even restricted by `resourceNames`, `escalate` on one role the subject is bound to lets it add any permission to that role.',
      remediation:
        'Remove `escalate` and `bind`; let an administrator manage roles and bindings. A delegation controller that must hand out roles should get `bind` limited by `resourceNames` to the few roles it may grant, with a suppression comment that says so; check first that those roles hold nothing the subject should not hand out.',
      spec: '1-authorization-and-rbac-api.md#role-based-access-objects (PolicyRule.verbs on ClusterRole and Role)',
    },
  },
  check(value, ctx) {
    for (const [i, rule] of policyRules(value)) {
      if (!groupMatches(rule, [RBAC_GROUP]) || !resourceMatches(rule, ROLES)) continue;
      for (const [j, verb] of entries(rule.verbs)) {
        const names = entries(rule.resourceNames).map(([, n]) => n);
        const message =
          verb === 'bind' && names.length > 0
            ? `verb \`bind\` lets the subject grant the ${names.length === 1 ? 'role' : 'roles'} ${quoteList(names)} to anyone; if that is meant, suppress this with a reason`
            : MESSAGE.get(verb);
        if (message !== undefined) ctx.report(['rules', i, 'verbs', j], message);
      }
    }
  },
});

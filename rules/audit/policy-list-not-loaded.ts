import { defineRule } from '../../src/define-rule.js';

export default defineRule({
  id: 'audit/policy-list-not-loaded',
  kinds: ['PolicyList'],
  meta: {
    description: 'An audit policy file holds a `Policy`, not a `PolicyList`.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'The spec lists PolicyList among the audit kinds, but the only loader of audit policies, the API server reading its audit policy file, decodes the file into a single Policy (apiserver pkg/audit/policy/reader.go): a PolicyList cannot be converted to a Policy, so the API server refuses the file and does not start. No other part of the platform reads a PolicyList.',
      remediation: 'Write one `kind: Policy` document with all the rules in order (the first matching rule wins), and point the API server at that file.',
      spec: '3-config-and-payload-types.md#audit-policy (PolicyList)',
    },
  },
  check(value, ctx) {
    ctx.report(['kind'], 'the API server loads an audit policy file as one `Policy`; a `PolicyList` is refused. Merge the rules into one Policy');
  },
});

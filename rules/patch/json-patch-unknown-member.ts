import { defineRule } from '../../src/define-rule.js';
import { closestMatches } from '../../src/services/suggest.js';
import { objItems } from '../../src/services/values.js';

const MEMBERS = ['op', 'path', 'value', 'from'];

export default defineRule({
  id: 'patch/json-patch-unknown-member',
  kinds: ['JSONPatch'],
  meta: {
    description: 'A JSON patch operation has only the members of RFC 6902: `op`, `path`, `value` and `from`.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'RFC 6902 section 4 says members an operation does not define are ignored, and the platform\'s patch library (evanphx/json-patch v4) ignores them. ' +
        'The API server checks the operations against `op`, `path`, `from` and `value` only when the request asks for field validation: `platctl patch` sends none, so the server\'s default (`Warn`) applies the patch and answers with a warning (`json patch unknown field`); a client that sends `fieldValidation=Strict` has the patch refused. ' +
        'So this is a warning, not an error. A misspelt member hides a real mistake: `vaule` for `value` leaves `value` missing, which the library reads as null.',
      remediation: 'Remove the member, or correct its name (members are case-sensitive: `value`, not `Value`). To comment on an operation, use a YAML comment.',
      spec: '2-node-agent-and-patch-command.md#patch-command (`--type=json`: operations with `op`, `path` and `value`; RFC 6902 section 4)',
    },
  },
  check(value, ctx) {
    for (const [i, operation] of objItems(value)) {
      for (const key of Object.keys(operation)) {
        if (MEMBERS.includes(key)) continue;
        const near = closestMatches(key, MEMBERS.filter((m) => !Object.prototype.hasOwnProperty.call(operation, m)));
        const hint = near.length > 0 ? `; did you mean \`${near[0]}\`?` : '; only `op`, `path`, `value` and `from` are read';
        ctx.report([i, key], `\`${key}\` is not a member of a JSON patch operation: the platform ignores it (the API server answers with a warning)${hint}`, {
          target: 'key',
          ...(near.length === 1 ? { fix: near[0]! } : {}),
        });
      }
    }
  },
});

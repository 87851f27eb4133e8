import { defineRule } from '../../src/define-rule.js';
import { obj, str } from '../../src/services/values.js';
import { META_SPEC, RBAC_KINDS } from './_kinds.js';

export default defineRule({
  id: 'meta/name-required',
  kinds: [...RBAC_KINDS],
  meta: {
    description: 'A role or binding has a `metadata.name` (or a `metadata.generateName`).',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'Roles and bindings are referenced by name (a binding names its role in `roleRef.name`); the server refuses to create one with neither `name` nor `generateName`.',
      remediation: 'Set `metadata.name`, for example `pod-reader`; use `generateName` only for objects nothing refers to by name.',
      spec: META_SPEC,
    },
  },
  check(value, ctx) {
    const metadata = obj(obj(value)?.metadata);
    const name = metadata?.name;
    const generateName = metadata?.generateName;
    if (name !== undefined && name !== null && name !== '') return; // set (a wrong type is reported by the schema)
    if (str(generateName) !== undefined && generateName !== '') return;
    if (generateName !== undefined && generateName !== null && typeof generateName !== 'string') return;
    const kind = str(obj(value)?.kind) ?? ctx.kind.kind;
    const found = name === '' ? '`metadata.name` is empty' : '`metadata.name` is missing';
    ctx.report(['metadata', 'name'], `${found}; a ${kind} needs a name such as \`pod-reader\` (or a \`generateName\` prefix)`, { target: 'key' });
  },
});

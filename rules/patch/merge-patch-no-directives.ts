import { defineRule } from '../../src/define-rule.js';
import { DELETE_FROM_PRIMITIVE_LIST, DIRECTIVE, RETAIN_KEYS, SET_ELEMENT_ORDER } from './_strategic.js';
import type { Path } from '../../src/path.js';
import { isObj } from '../../src/services/values.js';

function isDirective(key: string): boolean {
  return key === DIRECTIVE || key === RETAIN_KEYS || key.startsWith(SET_ELEMENT_ORDER) || key.startsWith(DELETE_FROM_PRIMITIVE_LIST);
}

export default defineRule({
  id: 'patch/merge-patch-no-directives',
  kinds: ['MergePatch'],
  meta: {
    description: 'A JSON merge patch holds no strategic merge patch directives (`$patch`, `$retainKeys`, `$setElementOrder/...`, `$deleteFromPrimitiveList/...`).',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'A JSON merge patch (RFC 7386) has no directives: a key such as `$patch` is merged into the object as a field of that name (evanphx/json-patch `MergePatch`), and the intended deletion or replacement never happens. Where the key lands on a field of the kind, the API server drops the unknown field and answers with a warning (`platctl patch` sends no field validation, so the server\'s `Warn` applies): the patch is applied, so this is a warning. Where it lands in a map whose keys the platform validates (labels, annotations), the object is then refused for the invalid key `$patch`.',
      remediation:
        'Patch with `--type strategic` to use the directives; in a JSON merge patch, remove a field by setting it to `null`, and write a list whole to replace it.',
      spec: '2-node-agent-and-patch-command.md#patch-command (`--type merge`)',
    },
  },
  check(value, ctx) {
    const visit = (v: unknown, path: (string | number)[]): void => {
      if (Array.isArray(v)) return v.forEach((x, i) => visit(x, [...path, i]));
      if (!isObj(v)) return;
      for (const [key, child] of Object.entries(v)) {
        const at: Path = [...path, key];
        if (isDirective(key)) {
          const parent = path[path.length - 1];
          const instead =
            key === DIRECTIVE && child === 'delete' && typeof parent === 'string'
              ? `to delete \`${parent}\`, write \`${parent}: null\``
              : key === DIRECTIVE && child === 'delete' && typeof parent === 'number'
                ? 'to remove a list item, write the whole list without it'
                : 'patch with `--type strategic` to use it';
          ctx.report(at, `\`${key}\` is a strategic merge patch directive; a JSON merge patch writes it into the object as a field: ${instead}`, { target: 'key' });
        } else visit(child, [...at]);
      }
    };
    visit(value, []);
  },
});

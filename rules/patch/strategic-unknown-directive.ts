import { defineRule } from '../../src/define-rule.js';
import { closestMatches } from '../../src/services/suggest.js';
import { DELETE_FROM_PRIMITIVE_LIST, DIRECTIVE, RETAIN_KEYS, SET_ELEMENT_ORDER, mappings } from './_strategic.js';

const NAMES = [DIRECTIVE, RETAIN_KEYS, SET_ELEMENT_ORDER, DELETE_FROM_PRIMITIVE_LIST];

/** Whether a key is one of the directives (patch/strategic-directive-valid checks their values). */
function isDirective(key: string): boolean {
  return key === DIRECTIVE || key === RETAIN_KEYS || [SET_ELEMENT_ORDER, DELETE_FROM_PRIMITIVE_LIST].some((p) => key.startsWith(p) || key === p.slice(0, -1));
}

export default defineRule({
  id: 'patch/strategic-unknown-directive',
  kinds: ['StrategicMergePatch'],
  meta: {
    description: 'A `$` key of a strategic merge patch is one of its directives (`$patch`, `$retainKeys`, `$setElementOrder/<list>`, `$deleteFromPrimitiveList/<list>`).',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'The platform\'s strategic merge (apimachinery `strategicpatch`) knows four directives by their exact names; any other key, such as a misspelt `$setElementorder/containers` or `$patches`, is merged into the object as a field of that name. The API server then decodes the object, finds a field the kind does not have and, with the field validation `platctl patch` uses (none, so the server\'s `Warn`), drops it and answers with a warning: the patch is applied and the directive does nothing. So this is a warning (a request with `fieldValidation=Strict` is refused).',
      remediation: 'Correct the spelling of the directive (names are case-sensitive), or remove the key.',
      spec: '2-node-agent-and-patch-command.md#patch-command (`--type strategic`)',
    },
  },
  check(value, ctx) {
    for (const { map, path } of mappings(value)) {
      for (const key of Object.keys(map)) {
        if (!key.startsWith('$') || isDirective(key)) continue;
        const [head, ...rest] = key.split('/');
        const near = closestMatches(head!, NAMES.map((n) => n.replace(/\/$/, '')))[0];
        const suggestion = near === undefined ? undefined : NAMES.includes(near) ? near : `${near}/${rest.join('/') || '<list>'}`;
        const hint = suggestion !== undefined ? `; did you mean \`${suggestion}\`?` : '';
        ctx.report(
          [...path, key],
          `unknown directive \`${key}\`: the platform merges it into the object as a field, drops it with a warning, and the directive does nothing; the directives are \`$patch\`, \`$retainKeys\`, \`$setElementOrder/<list>\` and \`$deleteFromPrimitiveList/<list>\`${hint}`,
          { target: 'key' },
        );
      }
    }
  },
});

import type { RuleContext } from '../../src/define-rule.js';
import type { Path } from '../../src/path.js';
import { closestMatches } from '../../src/services/suggest.js';
import type { Obj } from '../../src/services/values.js';

/**
 * Reports the keys of `o` outside `known`: fields a leniently decoding loader ignores (the audit policy
 * reader's fallback, the EventRateLimit plugin). A key with one close known name it does not already have
 * gets that name as its fix, as `schema/unknown-field` does.
 */
export function reportIgnoredFields(ctx: RuleContext, o: Obj, base: Path, known: readonly string[], where: string, loader: string): void {
  for (const key of Object.keys(o)) {
    if (known.includes(key)) continue;
    const near = closestMatches(key, known);
    const shown = key === '' ? '`""`' : `\`${key}\``;
    const hint = near.length > 0 ? `; did you mean ${near.map((n) => `\`${n}\``).join(' or ')}?` : `; known fields: ${known.map((n) => `\`${n}\``).join(', ')}`;
    const fix = near.length === 1 && !Object.prototype.hasOwnProperty.call(o, near[0]!) ? { fix: near[0]! } : {};
    ctx.report([...base, key], `unknown field ${shown} ${where} is ignored by ${loader}${hint}`, { target: 'key', ...fix });
  }
}

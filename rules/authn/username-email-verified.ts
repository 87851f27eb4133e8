import { defineRule } from '../../src/define-rule.js';
import { resultTypeProblem, type CelService } from '../../src/services/cel.js';
import { obj, objItems, str } from '../../src/services/values.js';
import type { Path } from '../../src/path.js';

/** The expression with string literals and comments blanked out, so that only code is searched. */
function codeOnly(expr: string): string {
  let out = '';
  let k = 0;
  while (k < expr.length) {
    const c = expr[k]!;
    if (c === '/' && expr[k + 1] === '/') {
      const end = expr.indexOf('\n', k);
      k = end < 0 ? expr.length : end;
      continue;
    }
    if (c !== '"' && c !== "'") {
      out += c;
      k++;
      continue;
    }
    const raw = /[rR]$/.test(out) && !/[A-Za-z0-9_][rR]$/.test(out);
    const quote = expr.startsWith(c.repeat(3), k) ? c.repeat(3) : c;
    k += quote.length;
    while (k < expr.length && !expr.startsWith(quote, k)) k += !raw && expr[k] === '\\' ? 2 : 1;
    k += quote.length;
    out += '""';
  }
  return out;
}

/** Whether the expression selects `claims.<field>` or `claims.?<field>` on the `claims` variable. */
function selects(expr: string, field: string): boolean {
  return new RegExp(`(?<![\\w.])claims\\s*\\.\\s*\\??\\s*${field}(?!\\w)`).test(codeOnly(expr));
}

/**
 * Whether the platform compiles a claims expression when it loads the file, so that it counts in the check:
 * it counts only the expressions that compile (kubernetes/apiserver `validateClaimValidationRules` and
 * `validateClaimMappings` skip the others), and a claim validation rule compiles only to `bool`. An expression
 * the CEL library cannot handle (`unsupported`, a gap of the library) is given the benefit of the doubt.
 */
function compiles(cel: CelService, expression: string, bool: boolean): boolean {
  const out = cel.check('claims', expression);
  if (out.status === 'error') return false;
  return !bool || out.status !== 'ok' || resultTypeProblem(out.type, 'bool') === undefined;
}

export default defineRule({
  id: 'authn/username-email-verified',
  kinds: ['AuthenticationConfiguration'],
  meta: {
    description: 'A username expression that uses `claims.email` goes with a check of `claims.email_verified`.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'An identity provider may let anyone put an address they do not own into `email`; a username built from an unverified email lets one user impersonate another. The API server refuses to start when the username expression uses `claims.email` and neither a claim validation rule, the username expression nor an extra mapping reads `claims.email_verified`. ' +
        'Only expressions it compiles count (kubernetes/apiserver `validateClaimMappings`): a claim validation rule that reads the claim but is not `bool` (`claims.?email_verified.orValue(true)`, once shown in the upstream documentation) is refused itself (`cel/result-type`), and the username mapping is refused too, as the upstream validation test "uses verified email via claim validation rule incorrectly" shows. A username expression that does not compile is only `cel/compiles`\'s error.',
      remediation:
        'Add a claim validation rule such as `expression: claims.?email_verified.orValue(true) == true` with a `message`, or check the claim in the username expression itself.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1 (ClaimMappings: expressions using the email claim must also check email_verified)',
    },
  },
  check(value, ctx) {
    for (const [i, jwt] of objItems(obj(value)?.jwt)) {
      const mappings = obj(jwt.claimMappings);
      const username = obj(mappings?.username);
      const expression = str(username?.expression);
      // a username with both a claim and an expression is refused without compiling either
      if (!expression || str(username?.claim) || !selects(expression, 'email') || !compiles(ctx.cel, expression, false)) continue;
      if (selects(expression, 'email_verified')) continue;
      /** Expressions that read `claims.email_verified` but that the platform refuses: they do not count. */
      const refused: Path[] = [];
      let checked = false;
      for (const [k, rule] of objItems(jwt.claimValidationRules)) {
        const e = str(rule.expression);
        // a rule with both a claim and an expression is refused without compiling it
        if (!e || str(rule.claim) || !selects(e, 'email_verified')) continue;
        if (compiles(ctx.cel, e, true)) checked = true;
        else refused.push(['jwt', i, 'claimValidationRules', k, 'expression']);
      }
      const keys = new Set<string>();
      for (const [k, extra] of objItems(mappings?.extra)) {
        const key = str(extra.key) ?? '';
        // a repeated key is refused before its expression is compiled
        if (keys.has(key)) continue;
        keys.add(key);
        const e = str(extra.valueExpression);
        if (!e || !selects(e, 'email_verified')) continue;
        if (compiles(ctx.cel, e, false)) checked = true;
        else refused.push(['jwt', i, 'claimMappings', 'extra', k, 'valueExpression']);
      }
      if (checked) continue;
      const path = ['jwt', i, 'claimMappings', 'username', 'expression'];
      if (refused.length === 0) ctx.report(path, 'the username expression uses `claims.email` but nothing checks `claims.email_verified`; add a claim validation rule');
      else
        ctx.report(path, 'the username expression uses `claims.email` but no check of `claims.email_verified` compiles; the platform counts only those that do', {
          related: refused.map((r) => ({ path: r, message: 'this check of `claims.email_verified` does not compile (its own finding says why), so it does not count' })),
        });
    }
  },
});

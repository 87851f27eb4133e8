import { defineRule } from '../../src/define-rule.js';
import { obj, objItems, str } from '../../src/services/values.js';

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

export default defineRule({
  id: 'authn/username-email-verified',
  kinds: ['AuthenticationConfiguration'],
  meta: {
    description: 'A username expression that uses `claims.email` goes with a check of `claims.email_verified`.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'An identity provider may let anyone put an address they do not own into `email`; a username built from an unverified email lets one user impersonate another. The API server refuses to start when the username expression uses `claims.email` and neither a claim validation rule, the username expression nor an extra mapping reads `claims.email_verified`.',
      remediation:
        'Add a claim validation rule such as `expression: claims.?email_verified.orValue(true) == true` with a `message`, or check the claim in the username expression itself.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1 (ClaimMappings: expressions using the email claim must also check email_verified)',
    },
  },
  check(value, ctx) {
    for (const [i, jwt] of objItems(obj(value)?.jwt)) {
      const mappings = obj(jwt.claimMappings);
      const username = str(obj(mappings?.username)?.expression);
      if (!username || !selects(username, 'email')) continue;
      const others = [
        username,
        ...objItems(jwt.claimValidationRules).map(([, r]) => str(r.expression)),
        ...objItems(mappings?.extra).map(([, e]) => str(e.valueExpression)),
      ];
      if (others.some((e) => e !== undefined && selects(e, 'email_verified'))) continue;
      ctx.report(
        ['jwt', i, 'claimMappings', 'username', 'expression'],
        'the username expression uses `claims.email` but nothing checks `claims.email_verified`; add a claim validation rule',
      );
    }
  },
});

import { defineRule } from '../../src/define-rule.js';
import { CEL_KINDS, celExpressions } from '../../src/services/cel-sites.js';

export default defineRule({
  id: 'cel/unsupported-syntax',
  kinds: CEL_KINDS,
  meta: {
    description: 'A CEL expression uses syntax platlint cannot type-check (optional list and map entries).',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'Optional list and map entries (`[?claims.?nickname]`, `{?"team": claims.?team}`) are valid for the API server, but the CEL library platlint uses cannot parse them, so such an expression is not checked at all: a mistake in it shows only when the API server loads the file. A warning says so instead of a false error.',
      remediation:
        'Check the expression by hand or rewrite it without optional entries (for example `claims.?nickname.orValue("")`); suppress the warning for the line if the construct is needed.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1-apiserverconfigplatiov1 (ClaimValidationRule, ClaimMappings, ExtraMapping, UserValidationRule, WebhookMatchCondition: CEL expressions)',
    },
  },
  check(value, ctx) {
    for (const { path, expression, site } of celExpressions(ctx.kind.kind, value)) {
      if (expression === '') continue;
      const out = ctx.cel.check(site.variable, expression);
      if (out.status === 'unsupported') ctx.report(path, `${out.message}; this expression was not type-checked`);
    }
  },
});

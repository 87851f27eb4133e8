import { defineRule } from '../../src/define-rule.js';
import { resultTypeProblem } from '../../src/services/cel.js';
import { CEL_KINDS, celExpressions } from '../../src/services/cel-sites.js';

export default defineRule({
  id: 'cel/result-type',
  kinds: CEL_KINDS,
  meta: {
    description: 'A CEL expression evaluates to the type its field needs: bool, string, or a string or list of strings.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'Claim validation rules, user validation rules and match conditions must have the static type `bool`: the API server refuses to start otherwise, and `dyn` is not enough (`claims.email_verified` alone must be written `claims.email_verified == true`). Username and uid mappings must give a string, groups and extra mappings a string or a list of strings; the API server loads a mapping of another type, such as `claims.exp > 0` for a username, but then every token fails, so platlint reports it. `dyn` is accepted for mappings, since every claim is `dyn`.',
      remediation:
        'Compare a `dyn` value explicitly (`claims.email_verified == true`), convert with `string(...)`, or take the value out of an optional with `.orValue(...)`.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1-apiserverconfigplatiov1 (ClaimValidationRule: must yield boolean; ExtraMapping: string or string array; WebhookMatchCondition: CEL yielding bool)',
    },
  },
  check(value, ctx) {
    for (const { path, expression, site } of celExpressions(ctx.kind.kind, value)) {
      if (expression === '') continue;
      const out = ctx.cel.check(site.variable, expression);
      if (out.status !== 'ok') continue; // compile errors: cel/compiles
      const wanted = resultTypeProblem(out.type, site.result);
      if (wanted === undefined) continue;
      const hint =
        site.result === 'bool' && out.type === 'dyn'
          ? `; compare the value explicitly, such as \`${site.variable === 'claims' ? 'claims.email_verified' : '...'} == true\``
          : out.type.startsWith('optional_type(')
            ? '; take the value out with `.orValue(...)`'
            : '';
      ctx.report(path, `expression has type \`${out.type}\`; ${site.label} must evaluate to ${wanted}${hint}`);
    }
  },
});

import { defineRule } from '../../src/define-rule.js';
import { resultTypeProblem } from '../../src/services/cel.js';
import { CEL_KINDS, celExpressions } from '../../src/services/cel-sites.js';

export default defineRule({
  id: 'cel/result-type',
  kinds: CEL_KINDS,
  meta: {
    description: 'A validation rule or match condition has the static type `bool`, as the platform checks when it loads the file.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'Claim validation rules, user validation rules and webhook match conditions must have the static type `bool`: the API server compiles them when it loads the file and refuses a different output type ("must evaluate to bool"; kubernetes/apiserver `pkg/authentication/cel/compile.go` compares the output type with `ReturnTypes()`, which is `bool` for `ClaimValidationCondition` and `UserValidationCondition`; `pkg/authorization/cel/compile.go` does the same for `SubjectAccessReviewMatchCondition`). `dyn` is not enough: `claims.email_verified` alone must be written `claims.email_verified == true`. ' +
        'Claim and extra mappings are not checked here: the platform compiles them with any result type (`cel/mapping-type` warns about those).',
      remediation:
        'Compare a `dyn` value explicitly (`claims.email_verified == true`), or take the value out of an optional with `.orValue(...)`.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1-apiserverconfigplatiov1 (ClaimValidationRule: must yield boolean; UserValidationRule; WebhookMatchCondition: CEL yielding bool)',
    },
  },
  check(value, ctx) {
    for (const { path, expression, site } of celExpressions(ctx.kind.kind, value)) {
      if (expression === '' || !site.typeCheckedAtLoad) continue;
      const out = ctx.cel.check(site.variable, expression);
      if (out.status !== 'ok') continue; // compile errors: cel/compiles
      const wanted = resultTypeProblem(out.type, site.result);
      if (wanted === undefined) continue;
      const hint =
        out.type === 'dyn'
          ? '; compare it explicitly (`== true`)'
          : out.type.startsWith('optional_type(')
            ? '; use `.orValue(...)`'
            : '';
      ctx.report(path, `expression has type \`${out.type}\`; ${site.label} must evaluate to ${wanted}${hint}`);
    }
  },
});

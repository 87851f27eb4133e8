import { defineRule } from '../../src/define-rule.js';
import { CEL_KINDS, celExpressions } from '../../src/services/cel-sites.js';

export default defineRule({
  id: 'cel/compiles',
  kinds: CEL_KINDS,
  meta: {
    description: 'Every CEL expression parses and type-checks against the variable its field sees.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'The API server compiles every CEL expression of these files when it loads them and refuses to start on a syntax error, an undeclared variable, field or function, a wrong argument type, `cel.bind`, an invalid duration or timestamp literal, or a regular expression its RE2 engine rejects. Claim rules and mappings see `claims` (a map of string to dyn), user validation rules see `user` (username, uid, groups, extra), and match conditions see `request` (the SubjectAccessReview spec in v1 form). ' +
        'Only what the platform refuses is an error here: valid CEL that platlint\'s CEL library cannot handle (optional list entries, `has()` on a computed value, and the other gaps listed under `cel/unsupported-syntax`) is a warning of that rule, and a failure of the library itself is one too.',
      remediation:
        'Fix the expression at the underlined character: use the variable of the field (`claims`, `user` or `request`), its declared fields, and the functions of the platform\'s CEL libraries (strings, lists, sets, URLs, IPs, CIDRs, quantities, semver, regex, format).',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1-apiserverconfigplatiov1 (ClaimValidationRule, ClaimMappings, ExtraMapping, UserValidationRule, WebhookMatchCondition: CEL expressions)',
    },
  },
  check(value, ctx) {
    for (const { path, expression, site } of celExpressions(ctx.kind.kind, value)) {
      if (expression === '') continue; // an empty expression is "not set": the field rules of the kind report it
      const out = ctx.cel.check(site.variable, expression);
      if (out.status !== 'error') continue;
      ctx.report(path, `${out.message} (in ${site.label} over \`${site.variable}\`)`, { span: { start: out.start, end: out.end } });
    }
  },
});

import { defineRule } from '../../src/define-rule.js';
import { CEL_KINDS, celExpressions } from '../../src/services/cel-sites.js';

export default defineRule({
  id: 'cel/unsupported-syntax',
  kinds: CEL_KINDS,
  meta: {
    description: 'A CEL expression uses valid CEL that platlint cannot check (optional list and map entries, `has()` on a computed value, and rarer forms).',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'The platform compiles with cel-go; platlint uses a JavaScript CEL library that does not handle all of it. Where the library fails on an expression cel-go accepts, the expression is not checked at all and a mistake in it shows only when the API server loads the file, so a warning says so instead of a false error. ' +
        'The gaps recognised: optional list and map entries (`[?claims.?nickname]`, `{?"team": claims.?team}`); `has()` on a field of a computed value (`has(claims.items[0].name)`, `has({"a": 1}.a)`: the library takes only a chain of names); a `format()` argument list with items of different types (`"%s: %d".format([name, count])`, which cel-go exempts from the same-type rule for list literals); protobuf message literals (`google.protobuf.Timestamp{seconds: 0}`). ' +
        'Everything else the library refuses is reported by `cel/compiles` as an error. Bytes ordering (`b"a" < b"b"`), optional selection (`claims.?email`, `claims[?"email"]`) and `optional.of(...)` are declared and checked like the rest; a name written from the root scope (`.claims.sub`) and a float written `.5` are checked as their equivalents (`claims.sub`, `0.5`).',
      remediation:
        'Check the expression by hand, or rewrite it in a form platlint checks (`claims.?nickname.orValue("")` instead of an optional entry, `has(claims.items)` before an index); suppress the warning for the line if the construct is needed.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1-apiserverconfigplatiov1 (ClaimValidationRule, ClaimMappings, ExtraMapping, UserValidationRule, WebhookMatchCondition: CEL expressions)',
    },
  },
  check(value, ctx) {
    for (const { path, expression, site } of celExpressions(ctx.kind.kind, value)) {
      if (expression === '') continue;
      const out = ctx.cel.check(site.variable, expression);
      if (out.status !== 'unsupported') continue;
      const span = out.start !== undefined && out.end !== undefined ? { span: { start: out.start, end: out.end } } : {};
      ctx.report(path, `${out.message}; not type-checked`, span);
    }
  },
});

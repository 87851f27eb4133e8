import { defineRule } from '../../src/define-rule.js';
import { resultTypeProblem } from '../../src/services/cel.js';
import { CEL_KINDS, celExpressions } from '../../src/services/cel-sites.js';

export default defineRule({
  id: 'cel/mapping-type',
  kinds: CEL_KINDS,
  meta: {
    description: 'A claim or extra mapping has a static type that can give the value its field needs: a string, or a string or list of strings.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'Username and uid mappings must give a string, groups and extra mappings a string or a list of strings. The platform does not check this when it loads the file: it compiles mapping expressions with any result type (kubernetes/apiserver `pkg/authentication/cel/interface.go`: `ClaimMappingExpression` and `ExtraMappingExpression` return `AnyType`, "strict type checking is done during evaluation"), so the file loads. ' +
        'But an expression whose static type can never be right, such as `claims.exp > 0` for a username, fails on every token at evaluation, and no one can log in through that issuer: a warning. `dyn` is accepted, since every claim is `dyn`.',
      remediation: 'Convert with `string(...)`, take the value out of an optional with `.orValue(...)`, or select the claim that holds the string.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1-apiserverconfigplatiov1 (ClaimMappings: username, groups, uid; ExtraMapping: string or string array)',
    },
  },
  check(value, ctx) {
    for (const { path, expression, site } of celExpressions(ctx.kind.kind, value)) {
      if (expression === '' || site.typeCheckedAtLoad) continue;
      const out = ctx.cel.check(site.variable, expression);
      if (out.status !== 'ok') continue; // compile errors: cel/compiles
      const wanted = resultTypeProblem(out.type, site.result);
      if (wanted === undefined) continue;
      const hint = out.type.startsWith('optional_type(') ? '; use `.orValue(...)`' : '';
      ctx.report(path, `expression has type \`${out.type}\`, but ${site.label} must give ${wanted}${hint}`);
    }
  },
});

import { defineRule } from '../../src/define-rule.js';
import { has, obj, objItems, str } from '../../src/services/values.js';

const set = (v: unknown) => (str(v) ?? '') !== '';

export default defineRule({
  id: 'authn/spec-conformance',
  kinds: ['AuthenticationConfiguration'],
  meta: {
    description: 'An authentication configuration sets what the spec asks for where the platform accepts less: `anonymous.enabled`, a condition `path`, a `uid` mapping with content, a groups `prefix` only with `claim`.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'The platform loads these files, so none of this is an error: it decodes a missing `anonymous.enabled` as false (its validation refuses only `conditions` without `enabled: true`, `authn/anonymous-conditions-require-enabled`), does not validate the `path` of an anonymous condition, accepts a `uid` mapping with neither `claim` nor `expression` (no uid is mapped), and ignores a `groups.prefix` without `claim` (its validation looks at the prefix only beside a claim or an expression). The spec marks `enabled` and `path` R, asks for one of `claim` and `expression`, and pairs `claim` with `prefix`, so each is a warning: the file loads, but it does not say what it means.',
      remediation:
        'Write `enabled: true` or `enabled: false`; give each condition its `path`; give `uid` a `claim` or an `expression`, or remove it; remove a `prefix` that has no `claim`, or add the claim.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1-apiserverconfigplatiov1 (AnonymousAuthConfig.enabled, conditions[].path: R; ClaimOrExpression: one required; PrefixedClaimOrExpression: claim and prefix go together)',
    },
  },
  check(value, ctx) {
    const anonymous = obj(obj(value)?.anonymous);
    if (anonymous !== undefined) {
      const conditions = anonymous.conditions;
      const hasConditions = Array.isArray(conditions) && conditions.length > 0;
      // With conditions, a missing `enabled` is an error of authn/anonymous-conditions-require-enabled.
      if (!has(anonymous, 'enabled') && !hasConditions) {
        ctx.report(['anonymous', 'enabled'], 'anonymous sets no `enabled`, which the platform reads as false; the spec asks for an explicit value');
      }
      for (const [i, condition] of objItems(conditions)) {
        const path = str(condition.path);
        if (has(condition, 'path') && (path === undefined || path !== '')) continue; // set (another type: reported by the schema)
        ctx.report(['anonymous', 'conditions', i, 'path'], `the condition's path is ${path === '' ? 'empty' : 'not set'}; the platform accepts it, but the spec asks for the request path the condition allows`);
      }
    }
    for (const [i, jwt] of objItems(obj(value)?.jwt)) {
      const mappings = obj(jwt.claimMappings);
      const uid = obj(mappings?.uid);
      if (uid !== undefined && !set(uid.claim) && !set(uid.expression)) {
        ctx.report(['jwt', i, 'claimMappings', 'uid'], 'uid sets neither `claim` nor `expression`; the platform maps no uid, but the spec asks for one of them (or remove `uid`)', {
          target: 'key',
        });
      }
      const groups = obj(mappings?.groups);
      if (groups !== undefined && has(groups, 'prefix') && !has(groups, 'claim') && !has(groups, 'expression')) {
        ctx.report(['jwt', i, 'claimMappings', 'groups', 'prefix'], 'groups sets `prefix` without `claim`; the platform ignores it and maps no groups', { target: 'key' });
      }
    }
  },
});

import { defineRule } from '../../src/define-rule.js';
import { has, obj, objItems, str } from '../../src/services/values.js';

/** The authorizer types other than `Webhook` (the schema's enum reports any other value). */
const OTHER_TYPES = new Set(['AlwaysAllow', 'AlwaysDeny', 'ABAC', 'Node', 'RBAC']);

/** The fields of an authorizer; any other key is reported by the schema (often a misspelt `webhook`). */
const FIELDS = new Set(['type', 'name', 'webhook']);

export default defineRule({
  id: 'authz/webhook-matches-type',
  kinds: ['AuthorizationConfiguration'],
  meta: {
    description: '`webhook` is set on an authorizer exactly when its `type` is `Webhook`.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'A `Webhook` authorizer needs its webhook configuration (timeout, TTLs, connection); on any other type the block would be ignored, so the API server refuses both a webhook without `webhook` and `webhook` on another type.',
      remediation:
        'Add a `webhook` block to a `type: Webhook` authorizer, or remove `webhook` from an authorizer of another type (or change its type to `Webhook`).',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1-apiserverconfigplatiov1 (AuthorizerConfiguration.webhook: must be set when type=Webhook, absent otherwise)',
    },
  },
  check(value, ctx) {
    for (const [i, authorizer] of objItems(obj(value)?.authorizers)) {
      const type = str(authorizer.type);
      if (type === undefined) continue; // reported by the schema
      // `webhook: null` or another non-mapping value is a type error the schema reports.
      if (type === 'Webhook' && !has(authorizer, 'webhook')) {
        // An unknown field beside it is most likely the webhook under another name: the schema reports that one.
        if (Object.keys(authorizer).some((k) => !FIELDS.has(k))) continue;
        // the missing field's own path, as the platform reports it (`field.Required` on `webhook`), placed at its authorizer
        ctx.report(['authorizers', i, 'webhook'], 'type is `Webhook` but `webhook` is not set; a webhook authorizer needs its `webhook` configuration', { target: 'key' });
      } else if (OTHER_TYPES.has(type) && obj(authorizer.webhook) !== undefined) {
        ctx.report(['authorizers', i, 'webhook'], `\`webhook\` is set on an authorizer of type \`${type}\`; it is allowed only when \`type\` is \`Webhook\``, {
          target: 'key',
        });
      }
    }
  },
});

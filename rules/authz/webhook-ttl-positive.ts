import { defineRule } from '../../src/define-rule.js';
import { obj, objItems, str } from '../../src/services/values.js';

const FIELDS = ['authorizedTTL', 'unauthorizedTTL'] as const;

export default defineRule({
  id: 'authz/webhook-ttl-positive',
  kinds: ['AuthorizationConfiguration'],
  meta: {
    description: 'A webhook authorizer `authorizedTTL` and `unauthorizedTTL` are not negative.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'The API server caches the webhook answers for these durations. Its defaulting of the webhook configuration (in every version) replaces a missing or zero TTL by 5m (`authorizedTTL`) or 30s (`unauthorizedTTL`) before validation, so 0 and a missing TTL load (`authz/spec-conformance` warns when a TTL is missing, as the spec marks both R); its validation then refuses a negative duration, even when `cacheAuthorizedRequests` or `cacheUnauthorizedRequests` is false.',
      remediation:
        'Set both TTLs to a duration above 0, such as `authorizedTTL: 5m` and `unauthorizedTTL: 30s`; to stop caching an answer, set `cacheAuthorizedRequests` or `cacheUnauthorizedRequests` to false instead.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1-apiserverconfigplatiov1 (WebhookConfiguration.authorizedTTL, unauthorizedTTL: R)',
    },
  },
  check(value, ctx) {
    for (const [i, authorizer] of objItems(obj(value)?.authorizers)) {
      const webhook = obj(authorizer.webhook);
      if (webhook === undefined) continue;
      for (const field of FIELDS) {
        const text = str(webhook[field]);
        if (text === undefined) continue; // missing or not a string: reported by the schema
        const ns = ctx.duration(text);
        if (ns === undefined || ns >= 0) continue; // not a duration: reported by the schema; 0 is defaulted
        ctx.report(['authorizers', i, 'webhook', field], `${field} is \`${text}\`; it must not be negative (0 or unset means the default, ${field === 'authorizedTTL' ? '5m' : '30s'})`);
      }
    }
  },
});

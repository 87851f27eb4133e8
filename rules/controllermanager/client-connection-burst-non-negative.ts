import { defineRule } from '../../src/define-rule.js';
import { num, obj } from '../../src/services/values.js';

export default defineRule({
  id: 'controllermanager/client-connection-burst-non-negative',
  kinds: ['CloudControllerManagerConfiguration', 'PlatControllerManagerConfiguration'],
  meta: {
    description: 'The client connection `burst` is not negative.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'The controller managers replace a `burst` of 0 by 30 and a `qps` of 0 by 20 (config/v1alpha1 defaults.go), then build their API clients with them; client-go refuses a rate limiter whose burst is not positive while qps is, so a negative burst stops the controller manager at start ("burst is required to be greater than 0"). The shared component validation states the same rule (component-base config/validation: burst must be non-negative). With a negative `qps` no rate limiter is built and `burst` is not used.',
      remediation: 'Set `burst` to a positive number, such as `30`, or remove it to use the default.',
      spec: '3-config-and-payload-types.md#shared-client-debugging-leader-election-and-logging-types (ClientConnectionConfiguration: burst)',
    },
  },
  check(value, ctx) {
    const cc = obj(obj(obj(value)?.Generic)?.ClientConnection);
    const burst = num(cc?.burst);
    if (burst === undefined || burst >= 0) return;
    const qps = num(cc?.qps);
    if (qps !== undefined && qps < 0) return; // no rate limiter: burst is unused
    ctx.report(['Generic', 'ClientConnection', 'burst'], `burst is ${burst}; the API client refuses a burst below 1 (0 selects the default of 30)`);
  },
});

import { defineRule } from '../../src/define-rule.js';
import { num, obj } from '../../src/services/values.js';

const FIELDS = ['NodeEvictionRate', 'SecondaryNodeEvictionRate', 'UnhealthyZoneThreshold'];

export default defineRule({
  id: 'controllermanager/node-lifecycle-values-non-negative',
  kinds: ['PlatControllerManagerConfiguration'],
  meta: {
    description: 'Node eviction rates and the unhealthy zone threshold are not negative.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'The eviction rates are numbers of nodes per second and the unhealthy zone threshold a share of NotReady nodes; a negative value has no meaning. The controller manager does not refuse it (its node lifecycle options validate nothing), but a rate of 0 or below stops evictions altogether and a negative threshold makes every zone unhealthy, so the controller misbehaves at run time: a warning.',
      remediation: 'Use 0 or a positive number, such as `NodeEvictionRate: 0.1`, `SecondaryNodeEvictionRate: 0.01`, `UnhealthyZoneThreshold: 0.55` (the defaults).',
      spec: '3-config-and-payload-types.md#controller-manager-configuration (NodeLifecycle: NodeEvictionRate, SecondaryNodeEvictionRate, UnhealthyZoneThreshold)',
    },
  },
  check(value, ctx) {
    const nl = obj(obj(value)?.NodeLifecycleController);
    if (nl === undefined) return;
    for (const field of FIELDS) {
      const n = num(nl[field]);
      if (n !== undefined && n < 0) ctx.report(['NodeLifecycleController', field], `${field} is ${n}; it must not be negative`);
    }
  },
});

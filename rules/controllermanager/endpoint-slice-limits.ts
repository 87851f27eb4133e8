import { defineRule } from '../../src/define-rule.js';
import { num, obj } from '../../src/services/values.js';

/** Section, field, maximum; 0 selects the default, so the range of an explicit value is 1 to the maximum. */
const LIMITS: [string, string, number][] = [
  ['EndpointSliceController', 'ConcurrentServiceEndpointSyncs', 50],
  ['EndpointSliceController', 'MaxEndpointsPerSlice', 1000],
  ['EndpointSliceMirroringController', 'MirroringConcurrentServiceEndpointSyncs', 50],
  ['EndpointSliceMirroringController', 'MirroringMaxEndpointsPerSubset', 1000],
];

export default defineRule({
  id: 'controllermanager/endpoint-slice-limits',
  kinds: ['PlatControllerManagerConfiguration'],
  meta: {
    description: 'Endpoint slice worker counts are at most 50 and endpoints per slice or subset at most 1000.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'The endpoint slice controllers accept 1 to 50 concurrent workers and 1 to 1000 endpoints per slice (or per mirrored subset), with 0 selecting the default; the controller manager refuses to start with a value outside these ranges.',
      remediation: 'Use a value in range, such as the defaults: 5 workers and 100 endpoints per slice (1000 per mirrored subset).',
      spec: '3-config-and-payload-types.md#controller-manager-configuration (EndpointSlice: MaxEndpointsPerSlice; Mirroring: MirroringMaxEndpointsPerSubset; concurrency counts)',
    },
  },
  check(value, ctx) {
    const doc = obj(value);
    for (const [section, field, max] of LIMITS) {
      const n = num(obj(doc?.[section])?.[field]);
      if (n === undefined) continue;
      if (n < 0) ctx.report([section, field], `${field} is ${n}; it must be between 1 and ${max} (0 selects the default)`);
      else if (n > max) ctx.report([section, field], `${field} is ${n}; the maximum is ${max}`);
    }
  },
});

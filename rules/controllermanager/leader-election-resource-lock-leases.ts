import { defineRule } from '../../src/define-rule.js';
import { activeLeaderElection } from './_generic.js';
import { str } from '../../src/services/values.js';

export default defineRule({
  id: 'controllermanager/leader-election-resource-lock-leases',
  kinds: ['CloudControllerManagerConfiguration', 'PlatControllerManagerConfiguration'],
  meta: {
    description: 'With leader election on, the leader election `resourceLock` is `leases`.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'Controller managers elect their leader with Lease objects only; the older lock kinds (`endpoints`, `configmaps`, `endpointsleases`, `configmapsleases`) are gone, and the controller manager refuses to start with leader election on and any other lock.',
      remediation: 'Set `resourceLock: leases`, or remove the field to use that default.',
      spec: '3-config-and-payload-types.md#shared-client-debugging-leader-election-and-logging-types (LeaderElectionConfiguration: resourceLock)',
    },
  },
  check(value, ctx) {
    const le = activeLeaderElection(value);
    if (le === undefined) return;
    const lock = str(le.resourceLock);
    if (lock === undefined || lock === '' || lock === 'leases') return; // empty: the default, leases
    ctx.report(['Generic', 'LeaderElection', 'resourceLock'], `resourceLock is \`${lock}\`; controller managers lock with \`leases\` only`);
  },
});

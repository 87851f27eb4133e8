import { defineRule } from '../../src/define-rule.js';
import { activeLeaderElection, leaderElectionDuration } from './_generic.js';
import { formatDuration } from '../../src/services/duration.js';
import { has } from '../../src/services/values.js';

export default defineRule({
  id: 'controllermanager/renew-deadline-max',
  kinds: ['CloudControllerManagerConfiguration', 'PlatControllerManagerConfiguration'],
  meta: {
    description: 'With leader election on, `renewDeadline` is at most `leaseDuration`.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'Other candidates take the lease once `leaseDuration` has passed without renewal; a leader that may keep trying to renew for longer than that can run alongside a new leader.',
      remediation: 'Make `renewDeadline` shorter than `leaseDuration`, such as `10s` with `15s` (the defaults).',
      spec: '3-config-and-payload-types.md#limits (leader election: renewDeadline <= leaseDuration)',
    },
  },
  check(value, ctx) {
    const le = activeLeaderElection(value);
    if (le === undefined) return;
    if (!has(le, 'leaseDuration') && !has(le, 'renewDeadline')) return;
    const { ns: lease, text: leaseText } = leaderElectionDuration(le, 'leaseDuration', ctx);
    const { ns: renew, text: renewText } = leaderElectionDuration(le, 'renewDeadline', ctx);
    if (lease === undefined || renew === undefined || lease <= 0 || renew <= 0 || renew <= lease) return;
    const base = ['Generic', 'LeaderElection'];
    const leaseSay = leaseText === undefined ? `the default leaseDuration of ${formatDuration(lease)}` : `leaseDuration (${formatDuration(lease)})`;
    if (renewText !== undefined)
      ctx.report([...base, 'renewDeadline'], `renewDeadline is ${formatDuration(renew)}, longer than ${leaseSay}; it must be at most the lease duration`, {
        related: leaseText === undefined ? [] : [{ path: [...base, 'leaseDuration'], message: `leaseDuration is ${formatDuration(lease)}` }],
      });
    else ctx.report([...base, 'leaseDuration'], `leaseDuration is ${formatDuration(lease)}, shorter than the default renewDeadline of ${formatDuration(renew)}; set renewDeadline to at most the lease duration`);
  },
});

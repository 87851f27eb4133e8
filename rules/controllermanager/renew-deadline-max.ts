import { defineRule } from '../../src/define-rule.js';
import { activeLeaderElection, leaderElectionDuration } from './_generic.js';
import { formatDuration } from '../../src/services/duration.js';
import { has } from '../../src/services/values.js';

export default defineRule({
  id: 'controllermanager/renew-deadline-max',
  kinds: ['CloudControllerManagerConfiguration', 'PlatControllerManagerConfiguration'],
  meta: {
    description: 'With leader election on, `renewDeadline` is shorter than `leaseDuration`.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'Other candidates take the lease once `leaseDuration` has passed without renewal; a leader that may keep trying to renew for that long or longer can run alongside a new leader. The spec says "at most"; the platform refuses equal durations too: the leader elector requires leaseDuration greater than renewDeadline (client-go tools/leaderelection NewLeaderElector, component-base config/validation), and the controller manager exits.',
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
    if (lease === undefined || renew === undefined || lease <= 0 || renew <= 0 || renew < lease) return;
    const base = ['Generic', 'LeaderElection'];
    const leaseSay = leaseText === undefined ? `the default leaseDuration of ${formatDuration(lease)}` : `leaseDuration (${formatDuration(lease)})`;
    if (renewText !== undefined)
      ctx.report([...base, 'renewDeadline'], `renewDeadline is ${formatDuration(renew)}, ${renew === lease ? 'as long as' : 'longer than'} ${leaseSay}; it must be shorter than the lease duration`, {
        related: leaseText === undefined ? [] : [{ path: [...base, 'leaseDuration'], message: `leaseDuration is ${formatDuration(lease)}` }],
      });
    else ctx.report([...base, 'leaseDuration'], `leaseDuration is ${formatDuration(lease)}, ${renew === lease ? 'as long as' : 'shorter than'} the default renewDeadline of ${formatDuration(renew)}; set renewDeadline shorter than the lease duration`);
  },
});

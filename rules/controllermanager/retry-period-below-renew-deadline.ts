import { defineRule } from '../../src/define-rule.js';
import { activeLeaderElection, leaderElectionDuration } from './_generic.js';
import { formatDuration } from '../../src/services/duration.js';
import { has } from '../../src/services/values.js';

/** Retries are spread by up to this factor of the retry period. */
const JITTER = 1.2;

export default defineRule({
  id: 'controllermanager/retry-period-below-renew-deadline',
  kinds: ['CloudControllerManagerConfiguration', 'PlatControllerManagerConfiguration'],
  meta: {
    description: 'With leader election on, `renewDeadline` is longer than 1.2 times `retryPeriod`.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'The leader retries a failed renewal every `retryPeriod`, with up to 20% jitter; the leader elector refuses a renew deadline that leaves no room for a retry, and the controller manager exits.',
      remediation: 'Make `retryPeriod` well below `renewDeadline`, such as `2s` with `10s` (the defaults).',
      spec: '3-config-and-payload-types.md#shared-client-debugging-leader-election-and-logging-types (LeaderElectionConfiguration: renewDeadline, retryPeriod)',
    },
  },
  check(value, ctx) {
    const le = activeLeaderElection(value);
    if (le === undefined) return;
    if (!has(le, 'renewDeadline') && !has(le, 'retryPeriod')) return;
    const { ns: renew, text: renewText } = leaderElectionDuration(le, 'renewDeadline', ctx);
    const { ns: retry, text: retryText } = leaderElectionDuration(le, 'retryPeriod', ctx);
    if (renew === undefined || retry === undefined || renew <= 0 || retry <= 0 || renew > JITTER * retry) return;
    const base = ['Generic', 'LeaderElection'];
    const limit = formatDuration(JITTER * retry);
    if (retryText !== undefined)
      ctx.report(
        [...base, 'retryPeriod'],
        `retryPeriod is ${formatDuration(retry)} and renewDeadline ${formatDuration(renew)}${renewText === undefined ? ' (the default)' : ''}; renewDeadline must be longer than 1.2 × retryPeriod (${limit})`,
        { related: renewText === undefined ? [] : [{ path: [...base, 'renewDeadline'], message: `renewDeadline is ${formatDuration(renew)}` }] },
      );
    else
      ctx.report(
        [...base, 'renewDeadline'],
        `renewDeadline is ${formatDuration(renew)}; it must be longer than 1.2 × the default retryPeriod of ${formatDuration(retry)} (${limit})`,
      );
  },
});

import { defineRule } from '../../src/define-rule.js';
import { activeLeaderElection } from './_generic.js';
import { str } from '../../src/services/values.js';

export default defineRule({
  id: 'controllermanager/leader-election-durations-positive',
  kinds: ['CloudControllerManagerConfiguration', 'PlatControllerManagerConfiguration'],
  meta: {
    description: 'With leader election on, `leaseDuration`, `renewDeadline` and `retryPeriod` are above 0.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'A leader holds its lease for `leaseDuration`, must renew it within `renewDeadline` and retries every `retryPeriod`; the controller manager refuses to start with leader election on and any of them at 0 or below.',
      remediation: 'Set the durations above 0, such as `leaseDuration: 15s`, `renewDeadline: 10s`, `retryPeriod: 2s`, or remove them to use these defaults.',
      spec: '3-config-and-payload-types.md#shared-client-debugging-leader-election-and-logging-types (LeaderElectionConfiguration)',
    },
  },
  check(value, ctx) {
    const le = activeLeaderElection(value);
    if (le === undefined) return;
    for (const field of ['leaseDuration', 'renewDeadline', 'retryPeriod']) {
      const text = str(le[field]);
      if (text === undefined) continue;
      const ns = ctx.duration(text);
      if (ns !== undefined && ns <= 0) ctx.report(['Generic', 'LeaderElection', field], `${field} is ${text}; it must be above 0 while leader election is on`);
    }
  },
});

import { defineRule } from '../../src/define-rule.js';
import { activeLeaderElection } from './_generic.js';
import { str } from '../../src/services/values.js';

export default defineRule({
  id: 'controllermanager/leader-election-durations-positive',
  kinds: ['CloudControllerManagerConfiguration', 'PlatControllerManagerConfiguration'],
  meta: {
    description: 'With leader election on, `leaseDuration`, `renewDeadline` and `retryPeriod` are not negative.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'A leader holds its lease for `leaseDuration`, must renew it within `renewDeadline` and retries every `retryPeriod`; the leader elector refuses a duration below 1ns and the controller manager exits (client-go tools/leaderelection NewLeaderElector). A 0 in the file is not refused: the defaulting replaces it by 15s, 10s and 2s (component-base config/v1alpha1 defaults.go), so only a negative duration is reported.',
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
      // 0 is replaced by the default; a negative duration stays and is refused
      if (ns !== undefined && ns < 0) ctx.report(['Generic', 'LeaderElection', field], `${field} is ${text}; it must not be negative while leader election is on (0 selects the default)`);
    }
  },
});

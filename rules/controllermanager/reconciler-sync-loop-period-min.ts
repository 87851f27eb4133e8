import { defineRule } from '../../src/define-rule.js';
import { obj, str } from '../../src/services/values.js';

export default defineRule({
  id: 'controllermanager/reconciler-sync-loop-period-min',
  kinds: ['PlatControllerManagerConfiguration'],
  meta: {
    description: 'The attach/detach `ReconcilerSyncLoopPeriod` is at least one second.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'The attach/detach reconciler runs every `ReconcilerSyncLoopPeriod`; the plat controller manager refuses a period shorter than one second (kube-controller-manager app/options/attachdetachcontroller.go Validate), whether or not the reconciler sync is disabled. A 0 in the file is replaced by the default of 60s first (attachdetach config/v1alpha1 defaults.go) and is not refused.',
      remediation: 'Set a period of `1s` or more, such as the default `60s`, or remove the field.',
      spec: '3-config-and-payload-types.md#controller-manager-configuration (AttachDetach: ReconcilerSyncLoopPeriod)',
    },
  },
  check(value, ctx) {
    const text = str(obj(obj(value)?.AttachDetachController)?.ReconcilerSyncLoopPeriod);
    if (text === undefined) return;
    const ns = ctx.duration(text);
    if (ns === undefined || ns === 0 || ns >= 1e9) return; // not a duration (the schema reports it); 0: the default
    ctx.report(['AttachDetachController', 'ReconcilerSyncLoopPeriod'], `ReconcilerSyncLoopPeriod is ${text}; the controller manager refuses a period shorter than 1s`);
  },
});

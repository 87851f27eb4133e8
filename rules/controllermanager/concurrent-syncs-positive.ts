import { defineRule } from '../../src/define-rule.js';
import { num, obj } from '../../src/services/values.js';

/** Kind, section, field: the worker counts the controller managers refuse below 1 (after 0 is defaulted). */
const CHECKED: [string, string, string][] = [
  ['PlatControllerManagerConfiguration', 'CronJobController', 'ConcurrentCronJobSyncs'],
  ['PlatControllerManagerConfiguration', 'DaemonSetController', 'ConcurrentDaemonSetSyncs'],
  ['PlatControllerManagerConfiguration', 'EphemeralVolumeController', 'ConcurrentEphemeralVolumeSyncs'],
  ['PlatControllerManagerConfiguration', 'HPAController', 'ConcurrentHorizontalPodAutoscalerSyncs'],
  ['PlatControllerManagerConfiguration', 'JobController', 'ConcurrentJobSyncs'],
  ['PlatControllerManagerConfiguration', 'StatefulSetController', 'ConcurrentStatefulSetSyncs'],
  ['CloudControllerManagerConfiguration', 'NodeController', 'ConcurrentNodeSyncs'],
];

export default defineRule({
  id: 'controllermanager/concurrent-syncs-positive',
  kinds: ['CloudControllerManagerConfiguration', 'PlatControllerManagerConfiguration'],
  meta: {
    description: 'The worker counts the controller managers check are not negative.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'The controller managers refuse to start when one of these worker counts is below 1: ConcurrentCronJobSyncs, ConcurrentDaemonSetSyncs, ConcurrentEphemeralVolumeSyncs, ConcurrentHorizontalPodAutoscalerSyncs, ConcurrentJobSyncs and ConcurrentStatefulSetSyncs of the plat controller manager (kube-controller-manager app/options/*controller.go Validate), and ConcurrentNodeSyncs of the cloud controller manager (cloud-provider options/nodecontroller.go). A 0 in the file is replaced by the default first (each controller\'s config/v1alpha1 defaults.go), so only a negative count is refused. The other worker counts are not checked by the platform (the endpoint slice ones have their own rule, controllermanager/endpoint-slice-limits).',
      remediation: 'Set a positive number of workers, or remove the field (or write 0) to use the default.',
      spec: '3-config-and-payload-types.md#controller-manager-configuration (concurrency counts)',
    },
  },
  check(value, ctx) {
    const doc = obj(value);
    for (const [kind, section, field] of CHECKED) {
      if (kind !== ctx.kind.kind) continue;
      const n = num(obj(doc?.[section])?.[field]);
      if (n !== undefined && n < 0) ctx.report([section, field], `${field} is ${n}; the controller manager refuses fewer than 1 worker (0 selects the default)`);
    }
  },
});

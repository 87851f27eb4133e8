// The rules of area `controllermanager`, imported explicitly and sorted by id.
import type { Rule } from '../../src/define-rule.js';
import clientConnectionBurstNonNegative from './client-connection-burst-non-negative.js';
import cloudProviderNameSet from './cloud-provider-name-set.js';
import clusterCidrValid from './cluster-cidr-valid.js';
import concurrentSyncsPositive from './concurrent-syncs-positive.js';
import controllerLeaderNamesUnique from './controller-leader-names-unique.js';
import controllersEntryFormat from './controllers-entry-format.js';
import controllersEntryUnique from './controllers-entry-unique.js';
import csrSigningClusterExclusive from './csr-signing-cluster-exclusive.js';
import csrSigningPairComplete from './csr-signing-pair-complete.js';
import endpointSliceLimits from './endpoint-slice-limits.js';
import leaderElectionDurationsPositive from './leader-election-durations-positive.js';
import leaderElectionResourceLockLeases from './leader-election-resource-lock-leases.js';
import nodeCidrMaskSizeNotDualStack from './node-cidr-mask-size-not-dual-stack.js';
import nodeCidrMaskSizeRange from './node-cidr-mask-size-range.js';
import nodeLifecycleValuesNonNegative from './node-lifecycle-values-non-negative.js';
import reconcilerSyncLoopPeriodMin from './reconciler-sync-loop-period-min.js';
import renewDeadlineMax from './renew-deadline-max.js';
import retryPeriodBelowRenewDeadline from './retry-period-below-renew-deadline.js';
import serviceCidrParseable from './service-cidr-parseable.js';
import serviceCidrsValid from './service-cidrs-valid.js';

export const rules: readonly Rule[] = [
  clientConnectionBurstNonNegative,
  cloudProviderNameSet,
  clusterCidrValid,
  concurrentSyncsPositive,
  controllerLeaderNamesUnique,
  controllersEntryFormat,
  controllersEntryUnique,
  csrSigningClusterExclusive,
  csrSigningPairComplete,
  endpointSliceLimits,
  leaderElectionDurationsPositive,
  leaderElectionResourceLockLeases,
  nodeCidrMaskSizeNotDualStack,
  nodeCidrMaskSizeRange,
  nodeLifecycleValuesNonNegative,
  reconcilerSyncLoopPeriodMin,
  renewDeadlineMax,
  retryPeriodBelowRenewDeadline,
  serviceCidrParseable,
  serviceCidrsValid,
];

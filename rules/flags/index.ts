// The rules of area `flags` (node agent command lines, `platlint flags`), imported explicitly and sorted by id.
import type { Rule } from '../../src/define-rule.js';
import deprecated from './deprecated.js';
import enforceNodeAllocatable from './enforce-node-allocatable.js';
import featureGateRequired from './feature-gate-required.js';
import imageGcThresholds from './image-gc-thresholds.js';
import podsPerCore from './pods-per-core.js';
import registerWithTaints from './register-with-taints.js';
import repeated from './repeated.js';
import runonceEnableServer from './runonce-enable-server.js';
import tlsPair from './tls-pair.js';
import unexpectedArgument from './unexpected-argument.js';
import unknown from './unknown.js';
import valueRange from './value-range.js';
import valueType from './value-type.js';

export const rules: readonly Rule[] = [
  deprecated,
  enforceNodeAllocatable,
  featureGateRequired,
  imageGcThresholds,
  podsPerCore,
  registerWithTaints,
  repeated,
  runonceEnableServer,
  tlsPair,
  unexpectedArgument,
  unknown,
  valueRange,
  valueType,
];

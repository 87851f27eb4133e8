// The rules of area `tracing`, imported explicitly and sorted by id.
import type { Rule } from '../../src/define-rule.js';
import endpointValid from './endpoint-valid.js';
import samplingRateRange from './sampling-rate-range.js';

export const rules: readonly Rule[] = [endpointValid, samplingRateRange];

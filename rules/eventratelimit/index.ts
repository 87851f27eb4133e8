// The rules of area `eventratelimit`, imported explicitly and sorted by id.
import type { Rule } from '../../src/define-rule.js';
import burstPositive from './burst-positive.js';
import cacheSizeNonNegative from './cache-size-non-negative.js';
import qpsPositive from './qps-positive.js';
import serverCacheSizeIgnored from './server-cache-size-ignored.js';
import unknownField from './unknown-field.js';

export const rules: readonly Rule[] = [burstPositive, cacheSizeNonNegative, qpsPositive, serverCacheSizeIgnored, unknownField];

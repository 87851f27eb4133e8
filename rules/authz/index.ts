// The rules of area `authz`, imported explicitly and sorted by id.
import type { Rule } from '../../src/define-rule.js';
import webhookTimeoutMax from './webhook-timeout-max.js';

export const rules: readonly Rule[] = [webhookTimeoutMax];

// The rules of area `encryption`, imported explicitly and sorted by id.
import type { Rule } from '../../src/define-rule.js';

export const rules: readonly Rule[] = [];

// The rules of area `controllermanager`, imported explicitly and sorted by id.
import type { Rule } from '../../src/define-rule.js';

export const rules: readonly Rule[] = [];

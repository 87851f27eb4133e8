// Every rule module, imported explicitly and sorted by id (no directory scan at run time).
// Rule modules arrive with the cross-field rules; the engine runs whatever this list holds.
import type { Rule } from '../src/define-rule.js';

export const RULES: readonly Rule[] = [];

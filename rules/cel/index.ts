// The rules of area `cel`, imported explicitly and sorted by id.
import type { Rule } from '../../src/define-rule.js';
import compiles from './compiles.js';
import mappingType from './mapping-type.js';
import resultType from './result-type.js';
import unsupportedSyntax from './unsupported-syntax.js';

export const rules: readonly Rule[] = [compiles, mappingType, resultType, unsupportedSyntax];

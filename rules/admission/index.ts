// The rules of area `admission`, imported explicitly and sorted by id.
import type { Rule } from '../../src/define-rule.js';
import pathXorConfiguration from './path-xor-configuration.js';
import pluginNameKnown from './plugin-name-known.js';
import pluginNameNotEmpty from './plugin-name-not-empty.js';
import pluginNameUnique from './plugin-name-unique.js';

export const rules: readonly Rule[] = [pathXorConfiguration, pluginNameKnown, pluginNameNotEmpty, pluginNameUnique];

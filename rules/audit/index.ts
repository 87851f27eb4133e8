// The rules of area `audit`, imported explicitly and sorted by id.
import type { Rule } from '../../src/define-rule.js';
import noOverlappingResourceWildcards from './no-overlapping-resource-wildcards.js';
import nonResourceUrlFormat from './non-resource-url-format.js';
import nonResourceUrlsExclusive from './non-resource-urls-exclusive.js';
import policyListNotLoaded from './policy-list-not-loaded.js';
import resourceGroupValid from './resource-group-valid.js';
import resourceNamesNeedResources from './resource-names-need-resources.js';
import ruleAfterCatchAll from './rule-after-catch-all.js';

export const rules: readonly Rule[] = [
  noOverlappingResourceWildcards,
  nonResourceUrlFormat,
  nonResourceUrlsExclusive,
  policyListNotLoaded,
  resourceGroupValid,
  resourceNamesNeedResources,
  ruleAfterCatchAll,
];

// The rules of area `encryption`, imported explicitly and sorted by id.
import type { Rule } from '../../src/define-rule.js';
import identityNotFirst from './identity-not-first.js';
import keyLength from './key-length.js';
import keyNameNotEmpty from './key-name-not-empty.js';
import keyNameUnique from './key-name-unique.js';
import kmsApiVersionValid from './kms-api-version-valid.js';
import kmsCachesizeNotZero from './kms-cachesize-not-zero.js';
import kmsCachesizeV1Only from './kms-cachesize-v1-only.js';
import kmsEndpointUnix from './kms-endpoint-unix.js';
import kmsNameUnique from './kms-name-unique.js';
import kmsNameValid from './kms-name-valid.js';
import kmsTimeoutPositive from './kms-timeout-positive.js';
import kmsV1Deprecated from './kms-v1-deprecated.js';
import listsNotEmpty from './lists-not-empty.js';
import noOverlappingWildcards from './no-overlapping-wildcards.js';
import noShadowedResources from './no-shadowed-resources.js';
import resourceNameValid from './resource-name-valid.js';
import resourceUnique from './resource-unique.js';
import specConformance from './spec-conformance.js';

export const rules: readonly Rule[] = [
  identityNotFirst,
  keyLength,
  keyNameNotEmpty,
  keyNameUnique,
  kmsApiVersionValid,
  kmsCachesizeNotZero,
  kmsCachesizeV1Only,
  kmsEndpointUnix,
  kmsNameUnique,
  kmsNameValid,
  kmsTimeoutPositive,
  kmsV1Deprecated,
  listsNotEmpty,
  noOverlappingWildcards,
  noShadowedResources,
  resourceNameValid,
  resourceUnique,
  specConformance,
];

// The rules of area `review`, imported explicitly and sorted by id.
import type { Rule } from '../../src/define-rule.js';
import attributesExactlyOne from './attributes-exactly-one.js';
import labelSelectorRequirementValid from './label-selector-requirement-valid.js';
import localNamespaceMatch from './local-namespace-match.js';
import localNoNonResourceAttributes from './local-no-non-resource-attributes.js';
import metadataEmpty from './metadata-empty.js';
import selectorOperatorKnown from './selector-operator-known.js';
import selectorRawXorRequirements from './selector-raw-xor-requirements.js';
import selectorValuesMatchOperator from './selector-values-match-operator.js';
import selfNoSubject from './self-no-subject.js';
import specConformance from './spec-conformance.js';
import statusAllowedNotDenied from './status-allowed-not-denied.js';
import statusFieldsSet from './status-fields-set.js';
import subjectRequired from './subject-required.js';

export const rules: readonly Rule[] = [
  attributesExactlyOne,
  labelSelectorRequirementValid,
  localNamespaceMatch,
  localNoNonResourceAttributes,
  metadataEmpty,
  selectorOperatorKnown,
  selectorRawXorRequirements,
  selectorValuesMatchOperator,
  selfNoSubject,
  specConformance,
  statusAllowedNotDenied,
  statusFieldsSet,
  subjectRequired,
];

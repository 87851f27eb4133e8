// The rules of area `meta`, imported explicitly and sorted by id.
import type { Rule } from '../../src/define-rule.js';
import annotationKeyValid from './annotation-key-valid.js';
import annotationsSizeMax from './annotations-size-max.js';
import clusterScopedNoNamespace from './cluster-scoped-no-namespace.js';
import labelKeyValid from './label-key-valid.js';
import labelValueValid from './label-value-valid.js';
import nameRequired from './name-required.js';
import nameValid from './name-valid.js';
import namespaceValid from './namespace-valid.js';

export const rules: readonly Rule[] = [
  annotationKeyValid,
  annotationsSizeMax,
  clusterScopedNoNamespace,
  labelKeyValid,
  labelValueValid,
  nameRequired,
  nameValid,
  namespaceValid,
];

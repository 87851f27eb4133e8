// The rules of area `rbac`, imported explicitly and sorted by id.
import type { Rule } from '../../src/define-rule.js';
import aggregatedClusterRoleNoRules from './aggregated-cluster-role-no-rules.js';
import clusterRoleBindingReferencesClusterRole from './cluster-role-binding-references-cluster-role.js';
import nonResourceUrlFormat from './non-resource-url-format.js';
import nonResourceUrlsClusterRoleOnly from './non-resource-urls-cluster-role-only.js';
import nonResourceUrlsExclusive from './non-resource-urls-exclusive.js';
import resourceNamesSpecificResource from './resource-names-specific-resource.js';
import resourceNamesVerbRestrictable from './resource-names-verb-restrictable.js';
import resourceRuleComplete from './resource-rule-complete.js';
import roleRefApiGroupSet from './role-ref-api-group-set.js';
import selectorLabelsValid from './selector-labels-valid.js';
import selectorRequirementValues from './selector-requirement-values.js';
import serviceAccountSubjectNameValid from './service-account-subject-name-valid.js';
import serviceAccountSubjectNamespace from './service-account-subject-namespace.js';
import subjectApiGroupMatchesKind from './subject-api-group-matches-kind.js';
import subjectNamespaceOnlyForServiceAccount from './subject-namespace-only-for-service-account.js';
import verbNotEmpty from './verb-not-empty.js';
import verbNotMisspelt from './verb-not-misspelt.js';
import verbWildcardAlone from './verb-wildcard-alone.js';
import verbsUnique from './verbs-unique.js';

export const rules: readonly Rule[] = [
  aggregatedClusterRoleNoRules,
  clusterRoleBindingReferencesClusterRole,
  nonResourceUrlFormat,
  nonResourceUrlsClusterRoleOnly,
  nonResourceUrlsExclusive,
  resourceNamesSpecificResource,
  resourceNamesVerbRestrictable,
  resourceRuleComplete,
  roleRefApiGroupSet,
  selectorLabelsValid,
  selectorRequirementValues,
  serviceAccountSubjectNameValid,
  serviceAccountSubjectNamespace,
  subjectApiGroupMatchesKind,
  subjectNamespaceOnlyForServiceAccount,
  verbNotEmpty,
  verbNotMisspelt,
  verbWildcardAlone,
  verbsUnique,
];

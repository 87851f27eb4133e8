// The rules of area `authz`, imported explicitly and sorted by id.
import type { Rule } from '../../src/define-rule.js';
import authorizerNameUnique from './authorizer-name-unique.js';
import authorizerNameValid from './authorizer-name-valid.js';
import authorizerTypeUnique from './authorizer-type-unique.js';
import matchConditionExpressionNotEmpty from './match-condition-expression-not-empty.js';
import matchConditionUnique from './match-condition-unique.js';
import matchConditionVersionRequired from './match-condition-version-required.js';
import platConfigFileAbsolute from './plat-config-file-absolute.js';
import platConfigFileMatchesType from './plat-config-file-matches-type.js';
import specConformance from './spec-conformance.js';
import subjectAccessReviewVersionValid from './subject-access-review-version-valid.js';
import webhookMatchesType from './webhook-matches-type.js';
import webhookTimeoutMax from './webhook-timeout-max.js';
import webhookTtlPositive from './webhook-ttl-positive.js';

export const rules: readonly Rule[] = [
  authorizerNameUnique,
  authorizerNameValid,
  authorizerTypeUnique,
  matchConditionExpressionNotEmpty,
  matchConditionUnique,
  matchConditionVersionRequired,
  platConfigFileAbsolute,
  platConfigFileMatchesType,
  specConformance,
  subjectAccessReviewVersionValid,
  webhookMatchesType,
  webhookTimeoutMax,
  webhookTtlPositive,
];

// The rules of area `authn`, imported explicitly and sorted by id.
import type { Rule } from '../../src/define-rule.js';
import anonymousConditionsRequireEnabled from './anonymous-conditions-require-enabled.js';
import audienceMatchPolicy from './audience-match-policy.js';
import audienceNotEmpty from './audience-not-empty.js';
import audienceUnique from './audience-unique.js';
import certificateAuthorityPem from './certificate-authority-pem.js';
import claimMappingExclusive from './claim-mapping-exclusive.js';
import claimValidationRuleClaimXorExpression from './claim-validation-rule-claim-xor-expression.js';
import claimValidationRuleMessageWithExpression from './claim-validation-rule-message-with-expression.js';
import claimValidationRuleRequiredValueWithClaim from './claim-validation-rule-required-value-with-claim.js';
import claimValidationRuleUnique from './claim-validation-rule-unique.js';
import discoveryUrlDiffers from './discovery-url-differs.js';
import discoveryUrlUnique from './discovery-url-unique.js';
import expressionNotEmpty from './expression-not-empty.js';
import extraKeyFormat from './extra-key-format.js';
import extraKeyReservedDomain from './extra-key-reserved-domain.js';
import extraKeyUnique from './extra-key-unique.js';
import issuerUrlFormat from './issuer-url-format.js';
import issuerUrlUnique from './issuer-url-unique.js';
import jwtAuthenticatorsMax from './jwt-authenticators-max.js';
import specConformance from './spec-conformance.js';
import userValidationRuleUnique from './user-validation-rule-unique.js';
import usernameEmailVerified from './username-email-verified.js';
import usernameMappingRequired from './username-mapping-required.js';

export const rules: readonly Rule[] = [
  anonymousConditionsRequireEnabled,
  audienceMatchPolicy,
  audienceNotEmpty,
  audienceUnique,
  certificateAuthorityPem,
  claimMappingExclusive,
  claimValidationRuleClaimXorExpression,
  claimValidationRuleMessageWithExpression,
  claimValidationRuleRequiredValueWithClaim,
  claimValidationRuleUnique,
  discoveryUrlDiffers,
  discoveryUrlUnique,
  expressionNotEmpty,
  extraKeyFormat,
  extraKeyReservedDomain,
  extraKeyUnique,
  issuerUrlFormat,
  issuerUrlUnique,
  jwtAuthenticatorsMax,
  specConformance,
  userValidationRuleUnique,
  usernameEmailVerified,
  usernameMappingRequired,
];

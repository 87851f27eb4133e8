// The rules of area `payload`, imported explicitly and sorted by id.
import type { Rule } from '../../src/define-rule.js';
import admissionPatchIgnoredWhenDenied from './admission-patch-ignored-when-denied.js';
import admissionPatchTypeRequired from './admission-patch-type-required.js';
import admissionPatchValid from './admission-patch-valid.js';
import admissionRequestComplete from './admission-request-complete.js';
import admissionResponseUidMatchesRequest from './admission-response-uid-matches-request.js';
import admissionStatusIgnoredWhenAllowed from './admission-status-ignored-when-allowed.js';
import admissionWarningLength from './admission-warning-length.js';
import auditAnnotationKeyValid from './audit-annotation-key-valid.js';
import execCredentialCaPem from './exec-credential-ca-pem.js';
import execCredentialCertificatePem from './exec-credential-certificate-pem.js';
import execCredentialKeyPem from './exec-credential-key-pem.js';
import imageReviewReasonOnlyWhenDenied from './image-review-reason-only-when-denied.js';
import reviewAllowedSet from './review-allowed-set.js';
import specConformance from './spec-conformance.js';

export const rules: readonly Rule[] = [
  admissionPatchIgnoredWhenDenied,
  admissionPatchTypeRequired,
  admissionPatchValid,
  admissionRequestComplete,
  admissionResponseUidMatchesRequest,
  admissionStatusIgnoredWhenAllowed,
  admissionWarningLength,
  auditAnnotationKeyValid,
  execCredentialCaPem,
  execCredentialCertificatePem,
  execCredentialKeyPem,
  imageReviewReasonOnlyWhenDenied,
  reviewAllowedSet,
  specConformance,
];

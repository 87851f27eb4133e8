// The rules of area `patch`, imported explicitly and sorted by id.
import type { Rule } from '../../src/define-rule.js';
import jsonPatchEndOfArray from './json-patch-end-of-array.js';
import jsonPatchIndexCanonical from './json-patch-index-canonical.js';
import jsonPatchMissingValue from './json-patch-missing-value.js';
import jsonPatchMoveIntoItself from './json-patch-move-into-itself.js';
import jsonPatchPointerSyntax from './json-patch-pointer-syntax.js';
import jsonPatchRootPath from './json-patch-root-path.js';
import jsonPatchUnknownMember from './json-patch-unknown-member.js';
import jsonPatchUnusedField from './json-patch-unused-field.js';
import mergePatchNoDirectives from './merge-patch-no-directives.js';
import strategicDirectiveValid from './strategic-directive-valid.js';
import strategicMergeKeyRequired from './strategic-merge-key-required.js';
import strategicMergeKeyUnique from './strategic-merge-key-unique.js';
import strategicRetainKeysValid from './strategic-retain-keys-valid.js';
import strategicSetElementOrderValid from './strategic-set-element-order-valid.js';
import strategicUnknownDirective from './strategic-unknown-directive.js';

export const rules: readonly Rule[] = [
  jsonPatchEndOfArray,
  jsonPatchIndexCanonical,
  jsonPatchMissingValue,
  jsonPatchMoveIntoItself,
  jsonPatchPointerSyntax,
  jsonPatchRootPath,
  jsonPatchUnknownMember,
  jsonPatchUnusedField,
  mergePatchNoDirectives,
  strategicDirectiveValid,
  strategicMergeKeyRequired,
  strategicMergeKeyUnique,
  strategicRetainKeysValid,
  strategicSetElementOrderValid,
  strategicUnknownDirective,
];

// The rules of area `security`, imported explicitly and sorted by id.
import type { Rule } from '../../src/define-rule.js';
import noAdminBindingToBroadGroups from './no-admin-binding-to-broad-groups.js';
import noAuditSecretBodies from './no-audit-secret-bodies.js';
import noEscalateOrBind from './no-escalate-or-bind.js';
import noImpersonate from './no-impersonate.js';
import noNodeProxy from './no-node-proxy.js';
import noPodExec from './no-pod-exec.js';
import noSecretRead from './no-secret-read.js';
import noServiceAccountTokenCreate from './no-service-account-token-create.js';
import noWildcardApiGroups from './no-wildcard-api-groups.js';
import noWildcardResources from './no-wildcard-resources.js';
import noWildcardVerbs from './no-wildcard-verbs.js';

export const rules: readonly Rule[] = [
  noAdminBindingToBroadGroups,
  noAuditSecretBodies,
  noEscalateOrBind,
  noImpersonate,
  noNodeProxy,
  noPodExec,
  noSecretRead,
  noServiceAccountTokenCreate,
  noWildcardApiGroups,
  noWildcardResources,
  noWildcardVerbs,
];

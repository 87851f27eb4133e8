// Every rule module: one explicit index per area, each importing its rules by name (no directory scan at
// run time). Adding a rule touches its file, its fixtures and one import line in its area's index.
import type { Rule } from '../src/define-rule.js';
import { rules as admission } from './admission/index.js';
import { rules as audit } from './audit/index.js';
import { rules as authn } from './authn/index.js';
import { rules as authz } from './authz/index.js';
import { rules as cel } from './cel/index.js';
import { rules as controllermanager } from './controllermanager/index.js';
import { rules as egress } from './egress/index.js';
import { rules as encryption } from './encryption/index.js';
import { rules as eventratelimit } from './eventratelimit/index.js';
import { rules as flags } from './flags/index.js';
import { rules as meta } from './meta/index.js';
import { rules as patch } from './patch/index.js';
import { rules as payload } from './payload/index.js';
import { rules as rbac } from './rbac/index.js';
import { rules as review } from './review/index.js';
import { rules as security } from './security/index.js';
import { rules as tracing } from './tracing/index.js';

export const RULES: readonly Rule[] = [...admission, ...audit, ...authn, ...authz, ...cel, ...controllermanager, ...egress, ...encryption, ...eventratelimit, ...flags, ...meta, ...patch, ...payload, ...rbac, ...review, ...security, ...tracing];

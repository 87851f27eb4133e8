import { defineRule } from '../../src/define-rule.js';
import { editDistance } from '../../src/services/suggest.js';
import { policyRules, strings } from './_policy-rules.js';

/**
 * The verbs of the platform's requests: what its request reader makes of a resource request (`proxy` for the
 * legacy proxy paths, `list` and `watch` for collections), and the lower-cased HTTP methods of a non-resource
 * request.
 */
const REQUEST_VERBS = ['get', 'list', 'watch', 'create', 'update', 'patch', 'delete', 'deletecollection', 'proxy', 'post', 'put', 'head', 'options'];

/**
 * The verbs the platform's own checks ask the authorizer about: `bind` and `escalate` (roles and bindings),
 * `impersonate` (the impersonation headers), `approve` and `sign` (certificate signers), `attest` (trust
 * bundles and service account token attestation), `use` (pod security policies in older releases; extension
 * API servers such as OpenShift's security context constraints still ask for it).
 */
const SPECIAL_VERBS = ['approve', 'attest', 'bind', 'escalate', 'impersonate', 'sign', 'use'];

/** The modes of constrained impersonation: `impersonate:<mode>` and `impersonate-on:<mode>:<verb>`. */
const IMPERSONATION_MODES = ['arbitrary-node', 'associated-node', 'serviceaccount', 'user-info'];

const VERBS = [...REQUEST_VERBS, ...SPECIAL_VERBS];
const KNOWN = new Set(VERBS);

/**
 * The one candidate a misspelt word means: within one edit (two for a word of 10 characters or more; a
 * transposition is one edit; case is ignored), and closer than any other candidate. A word further from every
 * candidate may be a verb of an extension API server (they define their own: `updatepsa`, `manage-namespaces`).
 */
function closest(word: string, candidates: readonly string[]): string | undefined {
  const limit = word.length >= 10 ? 2 : 1;
  let best: string | undefined;
  let bestDistance = limit + 1;
  let tie = false;
  for (const c of candidates) {
    const d = editDistance(word, c);
    if (d < bestDistance) [best, bestDistance, tie] = [c, d, false];
    else if (d === bestDistance) tie = true;
  }
  return best !== undefined && !tie ? best : undefined;
}

/** A part of a verb as it was meant: itself when it is known or far from every candidate, else the close candidate. */
function meant(part: string, candidates: readonly string[]): string {
  return candidates.includes(part) ? part : closest(part, candidates) ?? part;
}

/** The verb a verb of a policy rule was meant to be, when it is a misspelling of one of the platform's verbs. */
export function meantVerb(verb: string): string | undefined {
  if (verb === '*' || verb === '' || KNOWN.has(verb)) return undefined;
  const parts = verb.split(':');
  // constrained impersonation: `impersonate:<mode>`, `impersonate-on:<mode>:<verb>` (any verb, those of
  // extension API servers included)
  if (parts.length === 2 || parts.length === 3) {
    const prefix = parts.length === 2 ? 'impersonate' : 'impersonate-on';
    if (parts[0] !== prefix && closest(parts[0]!, [prefix]) === undefined) return undefined;
    const fixed = [prefix, meant(parts[1]!, IMPERSONATION_MODES), ...(parts.length === 3 ? [meant(parts[2]!, VERBS)] : [])].join(':');
    return fixed !== verb && IMPERSONATION_MODES.includes(fixed.split(':')[1]!) ? fixed : undefined;
  }
  return closest(verb, VERBS);
}

export default defineRule({
  id: 'rbac/verb-not-misspelt',
  kinds: ['ClusterRole', 'Role'],
  meta: {
    description: 'A verb of a policy rule is not a misspelling of one of the platform\'s verbs (`wacth` for `watch`).',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'The platform stores any verb string and its authorizer compares verbs exactly (`*` aside), case included: a rule that lists `wacth` or `Get` grants nothing for them, and nothing says so; the workload fails later with a forbidden error. Extension API servers define verbs of their own, so a verb is reported only when it is within one edit (two for a long verb) of exactly one verb the platform uses: the verbs of its requests (`get`, `list`, `watch`, `create`, `update`, `patch`, `delete`, `deletecollection`, `proxy`, and the HTTP methods of non-resource URLs), those its own checks ask for (`bind`, `escalate`, `impersonate`, `approve`, `sign`, `attest`, `use`), and the constrained impersonation verbs (`impersonate:<mode>`, `impersonate-on:<mode>:<verb>`). The did-you-mean is a suggestion (a code action in an editor, `suggestions` in the JSON report), never applied by `--fix`: the corrected verb grants a permission the role does not hold today, which is for a person to decide.',
      remediation: 'Write the verb the platform uses (the message names it), after checking that the role should grant it; or remove the verb.',
      spec: '1-authorization-and-rbac-api.md#role-based-access-objects (PolicyRule: verbs)',
    },
  },
  check(value, ctx) {
    for (const [path, rule] of policyRules(value)) {
      for (const [j, verb] of strings(rule.verbs)) {
        const to = meantVerb(verb);
        if (to === undefined) continue;
        ctx.report([...path, 'verbs', j], `verb \`${verb}\` is no verb of the platform and grants nothing; did you mean \`${to}\`?`, { suggest: [to] });
      }
    }
  },
});

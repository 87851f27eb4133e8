// A question checked first (so that a wrong one is refused before any file is read), then answered for each set
// of files: what the command line, the library and the browser bundle share.
import { canI, rulesFor, whoCan, type WhoCanScope } from './authorize.js';
import type { CanIReport, RulesReport, Scope, WhoCanReport } from './report.js';
import { requestOf, userInfo, type Question } from './request.js';

/** A question that cannot be asked as written (a usage error). */
export class AccessQuestionError extends Error {}

/** A question and who asks it. */
export interface AccessQuestion extends Question {
  /** The user (`--as`); a service account's username gets the groups of its tokens. */
  readonly user?: string;
  /** The user's groups (`--as-group`). */
  readonly groups?: readonly string[];
  /** who-can: in every namespace. */
  readonly allNamespaces?: boolean;
}

function asked(q: AccessQuestion) {
  const r = requestOf(q);
  if (r.problem !== undefined) throw new AccessQuestionError(r.problem);
  return r.request;
}

function who(q: AccessQuestion) {
  if (q.user === undefined || q.user === '') throw new AccessQuestionError('no user given: name the user the question is asked for');
  return userInfo(q.user, q.groups ?? []);
}

/** May the user do this? Checks the question; the function it returns answers it for each set of files. */
export function askCanI(q: AccessQuestion): (scopes: readonly Scope[]) => CanIReport {
  const request = asked(q);
  const { user, added } = who(q);
  return (scopes) => ({ user, addedGroups: added, request, answers: scopes.map((s) => ({ ...s, answer: canI(s.cluster, user, request) })) });
}

/** Who may do this? (every namespace with `allNamespaces`, one with `namespace`, else cluster-wide). */
export function askWhoCan(q: AccessQuestion): (scopes: readonly Scope[]) => WhoCanReport {
  if (q.allNamespaces && q.namespace !== undefined) throw new AccessQuestionError('a namespace and every namespace (--all-namespaces) exclude each other');
  const scope: WhoCanScope = q.allNamespaces ? { allNamespaces: true } : q.namespace !== undefined ? { namespace: q.namespace } : {};
  const request = asked({ ...q, namespace: q.allNamespaces ? '' : q.namespace });
  return (scopes) => ({ request, scope, answers: scopes.map((s) => ({ ...s, answer: whoCan(s.cluster, request, scope) })) });
}

/** What may the user do in the namespace (a SelfSubjectRulesReview, which needs one)? */
export function askRules(q: Omit<AccessQuestion, 'verb'>): (scopes: readonly Scope[]) => RulesReport {
  const namespace = q.namespace;
  if (namespace === undefined || namespace === '') throw new AccessQuestionError('a rules review needs a namespace (-n NAMESPACE), as a SelfSubjectRulesReview does');
  const { user, added } = who(q as AccessQuestion);
  return (scopes) => ({ user, addedGroups: added, namespace, answers: scopes.map((s) => ({ ...s, answer: rulesFor(s.cluster, user, namespace) })) });
}

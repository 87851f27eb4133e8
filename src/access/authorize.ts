// The platform's answers: a SubjectAccessReview (may this user do this?), who may do it, and a
// SelfSubjectRulesReview (what may this user do in this namespace?), evaluated as the RBAC authorizer evaluates
// them (VisitRulesFor of pkg/registry/rbac/validation/rule.go, Authorize and RulesFor of
// plugin/pkg/auth/authorizer/rbac/rbac.go): every ClusterRoleBinding, then for a request in a namespace that
// namespace's RoleBindings; the first subject of a binding that stands for the user; the rules of the role its
// roleRef names; a roleRef that names no role is an error that does not stop the others from counting.
import type { Cluster, Resolved } from './cluster.js';
import { firstApplying, ruleAllows, serviceAccountUser } from './match.js';
import { isResourceRequest, type AccessRequest, type Binding, type PolicyRule, type Role, type Rule, type Subject, type UserInfo } from './model.js';

/** The group the API server allows everything before it asks RBAC (its privileged group authorizer). */
export const PRIVILEGED_GROUP = 'system:masters';

/** One binding that grants a request (or a rule, for a rules review): its subject, the role, the rule. */
export interface Grant {
  readonly binding: Binding;
  readonly subject: Subject;
  readonly role: Role;
  readonly rule: Rule;
  /** The namespace the binding is evaluated in ('' for a ClusterRoleBinding). */
  readonly namespace: string;
}

/** A binding whose roleRef could not be resolved (`error`: the platform's), or whose role's rules are not known (`unknown`). */
export interface Unresolved {
  readonly binding: Binding;
  /** The subject by which it applies (none for who-can, where it is about every subject of the binding). */
  readonly subject?: Subject;
  readonly namespace: string;
  readonly message: string;
}

export interface Decision {
  readonly allowed: boolean;
  /** The authorizer that allowed: the privileged group authorizer (`system:masters`) or RBAC; null when denied. */
  readonly decidedBy: 'privileged-group' | 'rbac' | null;
  /** The reason the platform gives (`RBAC: allowed by …`; the resolution errors when denied; empty otherwise). */
  readonly reason: string;
  /** Every binding and rule that allows the request, in the order the authorizer visits them (the first is in `reason`). */
  readonly grants: readonly Grant[];
  /** The roleRefs that could not be resolved, with the platform's error (`evaluationError`). */
  readonly errors: readonly Unresolved[];
  /** Bindings to the user whose roles' rules are not known (external roles): they could allow what is denied here. */
  readonly unknown: readonly Unresolved[];
  readonly evaluationError?: string;
}

interface Applying {
  binding: Binding;
  subject: Subject;
  namespace: string;
  resolved: Resolved;
}

/** The bindings that apply to the user for a request in `namespace`, in the authorizer's order (VisitRulesFor). */
function* applying(cluster: Cluster, user: UserInfo, namespace: string): Generator<Applying> {
  for (const binding of cluster.clusterRoleBindings) {
    const i = firstApplying(user, binding.subjects, '');
    if (i >= 0) yield { binding, subject: binding.subjects[i]!, namespace: '', resolved: cluster.resolve(binding, '') };
  }
  if (namespace === '') return;
  for (const binding of cluster.roleBindingsIn(namespace)) {
    const i = firstApplying(user, binding.subjects, namespace);
    if (i >= 0) yield { binding, subject: binding.subjects[i]!, namespace, resolved: cluster.resolve(binding, namespace) };
  }
}

/** The errors joined as the platform's aggregate error prints them: one alone, several in brackets, each once. */
export function aggregateError(messages: readonly string[]): string {
  const unique = [...new Set(messages)];
  return unique.length === 1 ? unique[0]! : `[${unique.join(', ')}]`;
}

/** `ServiceAccount "name/namespace"`, `User "jane"` (describeSubject). */
function describeSubject(s: Subject, namespace: string): string {
  if (s.kind === 'ServiceAccount') return `ServiceAccount ${JSON.stringify(`${s.name}/${s.namespace !== '' ? s.namespace : namespace}`)}`;
  return `${s.kind} ${JSON.stringify(s.name)}`;
}

/** The source of a grant as the platform's reason names it (the rule resolver's describers). */
export function describeGrant(g: Grant): string {
  const name = g.binding.kind === 'RoleBinding' ? `${g.binding.name}/${g.namespace}` : g.binding.name;
  return `${g.binding.kind} ${JSON.stringify(name)} of ${g.binding.roleRef.kind} ${JSON.stringify(g.binding.roleRef.name)} to ${describeSubject(g.subject, g.namespace)}`;
}

/** The namespace a request is evaluated in ('' for a cluster-wide request and for every non-resource request). */
export function requestNamespace(request: AccessRequest): string {
  return isResourceRequest(request) ? request.namespace : '';
}

/** What a SubjectAccessReview for the user and request answers (the API server's authorizer chain up to RBAC). */
export function canI(cluster: Cluster, user: UserInfo, request: AccessRequest): Decision {
  const grants: Grant[] = [];
  const errors: Unresolved[] = [];
  const unknown: Unresolved[] = [];
  for (const a of applying(cluster, user, requestNamespace(request))) {
    const where = { binding: a.binding, subject: a.subject, namespace: a.namespace };
    if (a.resolved.error !== undefined) errors.push({ ...where, message: a.resolved.error });
    else if (a.resolved.unknown !== undefined) unknown.push({ ...where, message: a.resolved.unknown });
    else for (const rule of a.resolved.role.rules) if (ruleAllows(request, rule)) grants.push({ ...where, role: a.resolved.role, rule });
  }
  const privileged = user.groups.includes(PRIVILEGED_GROUP);
  const evaluationError = errors.length > 0 ? aggregateError(errors.map((e) => e.message)) : undefined;
  const reason = privileged ? '' : grants[0] ? `RBAC: allowed by ${describeGrant(grants[0])}` : evaluationError !== undefined ? `RBAC: ${evaluationError}` : '';
  return {
    allowed: privileged || grants.length > 0,
    decidedBy: privileged ? 'privileged-group' : grants.length > 0 ? 'rbac' : null,
    reason,
    grants,
    errors,
    unknown,
    ...(evaluationError !== undefined ? { evaluationError } : {}),
  };
}

/** Where a who-can question is asked: one namespace, every namespace, or cluster-wide (neither). */
export interface WhoCanScope {
  readonly namespace?: string;
  readonly allNamespaces?: boolean;
}

/** A subject that may do what is asked, with what grants it. */
export interface Grantee {
  readonly kind: string;
  readonly name: string;
  /** A ServiceAccount's namespace ('' for users and groups). */
  readonly namespace: string;
  /** The username a ServiceAccount's tokens carry. */
  readonly username?: string;
  /** Allowed by the API server before RBAC (the group `system:masters`). */
  readonly privileged: boolean;
  readonly grants: readonly Grant[];
}

export interface WhoCanAnswer {
  readonly grantees: readonly Grantee[];
  readonly errors: readonly Unresolved[];
  /** Bindings whose roles' rules are not known: their subjects might be allowed too. */
  readonly unknown: readonly Unresolved[];
  /** Subjects of granting bindings that stand for nobody (a ServiceAccount without a namespace in a ClusterRoleBinding, an unknown kind). */
  readonly ignored: readonly { readonly binding: Binding; readonly subject: Subject; readonly why: string }[];
  readonly evaluationError?: string;
}

const KIND_ORDER: Readonly<Record<string, number>> = { User: 0, Group: 1, ServiceAccount: 2 };

/**
 * Every subject that a binding of the files (or of the platform) allows to make the request: the
 * ClusterRoleBindings', and for a resource request in a namespace (or in every namespace, `allNamespaces`) the
 * RoleBindings' of that namespace (of each namespace), each with the rules that allow it. The group
 * `system:masters` is always allowed, before RBAC.
 */
export function whoCan(cluster: Cluster, request: AccessRequest, scope: WhoCanScope = {}): WhoCanAnswer {
  const bindings: { binding: Binding; namespace: string }[] = cluster.clusterRoleBindings.map((binding) => ({ binding, namespace: '' }));
  if (isResourceRequest(request)) {
    if (scope.allNamespaces) bindings.push(...cluster.roleBindings.map((binding) => ({ binding, namespace: binding.namespace })));
    else if (scope.namespace) bindings.push(...cluster.roleBindingsIn(scope.namespace).map((binding) => ({ binding, namespace: scope.namespace! })));
  }
  const grantees = new Map<string, { kind: string; name: string; namespace: string; grants: Grant[] }>();
  const errors: Unresolved[] = [];
  const unknown: Unresolved[] = [];
  const ignored: { binding: Binding; subject: Subject; why: string }[] = [];
  const resolved = new Map<string, Resolved>();
  for (const { binding, namespace } of bindings) {
    if (binding.subjects.length === 0) continue;
    const id = `${binding.roleRef.kind}\u0000${namespace}\u0000${binding.roleRef.name}`;
    let r = resolved.get(id);
    if (!r) resolved.set(id, (r = cluster.resolve(binding, namespace)));
    if (r.error !== undefined) {
      errors.push({ binding, namespace, message: r.error });
      continue;
    }
    if (r.unknown !== undefined) {
      unknown.push({ binding, namespace, message: r.unknown });
      continue;
    }
    const rules = r.role.rules.filter((rule) => ruleAllows(request, rule));
    if (rules.length === 0) continue;
    for (const subject of binding.subjects) {
      let ns = '';
      if (subject.kind === 'ServiceAccount') {
        ns = subject.namespace !== '' ? subject.namespace : namespace;
        if (ns === '') {
          ignored.push({ binding, subject, why: binding.kind === 'ClusterRoleBinding' ? 'a ServiceAccount subject of a ClusterRoleBinding needs a namespace: it stands for no service account' : 'the namespace of this ServiceAccount is the RoleBinding\'s, which its manifest leaves to the apply' });
          continue;
        }
      } else if (subject.kind !== 'User' && subject.kind !== 'Group') {
        ignored.push({ binding, subject, why: `a subject of kind \`${subject.kind}\` stands for nobody (the kinds are User, Group and ServiceAccount)` });
        continue;
      }
      const k = `${subject.kind}\u0000${ns}\u0000${subject.name}`;
      let g = grantees.get(k);
      if (!g) grantees.set(k, (g = { kind: subject.kind, name: subject.name, namespace: ns, grants: [] }));
      for (const rule of rules) g.grants.push({ binding, subject, role: r.role, rule, namespace });
    }
  }
  const masters = grantees.get(`Group\u0000\u0000${PRIVILEGED_GROUP}`);
  const list: Grantee[] = [...grantees.values()].map((g) => ({
    ...g,
    ...(g.kind === 'ServiceAccount' ? { username: serviceAccountUser(g.namespace, g.name) } : {}),
    privileged: g === masters,
  }));
  if (!masters) list.push({ kind: 'Group', name: PRIVILEGED_GROUP, namespace: '', privileged: true, grants: [] });
  list.sort((a, b) => (KIND_ORDER[a.kind]! - KIND_ORDER[b.kind]!) || (a.namespace < b.namespace ? -1 : a.namespace > b.namespace ? 1 : 0) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const evaluationError = errors.length > 0 ? aggregateError(errors.map((e) => e.message)) : undefined;
  return { grantees: list, errors, unknown, ignored, ...(evaluationError !== undefined ? { evaluationError } : {}) };
}

/** A rule of a rules review with the binding that gives it. */
export type RuleGrant = Grant;

export interface RulesAnswer {
  /** The rules with resources (a rule with both resources and URLs is in both lists, as the platform lists it). */
  readonly resourceRules: readonly RuleGrant[];
  readonly nonResourceRules: readonly RuleGrant[];
  /** Some bound role's rules are not known (platlint's addition; RBAC alone never sets it). */
  readonly incomplete: boolean;
  readonly evaluationError?: string;
  readonly errors: readonly Unresolved[];
  readonly unknown: readonly Unresolved[];
  /** The user is in `system:masters`: allowed everything before RBAC, whatever the rules say. */
  readonly privileged: boolean;
}

/** What a SelfSubjectRulesReview for the user in `namespace` answers (RBACAuthorizer.RulesFor). */
export function rulesFor(cluster: Cluster, user: UserInfo, namespace: string): RulesAnswer {
  const resourceRules: RuleGrant[] = [];
  const nonResourceRules: RuleGrant[] = [];
  const errors: Unresolved[] = [];
  const unknown: Unresolved[] = [];
  for (const a of applying(cluster, user, namespace)) {
    const where = { binding: a.binding, subject: a.subject, namespace: a.namespace };
    if (a.resolved.error !== undefined) errors.push({ ...where, message: a.resolved.error });
    else if (a.resolved.unknown !== undefined) unknown.push({ ...where, message: a.resolved.unknown });
    else {
      for (const rule of a.resolved.role.rules) {
        const g = { ...where, role: a.resolved.role, rule };
        if (rule.resources.length > 0) resourceRules.push(g);
        if (rule.nonResourceURLs.length > 0) nonResourceRules.push(g);
      }
    }
  }
  const evaluationError = errors.length > 0 ? aggregateError(errors.map((e) => e.message)) : undefined;
  return { resourceRules, nonResourceRules, incomplete: unknown.length > 0, errors, unknown, privileged: user.groups.includes(PRIVILEGED_GROUP), ...(evaluationError !== undefined ? { evaluationError } : {}) };
}

/** The verbs, groups and resources of a rule in a short form: `get, list secrets` or `get /healthz`. */
export function ruleSummary(rule: PolicyRule): string {
  const verbs = rule.verbs.join(', ');
  if (rule.resources.length === 0) return `${verbs} ${rule.nonResourceURLs.join(', ')}`;
  const groups = rule.apiGroups.map((g) => (g === '' ? 'core' : g === '*' ? 'every group' : g)).join(', ');
  const names = rule.resourceNames.length > 0 ? ` named ${rule.resourceNames.join(', ')}` : '';
  return `${verbs} on ${rule.resources.join(', ')}${names} (${groups === '' ? 'no group' : groups})`;
}

// The platform's matchers, as its RBAC authorizer defines them (pkg/apis/rbac/v1/evaluation_helpers.go, RuleAllows
// of plugin/pkg/auth/authorizer/rbac/rbac.go, appliesTo of pkg/registry/rbac/validation/rule.go) and the label
// selectors of the aggregation controller (metav1.LabelSelectorAsSelector).
import { labelValueProblem, qualifiedNameProblem } from '../services/names.js';
import { obj, objItems, str } from '../services/values.js';
import { isResourceRequest, type AccessRequest, type PolicyRule, type ResourceRequest, type UserInfo } from './model.js';

/** `*` or the verb itself (verbs are compared exactly: `GET` is not `get`). */
export function verbMatches(rule: PolicyRule, verb: string): boolean {
  return rule.verbs.some((v) => v === '*' || v === verb);
}

export function apiGroupMatches(rule: PolicyRule, group: string): boolean {
  return rule.apiGroups.some((g) => g === '*' || g === group);
}

/**
 * `*`, the resource with its subresource (`pods/status`; `pods` alone does not match a subresource), or
 * a star and the subresource (`*` + `/scale`) for that subresource of any resource.
 */
export function resourceMatches(rule: PolicyRule, combined: string, subresource: string): boolean {
  for (const r of rule.resources) {
    if (r === '*' || r === combined) return true;
    if (subresource !== '' && r.length === subresource.length + 2 && r.startsWith('*/') && r.endsWith(subresource)) return true;
  }
  return false;
}

/** No names: every object; otherwise the request's name must be one of them (a request without a name matches only `""`). */
export function resourceNameMatches(rule: PolicyRule, name: string): boolean {
  return rule.resourceNames.length === 0 || rule.resourceNames.includes(name);
}

/** `*`, the path itself, or a prefix ending in `*` (`/apis/*` matches `/apis/v1`, not `/apis`). */
export function nonResourceURLMatches(rule: PolicyRule, path: string): boolean {
  for (const u of rule.nonResourceURLs) {
    if (u === '*' || u === path) return true;
    if (u.endsWith('*') && path.startsWith(u.replace(/\*+$/, ''))) return true;
  }
  return false;
}

/** Whether a rule allows a request (RuleAllows). */
export function ruleAllows(request: AccessRequest, rule: PolicyRule): boolean {
  if (isResourceRequest(request)) return resourceRuleAllows(request, rule);
  return verbMatches(rule, request.verb) && nonResourceURLMatches(rule, request.path);
}

function resourceRuleAllows(r: ResourceRequest, rule: PolicyRule): boolean {
  const combined = r.subresource === '' ? r.resource : `${r.resource}/${r.subresource}`;
  return verbMatches(rule, r.verb) && apiGroupMatches(rule, r.group) && resourceMatches(rule, combined, r.subresource) && resourceNameMatches(rule, r.name);
}

/** The username of a service account's tokens. */
export function serviceAccountUser(namespace: string, name: string): string {
  return `system:serviceaccount:${namespace}:${name}`;
}

/**
 * Whether a binding's subject stands for the user (appliesToUser): a User by name, a Group by membership, a
 * ServiceAccount by its username, its namespace defaulting to the binding's (`namespace`; '' for a
 * ClusterRoleBinding, where a ServiceAccount without one matches nobody). Other kinds match nobody.
 */
export function subjectApplies(user: UserInfo, subject: { kind: string; name: string; namespace: string }, namespace: string): boolean {
  switch (subject.kind) {
    case 'User':
      return user.name === subject.name;
    case 'Group':
      return user.groups.includes(subject.name);
    case 'ServiceAccount': {
      const ns = subject.namespace !== '' ? subject.namespace : namespace;
      return ns !== '' && user.name === serviceAccountUser(ns, subject.name);
    }
    default:
      return false;
  }
}

/** The index of the first subject that applies to the user (appliesTo), or -1. */
export function firstApplying(user: UserInfo, subjects: readonly { kind: string; name: string; namespace: string }[], namespace: string): number {
  return subjects.findIndex((s) => subjectApplies(user, s, namespace));
}

/** A compiled label selector: whether a set of labels matches, or why the platform cannot use the selector. */
export type LabelSelector =
  | {
      matches: (labels: Readonly<Record<string, string>>) => boolean;
      /** A label every matching object has (the first of `matchLabels`), to look candidates up by. */
      anchor?: { key: string; value: string };
      problem?: undefined;
    }
  | { problem: string; matches?: undefined; anchor?: undefined };

/**
 * A LabelSelector as LabelSelectorAsSelector reads it: `matchLabels` (each key equal to its value) and
 * `matchExpressions` (`In`, `NotIn`: the label missing or not one of the values, `Exists`, `DoesNotExist`), all
 * of them required; an empty selector matches every object. A selector the platform refuses (an unknown
 * operator, values where none are allowed or none where some are needed, an invalid key or value) gives its problem.
 */
export function labelSelector(selector: unknown): LabelSelector {
  const s = obj(selector);
  if (!s) return { problem: 'the selector is not a mapping' };
  const tests: ((labels: Readonly<Record<string, string>>) => boolean)[] = [];
  for (const [key, value] of Object.entries(obj(s.matchLabels) ?? {})) {
    if (typeof value !== 'string') return { problem: `matchLabels[${key}] is not a string` };
    const p = qualifiedNameProblem('label key', key) ?? labelValueProblem('label value', value);
    if (p !== undefined) return { problem: `matchLabels[${key}]: ${p}` };
    tests.push((labels) => labels[key] === value);
  }
  for (const [i, e] of objItems(s.matchExpressions)) {
    const key = str(e.key) ?? '';
    const op = str(e.operator) ?? '';
    const values = Array.isArray(e.values) ? e.values.filter((v): v is string => typeof v === 'string') : [];
    const at = `matchExpressions[${i}]`;
    const keyProblem = qualifiedNameProblem('label key', key);
    if (keyProblem !== undefined) return { problem: `${at}.key: ${keyProblem}` };
    const valueProblem = values.map((v) => labelValueProblem('label value', v)).find((p) => p !== undefined);
    if (valueProblem !== undefined) return { problem: `${at}.values: ${valueProblem}` };
    const has = (labels: Readonly<Record<string, string>>) => Object.prototype.hasOwnProperty.call(labels, key);
    switch (op) {
      case 'In':
      case 'NotIn':
        if (values.length === 0) return { problem: `${at}: operator ${op} needs values` };
        tests.push(op === 'In' ? (labels) => has(labels) && values.includes(labels[key]!) : (labels) => !has(labels) || !values.includes(labels[key]!));
        break;
      case 'Exists':
      case 'DoesNotExist':
        if (values.length > 0) return { problem: `${at}: operator ${op} takes no values` };
        tests.push(op === 'Exists' ? has : (labels) => !has(labels));
        break;
      default:
        return { problem: `${at}: "${op}" is not a valid label selector operator` };
    }
  }
  const first = Object.entries(obj(s.matchLabels) ?? {})[0] as [string, string] | undefined;
  return { matches: (labels) => tests.every((t) => t(labels)), ...(first ? { anchor: { key: first[0], value: first[1] } } : {}) };
}

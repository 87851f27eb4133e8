// The questions as a user writes them: `deployments.apps/scale`, `--as system:serviceaccount:ns:name`.
import type { AccessRequest, ResourceRequest, UserInfo } from './model.js';

/**
 * A resource written as the platform writes it, `resource[.group][/subresource]`: `pods`, `deployments.apps`,
 * `pods/exec`, `deployments.apps/scale` (no group: the core group). The resource is the plural, lower-case
 * name the API uses (`pods`, not `pod` or `Pod`; platlint has no cluster to look short names up in).
 */
export function parseResource(text: string): { resource: string; group: string; subresource: string } | { problem: string } {
  const slash = text.indexOf('/');
  const main = slash < 0 ? text : text.slice(0, slash);
  const subresource = slash < 0 ? '' : text.slice(slash + 1);
  if (main === '') return { problem: `no resource in "${text}"; write resource[.group][/subresource], such as pods, deployments.apps or pods/exec` };
  if (slash >= 0 && (subresource === '' || subresource.includes('/'))) return { problem: `"${text}": after the resource comes one subresource (pods/exec, deployments.apps/scale)` };
  const dot = main.indexOf('.');
  return { resource: dot < 0 ? main : main.slice(0, dot), group: dot < 0 ? '' : main.slice(dot + 1), subresource };
}

/** `resource[.group][/subresource]` of a request (the inverse of parseResource). */
export function resourceText(r: Pick<ResourceRequest, 'resource' | 'group' | 'subresource'>): string {
  return `${r.resource}${r.group === '' ? '' : `.${r.group}`}${r.subresource === '' ? '' : `/${r.subresource}`}`;
}

const SERVICE_ACCOUNT = /^system:serviceaccount:([^:]+):([^:]+)$/;

/**
 * The user a question is asked for: the name and groups given; a service account's username
 * (`system:serviceaccount:NAMESPACE:NAME`) also gets the groups the platform gives every service account token
 * (`system:serviceaccounts`, `system:serviceaccounts:NAMESPACE`, `system:authenticated`), returned in `added`.
 * Another user gets only the groups given (`system:authenticated` too only when asked for).
 */
export function userInfo(name: string, groups: readonly string[] = []): { user: UserInfo; added: string[] } {
  const sa = SERVICE_ACCOUNT.exec(name);
  const added = sa ? ['system:serviceaccounts', `system:serviceaccounts:${sa[1]}`, 'system:authenticated'].filter((g) => !groups.includes(g)) : [];
  return { user: { name, groups: [...groups, ...added] }, added };
}

/** A question as the command line and the library take it. */
export interface Question {
  /** The verb (`get`, `list`, `create`, `impersonate` …; `*` for every verb). */
  readonly verb: string;
  /** `resource[.group][/subresource]`; or `url` for a non-resource path. */
  readonly resource?: string;
  /** The object's name (none: a request without a name, such as list or create). */
  readonly name?: string;
  /** A non-resource URL path (`/healthz`, `/metrics`). */
  readonly url?: string;
  /** The namespace of the request (none: cluster-wide). */
  readonly namespace?: string;
}

/** The request a question asks about, or why it cannot be asked. */
export function requestOf(q: Question): { request: AccessRequest; problem?: undefined } | { problem: string; request?: undefined } {
  if (q.verb === '') return { problem: 'no verb given' };
  if (q.url !== undefined) {
    if (q.resource !== undefined) return { problem: 'a question is about a resource or a --url, not both' };
    if (q.name !== undefined) return { problem: 'a --url question takes no NAME' };
    if (!q.url.startsWith('/')) return { problem: `the URL path "${q.url}" must start with /` };
    return { request: { verb: q.verb, path: q.url } };
  }
  if (q.resource === undefined) return { problem: 'no RESOURCE given (or --url PATH for a non-resource URL)' };
  const r = parseResource(q.resource);
  if ('problem' in r) return { problem: r.problem };
  return { request: { verb: q.verb, ...r, name: q.name ?? '', namespace: q.namespace ?? '' } };
}

import type { RuleContext } from '../../src/define-rule.js';
import { isLenient, type KindSpec } from '../../src/kinds/kinds.js';
import { isObj, obj, objItems, type Obj } from '../../src/services/values.js';

/** The review kinds whose spec is an access request (resource or non-resource attributes). */
export const ACCESS_REVIEW_KINDS = ['LocalSubjectAccessReview', 'SelfSubjectAccessReview', 'SubjectAccessReview'] as const;

export const SPEC_REVIEW = '1-authorization-and-rbac-api.md#review-objects';

/**
 * Whether the platform validates this review's spec and metadata: it does for the reviews it serves (their
 * create validates them), and not for a SubjectAccessReview that is another program's document, which it decodes
 * leniently (src/kinds/kinds.ts): a webhook authorizer's answer (one with a `status`: the authorizer reads only the
 * status) and any `v1beta1` review (the platform serves authorization v1 only; it sends v1beta1 reviews to
 * webhooks that ask for them and reads their answers).
 */
export function specValidated(value: unknown, kind: KindSpec): boolean {
  return !isLenient(kind, value);
}

/** What the rationale of a rule on a review's spec or metadata says of the reviews the platform does not validate. */
export const NOT_VALIDATED = ' A SubjectAccessReview the platform does not validate is not checked: a webhook\'s answer (a review with a `status`, of which the platform reads only the status) and a `v1beta1` review (the platform only sends those, to webhooks).';

/** Whether a field is set: present and not null (a null pointer is no value to the server). */
export function isSet(o: Obj | undefined, key: string): boolean {
  return o !== undefined && Object.prototype.hasOwnProperty.call(o, key) && o[key] !== null && o[key] !== undefined;
}

export interface Selector {
  /** `field` or `label`. */
  flavor: 'field' | 'label';
  path: (string | number)[];
  selector: Obj;
}

/** The field and label selectors of `spec.resourceAttributes`, when they are mappings. */
export function* selectors(value: unknown): Generator<Selector> {
  const attrs = obj(obj(obj(value)?.spec)?.resourceAttributes);
  for (const flavor of ['field', 'label'] as const) {
    const selector = attrs?.[`${flavor}Selector`];
    if (isObj(selector)) yield { flavor, path: ['spec', 'resourceAttributes', `${flavor}Selector`], selector };
  }
}

/** The mapping items of a selector's `requirements`, with their paths. */
export function* requirements(s: Selector): Generator<{ path: (string | number)[]; requirement: Obj }> {
  for (const [i, requirement] of objItems(s.selector.requirements)) yield { path: [...s.path, 'requirements', i], requirement };
}

/**
 * Reports a status that sets both `allowed` and `denied` to true, at `denied` with `allowed` as related: an
 * error where the platform reads the status (review/status-allowed-not-denied), a warning where the server
 * fills it in (review/spec-conformance).
 */
export function reportAllowedAndDenied(value: unknown, ctx: RuleContext, message: string): void {
  const status = obj(obj(value)?.status);
  if (status?.allowed !== true || status.denied !== true) return;
  ctx.report(['status', 'denied'], message, { related: [{ path: ['status', 'allowed'], message: '`allowed` is true here' }] });
}

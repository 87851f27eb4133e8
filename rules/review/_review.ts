import type { RuleContext } from '../../src/define-rule.js';
import { isObj, obj, objItems, type Obj } from '../../src/services/values.js';

/** The review kinds whose spec is an access request (resource or non-resource attributes). */
export const ACCESS_REVIEW_KINDS = ['LocalSubjectAccessReview', 'SelfSubjectAccessReview', 'SubjectAccessReview'] as const;

export const SPEC_REVIEW = '1-authorization-and-rbac-api.md#review-objects';

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

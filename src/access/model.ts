// access/: the RBAC documents of a set of files in, the platform's RBAC authorizer's answers out (who may do
// what, and the binding, subject, role and rule that grant it). This file: the objects the answers are made of.
import type { Path } from '../path.js';

/** Where an object, a rule or a subject comes from: a place in a file, or the platform's bootstrap policy. */
export type Origin = FileOrigin | BootstrapOrigin;

export interface FileOrigin {
  readonly source: 'file';
  /** The file's path as it was read (the command line makes it relative to its working folder). */
  readonly file: string;
  /** The index of the YAML document in the file. */
  readonly document: number;
  /** The data path inside the document (`items[2].rules[0]`). */
  readonly path: Path;
  /** 1-based line and column (UTF-16 units) of the place; computed when first asked. */
  position(): { line: number; column: number };
  /** The place's extent: from `position()` to the line and column after its last character (a rule's: its first key). */
  span(): { line: number; column: number; endLine: number; endColumn: number };
}

export interface BootstrapOrigin {
  readonly source: 'bootstrap';
}

export const BOOTSTRAP: BootstrapOrigin = { source: 'bootstrap' };

export type RoleKind = 'Role' | 'ClusterRole';
export type BindingKind = 'RoleBinding' | 'ClusterRoleBinding';

/** A policy rule as the authorizer reads it (missing lists are empty). */
export interface PolicyRule {
  readonly verbs: readonly string[];
  readonly apiGroups: readonly string[];
  readonly resources: readonly string[];
  readonly resourceNames: readonly string[];
  readonly nonResourceURLs: readonly string[];
}

/** A rule with the role that holds it and where it is written. */
export interface Rule extends PolicyRule {
  /** The role whose `rules` list holds it (for a rule an aggregated ClusterRole gets, the role it comes from). */
  readonly owner: { readonly kind: RoleKind; readonly name: string; readonly namespace: string };
  /** Its index in that role's `rules`. */
  readonly index: number;
  readonly origin: Origin;
}

/** A Role or ClusterRole as the API server stores it once its controllers have run. */
export interface Role {
  readonly kind: RoleKind;
  readonly name: string;
  /** The namespace of a Role; '' for a ClusterRole, and for a Role whose manifest leaves it to the apply. */
  readonly namespace: string;
  readonly labels: Readonly<Record<string, string>>;
  /** `rbac.authorization.plat.io/autoupdate` is not "false": the API server reconciles a bootstrap role of this name. */
  readonly autoupdate: boolean;
  /** `aggregationRule.clusterRoleSelectors` of a ClusterRole, as written (undefined without an aggregationRule). */
  readonly selectors?: readonly unknown[];
  /** The rules written in the object (for a bootstrap role reconciled into one of the files, the missing bootstrap rules after them). */
  readonly ownRules: readonly Rule[];
  /** The rules the authorizer reads: `ownRules`, or what the aggregation controller writes for an aggregated ClusterRole. */
  rules: readonly Rule[];
  /** Where its name is (`metadata.name`). */
  readonly origin: Origin;
  /** Defined by the platform's bootstrap policy only (no file defines it). */
  readonly bootstrap: boolean;
  /** For an aggregated ClusterRole: the ClusterRoles its rules come from, in the controller's order, or why none. */
  aggregation?: { readonly from: readonly string[]; readonly problem?: string };
}

export interface Subject {
  readonly kind: string;
  readonly name: string;
  /** As written ('' when left out). */
  readonly namespace: string;
  readonly index: number;
  /** Where its name is (`subjects[i].name`). */
  readonly origin: Origin;
}

export interface Binding {
  readonly kind: BindingKind;
  readonly name: string;
  /** The namespace of a RoleBinding; '' for a ClusterRoleBinding, and for a RoleBinding whose manifest leaves it to the apply. */
  readonly namespace: string;
  readonly roleRef: { readonly kind: string; readonly name: string };
  readonly subjects: readonly Subject[];
  /** Where its name is (`metadata.name`). */
  readonly origin: Origin;
  /** Where `roleRef.name` is. */
  readonly roleRefOrigin: Origin;
  readonly autoupdate: boolean;
  /** Defined by the platform's bootstrap policy only (no file defines it). */
  readonly bootstrap: boolean;
}

/** The user a question is asked for, as the authenticator would give it to the authorizer. */
export interface UserInfo {
  readonly name: string;
  readonly groups: readonly string[];
}

/** A request to a resource, as the API server's request attributes name it. */
export interface ResourceRequest {
  readonly verb: string;
  /** The API group ('' for the core group). */
  readonly group: string;
  readonly resource: string;
  readonly subresource: string;
  /** The object's name ('' for a request without one: list, create, deletecollection). */
  readonly name: string;
  /** '' for a cluster-wide request (a cluster-scoped resource, or every namespace). */
  readonly namespace: string;
}

/** A request to a path that is not a resource (`/healthz`, `/metrics`). */
export interface NonResourceRequest {
  readonly verb: string;
  readonly path: string;
}

export type AccessRequest = ResourceRequest | NonResourceRequest;

export function isResourceRequest(r: AccessRequest): r is ResourceRequest {
  return 'resource' in r;
}

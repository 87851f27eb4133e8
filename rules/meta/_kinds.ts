/** The kinds of spec 1 whose metadata the `meta/` rules check (their list kinds are checked through `items`). */
export const RBAC_KINDS = ['ClusterRole', 'ClusterRoleBinding', 'Role', 'RoleBinding'] as const;
export const REVIEW_KINDS = ['LocalSubjectAccessReview', 'SelfSubjectAccessReview', 'SelfSubjectRulesReview', 'SubjectAccessReview'] as const;
export const SPEC1_KINDS = [...RBAC_KINDS, ...REVIEW_KINDS] as const;
/** Where spec 1 names `metadata` (ObjectMeta, "not shown beyond its name": the syntax is the platform's object-metadata validation). */
export const META_SPEC = '1-authorization-and-rbac-api.md#resources-and-their-fields (metadata: ObjectMeta)';

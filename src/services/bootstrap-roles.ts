/**
 * The roles the platform's API server creates itself at start-up (its bootstrap policy) and keeps
 * reconciled: a `roleRef` naming one of them always resolves, whatever the files of a run define.
 *
 * Taken by name from the bootstrap policy (policy.go, controller_policy.go, namespace_policy.go and the
 * test data cluster-roles.yaml, controller-roles.yaml and namespace-roles.yaml beside them), with the
 * platform's names: `kube` becomes `plat` (`system:kube-scheduler` is `system:plat-scheduler`), the node
 * agent is the platlet, `*.k8s.io` groups are `*.plat.io`, and the namespaces are `plat-system` and
 * `plat-public`. Controller roles that only some feature gates create are listed too: the platform creates
 * them on clusters where the gate is on, and a binding to them is not a mistake elsewhere.
 */

/** ClusterRoles of the bootstrap policy (policy.go). */
const CLUSTER_ROLES = [
  'cluster-admin',
  'admin',
  'edit',
  'view',
  'system:aggregate-to-admin',
  'system:aggregate-to-edit',
  'system:aggregate-to-view',
  'system:auth-delegator',
  'system:basic-user',
  'system:certificates.plat.io:certificatesigningrequests:nodeclient',
  'system:certificates.plat.io:certificatesigningrequests:selfnodeclient',
  'system:certificates.plat.io:plat-apiserver-client-approver',
  'system:certificates.plat.io:plat-apiserver-client-platlet-approver',
  'system:certificates.plat.io:platlet-serving-approver',
  'system:certificates.plat.io:legacy-unknown-approver',
  'system:discovery',
  'system:heapster',
  'system:plat-aggregator',
  'system:plat-controller-manager',
  'system:plat-dns',
  'system:plat-scheduler',
  'system:platlet-api-admin',
  'system:monitoring',
  'system:node',
  'system:node-bootstrapper',
  'system:node-problem-detector',
  'system:node-proxier',
  'system:persistent-volume-provisioner',
  'system:public-info-viewer',
  'system:service-account-issuer-discovery',
  'system:volume-scheduler',
];

/** Controllers whose ClusterRole `system:controller:<name>` the bootstrap policy creates (controller_policy.go). */
const CONTROLLERS = [
  'attachdetach-controller',
  'certificate-controller',
  'clusterrole-aggregation-controller',
  'cronjob-controller',
  'daemon-set-controller',
  'deployment-controller',
  'device-taint-eviction-controller',
  'disruption-controller',
  'endpoint-controller',
  'endpointslice-controller',
  'endpointslicemirroring-controller',
  'ephemeral-volume-controller',
  'expand-controller',
  'generic-garbage-collector',
  'horizontal-pod-autoscaler',
  'job-controller',
  'plat-apiserver-serving-clustertrustbundle-publisher',
  'legacy-service-account-token-cleaner',
  'namespace-controller',
  'node-controller',
  'persistent-volume-binder',
  'pod-garbage-collector',
  'podcertificaterequestcleaner',
  'pv-protection-controller',
  'pvc-protection-controller',
  'replicaset-controller',
  'replication-controller',
  'resource-claim-controller',
  'resourcequota-controller',
  'root-ca-cert-publisher',
  'route-controller',
  'selinux-warning-controller',
  'service-account-controller',
  'service-cidrs-controller',
  'service-controller',
  'statefulset-controller',
  'storage-version-garbage-collector',
  'storage-version-migrator-controller',
  'ttl-after-finished-controller',
  'ttl-controller',
  'validatingadmissionpolicy-status-controller',
  'volumeattributesclass-protection-controller',
];

/** Roles of the bootstrap policy by namespace (namespace_policy.go). */
const NAMESPACED_ROLES: Readonly<Record<string, readonly string[]>> = {
  'plat-system': [
    'extension-apiserver-authentication-reader',
    'system::leader-locking-plat-controller-manager',
    'system::leader-locking-plat-scheduler',
    'system:controller:bootstrap-signer',
    'system:controller:cloud-provider',
    'system:controller:token-cleaner',
  ],
  'plat-public': ['system:controller:bootstrap-signer'],
};

/** Every bootstrap ClusterRole by name. */
export const BOOTSTRAP_CLUSTER_ROLES: ReadonlySet<string> = new Set([...CLUSTER_ROLES, ...CONTROLLERS.map((c) => `system:controller:${c}`)]);

/**
 * Bootstrap ClusterRoles whose rules grant only non-resource URLs: bound by a RoleBinding, which ignores
 * non-resource URLs, they grant nothing.
 */
export const BOOTSTRAP_URL_ONLY_CLUSTER_ROLES: ReadonlySet<string> = new Set([
  'system:discovery',
  'system:monitoring',
  'system:public-info-viewer',
  'system:service-account-issuer-discovery',
]);

/** Every bootstrap Role, as `<namespace>/<name>`. */
export const BOOTSTRAP_ROLES: ReadonlySet<string> = new Set(Object.entries(NAMESPACED_ROLES).flatMap(([ns, names]) => names.map((n) => `${ns}/${n}`)));

/** The namespaces a bootstrap Role of this name lives in (none for another name). */
export function bootstrapRoleNamespaces(name: string): string[] {
  return Object.entries(NAMESPACED_ROLES)
    .filter(([, names]) => names.includes(name))
    .map(([ns]) => ns);
}

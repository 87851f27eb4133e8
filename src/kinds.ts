import { closestMatches } from './services/suggest.js';

/** A kind platlint checks: one apiVersion + kind pair of the spec, and the schema that describes it. */
export interface KindSpec {
  readonly group: string;
  readonly version: string;
  readonly kind: string;
  /** `group/version`, as written in `apiVersion`. */
  readonly apiVersion: string;
  /** Schema id below `schemas/`, without `.schema.json`: `apiserver.config.plat.io/v1/AuthorizationConfiguration`; empty for a kind checked by rules only. */
  readonly schema: string;
  /** Paths (with `*` for any key or index) whose values are secret and never appear in output. */
  readonly sensitive: readonly (readonly string[])[];
  /** The spec document and section that defines the kind. */
  readonly spec: string;
  /** For a list kind (`RoleList`): the kind of its `items`, whose rules run on every item. */
  readonly items?: string;
  /**
   * The platform decodes this kind leniently: unknown fields are dropped (and a repeated key keeps its last
   * value) instead of refusing the file. True for the audit policy (strict first, then a lenient retry with a
   * logged warning: apiserver `pkg/audit/policy/reader.go`), the event rate limit configuration (its plugin's
   * decoder has no strict mode: `plugin/pkg/admission/eventratelimit/config.go`) and the payloads other
   * programs send (webhook answers, plugin output, audit events), which are read without strict mode. The
   * leader migration configuration is read strictly (controller-manager `pkg/leadermigration/config`).
   */
  readonly lenient?: true;
}

interface GroupDef {
  group: string;
  versions: Record<string, readonly string[]>;
  spec: string;
}

const SPEC1 = '1-authorization-and-rbac-api.md';
const SPEC2 = '2-node-agent-and-patch-command.md';
const SPEC3 = '3-config-and-payload-types.md';
const APISERVER_V1 = ['AdmissionConfiguration', 'AuthenticationConfiguration', 'AuthorizationConfiguration', 'EncryptionConfiguration', 'TracingConfiguration'];

/** The spec's Versioning tables (documents 1 and 3): every group, version and the kinds it carries. */
const GROUPS: readonly GroupDef[] = [
  {
    group: 'rbac.authorization.plat.io',
    versions: { v1: ['ClusterRole', 'ClusterRoleBinding', 'ClusterRoleBindingList', 'ClusterRoleList', 'Role', 'RoleBinding', 'RoleBindingList', 'RoleList'] },
    spec: `${SPEC1}#role-based-access-objects`,
  },
  {
    group: 'authorization.plat.io',
    versions: { v1: ['LocalSubjectAccessReview', 'SelfSubjectAccessReview', 'SelfSubjectRulesReview', 'SubjectAccessReview'] },
    spec: `${SPEC1}#review-objects`,
  },
  { group: 'client.authentication.plat.io', versions: { v1: ['ExecCredential'], v1beta1: ['ExecCredential'] }, spec: `${SPEC3}#exec-plugin-credentials` },
  { group: 'eventratelimit.admission.plat.io', versions: { v1alpha1: ['Configuration'] }, spec: `${SPEC3}#event-rate-limit` },
  { group: 'imagepolicy.plat.io', versions: { v1alpha1: ['ImageReview'] }, spec: `${SPEC3}#image-review` },
  { group: 'admission.plat.io', versions: { v1: ['AdmissionReview'] }, spec: `${SPEC3}#admission-review` },
  { group: 'audit.plat.io', versions: { v1: ['Event', 'EventList', 'Policy', 'PolicyList'] }, spec: `${SPEC3}#audit-policy` },
  { group: 'apiserver.config.plat.io', versions: { v1: APISERVER_V1 }, spec: `${SPEC3}#api-server-configuration-version-v1` },
  {
    group: 'apiserver.plat.io',
    versions: {
      v1alpha1: ['AdmissionConfiguration', 'AuthenticationConfiguration', 'AuthorizationConfiguration', 'EgressSelectorConfiguration', 'TracingConfiguration'],
      v1beta1: ['AuthenticationConfiguration', 'AuthorizationConfiguration', 'EgressSelectorConfiguration', 'TracingConfiguration'],
    },
    spec: `${SPEC3}#api-server-configuration-versions-v1alpha1-and-v1beta1`,
  },
  { group: 'cloudcontrollermanager.config.plat.io', versions: { v1alpha1: ['CloudControllerManagerConfiguration'] }, spec: `${SPEC3}#controller-manager-configuration` },
  { group: 'platcontrollermanager.config.plat.io', versions: { v1alpha1: ['PlatControllerManagerConfiguration'] }, spec: `${SPEC3}#controller-manager-configuration` },
  { group: 'controllermanager.config.plat.io', versions: { v1alpha1: ['LeaderMigrationConfiguration'] }, spec: `${SPEC3}#controller-manager-configuration` },
];

/** Secret-bearing fields per kind, as path patterns. */
const SENSITIVE: Record<string, readonly (readonly string[])[]> = {
  EncryptionConfiguration: [['resources', '*', 'providers', '*', '*', 'keys', '*', 'secret']],
  ExecCredential: [['status', 'token'], ['status', 'clientKeyData']],
};

/** Kinds the platform decodes leniently (see `KindSpec.lenient`). */
const LENIENT = new Set(['Policy', 'PolicyList', 'Event', 'EventList', 'Configuration', 'ExecCredential', 'AdmissionReview', 'ImageReview']);

/** List kinds whose items are objects of another kind, checked by that kind's rules. */
const LIST_ITEMS: Record<string, string> = {
  ClusterRoleBindingList: 'ClusterRoleBinding',
  ClusterRoleList: 'ClusterRole',
  RoleBindingList: 'RoleBinding',
  RoleList: 'Role',
};

export const KINDS: readonly KindSpec[] = GROUPS.flatMap((g) =>
  Object.entries(g.versions).flatMap(([version, kinds]) =>
    kinds.map((kind) => ({
      group: g.group,
      version,
      kind,
      apiVersion: `${g.group}/${version}`,
      schema: `${g.group}/${version}/${kind}`,
      sensitive: SENSITIVE[kind] ?? [],
      spec: g.spec,
      ...(LIST_ITEMS[kind] ? { items: LIST_ITEMS[kind] } : {}),
      ...(LENIENT.has(kind) ? { lenient: true as const } : {}),
    })),
  ),
);

/**
 * Kinds that no `apiVersion` names: the inputs of platlint's own subcommands (`platlint patch --type …`,
 * `platlint flags`). A document is read as one of them only when the command says so.
 */
export const COMMAND_KINDS: readonly KindSpec[] = [
  { kind: 'JSONPatch', schema: 'patch/JSONPatch', spec: `${SPEC2}#patch-command` },
  { kind: 'MergePatch', schema: 'patch/MergePatch', spec: `${SPEC2}#patch-command` },
  { kind: 'StrategicMergePatch', schema: 'patch/StrategicMergePatch', spec: `${SPEC2}#patch-command` },
  // a command line has no JSON Schema: its flag table (src/flags) and rules check it
  { kind: 'PlatletFlags', schema: '', spec: `${SPEC2}#node-agent-invocation` },
].map((k) => ({ ...k, group: '', version: '', apiVersion: '', sensitive: [] }));

/** A command kind by name (`JSONPatch`), for `platlint patch` and `platlint flags`. */
export function commandKind(name: string): KindSpec {
  const k = COMMAND_KINDS.find((c) => c.kind === name);
  if (!k) throw new Error(`no command kind ${name}`);
  return k;
}

const BY_API_VERSION_KIND = new Map(KINDS.map((k) => [`${k.apiVersion}|${k.kind}`, k]));
const BY_GROUP = new Map(GROUPS.map((g) => [g.group, g]));

export type Identification =
  | { status: 'kind'; kind: KindSpec }
  /** Not a plat object (no apiVersion, or a group outside plat): skipped silently. */
  | { status: 'foreign' }
  /** A plat group platlint does not know: warned as not checked. */
  | { status: 'unchecked'; group: string }
  /** A known group with a missing kind, an unknown version or a kind that the version does not carry. */
  | { status: 'invalid'; field: 'kind' | 'apiVersion'; message: string };

function list(items: readonly string[]): string {
  return items.map((s) => `\`${s}\``).join(', ');
}

/** Identifies a document by its `apiVersion` and `kind`. */
export function identify(value: unknown): Identification {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { status: 'foreign' };
  const { apiVersion, kind } = value as { apiVersion?: unknown; kind?: unknown };
  if (typeof apiVersion !== 'string') return { status: 'foreign' };
  const slash = apiVersion.lastIndexOf('/');
  const group = slash === -1 ? '' : apiVersion.slice(0, slash);
  const version = apiVersion.slice(slash + 1);
  const def = BY_GROUP.get(group);
  if (!def) {
    return group === 'plat.io' || group.endsWith('.plat.io') ? { status: 'unchecked', group } : { status: 'foreign' };
  }
  const kinds = def.versions[version];
  if (!kinds) {
    const versions = Object.keys(def.versions);
    return { status: 'invalid', field: 'apiVersion', message: `unknown version \`${version}\` of group \`${group}\`; valid versions: ${list(versions)}` };
  }
  if (typeof kind !== 'string' || kind === '') {
    const what = kind === undefined || kind === null || kind === '' ? 'missing `kind`' : '`kind` must be a string';
    return { status: 'invalid', field: 'kind', message: `${what}; \`${apiVersion}\` carries ${list(kinds)}` };
  }
  const spec = BY_API_VERSION_KIND.get(`${apiVersion}|${kind}`);
  if (spec) return { status: 'kind', kind: spec };
  const elsewhere = KINDS.filter((k) => k.kind === kind).map((k) => k.apiVersion);
  const near = closestMatches(kind, kinds);
  const where =
    elsewhere.length > 0 ? `; \`${kind}\` exists only in ${list(elsewhere)}` : near.length > 0 ? `; did you mean \`${near[0]}\`?` : '';
  return {
    status: 'invalid',
    field: 'kind',
    message: `\`${apiVersion}\` has no kind \`${kind}\`; valid kinds: ${list(kinds)}${where}`,
  };
}

/** Whether a path matches one of a kind's sensitive patterns. */
export function isSensitivePath(kind: Pick<KindSpec, 'sensitive'>, path: readonly (string | number)[]): boolean {
  return kind.sensitive.some((p) => p.length === path.length && p.every((seg, i) => seg === '*' || seg === String(path[i])));
}

// kinds/: a value in, its kind out (apiVersion + kind: the schema, the sensitive fields, who reads it, how leniently);
// also the field paths, the stored objects and the node agent's flag table.
import { closestMatches } from '../services/suggest.js';

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
  /**
   * For a list kind (`RoleList`): the kind of its `items`, whose rules run on every item. `*` for the generic
   * `v1` `List`, whose items each name their own apiVersion and kind.
   */
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
  /**
   * A document of this kind holding this field is another program's answer, which the platform decodes
   * leniently: a SubjectAccessReview with a `status` is a webhook authorizer's answer (the webhook authorizer
   * reads it without strict mode), while one without is a request the API server decodes strictly.
   */
  readonly lenientWith?: string;
  /**
   * Who reads a document of this kind, which decides what a key given twice does (`yaml/duplicate-key`; its
   * documentation has the table of kinds with the platform's code for each):
   * - `platform`: a component of the platform decodes the file (or another program's payload) itself; a strict
   *   decoder (`serializer.EnableStrict`) refuses the repeated key, a lenient one (`lenient`, `lenientWith`)
   *   keeps the last value;
   * - a platctl command: the object goes through the API, sent by platctl, which turns the YAML (or JSON) into
   *   an object without strict mode (cli-runtime's StreamVisitor and the mapper's unstructured decoding;
   *   `yaml.ToJSON` for a patch): the last value is kept, the others are dropped before the request is sent,
   *   and the server's strict field validation never sees them. (A patch written in JSON is sent as written;
   *   the API server, at the field validation `platctl patch` leaves, Warn, keeps the last value too.)
   */
  readonly read: KindReading;
  /**
   * Where the spec's table lists a pair the platform's scheme does not register: the apiVersion the platform
   * registers the kind in (the document is checked, and `document/unregistered-version` says so).
   */
  readonly registeredAs?: string;
  /** For a legacy kind name the platform still decodes (`v1` `EncryptionConfig`): the kind it decodes as. */
  readonly legacyOf?: KindSpec;
  /**
   * Embedded objects checked as the kind they name: at `path` (`*` for any index of a list), when their
   * apiVersion's group is one of `groups` (the groups whose kinds the consumer decodes there).
   */
  readonly embedded?: readonly { readonly path: readonly string[]; readonly groups: readonly string[] }[];
}

/** Who reads a document of a kind (see `KindSpec.read`). */
export type KindReading = 'platform' | 'platctl apply' | 'platctl create' | 'platctl patch';

/**
 * The plat groups of the configuration files a component reads itself (`kubescheduler.config.plat.io`,
 * `platlet.config.plat.io`, the admission plugins' `apiserver.config.plat.io` kinds …), decoded strictly.
 */
const COMPONENT_CONFIGURATION_GROUP = /(?:^|\.)config\.plat\.io$|^apiserver\.plat\.io$|admission\.plat\.io$/;

/**
 * How a document of a plat group platlint does not check is read: a component's configuration file by its
 * component (`platform`); any other object (a CustomResourceDefinition, a webhook configuration) is sent by
 * `platctl apply`, which keeps a repeated key's last value.
 */
export function uncheckedGroupReading(group: string): KindReading {
  return COMPONENT_CONFIGURATION_GROUP.test(group) ? 'platform' : 'platctl apply';
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
/** The API-server kinds the platform registers in `apiserver.config.plat.io/v1alpha1` and `/v1beta1` (not in the spec's table). */
const APISERVER_CONFIG_BETA = ['AuthenticationConfiguration', 'AuthorizationConfiguration', 'TracingConfiguration'];

/**
 * The spec's Versioning tables (documents 1 and 3) and the platform's scheme registration: every group, version
 * and the kinds it carries. Where the two differ (checked against the register.go of each group):
 * - `apiserver.config.plat.io/v1alpha1` and `/v1beta1` carry AuthenticationConfiguration,
 *   AuthorizationConfiguration and TracingConfiguration (the platform's apiserver v1alpha1/v1beta1 register.go
 *   add them to the config group; every real file uses it). The spec's table lists them under
 *   `apiserver.plat.io` only, where the platform registers only AdmissionConfiguration and
 *   EgressSelectorConfiguration (v1alpha1) and EgressSelectorConfiguration (v1beta1): both groups are accepted,
 *   the spec's pairs with a warning (REGISTERED_AS below).
 * - `controllermanager.config.plat.io` registers LeaderMigrationConfiguration as `v1alpha1`, `v1beta1` and `v1`
 *   (v1 without `resourceLock`: its conversion always sets `leases`); the spec lists `v1alpha1` only.
 * - `apiVersion: v1` with `kind: EncryptionConfig` still decodes as an EncryptionConfiguration (LEGACY below).
 * Everything else matches the spec's table.
 */
const GROUPS: readonly GroupDef[] = [
  {
    group: 'rbac.authorization.plat.io',
    versions: { v1: ['ClusterRole', 'ClusterRoleBinding', 'ClusterRoleBindingList', 'ClusterRoleList', 'Role', 'RoleBinding', 'RoleBindingList', 'RoleList'] },
    spec: `${SPEC1}#role-based-access-objects`,
  },
  {
    group: 'authorization.plat.io',
    // v1beta1 SubjectAccessReview is not in the spec's table: a webhook authorizer with `subjectAccessReviewVersion: v1beta1` exchanges it
    versions: { v1: ['LocalSubjectAccessReview', 'SelfSubjectAccessReview', 'SelfSubjectRulesReview', 'SubjectAccessReview'], v1beta1: ['SubjectAccessReview'] },
    spec: `${SPEC1}#review-objects`,
  },
  { group: 'client.authentication.plat.io', versions: { v1: ['ExecCredential'], v1beta1: ['ExecCredential'] }, spec: `${SPEC3}#exec-plugin-credentials` },
  { group: 'eventratelimit.admission.plat.io', versions: { v1alpha1: ['Configuration'] }, spec: `${SPEC3}#event-rate-limit` },
  { group: 'imagepolicy.plat.io', versions: { v1alpha1: ['ImageReview'] }, spec: `${SPEC3}#image-review` },
  // v1beta1 is not in the spec's table; the API server still exchanges it with webhooks that ask for it
  { group: 'admission.plat.io', versions: { v1: ['AdmissionReview'], v1beta1: ['AdmissionReview'] }, spec: `${SPEC3}#admission-review` },
  { group: 'audit.plat.io', versions: { v1: ['Event', 'EventList', 'Policy', 'PolicyList'] }, spec: `${SPEC3}#audit-policy` },
  {
    group: 'apiserver.config.plat.io',
    versions: { v1: APISERVER_V1, v1alpha1: APISERVER_CONFIG_BETA, v1beta1: APISERVER_CONFIG_BETA },
    spec: `${SPEC3}#api-server-configuration-version-v1`,
  },
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
  {
    group: 'controllermanager.config.plat.io',
    versions: { v1alpha1: ['LeaderMigrationConfiguration'], v1beta1: ['LeaderMigrationConfiguration'], v1: ['LeaderMigrationConfiguration'] },
    spec: `${SPEC3}#controller-manager-configuration`,
  },
];

/**
 * Kinds the platform's admission plugins register in a group of the table, each in its plugin's own scheme:
 * the configuration files an AdmissionConfiguration names by `path` (or embeds). The platform decodes them;
 * platlint has no schema for them, so they are treated like a plat group it does not check (never an unknown
 * kind). From the register.go of the webhook admission, admission policy and resource quota plugin APIs.
 */
const PLUGIN_KINDS: Record<string, readonly string[]> = {
  'apiserver.config.plat.io/v1': ['MutatingAdmissionPolicyConfiguration', 'ResourceQuotaConfiguration', 'ValidatingAdmissionPolicyConfiguration', 'WebhookAdmissionConfiguration'],
};

/** The spec's pairs that the platform registers in another group: `apiVersion|kind` → the platform's apiVersion. */
const REGISTERED_AS: Record<string, string> = Object.fromEntries(
  ['v1alpha1', 'v1beta1'].flatMap((v) => APISERVER_CONFIG_BETA.map((k) => [`apiserver.plat.io/${v}|${k}`, `apiserver.config.plat.io/${v}`])),
);

/**
 * Objects embedded in a kind that are checked as the kind they name: an admission plugin's `configuration`
 * holding the event rate limit Configuration. Each plugin decodes its `configuration` with its own scheme (the
 * webhook plugins' `WebhookAdmissionConfiguration` of `apiserver.config.plat.io/v1`, PodSecurity's
 * configuration …), so only the groups of the kinds platlint knows as plugin configurations are checked; any
 * other embedded object is left alone.
 */
const EMBEDDED: Record<string, KindSpec['embedded']> = {
  AdmissionConfiguration: [{ path: ['plugins', '*', 'configuration'], groups: ['eventratelimit.admission.plat.io'] }],
};

/** Secret-bearing fields per kind, as path patterns. */
const SENSITIVE: Record<string, readonly (readonly string[])[]> = {
  EncryptionConfiguration: [['resources', '*', 'providers', '*', '*', 'keys', '*', 'secret']],
  ExecCredential: [['status', 'token'], ['status', 'clientKeyData']],
};

/** Kinds the platform decodes leniently (see `KindSpec.lenient`). */
const LENIENT = new Set(['Policy', 'PolicyList', 'Event', 'EventList', 'Configuration', 'ExecCredential', 'AdmissionReview', 'ImageReview']);

/**
 * Kinds of one version the platform decodes leniently (see `KindSpec.lenient`): v1beta1 SubjectAccessReviews
 * are only exchanged with webhook authorizers (the platform serves authorization v1 only), and the answers it
 * reads are decoded without strict mode.
 */
const LENIENT_VERSIONS = new Set(['authorization.plat.io/v1beta1|SubjectAccessReview']);

/** Kinds whose answers (documents holding the field) are decoded leniently (see `KindSpec.lenientWith`). */
const LENIENT_WITH: Record<string, string> = { SubjectAccessReview: 'status' };

/** Whether the platform decodes this document of the kind leniently (unknown fields dropped, not refused). */
export function isLenient(kind: Pick<KindSpec, 'lenient' | 'lenientWith'>, value: unknown): boolean {
  if (kind.lenient) return true;
  return kind.lenientWith !== undefined && value !== null && typeof value === 'object' && Object.prototype.hasOwnProperty.call(value, kind.lenientWith);
}

/**
 * The groups whose objects platctl sends through the API (see `KindSpec.read`), by the command that sends them:
 * the RBAC objects and their lists are applied; the access reviews are created (the API server answers them and
 * stores nothing). A v1beta1 SubjectAccessReview, or a v1 one with a `status`, is a webhook authorizer's answer
 * (lenient, above), which the platform reads itself.
 */
const SENT_BY: Record<string, KindReading> = { 'rbac.authorization.plat.io': 'platctl apply', 'authorization.plat.io': 'platctl create' };

/**
 * What the platform does with a key given twice in this document of the kind (`yaml/duplicate-key`): a strict
 * decoder refuses it (`refused`); a lenient decoder keeps the last value (`last`); platctl keeps the last value
 * and drops the others before it sends the object (the command).
 */
export function duplicateKeyReading(kind: Pick<KindSpec, 'read' | 'lenient' | 'lenientWith'>, value: unknown): 'refused' | 'last' | Exclude<KindReading, 'platform'> {
  if (isLenient(kind, value)) return 'last';
  return kind.read === 'platform' ? 'refused' : kind.read;
}

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
      read: SENT_BY[g.group] ?? 'platform',
      ...(LENIENT.has(kind) || LENIENT_VERSIONS.has(`${g.group}/${version}|${kind}`) ? { lenient: true as const } : {}),
      ...(LENIENT_WITH[kind] ? { lenientWith: LENIENT_WITH[kind] } : {}),
      ...(REGISTERED_AS[`${g.group}/${version}|${kind}`] ? { registeredAs: REGISTERED_AS[`${g.group}/${version}|${kind}`] } : {}),
      ...(EMBEDDED[kind] ? { embedded: EMBEDDED[kind] } : {}),
    })),
  ),
);

function kindOf(apiVersion: string, kind: string): KindSpec {
  const k = KINDS.find((x) => x.apiVersion === apiVersion && x.kind === kind);
  if (!k) throw new Error(`no kind ${apiVersion} ${kind}`);
  return k;
}

/**
 * Kinds of the core version `v1` that platlint reads, outside the Versioning tables (not offered by completion,
 * no schema export):
 * - `List`, the generic list `platctl get -o yaml` writes (and the platform's bootstrap policy test data uses):
 *   each item is checked as the kind its own apiVersion and kind name, at `items[i]`; items of groups platlint
 *   does not check are skipped silently. Its secret paths are those of every kind, below `items[*]`.
 * - `EncryptionConfig`, the legacy name the platform's apiserver v1 register.go still registers for
 *   EncryptionConfiguration in the core group `v1` (after a documentation example that used it): checked as an
 *   EncryptionConfiguration, with a `document/deprecated-kind` warning.
 */
const ENCRYPTION = kindOf('apiserver.config.plat.io/v1', 'EncryptionConfiguration');
export const CORE_KINDS: readonly KindSpec[] = [
  {
    group: '',
    version: 'v1',
    kind: 'List',
    apiVersion: 'v1',
    schema: '',
    sensitive: KINDS.flatMap((k) => k.sensitive.map((p) => ['items', '*', ...p])).filter((p, i, all) => all.findIndex((q) => q.join('/') === p.join('/')) === i),
    spec: `${SPEC1}#role-based-access-objects`,
    items: '*',
    // platctl decodes the whole List (its items too) before it sends the items one by one
    read: 'platctl apply',
  },
  { group: '', version: 'v1', kind: 'EncryptionConfig', apiVersion: 'v1', schema: '', sensitive: ENCRYPTION.sensitive, spec: ENCRYPTION.spec, legacyOf: ENCRYPTION, read: ENCRYPTION.read },
];

/**
 * Kinds that no `apiVersion` names: the inputs of platlint's own subcommands (`platlint patch --type …`,
 * `platlint flags`). A document is read as one of them only when the command says so.
 */
export const COMMAND_KINDS: readonly KindSpec[] = (
  [
    { kind: 'JSONPatch', schema: 'patch/JSONPatch', spec: `${SPEC2}#patch-command`, read: 'platctl patch' },
    { kind: 'MergePatch', schema: 'patch/MergePatch', spec: `${SPEC2}#patch-command`, read: 'platctl patch' },
    { kind: 'StrategicMergePatch', schema: 'patch/StrategicMergePatch', spec: `${SPEC2}#patch-command`, read: 'platctl patch' },
    // a command line has no JSON Schema: its flag table (src/flags) and rules check it
    { kind: 'PlatletFlags', schema: '', spec: `${SPEC2}#node-agent-invocation`, read: 'platform' },
  ] as const
).map((k) => ({ ...k, group: '', version: '', apiVersion: '', sensitive: [] }));

/** A command kind by name (`JSONPatch`), for `platlint patch` and `platlint flags`. */
export function commandKind(name: string): KindSpec {
  const k = COMMAND_KINDS.find((c) => c.kind === name);
  if (!k) throw new Error(`no command kind ${name}`);
  return k;
}

/**
 * Versions of a group of the table that the platform served or decoded once and no longer does, with the
 * release that removed them and the version to write instead: the role-based access `v1alpha1` and `v1beta1`
 * (removed in 1.22; `v1` has the same fields), the audit policy's `v1alpha1` and `v1beta1` (removed in 1.24: the
 * API server stops with "no kind \"Policy\" is registered for version \"audit.plat.io/v1beta1\""; `v1` has the
 * same fields), the exec credential's `v1alpha1` (removed in 1.24; `v1beta1` remains, `v1` is current).
 */
const REMOVED_VERSIONS: Record<string, { release: string; use: string }> = {
  'rbac.authorization.plat.io/v1alpha1': { release: '1.22', use: 'rbac.authorization.plat.io/v1' },
  'rbac.authorization.plat.io/v1beta1': { release: '1.22', use: 'rbac.authorization.plat.io/v1' },
  'audit.plat.io/v1alpha1': { release: '1.24', use: 'audit.plat.io/v1' },
  'audit.plat.io/v1beta1': { release: '1.24', use: 'audit.plat.io/v1' },
  'client.authentication.plat.io/v1alpha1': { release: '1.24', use: 'client.authentication.plat.io/v1' },
};

const BY_API_VERSION_KIND = new Map([...KINDS, ...CORE_KINDS].map((k) => [`${k.apiVersion}|${k.kind}`, k]));
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

function hasPlatItem(value: object): boolean {
  const items = (value as { items?: unknown }).items;
  return Array.isArray(items) && items.some((item) => ['kind', 'invalid'].includes(identify(item).status));
}

/** Identifies a document by its `apiVersion` and `kind`. */
export function identify(value: unknown): Identification {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { status: 'foreign' };
  const { apiVersion, kind } = value as { apiVersion?: unknown; kind?: unknown };
  if (typeof apiVersion !== 'string') return { status: 'foreign' };
  const slash = apiVersion.lastIndexOf('/');
  const group = slash === -1 ? '' : apiVersion.slice(0, slash);
  const version = apiVersion.slice(slash + 1);
  const core = group === '' && typeof kind === 'string' ? BY_API_VERSION_KIND.get(`${apiVersion}|${kind}`) : undefined;
  // a List is checked when one of its items names a group platlint checks; a List of Services and
  // ConfigMaps (or of other plat groups) is skipped as a whole
  if (core) return core.items !== '*' || hasPlatItem(value) ? { status: 'kind', kind: core } : { status: 'foreign' };
  // half of the legacy name's fix (`kind` corrected, `apiVersion: v1` kept): the platform refuses it, and a
  // skipped document would hide that
  const halfLegacy = group === '' && typeof kind === 'string' ? CORE_KINDS.find((k) => k.apiVersion === apiVersion && k.legacyOf?.kind === kind) : undefined;
  if (halfLegacy) {
    const to = halfLegacy.legacyOf!;
    return { status: 'invalid', field: 'apiVersion', message: `\`${to.kind}\` is not a kind of \`${apiVersion}\` (only its legacy name \`${halfLegacy.kind}\` is); write \`apiVersion: ${to.apiVersion}\`` };
  }
  // a configuration kind of the platform under a version without its group (`apiVersion: v1alpha1`, as early
  // designs wrote it): the platform's decoder refuses it, and a skipped document would hide that. Only names
  // ending in `Configuration` that no other API uses (not the bare `Configuration`), so other tools' files stay foreign
  const grouped = group === '' && typeof kind === 'string' && kind !== 'Configuration' && kind.endsWith('Configuration') ? KINDS.filter((k) => k.kind === kind) : [];
  if (grouped.length > 0) {
    const same = grouped.find((k) => k.apiVersion.endsWith(`/${apiVersion}`));
    const fix = same ? `write \`apiVersion: ${same.apiVersion}\`` : `its versions are ${list([...new Set(grouped.map((k) => k.apiVersion))])}`;
    return { status: 'invalid', field: 'apiVersion', message: `\`${apiVersion}\` names no group, and \`${kind}\` is a kind of the platform's configuration groups only: ${fix}` };
  }
  const def = BY_GROUP.get(group);
  if (!def) {
    return group === 'plat.io' || group.endsWith('.plat.io') ? { status: 'unchecked', group } : { status: 'foreign' };
  }
  const kinds = def.versions[version];
  if (!kinds) {
    const removed = REMOVED_VERSIONS[apiVersion];
    if (removed) return { status: 'invalid', field: 'apiVersion', message: `\`${apiVersion}\` was removed from the platform in ${removed.release}; write \`apiVersion: ${removed.use}\`` };
    const versions = Object.keys(def.versions);
    return { status: 'invalid', field: 'apiVersion', message: `unknown version \`${version}\` of group \`${group}\`; valid versions: ${list(versions)}` };
  }
  if (typeof kind !== 'string' || kind === '') {
    const what = kind === undefined || kind === null || kind === '' ? 'missing `kind`' : '`kind` must be a string';
    // a top-level key that is `kind` misspelt (`kinds`, `Kind`): the decoder matches field names exactly
    const misspelt = kind === undefined ? Object.keys(value).find((k) => k !== 'kind' && closestMatches(k, ['kind']).length > 0) : undefined;
    // a misspelt key: the did-you-mean says enough
    if (misspelt !== undefined) return { status: 'invalid', field: 'kind', message: `${what}; \`${misspelt}\` is not \`kind\` (field names are exact)` };
    return { status: 'invalid', field: 'kind', message: `${what}; \`${apiVersion}\` carries ${list(kinds)}` };
  }
  const spec = BY_API_VERSION_KIND.get(`${apiVersion}|${kind}`);
  if (spec) return { status: 'kind', kind: spec };
  if (PLUGIN_KINDS[apiVersion]?.includes(kind)) return { status: 'unchecked', group };
  const elsewhere = KINDS.filter((k) => k.kind === kind).map((k) => k.apiVersion);
  const legacy = CORE_KINDS.find((k) => k.kind === kind && k.legacyOf);
  const near = closestMatches(kind, kinds);
  // where the kind is, or a did-you-mean, says more than the list of the version's kinds
  const where =
    elsewhere.length > 0
      ? `\`${kind}\` exists only in ${list(elsewhere)}`
      : legacy
        ? `the legacy name \`${kind}\` is decoded only with \`apiVersion: ${legacy.apiVersion}\`: write \`${legacy.legacyOf!.kind}\``
        : near.length > 0
          ? `did you mean \`${near[0]}\`?`
          : `valid kinds: ${list(kinds)}`;
  return {
    status: 'invalid',
    field: 'kind',
    message: `\`${apiVersion}\` has no kind \`${kind}\`; ${where}`,
  };
}

/** Whether a path matches one of a kind's sensitive patterns. */
export function isSensitivePath(kind: Pick<KindSpec, 'sensitive'>, path: readonly (string | number)[]): boolean {
  return kind.sensitive.some((p) => p.length === path.length && p.every((seg, i) => seg === '*' || seg === String(path[i])));
}

/**
 * Whether a text names a plat apiVersion (`apiVersion: rbac.authorization.plat.io/v1`, in YAML or JSON): for
 * text that cannot be identified by its value (a document that does not parse). An image or import path that
 * merely contains `plat.io/` (`registry.plat.io/pause`) is not a plat apiVersion.
 */
export const NAMES_PLAT_API_VERSION = /["']?\bapiVersion["']?[ \t]*:[ \t]*["']?(?:[a-z0-9-]+\.)*plat\.io\//;

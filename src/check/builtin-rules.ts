import type { RuleMeta } from '../define-rule.js';

const SPEC1 = '1-authorization-and-rbac-api.md';
const SPEC3 = '3-config-and-payload-types.md';

function meta(description: string, severity: RuleMeta['severity'], rationale: string, remediation: string, spec = 'STYLE'): RuleMeta {
  return { description, severity, status: 'stable', docs: { rationale, remediation, spec } };
}

/**
 * Findings the engine itself produces (reading, parsing, identifying, schema checking, suppression).
 * They can be configured like rule modules, except that fatal ones cannot be turned off.
 */
export const BUILTIN_RULES: Readonly<Record<string, RuleMeta>> = {
  'input/binary': meta('The file is binary and cannot be linted.', 'error', 'A binary file in a configuration folder is usually a mistake; the platform cannot read it.', 'Remove the file or exclude it with an ignore pattern.'),
  'input/too-large': meta('The file is over the size limit.', 'error', 'Very large files are almost never hand-written configuration and would slow every run.', 'Exclude the file, or raise the limit with --max-file-size.'),
  'input/encoding': meta('The file is not valid UTF-8 (or UTF-16 with a byte-order mark).', 'error', 'The platform decodes configuration files as UTF-8.', 'Save the file as UTF-8.'),
  'input/unreadable': meta('The file could not be read.', 'error', 'platlint cannot check a file it cannot open.', 'Check the path and the file permissions.'),
  'internal/error': meta(
    'platlint itself failed on the file (a bug in platlint, not in the file).',
    'error',
    'A failure of platlint on one file must not take the other files\' results with it: the file gets this one finding, at 1:1, with the failure\'s first line, and every other file is still linted and reported. The finding is fatal (no configuration turns it off), since nothing is known about the file. The run exits 1 like any error when at least one file was linted; when platlint failed on every file of the run (nothing else can be reported), it exits 2, the code of internal errors.',
    'Report the failure with the file (or a copy with the secrets removed) and the version of platlint; until it is fixed, exclude the file with an ignore pattern.',
  ),
  'yaml/syntax': meta('The YAML (or JSON) is not well-formed.', 'error', 'The platform refuses a file it cannot parse, often at start-up.', 'Fix the syntax at the position shown.'),
  'yaml/warning': meta('The YAML parser warned about the text.', 'warning', 'Parser warnings (unknown tags, odd directives) usually mean the file is not read as intended.', 'Rewrite the construct the warning names.'),
  'yaml/duplicate-key': meta(
    'A mapping has the same key twice.',
    'error',
    [
      'What happens to a key given twice depends on who reads the document. A component of the platform that reads its configuration file with a strict decoder (`serializer.EnableStrict`: the YAML goes through `YAMLToJSONStrict`) refuses it: an error. A decoder without strict mode keeps the last value: a warning, "the platform keeps the last value". An API object is sent by platctl, which turns each YAML (or JSON) document into an object without strict mode before it sends it (cli-runtime `pkg/resource/visitor.go` StreamVisitor.Visit, then the mapper\'s unstructured decoding): the last value is kept, the others are dropped silently, and the server\'s strict field validation never sees them (kubernetes/kubernetes#125885, #89303, #99286). That is a warning, and an important one: a whole block (a role\'s `rules`) can vanish; the message names the line kept and the lines dropped. A patch in YAML is converted the same way (`yaml.ToJSON`); one in JSON is sent as written, and the API server, whose field validation `platctl patch` leaves at Warn, keeps the last value with a warning. A `v1` `List` is decoded as one document before platctl sends its items one by one (FlattenListVisitor), so the List decides, not the kind of the item holding the key; an event rate limit Configuration embedded in an AdmissionConfiguration is decoded with the whole file, strictly. A document that is not plat gets no finding; one of a plat group platlint does not check, or of an unknown kind, keeps the error (who reads it is not known).',
      '',
      '| Kinds | Read by | Severity | The platform\'s code |',
      '| --- | --- | --- | --- |',
      '| AdmissionConfiguration | API server, `--admission-control-config-file` | error | apiserver `pkg/admission/config.go` ReadAdmissionConfiguration |',
      '| AuthenticationConfiguration | API server, `--authentication-config` | error | kubernetes `pkg/kubeapiserver/options/authentication.go` loadAuthenticationConfigFromData |',
      '| AuthorizationConfiguration | API server, `--authorization-config` | error | kubernetes `pkg/kubeapiserver/authorizer/config.go` LoadAndValidateData, apiserver `pkg/apis/apiserver/load/load.go` LoadFromData |',
      '| EncryptionConfiguration, legacy `v1` EncryptionConfig | API server, `--encryption-provider-config` | error | apiserver `pkg/server/options/encryptionconfig/config.go` loadConfig (one strict codec for both names: `pkg/apis/apiserver/v1/register.go` addKnownTypes) |',
      '| TracingConfiguration | API server, `--tracing-config-file` | error | apiserver `pkg/server/options/tracing.go` ReadTracingConfiguration |',
      '| EgressSelectorConfiguration | API server, `--egress-selector-config-file` | error | apiserver `pkg/server/egressselector/config.go` ReadEgressSelectorConfiguration |',
      '| LeaderMigrationConfiguration | controller managers, `--leader-migration-config` | error | controller-manager `pkg/leadermigration/config/config.go` ReadLeaderMigrationConfiguration |',
      '| PlatControllerManagerConfiguration, CloudControllerManagerConfiguration | no file loader: both managers build it from flags and defaults | error | kubernetes `cmd/kube-controller-manager/app/options/options.go`, cloud-provider `options/options.go` NewDefaultComponentConfig; checked as the strict component configuration the spec describes, like its unknown fields (`schema/unknown-field`) |',
      '| audit Policy, PolicyList | API server, `--audit-policy-file` | warning (last value) | apiserver `pkg/audit/policy/reader.go` LoadPolicyFromBytes: strict, then a lenient retry with a logged warning |',
      '| event rate limit Configuration (by `path`) | its admission plugin | warning (last value) | kubernetes `plugin/pkg/admission/eventratelimit/config.go` LoadConfiguration: no strict mode |',
      '| ExecCredential, AdmissionReview, ImageReview, audit Event, EventList, a SubjectAccessReview answer (with `status`, or v1beta1) | other programs\' payloads | warning (last value) | decoded without strict mode (see `schema/unknown-field-ignored`) |',
      '| ClusterRole, ClusterRoleBinding, Role, RoleBinding and their lists; a `v1` List | `platctl apply` | warning | cli-runtime `pkg/resource/visitor.go` StreamVisitor.Visit |',
      '| LocalSubjectAccessReview, SelfSubjectAccessReview, SelfSubjectRulesReview, SubjectAccessReview (requests) | `platctl create` | warning | the same |',
      '| JSONPatch, MergePatch, StrategicMergePatch (`platlint patch`) | `platctl patch` | warning | kubectl `pkg/cmd/patch/patch.go` RunPatch (`yaml.ToJSON`); for JSON, apiserver `pkg/endpoints/handlers/patch.go` applyJSPatch and `rest.go` fieldValidation (default Warn) |',
      '| objects of plat groups platlint does not check (`apiextensions.plat.io` CustomResourceDefinitions, `admissionregistration.plat.io` webhook configurations …) | `platctl apply` | warning | the same as the RBAC kinds |',
      '| configuration files of plat groups platlint does not check (`*.config.plat.io`: the scheduler\'s, the node agent\'s, the admission plugins\' own kinds) | their component | error | their loaders\' strict codecs (as the API server\'s above) |',
      '',
      'platlint has no node agent configuration kind (it checks the node agent\'s command line only).',
    ].join('\n'),
    'Remove the key given twice, or merge its values into one.',
  ),
  'yaml/alias-limit': meta('The document expands too many aliases (a possible alias bomb).', 'error', 'An alias bomb makes a tiny file expand to gigabytes.', 'Write the content out instead of nesting aliases.'),
  'yaml/ambiguous-scalar': meta('A plain scalar is read differently by YAML 1.1 (the platform) and YAML 1.2.', 'warning', 'The platform reads YAML 1.1, where plain `on`, `yes`, `no` and `off` are booleans and `010` is octal; editors and most tools read YAML 1.2.', 'Quote the value, or write `true`/`false` or a decimal number.', `${SPEC3}`),
  'document/unknown-kind': meta('The apiVersion and kind do not name a kind of the platform.', 'error', 'The platform refuses a configuration file of a kind its group does not define.', 'Use the kind the message suggests, or one of the kinds it lists, with its apiVersion.', `${SPEC3}#versioning`),
  'document/unchecked-group': {
    ...meta(
      'The document belongs to a plat group platlint does not check.',
      'warning',
      'Repositories hold many objects of plat groups platlint has no schema for (`apps`, `networking.plat.io`, `apiextensions.plat.io` …): the platform accepts them, so by default they are only counted in the summary. Turned on, this rule names each one, which also finds a typo in a group name.',
      'Check the apiVersion; this rule is off by default (turn it on with `rules: {document/unchecked-group: warn}`).',
      `${SPEC3}#versioning`,
    ),
    defaultOff: true,
  },
  'document/deprecated-kind': meta('The document uses a legacy kind name that the platform still decodes (`apiVersion: v1`, `kind: EncryptionConfig`).', 'warning', 'The platform\'s apiserver v1 register.go still registers the EncryptionConfiguration type under the core version `v1` as `EncryptionConfig`, the name an old documentation example used, so such a file loads; platlint checks it as an EncryptionConfiguration. The name is kept only for compatibility: tools and editors that know `apiserver.config.plat.io/v1` do not recognise it.', 'Write `apiVersion: apiserver.config.plat.io/v1` and `kind: EncryptionConfiguration` (the two fixes are applied together).', `${SPEC3}#versioning`),
  'document/unregistered-version': meta('The spec\'s Versioning table lists the apiVersion for the kind, but the platform registers the kind in another group.', 'warning', 'The spec\'s table lists AuthenticationConfiguration, AuthorizationConfiguration and TracingConfiguration of v1alpha1 and v1beta1 under `apiserver.plat.io`; the platform\'s apiserver v1alpha1 and v1beta1 register.go register them in `apiserver.config.plat.io` (its `apiserver.plat.io` versions carry only AdmissionConfiguration and EgressSelectorConfiguration), which is what real files use. platlint accepts both groups and checks the document, but warns: the platform\'s API server does not decode the spec\'s group for these kinds.', 'Write the apiVersion the message names (`apiserver.config.plat.io/<version>`).', `${SPEC3}#versioning`),
  'document/unexpanded-placeholder': meta(
    'A value holds a placeholder another tool was meant to replace (`${VAR}`, `$(VAR)`, `{{name}}`, `<your-key-here>`), where the value as written is of the wrong type or format.',
    'warning',
    'The platform reads a configuration file as written: it expands no environment variable and renders no template, so `secret: ${ENCRYPTION_KEY}` is read as those 17 characters. Where the value as written fails a check of its type, format or allowed values, the file was not rendered (or a step of the install that substitutes variables did not run): this one warning names the placeholder instead of a type or format error that would hide what happened. A warning, not an error: the file is the input of a step that fills the value in, not yet what the platform is given (lint what that step writes to see what the platform would refuse). A placeholder where any string is valid gets no finding; a finding that relates the value to another (a duplicate, a mismatch) or concerns the field itself stays. At a secret field only a value that is a placeholder and nothing else is taken for one, and named: it says where the secret comes from and holds none of it (a value partly written, `abc${X}`, is not quoted). A document whose YAML structure holds template syntax (`name: {{ .Values.name }}`, a `{{- if … }}` line) is not linted at all: it is counted as an unrendered template.',
    'Lint the file the tool renders (`envsubst < encryption.yaml | platlint --stdin-filename encryption.yaml -`, `helm template`), or fill in the value.',
  ),
  'schema/required': meta('A required field is missing.', 'error', 'The platform refuses the configuration without it. A key written with no value (`resources:`) is null, which the platform\'s decoder reads as a field that is not set: the message says so.', 'Add the field, or give the key a value.', SPEC3),
  'schema/unknown-field': meta('A field is not part of the kind.', 'error', 'The platform decodes configuration files strictly: an unknown field (often a typo) is an error.', 'Remove the field or correct its name.', SPEC3),
  'schema/unknown-field-ignored': meta(
    'A field is not part of the kind, which the platform reads leniently: the field is ignored.',
    'warning',
    'The platform decodes the audit policy, the event rate limit configuration and the payloads other programs send (admission and image review answers, a webhook authorizer\'s SubjectAccessReview answer, plugin output, audit events) without strict mode (the audit policy falls back to it with a logged warning): an unknown field is dropped, so the file loads, but the setting it was meant to make (often a typo) does not exist. The did-you-mean is a suggestion (an editor\'s code action, `suggestions` in the JSON report), never applied by `--fix`: the file loads today, and the corrected field changes what the platform does. OpenShift\'s audit profiles write `resource:` for `resources:`; the rule now matches every resource of its group, and renamed it would match only the singular names listed (`machineconfig`), which name no resource, so those requests would fall to the rules below it, often a catch-all `RequestResponse` rule that logs their bodies.',
    'Remove the field, or correct its name after checking what the corrected rule or setting will do.',
    SPEC3,
  ),
  'schema/type': meta('A value has the wrong type.', 'error', 'The platform cannot decode a value of the wrong type.', 'Write a value of the type the message names.', SPEC3),
  'schema/null-item': meta(
    'A list of strings, numbers or booleans holds a null item.',
    'warning',
    'The platform\'s decoder reads a null item of such a list as the type\'s zero value (`""`, 0 or false) instead of refusing it, and its validation often accepts that (an empty API group is the core group): the file loads, but the item is rarely what was meant. A null item where the value must be one of a few (an audit stage) is still an error.',
    'Write the value, or remove the item.',
    SPEC3,
  ),
  'schema/enum': meta('A value is not one of the allowed values.', 'error', 'The platform only knows the listed values.', 'Use one of the listed values.', SPEC3),
  'schema/format': meta('A string is not in the required format (duration, base64, quantity, timestamp).', 'error', 'The platform parses these strings and refuses malformed ones.', 'Write the value in the format the message shows.', SPEC3),
  'schema/range': meta('A number is out of range.', 'error', 'Out-of-range numbers overflow or are refused.', 'Use a value inside the range.', SPEC3),
  'schema/pattern': meta('A string does not match the required pattern.', 'error', 'The platform refuses the value.', 'Correct the value.', SPEC3),
  'schema/min-length': meta('A string is too short (often empty).', 'error', 'The platform refuses the value.', 'Fill in the value.', SPEC3),
  'schema/max-length': meta('A string is too long.', 'error', 'The platform refuses the value.', 'Shorten the value.', SPEC3),
  'schema/min-items': meta('A list has too few items.', 'error', 'The platform needs at least the number of items shown.', 'Add items.', SPEC3),
  'schema/max-items': meta('A list has too many items.', 'error', 'The platform caps the list.', 'Remove items.', SPEC3),
  'schema/properties-count': meta('An object has too few or too many fields.', 'error', 'Some objects hold exactly one of their fields.', 'Keep the number of fields the message names.', SPEC3),
  'schema/dependencies': meta('A field requires another field beside it.', 'error', 'The fields only work together.', 'Add the missing field or remove the other.', SPEC3),
  'schema/any-of': meta('An object lacks every accepted combination of fields.', 'error', 'The platform needs one of the combinations listed.', 'Add the fields of one combination.', SPEC3),
  'schema/unique-items': meta('A list has duplicate items.', 'error', 'Duplicates are refused or meaningless.', 'Remove the duplicate.', SPEC3),
  'set/admin-like-role-bound-broadly': meta('A binding gives a role of the files that grants every verb on every resource to anonymous users, all authenticated users or all service accounts.', 'warning', 'A role with `*` verbs on `*` resources in `*` API groups is full control, whatever its name; bound to a group the API server assigns (`system:unauthenticated`, `system:authenticated`, `system:serviceaccounts[:<namespace>]`) or to `system:anonymous`, it gives that control to everyone who can reach the API or to every pod. The per-document rule knows the built-in admin roles by name; this check finds the others in the same file or deployment.', 'Bind the role to named users, groups or the one service account that needs it, or narrow its rules.', `${SPEC1}#role-based-access-objects`),
  'set/duplicate-object': meta('The same object (kind, namespace and name) is defined twice in one file, or in two files of one deployment.', 'warning', 'The platform never refuses an object applied twice: the second apply updates the object, so one of the two definitions is silently lost and which one depends on the order of application. Repositories keep alternative variants of one install (per cloud, namespaced or cluster-wide, kustomize bases beside rendered bundles), so files are compared only when the configuration declares them one deployment (`deployments`); a file is always compared with itself, as it is applied as a whole. A warning, not an error: the platform accepts both objects.', 'Keep one definition; rename or delete the other, or declare the files as separate deployments.', `${SPEC1}#role-based-access-objects`),
  'set/role-ref-mismatch': meta('A binding\'s roleRef names a role that the same file or deployment defines as the other kind or in another namespace.', 'warning', 'The authorizer resolves a roleRef by kind, namespace and name; a RoleBinding that names a ClusterRole as a Role (or a Role of another namespace) grants nothing, and the authorizer reports an error for it. A warning, not an error: the API server stores the binding (its validation checks only that `roleRef.kind` is Role or ClusterRole and that the name is a valid path segment; the binding storage checks that a creator without the `bind` or `escalate` permission holds the role\'s rules, which the administrators who apply manifests do), and the role may be created later. The platform\'s bootstrap roles and the configuration\'s `externalRoles` resolve a roleRef whatever the files define.', 'Set `roleRef.kind` to the kind of the role the files define, or bind the Role of the binding\'s own namespace.', `${SPEC1}#role-based-access-objects`),
  'set/non-resource-urls-ignored': meta('A RoleBinding binds a ClusterRole whose rules grant non-resource URLs, which a RoleBinding ignores.', 'warning', 'Non-resource URLs (`/metrics`, `/healthz`) are not namespaced: only a ClusterRoleBinding grants them. Bound by a RoleBinding, the ClusterRole grants its namespaced permissions and silently not the URLs, so the subject gets less than the role seems to say. The role is looked for in the same file or deployment; the platform\'s own ClusterRoles that grant only non-resource URLs (`system:discovery`, `system:monitoring`, `system:public-info-viewer`, `system:service-account-issuer-discovery`) are known without a file, and bound by a RoleBinding they grant nothing.', 'Bind the ClusterRole with a ClusterRoleBinding when the subjects need the URLs; otherwise move the non-resource rules to a role of their own.', `${SPEC1}#role-based-access-objects`),
  'set/role-ref-unresolved': {
    ...meta(
      'A binding\'s roleRef names a role that no file of its deployment defines and the platform does not create.',
      'warning',
      'An unresolvable roleRef grants nothing and makes the authorizer report an error. A warning, not an error: the API server stores a binding to a role that does not exist yet (for a creator allowed to `bind` or `escalate`, as administrators are). The platform\'s bootstrap roles (`cluster-admin`, `admin`, `edit`, `view`, the `system:` roles, the Roles of `plat-system` and `plat-public`) and the configuration\'s `externalRoles` always resolve; a file of no declared deployment may find its role in any file of the run, while a file of a deployment finds it only in its deployment (a pre-commit run reads the rest of the deployment, so it gives the same finding). When the run defines a role of that name that does not count (in another deployment or a file of none, of the other kind, in another namespace), the message names it. A pre-commit run sees only the files it is given (and the rest of their deployments), so the check is off unless asked for: `--resolve-refs` turns it on for one run, and naming the rule in the configuration (`rules`, an override, `--rule`) turns it on wherever that setting applies, pre-commit runs included (declare the deployments, so that a changed file is checked against the rest of its deployment). The language server, which sees one file alone, does not run it.',
      'Add the role, fix the name in `roleRef`, or name the role in the configuration\'s `externalRoles`; run the check on whole-repository runs only (`--resolve-refs`) when roles live in files a run does not see.',
      `${SPEC1}#role-based-access-objects`,
    ),
    defaultOff: true,
  },
  'policy/evaluation-error': meta(
    'An expression of a policy of the configuration could not be evaluated on a document.',
    'warning',
    'A policy (`policies:` in platlint.config.yaml) is checked when the configuration is loaded: its expressions are typed by the schemas of its kinds. What only a document shows is reported here, on the document, naming the policy and the part of its expression: a field that is not set read without `has()` or `.?`, an index out of range, a division by zero, a value of the wrong type in a field the schema leaves open, or an expression that used the evaluation budget of the policy on the document (1,000,000 units: the size of every list or map a comprehension ranges over, one per call, and the size of every operand). The validation is then neither passed nor failed: the finding says that it could not be decided.',
    'Guard the expression (`has(self.webhook) && …`, `self.?webhook.timeout.orValue(\'\')`), narrow the policy with matchConditions, or turn this rule off for the documents it cannot check.',
  ),
  'suppression/unused': meta('A platlint-disable comment suppresses nothing.', 'warning', 'Stale suppressions hide future problems.', 'Remove the comment.'),
  'suppression/invalid': meta('A platlint-disable comment is malformed (no rule, unknown rule or no reason).', 'error', 'A suppression must say what it suppresses and why.', 'Write `# platlint-disable-next-line <rule> -- <reason>`.'),
};

/** What one code of a problem of platlint's own files says (see `OWN_FILE_CODES`). */
export interface OwnFileCode {
  description: string;
  /** Where it is shown, and what the command line does instead. */
  where: string;
  remediation: string;
}

const CONFIG_WHERE =
  'The language server shows it in an open `platlint.config.yaml`, at the problem; the command line stops with exit 2 and the same message, since no file can be linted under a configuration it cannot read.';
const BASELINE_WHERE =
  'The language server shows it in an open `platlint-suppressions.json`, at the problem; the command line stops with exit 2 and the same message.';

/**
 * The codes of problems with platlint's own files (the configuration, the suppressions file), which the
 * language server shows as diagnostics. They are not rules: no file being linted has them, and no configuration
 * turns them off or changes their severity (a configuration that cannot be read cannot say so). `platlint
 * explain` documents them beside the rules.
 */
export const OWN_FILE_CODES: Readonly<Record<string, OwnFileCode>> = {
  'config/syntax': { description: 'The configuration file is not well-formed YAML.', where: CONFIG_WHERE, remediation: 'Fix the syntax at the position shown.' },
  'config/schema': {
    description: 'A key or value of the configuration file is not one it allows (an unknown key, a value of the wrong type or not one of the allowed values).',
    where: CONFIG_WHERE,
    remediation: 'Correct the key or value the message names; docs/configuration.md lists every key.',
  },
  'config/unknown-rule': {
    description: "The configuration names a rule id that platlint does not have (in `rules:` or an override's `rules:`).",
    where: CONFIG_WHERE,
    remediation: 'Use an id that `platlint rules` lists (the message suggests the nearest one), or an area wildcard such as `security/*`.',
  },
  'config/policy': {
    description:
      "A policy of the configuration cannot be used: an expression or field path that does not compile against its kinds (shown at the character), a kind platlint does not check, an id or name given twice, or an id in an area of platlint's own rules.",
    where: CONFIG_WHERE,
    remediation: 'Correct the expression at the character shown; docs/policies.md describes what a policy may use.',
  },
  'config/invalid': {
    description: 'The document is linted with the default configuration, because its configuration file cannot be used.',
    where:
      'The language server shows it at 1:1 of each document linted while the configuration file is invalid, naming the file and the first problem\'s position (related information points there); the command line stops with exit 2 instead.',
    remediation: 'Fix the configuration file; the document is linted again under it when it is saved.',
  },
  'baseline/syntax': { description: 'The suppressions file is not JSON.', where: BASELINE_WHERE, remediation: 'Fix the JSON at the position shown, or record the suppressions again with `platlint --suppress-all`.' },
  'baseline/shape': {
    description: 'The suppressions file is JSON, but not of the shape platlint writes (a key given twice, an entry without a whole-number `count`, an empty path).',
    where: BASELINE_WHERE,
    remediation: 'Correct the entry the message names, or record the suppressions again with `platlint --suppress-all`.',
  },
  'baseline/invalid': {
    description: 'No finding of the document is suppressed, because the suppressions file cannot be applied.',
    where:
      'The language server shows it at 1:1 of each document linted while the suppressions file is unusable, naming its problem and position; every finding of the document is shown. The command line stops with exit 2 instead.',
    remediation: 'Fix the suppressions file (its own diagnostics show where), or record the suppressions again with `platlint --suppress-all`.',
  },
};

/** Rules over the whole set of files of a run: their findings are made after every file is linted. */
export const SET_RULE = (ruleId: string): boolean => ruleId.startsWith('set/');

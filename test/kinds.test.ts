// Identification by apiVersion and kind, the spec's Versioning table, path notation and suggestions.
import { describe, expect, it } from 'vitest';
import { COMMAND_KINDS, CORE_KINDS, KINDS, commandKind, duplicateKeyReading, identify } from '../src/kinds/kinds.js';
import { formatPath, fromPointer } from '../src/path.js';
import { closestMatches } from '../src/services/suggest.js';

describe('the Versioning tables of specs 1 and 3, and the platform\'s scheme registration', () => {
  it('lists exactly the spec pairs and the pairs the platform registers besides', () => {
    const table: Record<string, string[]> = {
      'rbac.authorization.plat.io/v1': ['ClusterRole', 'ClusterRoleBinding', 'ClusterRoleBindingList', 'ClusterRoleList', 'Role', 'RoleBinding', 'RoleBindingList', 'RoleList'],
      'authorization.plat.io/v1': ['LocalSubjectAccessReview', 'SelfSubjectAccessReview', 'SelfSubjectRulesReview', 'SubjectAccessReview'],
      // registered by the platform (a webhook authorizer's v1beta1 reviews), not in the spec's table
      'authorization.plat.io/v1beta1': ['SubjectAccessReview'],
      'client.authentication.plat.io/v1': ['ExecCredential'],
      'client.authentication.plat.io/v1beta1': ['ExecCredential'],
      'eventratelimit.admission.plat.io/v1alpha1': ['Configuration'],
      'imagepolicy.plat.io/v1alpha1': ['ImageReview'],
      'admission.plat.io/v1': ['AdmissionReview'],
      // registered by the platform (admission v1beta1, still exchanged with webhooks that ask for it), not in the spec's table
      'admission.plat.io/v1beta1': ['AdmissionReview'],
      'audit.plat.io/v1': ['Event', 'EventList', 'Policy', 'PolicyList'],
      'apiserver.config.plat.io/v1': ['AdmissionConfiguration', 'AuthenticationConfiguration', 'AuthorizationConfiguration', 'EncryptionConfiguration', 'TracingConfiguration'],
      // registered by the platform (apiserver v1alpha1/v1beta1 register.go), not in the spec's table
      'apiserver.config.plat.io/v1alpha1': ['AuthenticationConfiguration', 'AuthorizationConfiguration', 'TracingConfiguration'],
      'apiserver.config.plat.io/v1beta1': ['AuthenticationConfiguration', 'AuthorizationConfiguration', 'TracingConfiguration'],
      'apiserver.plat.io/v1alpha1': ['AdmissionConfiguration', 'AuthenticationConfiguration', 'AuthorizationConfiguration', 'EgressSelectorConfiguration', 'TracingConfiguration'],
      'apiserver.plat.io/v1beta1': ['AuthenticationConfiguration', 'AuthorizationConfiguration', 'EgressSelectorConfiguration', 'TracingConfiguration'],
      'cloudcontrollermanager.config.plat.io/v1alpha1': ['CloudControllerManagerConfiguration'],
      'platcontrollermanager.config.plat.io/v1alpha1': ['PlatControllerManagerConfiguration'],
      'controllermanager.config.plat.io/v1alpha1': ['LeaderMigrationConfiguration'],
      // registered by the platform (controller-manager config v1beta1 and v1 register.go), not in the spec's table
      'controllermanager.config.plat.io/v1beta1': ['LeaderMigrationConfiguration'],
      'controllermanager.config.plat.io/v1': ['LeaderMigrationConfiguration'],
    };
    const pairs = Object.entries(table).flatMap(([v, ks]) => ks.map((k) => `${v} ${k}`)).sort();
    expect(KINDS.map((k) => `${k.apiVersion} ${k.kind}`).sort()).toEqual(pairs);
    for (const p of pairs) {
      const [apiVersion, kind] = p.split(' ');
      expect(identify({ apiVersion, kind })).toMatchObject({ status: 'kind', kind: { apiVersion, kind } });
    }
  });
  it('marks the spec\'s pairs that the platform registers in apiserver.config.plat.io', () => {
    expect(KINDS.filter((k) => k.registeredAs).map((k) => `${k.apiVersion} ${k.kind} -> ${k.registeredAs}`)).toEqual([
      'apiserver.plat.io/v1alpha1 AuthenticationConfiguration -> apiserver.config.plat.io/v1alpha1',
      'apiserver.plat.io/v1alpha1 AuthorizationConfiguration -> apiserver.config.plat.io/v1alpha1',
      'apiserver.plat.io/v1alpha1 TracingConfiguration -> apiserver.config.plat.io/v1alpha1',
      'apiserver.plat.io/v1beta1 AuthenticationConfiguration -> apiserver.config.plat.io/v1beta1',
      'apiserver.plat.io/v1beta1 AuthorizationConfiguration -> apiserver.config.plat.io/v1beta1',
      'apiserver.plat.io/v1beta1 TracingConfiguration -> apiserver.config.plat.io/v1beta1',
    ]);
    // what the platform registers in apiserver.plat.io is not marked
    const egress = identify({ apiVersion: 'apiserver.plat.io/v1beta1', kind: 'EgressSelectorConfiguration' });
    expect(egress.status === 'kind' && 'registeredAs' in egress.kind).toBe(false);
  });
  it('reads the core List and the legacy EncryptionConfig, and nothing else of `v1`', () => {
    expect(CORE_KINDS.map((k) => `${k.apiVersion} ${k.kind}`)).toEqual(['v1 List', 'v1 EncryptionConfig']);
    const role = { apiVersion: 'rbac.authorization.plat.io/v1', kind: 'Role' };
    expect(identify({ apiVersion: 'v1', kind: 'List', items: [{ apiVersion: 'v1', kind: 'Service' }, role] })).toMatchObject({ status: 'kind', kind: { kind: 'List', items: '*', schema: '' } });
    // a List with no plat item is not plat
    expect(identify({ apiVersion: 'v1', kind: 'List', items: [{ apiVersion: 'v1', kind: 'Service' }] })).toEqual({ status: 'foreign' });
    expect(identify({ apiVersion: 'v1', kind: 'List', items: [] })).toEqual({ status: 'foreign' });
    expect(identify({ apiVersion: 'v1', kind: 'EncryptionConfig' })).toMatchObject({
      status: 'kind',
      kind: { kind: 'EncryptionConfig', legacyOf: { apiVersion: 'apiserver.config.plat.io/v1', kind: 'EncryptionConfiguration' } },
    });
    // the legacy name goes with `v1` only (the platform registers it in the core group), as the message says
    expect(identify({ apiVersion: 'apiserver.config.plat.io/v1', kind: 'EncryptionConfig' })).toMatchObject({
      status: 'invalid',
      field: 'kind',
      message: expect.stringMatching(/; the legacy name `EncryptionConfig` is decoded only with `apiVersion: v1`: write `EncryptionConfiguration`$/),
    });
    // the new name with the legacy apiVersion (half of the fix) is refused by the platform, and said so
    expect(identify({ apiVersion: 'v1', kind: 'EncryptionConfiguration' })).toEqual({
      status: 'invalid',
      field: 'apiVersion',
      message: '`EncryptionConfiguration` is not a kind of `v1` (only its legacy name `EncryptionConfig` is); write `apiVersion: apiserver.config.plat.io/v1`',
    });
    expect(identify({ apiVersion: 'v1', kind: 'ConfigMap' })).toEqual({ status: 'foreign' });
    expect(identify({ apiVersion: 'v1' })).toEqual({ status: 'foreign' });
    // a configuration kind under a version without its group (an early design's `apiVersion: v1alpha1`): refused
    expect(identify({ apiVersion: 'v1alpha1', kind: 'LeaderMigrationConfiguration' })).toEqual({
      status: 'invalid',
      field: 'apiVersion',
      message: "`v1alpha1` names no group, and `LeaderMigrationConfiguration` is a kind of the platform's configuration groups only: write `apiVersion: controllermanager.config.plat.io/v1alpha1`",
    });
    expect(identify({ apiVersion: 'v2', kind: 'EncryptionConfiguration' })).toMatchObject({ status: 'invalid', field: 'apiVersion', message: expect.stringMatching(/its versions are `apiserver\.config\.plat\.io\/v1`$/) });
    // other tools' kinds, and the bare `Configuration` (a name many APIs use), stay foreign
    expect(identify({ apiVersion: 'v1beta1', kind: 'Configuration' })).toEqual({ status: 'foreign' });
    expect(identify({ apiVersion: 'v1beta3', kind: 'ClusterConfiguration' })).toEqual({ status: 'foreign' });
    // a List's secrets are those of every kind, below items[*]
    expect(CORE_KINDS[0]!.sensitive).toContainEqual(['items', '*', 'status', 'token']);
  });
  it('checks an admission plugin\'s embedded configuration of the event rate limit group only', () => {
    expect(KINDS.filter((k) => k.embedded).map((k) => `${k.apiVersion} ${k.kind} ${JSON.stringify(k.embedded)}`)).toEqual([
      'apiserver.config.plat.io/v1 AdmissionConfiguration [{"path":["plugins","*","configuration"],"groups":["eventratelimit.admission.plat.io"]}]',
      'apiserver.plat.io/v1alpha1 AdmissionConfiguration [{"path":["plugins","*","configuration"],"groups":["eventratelimit.admission.plat.io"]}]',
    ]);
  });
  it('does not check, and does not refuse, the configuration kinds of the admission plugins', () => {
    for (const kind of ['WebhookAdmissionConfiguration', 'ValidatingAdmissionPolicyConfiguration', 'MutatingAdmissionPolicyConfiguration', 'ResourceQuotaConfiguration']) {
      expect(identify({ apiVersion: 'apiserver.config.plat.io/v1', kind })).toEqual({ status: 'unchecked', group: 'apiserver.config.plat.io' });
    }
    // the plugins register them in v1 only
    expect(identify({ apiVersion: 'apiserver.config.plat.io/v1beta1', kind: 'WebhookAdmissionConfiguration' })).toMatchObject({ status: 'invalid', field: 'kind' });
  });
  it('gives each list kind of spec 1 the kind of its items', () => {
    expect([...KINDS, ...CORE_KINDS].filter((k) => k.items).map((k) => `${k.kind} ${k.items}`)).toEqual([
      'ClusterRoleBindingList ClusterRoleBinding',
      'ClusterRoleList ClusterRole',
      'RoleBindingList RoleBinding',
      'RoleList Role',
      'List *',
    ]);
  });
  it('keeps the command kinds out of identification', () => {
    expect(COMMAND_KINDS.map((k) => k.kind)).toEqual(['JSONPatch', 'MergePatch', 'StrategicMergePatch', 'PlatletFlags']);
    expect(identify({ apiVersion: '', kind: 'JSONPatch' })).toEqual({ status: 'foreign' });
    expect(commandKind('JSONPatch').schema).toBe('patch/JSONPatch');
    expect(() => commandKind('Nope')).toThrow('no command kind Nope');
  });
  it('skips documents of no plat group, warns on other plat groups', () => {
    expect(identify({ apiVersion: 'v1', kind: 'ConfigMap' })).toEqual({ status: 'foreign' });
    expect(identify({ apiVersion: 'apps.example.com/v1', kind: 'Thing' })).toEqual({ status: 'foreign' });
    expect(identify({ name: 'ci', on: { push: {} } })).toEqual({ status: 'foreign' });
    expect(identify(['a'])).toEqual({ status: 'foreign' });
    expect(identify({ apiVersion: 'storage.plat.io/v1', kind: 'StorageClass' })).toEqual({ status: 'unchecked', group: 'storage.plat.io' });
  });
  it('names the valid choices for a wrong version or kind', () => {
    expect(identify({ apiVersion: 'audit.plat.io/v2', kind: 'Policy' })).toEqual({
      status: 'invalid',
      field: 'apiVersion',
      message: 'unknown version `v2` of group `audit.plat.io`; valid versions: `v1`',
    });
    // a version the platform removed: when, and the version to write
    expect(identify({ apiVersion: 'audit.plat.io/v1beta1', kind: 'Policy' })).toEqual({
      status: 'invalid',
      field: 'apiVersion',
      message: '`audit.plat.io/v1beta1` was removed from the platform in 1.24; write `apiVersion: audit.plat.io/v1`',
    });
    expect(identify({ apiVersion: 'rbac.authorization.plat.io/v1beta1', kind: 'ClusterRole' })).toMatchObject({
      message: '`rbac.authorization.plat.io/v1beta1` was removed from the platform in 1.22; write `apiVersion: rbac.authorization.plat.io/v1`',
    });
    expect(identify({ apiVersion: 'apiserver.plat.io/v1beta1', kind: 'AdmissionConfiguration' })).toMatchObject({
      message:
        '`apiserver.plat.io/v1beta1` has no kind `AdmissionConfiguration`; `AdmissionConfiguration` exists only in `apiserver.config.plat.io/v1`, `apiserver.plat.io/v1alpha1`',
    });
    expect(identify({ apiVersion: 'audit.plat.io/v1', kind: 'Polcy' })).toMatchObject({ message: expect.stringMatching(/did you mean `Policy`\?$/) });
    expect(identify({ apiVersion: 'audit.plat.io/v1' })).toMatchObject({ field: 'kind', message: 'missing `kind`; `audit.plat.io/v1` carries `Event`, `EventList`, `Policy`, `PolicyList`' });
    // `kind` misspelt: named
    expect(identify({ apiVersion: 'audit.plat.io/v1', kinds: 'Policy' })).toMatchObject({
      field: 'kind',
      message: 'missing `kind`; `kinds` is not `kind` (field names are exact)',
    });
    expect(identify({ apiVersion: 'audit.plat.io/v1', Kind: 'Policy' })).toMatchObject({ message: expect.stringContaining('; `Kind` is not `kind`') });
    expect(identify({ apiVersion: 'audit.plat.io/v1', rules: [] })).toMatchObject({ message: expect.not.stringContaining('is not `kind`') });
  });
});

describe('who reads each kind, which decides what a key given twice does (yaml/duplicate-key)', () => {
  it('refused where a component decodes the file strictly, the last value kept where it is lenient or platctl sends it', () => {
    const by = new Map<string, Set<string>>();
    for (const k of [...KINDS, ...CORE_KINDS, ...COMMAND_KINDS]) {
      const reading = duplicateKeyReading(k, {});
      by.set(reading, (by.get(reading) ?? new Set()).add(k.kind));
    }
    const sorted = Object.fromEntries([...by].map(([r, ks]) => [r, [...ks].sort()]).sort(([a], [b]) => String(a).localeCompare(String(b))));
    expect(sorted).toEqual({
      last: ['AdmissionReview', 'Configuration', 'Event', 'EventList', 'ExecCredential', 'ImageReview', 'Policy', 'PolicyList', 'SubjectAccessReview'],
      'platctl apply': ['ClusterRole', 'ClusterRoleBinding', 'ClusterRoleBindingList', 'ClusterRoleList', 'List', 'Role', 'RoleBinding', 'RoleBindingList', 'RoleList'],
      'platctl create': ['LocalSubjectAccessReview', 'SelfSubjectAccessReview', 'SelfSubjectRulesReview', 'SubjectAccessReview'],
      'platctl patch': ['JSONPatch', 'MergePatch', 'StrategicMergePatch'],
      refused: [
        'AdmissionConfiguration',
        'AuthenticationConfiguration',
        'AuthorizationConfiguration',
        'CloudControllerManagerConfiguration',
        'EgressSelectorConfiguration',
        'EncryptionConfig',
        'EncryptionConfiguration',
        'LeaderMigrationConfiguration',
        'PlatControllerManagerConfiguration',
        'PlatletFlags',
        'TracingConfiguration',
      ],
    });
    // a v1 SubjectAccessReview is a request platctl creates; with a `status` it is a webhook authorizer's answer
    const review = KINDS.find((k) => k.apiVersion === 'authorization.plat.io/v1' && k.kind === 'SubjectAccessReview')!;
    expect([duplicateKeyReading(review, { spec: {} }), duplicateKeyReading(review, { status: {} })]).toEqual(['platctl create', 'last']);
  });
});

describe('paths', () => {
  it('render in the platform notation', () => {
    expect(formatPath(['jwt', 0, 'issuer', 'url'])).toBe('jwt[0].issuer.url');
    expect(formatPath(['jwt', 0, 'claimMappings', 'extra', 'example.com/team'])).toBe('jwt[0].claimMappings.extra[example.com/team]');
    expect(formatPath(['status', 'tls-server-name'])).toBe('status.tls-server-name');
    expect(formatPath([])).toBe('');
  });
  it('decode Ajv pointers, with escapes, numbers as indexes only inside lists', () => {
    const data = { annotations: { 'a/b~c': 'x', '0': 'y' }, items: [{ name: 'n' }] };
    expect(fromPointer('/annotations/a~1b~0c', data)).toEqual(['annotations', 'a/b~c']);
    expect(fromPointer('/annotations/0', data)).toEqual(['annotations', '0']);
    expect(fromPointer('/items/0/name', data)).toEqual(['items', 0, 'name']);
  });
});

describe('suggestions', () => {
  it('offer the closest names only when they are close', () => {
    expect(closestMatches('authorizer', ['authorizers', 'kind'])).toEqual(['authorizers']);
    expect(closestMatches('componnet', ['component', 'name'])).toEqual(['component']);
    expect(closestMatches('kubeConfigFile', ['platConfigFile', 'type'])).toEqual(['platConfigFile']);
    expect(closestMatches('endpoint', ['apiVersion', 'kind'])).toEqual([]);
    expect(closestMatches('LEVEL', ['level'])).toEqual(['level']);
  });
});

describe('edit distance', () => {
  it('counts insertions, deletions, substitutions and adjacent swaps, ignoring case', async () => {
    const { editDistance } = await import('../src/services/suggest.js');
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('componnet', 'component')).toBe(1);
    expect(editDistance('Level', 'level')).toBe(0);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('abc', 'abc')).toBe(0);
    expect(editDistance('ca', 'abc')).toBe(3);
  });
});

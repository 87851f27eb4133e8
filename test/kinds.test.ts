// Identification by apiVersion and kind, the spec's Versioning table, path notation and suggestions.
import { describe, expect, it } from 'vitest';
import { COMMAND_KINDS, KINDS, commandKind, identify } from '../src/kinds.js';
import { formatPath, fromPointer } from '../src/path.js';
import { closestMatches } from '../src/services/suggest.js';

describe('the Versioning tables of specs 1 and 3', () => {
  it('lists exactly the spec pairs', () => {
    const table: Record<string, string[]> = {
      'rbac.authorization.plat.io/v1': ['ClusterRole', 'ClusterRoleBinding', 'ClusterRoleBindingList', 'ClusterRoleList', 'Role', 'RoleBinding', 'RoleBindingList', 'RoleList'],
      'authorization.plat.io/v1': ['LocalSubjectAccessReview', 'SelfSubjectAccessReview', 'SelfSubjectRulesReview', 'SubjectAccessReview'],
      'client.authentication.plat.io/v1': ['ExecCredential'],
      'client.authentication.plat.io/v1beta1': ['ExecCredential'],
      'eventratelimit.admission.plat.io/v1alpha1': ['Configuration'],
      'imagepolicy.plat.io/v1alpha1': ['ImageReview'],
      'admission.plat.io/v1': ['AdmissionReview'],
      'audit.plat.io/v1': ['Event', 'EventList', 'Policy', 'PolicyList'],
      'apiserver.config.plat.io/v1': ['AdmissionConfiguration', 'AuthenticationConfiguration', 'AuthorizationConfiguration', 'EncryptionConfiguration', 'TracingConfiguration'],
      'apiserver.plat.io/v1alpha1': ['AdmissionConfiguration', 'AuthenticationConfiguration', 'AuthorizationConfiguration', 'EgressSelectorConfiguration', 'TracingConfiguration'],
      'apiserver.plat.io/v1beta1': ['AuthenticationConfiguration', 'AuthorizationConfiguration', 'EgressSelectorConfiguration', 'TracingConfiguration'],
      'cloudcontrollermanager.config.plat.io/v1alpha1': ['CloudControllerManagerConfiguration'],
      'platcontrollermanager.config.plat.io/v1alpha1': ['PlatControllerManagerConfiguration'],
      'controllermanager.config.plat.io/v1alpha1': ['LeaderMigrationConfiguration'],
    };
    const pairs = Object.entries(table).flatMap(([v, ks]) => ks.map((k) => `${v} ${k}`)).sort();
    expect(KINDS.map((k) => `${k.apiVersion} ${k.kind}`).sort()).toEqual(pairs);
    for (const p of pairs) {
      const [apiVersion, kind] = p.split(' ');
      expect(identify({ apiVersion, kind })).toMatchObject({ status: 'kind', kind: { apiVersion, kind } });
    }
  });
  it('gives each list kind of spec 1 the kind of its items', () => {
    expect(KINDS.filter((k) => k.items).map((k) => `${k.kind} ${k.items}`)).toEqual([
      'ClusterRoleBindingList ClusterRoleBinding',
      'ClusterRoleList ClusterRole',
      'RoleBindingList RoleBinding',
      'RoleList Role',
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
    expect(identify({ apiVersion: 'audit.plat.io/v1beta1', kind: 'Policy' })).toEqual({
      status: 'invalid',
      field: 'apiVersion',
      message: 'unknown version `v1beta1` of group `audit.plat.io`; valid versions: `v1`',
    });
    expect(identify({ apiVersion: 'apiserver.plat.io/v1beta1', kind: 'AdmissionConfiguration' })).toMatchObject({
      message:
        '`apiserver.plat.io/v1beta1` has no kind `AdmissionConfiguration`; valid kinds: `AuthenticationConfiguration`, `AuthorizationConfiguration`, `EgressSelectorConfiguration`, `TracingConfiguration`; `AdmissionConfiguration` exists only in `apiserver.config.plat.io/v1`, `apiserver.plat.io/v1alpha1`',
    });
    expect(identify({ apiVersion: 'audit.plat.io/v1', kind: 'Polcy' })).toMatchObject({ message: expect.stringMatching(/did you mean `Policy`\?$/) });
    expect(identify({ apiVersion: 'audit.plat.io/v1' })).toMatchObject({ field: 'kind', message: 'missing `kind`; `audit.plat.io/v1` carries `Event`, `EventList`, `Policy`, `PolicyList`' });
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

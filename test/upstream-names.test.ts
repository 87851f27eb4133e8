// Names of the upstream project the platform was renamed from (`kube` -> `plat`): the did-you-mean of unknown
// fields and values (src/check/schema.ts) and of unknown node agent flags (rules/flags/unknown.ts, tested in
// test/flags.test.ts) offers the platform's name first (src/services/suggest.ts).
import { describe, expect, it } from 'vitest';
import { lintText } from '../src/lint/lint.js';
import { platSpelling, suggestNames, upstreamNote } from '../src/services/suggest.js';

describe('the platform\'s spelling of an upstream name', () => {
  it('turns kube into plat in the same case, and k8s.io into plat.io', () => {
    expect(['--kubeconfig', '--kubelet-cgroups', 'kubeAPIQPS', 'KubeConfigFile', 'KUBELET_EXTRA_ARGS', 'rbac.authorization.k8s.io', 'max-pods'].map(platSpelling)).toEqual([
      '--platconfig',
      '--platlet-cgroups',
      'platAPIQPS',
      'PlatConfigFile',
      'PLATLET_EXTRA_ARGS',
      'rbac.authorization.plat.io',
      'max-pods',
    ]);
  });
  it('suggests the platform\'s name alone, before nearer-looking names', () => {
    expect(suggestNames('--kubeconfig', ['--config', '--platconfig', '--config-dir'])).toEqual(['--platconfig']);
    // a misspelt upstream name: the nearest name as the platform spells it
    expect(suggestNames('--kubeconfg', ['--config', '--platconfig'])).toEqual(['--platconfig']);
    expect(suggestNames('--max-pod', ['--max-pods', '--platconfig'])).toEqual(['--max-pods']);
    expect(upstreamNote('kubeconfig', 'platconfig', 'field')).toBe(" (the platform's name for the upstream field)");
    expect(upstreamNote('platconfg', 'platconfig', 'field')).toBe('');
  });
});

describe('unknown fields and values of upstream names', () => {
  const found = (text: string) => lintText(text, { filePath: 'x.yaml' }).diagnostics.map((d) => `${d.ruleId} ${d.line}:${d.column} ${d.message}${d.fix ? ' [fix]' : ''}`);

  it('a client connection\'s kubeconfig is platconfig', () => {
    const text = [
      'apiVersion: platcontrollermanager.config.plat.io/v1alpha1',
      'kind: PlatControllerManagerConfiguration',
      'Generic:',
      '  ClientConnection:',
      '    kubeconfig: /etc/plat/controller-manager.conf',
      '',
    ].join('\n');
    // before, no suggestion: `platconfig` is 4 edits from `kubeconfig`, more than a third of its length
    expect(found(text)).toEqual(["schema/unknown-field 5:5 unknown field `kubeconfig` in `Generic.ClientConnection`; did you mean `platconfig`? (the platform's name for the upstream field) [fix]"]);
  });

  it('a webhook authorizer\'s KubeConfigFile and kubeConfigFile are PlatConfigFile and platConfigFile', () => {
    const text = [
      'apiVersion: apiserver.config.plat.io/v1',
      'kind: AuthorizationConfiguration',
      'authorizers:',
      '  - type: Webhook',
      '    name: tenant-policy',
      '    webhook:',
      '      timeout: 3s',
      '      authorizedTTL: 5m',
      '      unauthorizedTTL: 30s',
      '      subjectAccessReviewVersion: v1',
      '      matchConditionSubjectAccessReviewVersion: v1',
      '      failurePolicy: Deny',
      '      connectionInfo:',
      '        type: KubeConfigFile',
      '        kubeConfigFile: /etc/plat/authz/tenant-policy.platconfig',
      '      matchConditions: []',
      '',
    ].join('\n');
    expect(found(text)).toEqual([
      "schema/enum 14:15 `type` must be one of `PlatConfigFile`, `InClusterConfig`, got `KubeConfigFile`; did you mean `PlatConfigFile`? (the platform's name for the upstream value) [fix]",
      "schema/unknown-field 15:9 unknown field `kubeConfigFile` in `authorizers[0].webhook.connectionInfo`; did you mean `platConfigFile`? (the platform's name for the upstream field) [fix]",
    ]);
  });
});

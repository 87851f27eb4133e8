import { defineRule } from '../../src/define-rule.js';
import { obj, objItems, str } from '../../src/services/values.js';
import { closestMatches } from '../../src/services/suggest.js';

/** The admission plugins the platform's API server registers (upstream's ordered plugin list). */
const PLUGINS: readonly string[] = [
  'AlwaysAdmit',
  'AlwaysDeny',
  'AlwaysPullImages',
  'CertificateApproval',
  'CertificateSigning',
  'CertificateSubjectRestriction',
  'ClusterTrustBundleAttest',
  'DefaultIngressClass',
  'DefaultStorageClass',
  'DefaultTolerationSeconds',
  'DenyServiceExternalIPs',
  'EventRateLimit',
  'ExtendedResourceToleration',
  'ImagePolicyWebhook',
  'JobValidation',
  'LimitPodHardAntiAffinityTopology',
  'LimitRanger',
  'MutatingAdmissionPolicy',
  'MutatingAdmissionWebhook',
  'NamespaceAutoProvision',
  'NamespaceExists',
  'NamespaceLifecycle',
  'NodeDeclaredFeatureValidator',
  'NodeRestriction',
  'OwnerReferencesPermissionEnforcement',
  'PersistentVolumeClaimResize',
  'PodGroupProtection',
  'PodGroupWorkloadExists',
  'PodNodeSelector',
  'PodResizeValidator',
  'PodSecurity',
  'PodTolerationRestriction',
  'PodTopologyLabels',
  'Priority',
  'ResourceQuota',
  'RuntimeClass',
  'ServiceAccount',
  'StorageObjectInUseProtection',
  'TaintNodesByCondition',
  'ValidatingAdmissionPolicy',
  'ValidatingAdmissionWebhook',
];
const KNOWN = new Set(PLUGINS);

export default defineRule({
  id: 'admission/plugin-name-known',
  kinds: ['AdmissionConfiguration'],
  meta: {
    description: 'An admission plugin entry names a plugin the platform\'s API server registers.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'The API server reads an entry only when a registered plugin asks for its configuration by exact name: an entry for a misspelt, mis-cased or removed plugin (such as `PodSecurityPolicy`) is silently never read, and the plugin runs without the intended configuration. Extension API servers may register plugins of their own: suppress the finding for those.',
      remediation: 'Use the exact, case-sensitive plugin name, such as `EventRateLimit`, `PodSecurity` or `ValidatingAdmissionWebhook`, or remove the entry.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1-apiserverconfigplatiov1 (AdmissionPluginConfiguration.name: must match a registered plugin)',
    },
  },
  check(value, ctx) {
    for (const [i, plugin] of objItems(obj(value)?.plugins)) {
      const name = str(plugin.name);
      if (name === undefined || name.trim() === '' || KNOWN.has(name)) continue; // missing or empty: other checks
      const close = closestMatches(name, PLUGINS);
      const hint = close.length > 0 ? `; did you mean ${close.map((c) => `\`${c}\``).join(' or ')}?` : '; its configuration is never read';
      ctx.report(['plugins', i, 'name'], `plugin \`${name}\` is not an admission plugin of the platform's API server${hint}`);
    }
  },
});

import { defineRule } from '../../src/define-rule.js';
import { SIGNERS, isSet } from './_csr.js';
import { obj } from '../../src/services/values.js';

export default defineRule({
  id: 'controllermanager/csr-signing-cluster-exclusive',
  kinds: ['PlatControllerManagerConfiguration'],
  meta: {
    description: 'The cluster signing files and the per-signer files are not both set.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'The cluster signing pair signs for every signer; per-signer pairs replace it signer by signer. The controller manager refuses a configuration that sets both, since it cannot tell which pair a signer should use.',
      remediation: 'Either set `ClusterSigningCertFile` and `ClusterSigningKeyFile`, or set a pair in each signer configuration, not both.',
      spec: '3-config-and-payload-types.md#controller-manager-configuration (CSRSigningController)',
    },
  },
  check(value, ctx) {
    const csr = obj(obj(value)?.CSRSigningController);
    if (csr === undefined) return;
    const clusterField = ['ClusterSigningCertFile', 'ClusterSigningKeyFile'].find((k) => isSet(csr, k));
    if (clusterField === undefined) return;
    for (const signer of SIGNERS) {
      const conf = obj(csr[signer]);
      if (!isSet(conf, 'CertFile') && !isSet(conf, 'KeyFile')) continue;
      ctx.report(['CSRSigningController', signer], `${signer} sets signing files while the cluster signing files are set; use one or the other`, {
        target: 'key',
        related: [{ path: ['CSRSigningController', clusterField], message: `${clusterField} is set here` }],
      });
    }
  },
});

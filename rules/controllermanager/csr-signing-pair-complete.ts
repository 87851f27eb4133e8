import { defineRule } from '../../src/define-rule.js';
import { SIGNERS, isSet } from './_csr.js';
import type { Path } from '../../src/path.js';
import { obj, type Obj } from '../../src/services/values.js';

export default defineRule({
  id: 'controllermanager/csr-signing-pair-complete',
  kinds: ['PlatControllerManagerConfiguration'],
  meta: {
    description: 'Each CSR signing certificate file is set together with its key file.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'A signer needs its CA certificate and the matching private key. The controller manager refuses to start with a signer pair that has a certificate file without a key file or a key file without a certificate file; a cluster pair with only one of its files set is not refused, but then the CSR signing controller is skipped and no certificate is signed.',
      remediation: 'Set both files of the pair, or neither.',
      spec: '3-config-and-payload-types.md#controller-manager-configuration (CSRSigningController, CSRSigningConfiguration: CertFile, KeyFile)',
    },
  },
  check(value, ctx) {
    const csr = obj(obj(value)?.CSRSigningController);
    if (csr === undefined) return;
    const pair = (o: Obj | undefined, base: Path, cert: string, key: string, effect: string) => {
      const hasCert = isSet(o, cert);
      const hasKey = isSet(o, key);
      if (hasCert && !hasKey) ctx.report([...base, cert], `${cert} is set without ${key}; ${effect}`, { target: 'key' });
      if (hasKey && !hasCert) ctx.report([...base, key], `${key} is set without ${cert}; ${effect}`, { target: 'key' });
    };
    // a half cluster pair is not refused: the signing controller is skipped; a half signer pair is refused
    pair(csr, ['CSRSigningController'], 'ClusterSigningCertFile', 'ClusterSigningKeyFile', 'the CSR signing controller then does not start');
    for (const signer of SIGNERS) pair(obj(csr[signer]), ['CSRSigningController', signer], 'CertFile', 'KeyFile', 'a signer needs both its certificate and its key');
  },
});

import { defineRule } from '../../src/define-rule.js';
import type { Path } from '../../src/path.js';
import { obj, str, type Obj } from '../../src/services/values.js';

const SIGNERS = ['PlatletServingSignerConfiguration', 'PlatletClientSignerConfiguration', 'PlatAPIServerClientSignerConfiguration', 'LegacyUnknownSignerConfiguration'];

function set(o: Obj | undefined, key: string): boolean {
  const v = str(o?.[key]);
  return v !== undefined && v !== '';
}

export default defineRule({
  id: 'controllermanager/csr-signing-pair-complete',
  kinds: ['PlatControllerManagerConfiguration'],
  meta: {
    description: 'Each CSR signing certificate file is set together with its key file.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'A signer needs its CA certificate and the matching private key; the controller manager refuses a certificate file without a key file or a key file without a certificate file, for the cluster pair and for each signer pair.',
      remediation: 'Set both files of the pair, or neither.',
      spec: '3-config-and-payload-types.md#controller-manager-configuration (CSRSigningController, CSRSigningConfiguration: CertFile, KeyFile)',
    },
  },
  check(value, ctx) {
    const csr = obj(obj(value)?.CSRSigningController);
    if (csr === undefined) return;
    const pair = (o: Obj | undefined, base: Path, cert: string, key: string) => {
      const hasCert = set(o, cert);
      const hasKey = set(o, key);
      if (hasCert && !hasKey) ctx.report([...base, cert], `${cert} is set without ${key}; a signer needs both its certificate and its key`, { target: 'key' });
      if (hasKey && !hasCert) ctx.report([...base, key], `${key} is set without ${cert}; a signer needs both its certificate and its key`, { target: 'key' });
    };
    pair(csr, ['CSRSigningController'], 'ClusterSigningCertFile', 'ClusterSigningKeyFile');
    for (const signer of SIGNERS) pair(obj(csr[signer]), ['CSRSigningController', signer], 'CertFile', 'KeyFile');
  },
});

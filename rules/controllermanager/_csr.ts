import { str, type Obj } from '../../src/services/values.js';

/** The per-signer certificate/key pairs of the CSR signing controller. */
export const SIGNERS = ['PlatletServingSignerConfiguration', 'PlatletClientSignerConfiguration', 'PlatAPIServerClientSignerConfiguration', 'LegacyUnknownSignerConfiguration'];

/** Whether a file field is set to a non-empty string. */
export function isSet(o: Obj | undefined, key: string): boolean {
  const v = str(o?.[key]);
  return v !== undefined && v !== '';
}

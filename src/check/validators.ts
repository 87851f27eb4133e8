import { host } from '../services/host.js';
import { validatorModules, type ValidateFunction } from '../generated/validators.js';

export type { AjvError, ValidateFunction } from '../generated/validators.js';

const cache = new Map<string, ValidateFunction>();

/** Whether a validator was generated for a schema key. */
export function hasValidator(key: string): boolean {
  return key in validatorModules;
}

/** The precompiled validator of a schema, asked of the host on first use (one module per kind). */
export function validatorFor(key: string): ValidateFunction {
  let v = cache.get(key);
  if (!v) {
    const file = validatorModules[key];
    if (!file) throw new Error(`no schema compiled for ${key}`);
    v = host().validatorModule(file).validate;
    cache.set(key, v);
  }
  return v;
}

import { cachedRequire } from './services/cached-require.js';
import { validatorModules, type ValidateFunction } from './generated/validators.js';

export type { AjvError, ValidateFunction } from './generated/validators.js';

/** Set by the bundler: where the validator modules sit relative to the bundle. */
declare const __PLATLINT_VALIDATORS_DIR__: string | undefined;

const dir = typeof __PLATLINT_VALIDATORS_DIR__ === 'string' ? __PLATLINT_VALIDATORS_DIR__ : './generated/validators/';
const cache = new Map<string, ValidateFunction>();

/** Whether a validator was generated for a schema key. */
export function hasValidator(key: string): boolean {
  return key in validatorModules;
}

/** The precompiled validator of a schema, loaded on first use (one module per kind). */
export function validatorFor(key: string): ValidateFunction {
  let v = cache.get(key);
  if (!v) {
    const file = validatorModules[key];
    if (!file) throw new Error(`no schema compiled for ${key}`);
    v = (cachedRequire(import.meta.url, dir + file) as { validate: ValidateFunction }).validate;
    cache.set(key, v);
  }
  return v;
}

// Types of the module that `npm run build` generates (src/tools/build.mjs) for the browser bundle.
import type { ValidateFunction } from './validators.js';

/** Each validator module by its file name in `validatorModules`, evaluated when first called. */
export declare const validatorLoaders: Readonly<Record<string, () => { validate: ValidateFunction }>>;
/** The table of the kinds' CEL types (kind-types.json), read when first called. */
export declare const kindTypeTable: () => Readonly<Record<string, unknown>>;

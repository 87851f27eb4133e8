// Types of the module that `npm run build` generates (src/tools/build-validators.mjs).
export interface AjvError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
  schema?: unknown;
  parentSchema?: Record<string, unknown>;
  data?: unknown;
}
export interface ValidateFunction {
  (data: unknown): boolean;
  errors?: AjvError[] | null;
}
/** File names of the standalone validator modules (in `validators/`), keyed by schema path below `schemas/` without `.schema.json`. */
export declare const validatorModules: Record<string, string>;

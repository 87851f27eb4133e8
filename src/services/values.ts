/**
 * Small typed readers for rule modules. The schema has already reported values of the wrong shape, so a rule
 * reads through these and skips what is not what it expects, instead of trusting the whole document.
 */
export type Obj = Record<string, unknown>;

export function isObj(v: unknown): v is Obj {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

export function obj(v: unknown): Obj | undefined {
  return isObj(v) ? v : undefined;
}

/** The items of a list as [index, item] pairs; empty when the value is not a list. */
export function items(v: unknown): [number, unknown][] {
  return Array.isArray(v) ? v.map((x, i) => [i, x] as [number, unknown]) : [];
}

/** The mapping items of a list: [index, object] pairs for the items that are mappings. */
export function objItems(v: unknown): [number, Obj][] {
  return items(v).filter((e): e is [number, Obj] => isObj(e[1]));
}

export function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

export function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

export function bool(v: unknown): boolean | undefined {
  return typeof v === 'boolean' ? v : undefined;
}

/** Whether a field is present (set to anything, even null). */
export function has(o: Obj | undefined, key: string): boolean {
  return o !== undefined && Object.prototype.hasOwnProperty.call(o, key);
}

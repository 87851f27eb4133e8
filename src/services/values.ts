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
  const out: [number, Obj][] = [];
  if (!Array.isArray(v)) return out;
  for (let i = 0; i < v.length; i++) if (isObj(v[i])) out.push([i, v[i] as Obj]);
  return out;
}

/** The string items of a list as [index, string] pairs; items of another type are skipped (the schema reports them). */
export function strings(v: unknown): [number, string][] {
  const out: [number, string][] = [];
  if (!Array.isArray(v)) return out;
  for (let i = 0; i < v.length; i++) if (typeof v[i] === 'string') out.push([i, v[i] as string]);
  return out;
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

/**
 * For keyed entries in document order (empty keys left out by the caller), yields every entry whose key was
 * seen before, with the path of the first one: the shape of every "must be unique" rule.
 */
export function* repeats<K>(entries: Iterable<readonly [K, (string | number)[]]>): Generator<{ key: K; path: (string | number)[]; first: (string | number)[] }> {
  const first = new Map<K, (string | number)[]>();
  for (const [key, path] of entries) {
    const f = first.get(key);
    if (f === undefined) first.set(key, path);
    else yield { key, path, first: f };
  }
}

/** The non-empty strings at `field` of the mapping items of a list, with their paths below `base`. */
export function* keyedStrings(list: unknown, base: (string | number)[], field: (item: Obj) => unknown, fieldPath: (string | number)[]): Generator<[string, (string | number)[]]> {
  for (const [i, item] of objItems(list)) {
    const s = str(field(item));
    if (s !== undefined && s !== '') yield [s, [...base, i, ...fieldPath]];
  }
}

/** The members withoutNulls left out of a mapping it copied (`resources:` written with no value). */
const NULL_MEMBERS = new WeakMap<object, Set<string>>();

/**
 * The names of the members set to `null` in the text that withoutNulls left out of this mapping, if any: a
 * message about a required field can then say that it is written but empty, not missing.
 */
export function nullMembers(value: unknown): ReadonlySet<string> | undefined {
  return value !== null && typeof value === 'object' ? NULL_MEMBERS.get(value) : undefined;
}

/**
 * A document's value as the platform's decoder sees it: a mapping member whose value is `null` is a field
 * that is not set (`rules: null` in a stored role, `labels: null`), so it is left out, at any depth. The value
 * is copied only where a null member is found; list items stay as they are.
 */
export function withoutNulls<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const v = withoutNulls(value[i] as unknown);
      if (v !== value[i]) (copy ??= value.slice())[i] = v;
    }
    return (copy ?? value) as T;
  }
  let copy: Obj | undefined;
  let nulls: Set<string> | undefined;
  const src = value as Obj;
  for (const key of Object.keys(src)) {
    const v = src[key];
    if (v === null) {
      copy ??= { ...src };
      delete copy[key];
      (nulls ??= new Set()).add(key);
      continue;
    }
    const w = withoutNulls(v);
    if (w !== v) (copy ??= { ...src })[key] = w;
  }
  if (copy && nulls) NULL_MEMBERS.set(copy, nulls);
  return (copy ?? value) as T;
}

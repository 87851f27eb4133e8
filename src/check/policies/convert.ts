/**
 * A document's value as CEL values of its kind's types: objects become instances of their type's class, ints
 * become bigint (JSON integers are CEL ints, as the platform reads them), doubles stay numbers, lists and maps
 * are arrays and plain objects. A value whose type differs from the schema's (already a schema finding) is
 * left out, as if the field were not set: the policy sees the document the platform would decode, no more.
 */
import type { KindEnvironment } from './env.js';
import { REDACTED } from '../../redact.js';

type Converter = (v: unknown) => unknown;

/** The converters of a kind for a set of fields read, by type. */
const converters = new WeakMap<KindEnvironment, WeakMap<ReadonlySet<string>, Map<string, Converter>>>();

/**
 * The document as a value of the kind's root type, or undefined when it is not an object. Only the fields
 * named in `read` are converted (of object types: see CompiledPolicies.fieldsRead); maps and `dyn` values are
 * converted whole, as their keys are read by value.
 */
export function toCel(value: unknown, kind: KindEnvironment, read: ReadonlySet<string>): unknown {
  return converterOf(kind, read)(value);
}

/** The converter of toCel, to keep for the documents of a kind (no lookups per document). */
export function converterOf(kind: KindEnvironment, read: ReadonlySet<string>): (value: unknown) => unknown {
  return converterFor(kind, read, kind.types.root);
}

function converterFor(kind: KindEnvironment, read: ReadonlySet<string>, type: string): Converter {
  let byRead = converters.get(kind);
  if (!byRead) converters.set(kind, (byRead = new WeakMap()));
  let byType = byRead.get(read);
  if (!byType) byRead.set(read, (byType = new Map()));
  let c = byType.get(type);
  if (!c) {
    c = makeConverter(kind, read, type);
    byType.set(type, c);
  }
  return c;
}

function makeConverter(kind: KindEnvironment, read: ReadonlySet<string>, type: string): Converter {
  switch (type) {
    case 'string':
      return (v) => (typeof v === 'string' ? v : undefined);
    case 'bool':
      return (v) => (typeof v === 'boolean' ? v : undefined);
    case 'int':
      return (v) => (typeof v === 'number' && Number.isSafeInteger(v) ? BigInt(v) : typeof v === 'bigint' ? v : undefined);
    case 'double':
      return (v) => (typeof v === 'number' ? v : undefined);
    case 'dyn':
      return dyn;
  }
  const list = /^list<(.*)>$/.exec(type);
  if (list) {
    let item: Converter | undefined;
    return (v) => {
      if (!Array.isArray(v)) return undefined;
      item ??= converterFor(kind, read, list[1]!);
      const out: unknown[] = [];
      for (const x of v) {
        const c = item(x);
        if (c !== undefined) out.push(c);
      }
      return out;
    };
  }
  const map = /^map<[^,<>]*,\s*(.*)>$/.exec(type);
  if (map) {
    let item: Converter | undefined;
    return (v) => {
      if (!isPlainObject(v)) return undefined;
      item ??= converterFor(kind, read, map[1]!);
      const out = Object.create(null) as Record<string, unknown>;
      for (const [k, x] of Object.entries(v)) {
        const c = item(x);
        if (c !== undefined) out[k] = c;
      }
      return out;
    };
  }
  const Cls = kind.classes.get(type);
  const fields = kind.types.types[type];
  if (!Cls || !fields) return dyn;
  let names: string[] | undefined;
  let convs: Converter[] | undefined;
  return (v) => {
    if (!isPlainObject(v)) return undefined;
    if (names === undefined || convs === undefined) {
      names = Object.keys(fields).filter((f) => read.has(f));
      convs = names.map((f) => converterFor(kind, read, fields[f]!));
    }
    const out = new Cls() as Record<string, unknown>;
    // the fields the policies read (a few), in the type's order: every value of a type then has the same
    // shape, which the library's reads of its fields are faster on (the document's own order gives many)
    for (let i = 0; i < names.length; i++) {
      const f = names[i]!;
      if (!Object.prototype.hasOwnProperty.call(v, f)) continue;
      const c = convs[i]!(v[f]);
      if (c !== undefined) out[f] = c;
    }
    return out;
  };
}

/** A value of no declared type: integers become ints, objects plain maps. */
function dyn(v: unknown): unknown {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? BigInt(v) : v;
  if (typeof v === 'string' || typeof v === 'boolean' || typeof v === 'bigint') return v;
  if (Array.isArray(v)) return v.map(dyn).filter((x) => x !== undefined);
  if (isPlainObject(v)) {
    const out = Object.create(null) as Record<string, unknown>;
    for (const [k, x] of Object.entries(v)) {
      const c = dyn(x);
      if (c !== undefined) out[k] = c;
    }
    return out;
  }
  return undefined;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Map);
}

/**
 * A copy of a document whose secret values (the kind's sensitive paths, `*` for any key or index) read
 * `[redacted]`: what a policy's messageExpression sees, so that no part of a secret can reach a message.
 */
export function redactedCopy(value: unknown, sensitive: readonly (readonly string[])[]): unknown {
  if (sensitive.length === 0) return value;
  const visit = (v: unknown, patterns: readonly (readonly string[])[]): unknown => {
    if (patterns.some((p) => p.length === 0)) return typeof v === 'string' ? REDACTED : v;
    if (v === null || typeof v !== 'object') return v;
    const next = (key: string) => patterns.filter((p) => p[0] === '*' || p[0] === key).map((p) => p.slice(1));
    if (Array.isArray(v)) return v.map((x, i) => visit(x, next(String(i))));
    const out = Object.create(Object.getPrototypeOf(v) as object | null) as Record<string, unknown>;
    for (const [k, x] of Object.entries(v)) {
      const p = next(k);
      out[k] = p.length > 0 ? visit(x, p) : x;
    }
    return out;
  };
  return visit(value, sensitive);
}

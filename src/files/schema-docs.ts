// What the kinds' JSON Schemas (schemas/) say about a field, for hover and completion: the schema files are
// read from disk on first use (the built package ships them beside dist/) and walked by data path, following
// `$ref`s (relative files and `#/definitions/…`), `allOf`, `anyOf`/`oneOf` and `if`/`then`/`else`.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Path } from '../path.js';

type Json = Record<string, unknown>;

/** One schema object that applies at a place, with the file its `$ref`s are relative to. */
export interface Sub {
  node: Json;
  /** Schema file below `schemas/`, posix separators (`_shared/audit.schema.json`). */
  file: string;
  /** Reached through `anyOf`, `oneOf`, `then` or `else`: its `required` does not always apply. */
  conditional: boolean;
  /** The definition name when reached through a `$ref` (`PolicyRule`). */
  name?: string;
}

/** What a field is, in the words the hover shows. */
export interface FieldInfo {
  description?: string;
  /** `string`, `integer`, `list of PolicyRule`, `boolean | string` … */
  type?: string;
  required: boolean;
  default?: unknown;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  sensitive: boolean;
}

/** Where the schemas are: `../schemas` from the bundle in dist/, `../../schemas` from src/files/. */
function defaultSchemasDir(): string {
  let here: string;
  try {
    here = dirname(fileURLToPath(import.meta.url));
  } catch {
    here = process.cwd();
  }
  for (const up of ['..', join('..', '..')]) {
    const dir = join(here, up, 'schemas');
    if (existsSync(join(dir, '_shared'))) return dir;
  }
  return join(here, '..', 'schemas');
}

export class SchemaDocs {
  private readonly files = new Map<string, Json | null>();

  constructor(readonly dir: string = defaultSchemasDir()) {}

  private load(file: string): Json | null {
    let json = this.files.get(file);
    if (json === undefined) {
      try {
        json = JSON.parse(readFileSync(join(this.dir, ...file.split('/')), 'utf8')) as Json;
      } catch {
        json = null; // a missing or broken schema file: hover and completion say nothing
      }
      this.files.set(file, json);
    }
    return json;
  }

  /** The root schema of a kind (`audit.plat.io/v1/Policy`), expanded. */
  root(schemaId: string): Sub[] {
    if (schemaId === '') return [];
    const file = `${schemaId}.schema.json`;
    const node = this.load(file);
    return node ? this.expand({ node, file, conditional: false }) : [];
  }

  /** A `$ref` target: `types.schema.json#/definitions/Duration` or `#/definitions/Level`, relative to `file`. */
  private deref(ref: string, file: string): Sub | undefined {
    const hash = ref.indexOf('#');
    const target = hash === -1 ? ref : ref.slice(0, hash);
    const pointer = hash === -1 ? '' : ref.slice(hash + 1);
    const targetFile = target === '' ? file : posix.normalize(posix.join(posix.dirname(file), target));
    let node: unknown = this.load(targetFile);
    let name: string | undefined;
    for (const raw of pointer.split('/').filter(Boolean)) {
      const seg = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      node = node && typeof node === 'object' ? (node as Json)[seg] : undefined;
      name = seg;
    }
    if (!node || typeof node !== 'object') return undefined;
    return { node: node as Json, file: targetFile, conditional: false, ...(name ? { name } : {}) };
  }

  /**
   * Every schema object that applies where `sub` applies: itself, its `$ref` target, and the parts of its
   * `allOf`, `anyOf`, `oneOf`, `then` and `else` (the last ones marked conditional). Outer objects come first,
   * so a description written beside a `$ref` wins over the target's.
   */
  expand(sub: Sub, depth = 0, out: Sub[] = []): Sub[] {
    if (depth > 24) return out;
    out.push(sub);
    const { node, file } = sub;
    if (typeof node.$ref === 'string') {
      const t = this.deref(node.$ref, file);
      if (t) this.expand({ ...t, conditional: sub.conditional, name: t.name ?? sub.name }, depth + 1, out);
    }
    const parts = (key: string, conditional: boolean) => {
      const list = node[key];
      const items = Array.isArray(list) ? list : list && typeof list === 'object' ? [list] : [];
      for (const n of items) if (n && typeof n === 'object') this.expand({ node: n as Json, file, conditional: sub.conditional || conditional }, depth + 1, out);
    };
    parts('allOf', false);
    parts('anyOf', true);
    parts('oneOf', true);
    parts('then', true);
    parts('else', true);
    return out;
  }

  /** The schemas of a child: a property (declared, or of a map's `additionalProperties`) or a list item. */
  child(subs: readonly Sub[], seg: string | number): Sub[] {
    const out: Sub[] = [];
    for (const s of subs) {
      const { node, file } = s;
      if (typeof seg === 'number') {
        const items = node.items;
        if (Array.isArray(items)) {
          const it = items[seg];
          if (it && typeof it === 'object') this.expand({ node: it as Json, file, conditional: s.conditional }, 0, out);
        } else if (items && typeof items === 'object') this.expand({ node: items as Json, file, conditional: s.conditional }, 0, out);
        continue;
      }
      const props = node.properties as Record<string, Json> | undefined;
      if (props && Object.prototype.hasOwnProperty.call(props, seg) && props[seg] && typeof props[seg] === 'object') {
        this.expand({ node: props[seg]!, file, conditional: s.conditional }, 0, out);
      }
    }
    if (out.length > 0 || typeof seg === 'number') return out;
    // no declared property: a map's values, or a pattern property
    for (const s of subs) {
      const { node, file } = s;
      const patterns = node.patternProperties as Record<string, Json> | undefined;
      for (const [p, n] of Object.entries(patterns ?? {})) {
        let re: RegExp | undefined;
        try {
          re = new RegExp(p, 'u');
        } catch {
          re = undefined;
        }
        if (re?.test(seg) && n && typeof n === 'object') this.expand({ node: n, file, conditional: s.conditional }, 0, out);
      }
      const extra = node.additionalProperties;
      if (extra && typeof extra === 'object') this.expand({ node: extra as Json, file, conditional: s.conditional }, 0, out);
    }
    return out;
  }

  /** The schemas at a data path below a root. */
  at(root: readonly Sub[], path: Path): Sub[] {
    let cur: Sub[] = [...root];
    for (const seg of path) {
      if (cur.length === 0) break;
      cur = this.child(cur, seg);
    }
    return cur;
  }

  /** The declared properties at a place (name -> schemas), in schema order, and which are required. */
  properties(subs: readonly Sub[]): { names: string[]; required: Set<string> } {
    const names: string[] = [];
    const required = new Set<string>();
    for (const s of subs) {
      const props = s.node.properties;
      if (props && typeof props === 'object') for (const k of Object.keys(props)) if (!names.includes(k)) names.push(k);
      if (!s.conditional && Array.isArray(s.node.required)) for (const r of s.node.required) if (typeof r === 'string') required.add(r);
    }
    return { names, required };
  }

  /** The values a place accepts when it is a closed set: `enum`, `const`, booleans. */
  values(subs: readonly Sub[]): unknown[] {
    const out: unknown[] = [];
    const add = (v: unknown) => {
      if (!out.some((o) => JSON.stringify(o) === JSON.stringify(v))) out.push(v);
    };
    for (const s of subs) {
      if (Array.isArray(s.node.enum)) s.node.enum.forEach(add);
      if ('const' in s.node) add(s.node.const);
    }
    if (out.length === 0 && typeOf(subs) === 'boolean') [true, false].forEach(add);
    return out;
  }

  /** Whether a place is an object or a list of objects, as far as the schemas say. */
  shape(subs: readonly Sub[]): 'object' | 'array' | 'scalar' | 'unknown' {
    const types = typesOf(subs);
    if (types.has('object') || subs.some((s) => s.node.properties)) return 'object';
    if (types.has('array') || subs.some((s) => s.node.items)) return 'array';
    return types.size > 0 ? 'scalar' : 'unknown';
  }

  /** The description, type, requiredness, default and limits of the field at `path` of a kind. */
  field(root: readonly Sub[], path: Path): FieldInfo | undefined {
    if (path.length === 0) return undefined;
    const parent = this.at(root, path.slice(0, -1));
    const subs = this.child(parent, path[path.length - 1]!);
    if (subs.length === 0) return undefined;
    const last = path[path.length - 1]!;
    const info: FieldInfo = {
      required: typeof last === 'string' && this.properties(parent).required.has(last),
      sensitive: subs.some((s) => s.node['x-sensitive'] === true),
    };
    const first = <T>(key: string, ok: (v: unknown) => v is T): T | undefined => {
      for (const s of subs) if (ok(s.node[key])) return s.node[key] as T;
      return undefined;
    };
    const isString = (v: unknown): v is string => typeof v === 'string';
    const isNumber = (v: unknown): v is number => typeof v === 'number';
    const description = first('description', isString);
    if (description !== undefined) info.description = description;
    const type = this.typeText(subs);
    if (type) info.type = type;
    for (const s of subs) if ('default' in s.node) {
      info.default = s.node.default;
      break;
    }
    const values = this.values(subs).filter(() => typeOf(subs) !== 'boolean');
    if (values.length > 0) info.enum = values;
    for (const k of ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength', 'minItems', 'maxItems'] as const) {
      const v = first(k, isNumber);
      if (v !== undefined) info[k] = v;
    }
    const pattern = first('pattern', isString);
    if (pattern !== undefined) info.pattern = pattern;
    const format = first('format', isString);
    if (format !== undefined) info.format = format;
    return info;
  }

  /** `string`, `list of PolicyRule`, `map of string to string`, `boolean | string`. */
  typeText(subs: readonly Sub[], depth = 0): string | undefined {
    const types = [...typesOf(subs)];
    if (types.length === 0) return undefined;
    if (types.length > 1) return types.join(' | ');
    const t = types[0]!;
    if (t === 'array' && depth < 2) {
      const items = this.child(subs, 0);
      const named = items.find((s) => s.name)?.name;
      const inner = named && this.shape(items) === 'object' ? named : this.typeText(items, depth + 1);
      return inner ? `list of ${inner}` : 'list';
    }
    if (t === 'object') {
      const extra = subs.map((s) => s.node.additionalProperties).find((a) => a && typeof a === 'object') as Json | undefined;
      const props = subs.some((s) => s.node.properties);
      if (extra && !props && depth < 2) {
        const inner = this.typeText(this.expand({ node: extra, file: subs[0]!.file, conditional: false }), depth + 1);
        return inner ? `map of string to ${inner}` : 'map';
      }
      return subs.find((s) => s.name && s.node.properties)?.name ?? 'object';
    }
    return t;
  }
}

function typesOf(subs: readonly Sub[]): Set<string> {
  const out = new Set<string>();
  for (const s of subs) {
    const t = s.node.type;
    if (typeof t === 'string') out.add(t);
    else if (Array.isArray(t)) for (const x of t) if (typeof x === 'string') out.add(x);
  }
  if (out.size === 0) {
    for (const s of subs) {
      const c = 'const' in s.node ? [s.node.const] : Array.isArray(s.node.enum) ? s.node.enum : [];
      for (const v of c) out.add(v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' && Number.isInteger(v) ? 'integer' : typeof v);
    }
  }
  return out;
}

function typeOf(subs: readonly Sub[]): string | undefined {
  const t = typesOf(subs);
  return t.size === 1 ? [...t][0] : undefined;
}

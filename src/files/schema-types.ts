/**
 * The CEL type of a kind's documents, made from its JSON Schemas (schemas/): `object` in a policy has it, so a
 * misspelt field or a comparison of a duration string with an int is found when the configuration is loaded.
 *
 * - An object with `properties` is an object type with those fields (the properties of `allOf`, `anyOf`,
 *   `oneOf` and `then`/`else` parts included: a field any branch allows is a field).
 * - An object with only `additionalProperties` (labels, annotations, `extra`) is `map<string, T>`.
 * - An array is `list<T>`.
 * - `string` is string (durations, quantities, base64 are strings, as the platform decodes them), `integer`
 *   is int, `number` is double, `boolean` is bool.
 * - Anything the schema cannot say as one type (free-form embedded objects, int-or-string, no type) is `dyn`,
 *   which the type checker lets through and evaluation checks.
 *
 * A kind name stands for every version platlint knows it in (AuthorizationConfiguration of
 * `apiserver.config.plat.io/v1`, `/v1beta1` …): their schemas are merged, a field of any version being a
 * field, and a field whose type differs between versions being `dyn`. Each object schema (by the identity of
 * the schema objects that make it up, so a `$ref`'d definition is one type however often it is used, and a
 * recursive one refers to itself) becomes one named type: `<Kind>.<Definition>` or `<Kind>.<field path>`.
 */
import { KINDS } from '../kinds/kinds.js';
import { SchemaDocs, type Sub } from './schema-docs.js';
import { policyKindNames } from '../check/policies/kind-types.js';
import type { KindTypes } from '../check/policies/spec.js';

let docs: SchemaDocs | undefined;

/**
 * The CEL types of a kind name's documents, over all its versions, made from its schemas; undefined for a name
 * platlint has no schema for. The build writes them for every kind (src/tools/kind-types.ts), and the
 * configuration loader reads that table (src/files/node-host.ts) instead of the schemas.
 */
export function buildKindTypes(kind: string): KindTypes | undefined {
  const specs = KINDS.filter((k) => k.kind === kind && k.schema !== '');
  if (specs.length === 0) return undefined;
  docs ??= new SchemaDocs();
  const schemas = docs;
  const roots = specs.flatMap((k) => schemas.root(k.schema));
  if (roots.length === 0) throw new Error(`cannot read the schemas of ${kind}`);
  const builder = new TypeBuilder(schemas, kind);
  const root = builder.typeOf(roots, kind, kind);
  return { root, types: builder.types };
}

/** The types of every kind a policy may check, by kind name. */
export function buildKindTypeTable(): Record<string, KindTypes> {
  return Object.fromEntries(policyKindNames().map((k) => [k, buildKindTypes(k)!]));
}

const JSON_TYPES = ['string', 'integer', 'number', 'boolean', 'object', 'array'] as const;

class TypeBuilder {
  readonly types: Record<string, Record<string, string>> = {};
  /** Object types by the identities of the schema objects that make them up. */
  private readonly byShape = new Map<string, string>();
  private readonly ids = new WeakMap<object, number>();
  private nextId = 0;

  constructor(
    private readonly docs: SchemaDocs,
    private readonly kind: string,
  ) {}

  private idOf(o: object): number {
    let id = this.ids.get(o);
    if (id === undefined) this.ids.set(o, (id = this.nextId++));
    return id;
  }

  /** The CEL type of a place described by `subs`; `name` is the object type's name when it is one. */
  typeOf(subs: readonly Sub[], name: string, root?: string): string {
    const kinds = jsonTypes(subs);
    const hasProps = subs.some((s) => isObject(s.node.properties));
    const hasItems = subs.some((s) => isObject(s.node.items) || Array.isArray(s.node.items));
    const extra = subs.some((s) => isObject(s.node.additionalProperties) || isObject(s.node.patternProperties));
    if (hasProps && (kinds.size === 0 || (kinds.size === 1 && kinds.has('object')))) return this.objectType(subs, name, root);
    if (hasItems && (kinds.size === 0 || (kinds.size === 1 && kinds.has('array')))) {
      return `list<${this.typeOf(this.docs.child(subs, 0), `${name}Item`)}>`;
    }
    if (kinds.size === 1 && kinds.has('object')) {
      if (!extra) return 'dyn';
      const values = this.docs.child(subs, '\u0000'); // a key no schema names: the map's values
      return `map<string, ${values.length > 0 ? this.typeOf(values, `${name}Value`) : 'dyn'}>`;
    }
    if (kinds.size !== 1) return 'dyn';
    const [k] = [...kinds];
    return k === 'string' ? 'string' : k === 'integer' ? 'int' : k === 'number' ? 'double' : k === 'boolean' ? 'bool' : 'dyn';
  }

  private objectType(subs: readonly Sub[], name: string, root?: string): string {
    const shape = [...new Set(subs.filter((s) => isObject(s.node.properties)).map((s) => this.idOf(s.node)))].sort((a, b) => a - b).join(',');
    const known = this.byShape.get(shape);
    if (known) return known;
    const definition = subs.find((s) => s.name && isObject(s.node.properties))?.name;
    let typeName = root ?? `${this.kind}.${definition ?? name}`;
    for (let n = 2; this.types[typeName]; n++) typeName = `${root ?? `${this.kind}.${definition ?? name}`}${n}`;
    this.byShape.set(shape, typeName);
    const fields: Record<string, string> = {};
    this.types[typeName] = fields; // before the fields: a recursive schema refers to its own type
    for (const field of this.docs.properties(subs).names) {
      const sub = this.docs.child(subs, field);
      fields[field] = sub.length > 0 ? this.typeOf(sub, `${definition ?? name}.${field}`) : 'dyn';
    }
    return typeName;
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** The JSON types a place may have (`null` left out: a null field is an unset field), from `type`, else `const` and `enum`. */
function jsonTypes(subs: readonly Sub[]): Set<string> {
  const out = new Set<string>();
  for (const s of subs) {
    const t = s.node.type;
    for (const x of typeof t === 'string' ? [t] : Array.isArray(t) ? t : []) if (x !== 'null' && (JSON_TYPES as readonly unknown[]).includes(x)) out.add(String(x));
  }
  if (out.size === 0) {
    for (const s of subs) {
      const values = 'const' in s.node ? [s.node.const] : Array.isArray(s.node.enum) ? s.node.enum : [];
      for (const v of values) if (v !== null) out.add(Array.isArray(v) ? 'array' : typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v);
    }
  }
  // a number that may also be an integer is a double
  if (out.has('integer') && out.has('number')) out.delete('integer');
  return out;
}

// A finding's path as the platform writes it (field.Path): struct fields dotted, map keys always bracketed,
// list items indexed. Which segments are map keys is the kind's schema's knowledge, read from the field
// shapes generated at build time (src/tools/field-shapes.mjs): one lookup per path, no schema file read.
import { fieldShapes, type FieldShape } from '../generated/field-shapes.js';
import { COMMAND_KINDS, KINDS } from './kinds.js';
import { formatPath, type Path } from '../path.js';

/**
 * The indexes of a path's segments that are map keys, walking the field shapes of the kind whose schema is
 * `schema` (`rbac.authorization.plat.io/v1/Role`). Past the places that lead to a map (struct fields,
 * free-form embedded objects), every key is a struct field.
 */
export function mapKeyIndexes(schema: string | undefined, path: Path): Set<number> {
  const out = new Set<number>();
  const root = schema === undefined ? undefined : fieldShapes.roots[schema];
  let node: FieldShape | undefined = root === undefined ? undefined : fieldShapes.nodes[root];
  for (let i = 0; i < path.length && node; i++) {
    const seg = path[i]!;
    let next: number | undefined;
    if (typeof seg === 'number') next = node.i;
    else if (node.m !== undefined) {
      out.add(i);
      next = node.m;
    } else next = Object.prototype.hasOwnProperty.call(node.p ?? {}, seg) ? node.p![seg] : undefined;
    node = next === undefined || next < 0 ? undefined : fieldShapes.nodes[next];
  }
  return out;
}

/** Renders a path of a document of the kind whose schema is `schema` in the platform's notation: `metadata.labels[app]`. */
export function fieldPath(path: Path, schema?: string): string {
  const maps = mapKeyIndexes(schema, path);
  return formatPath(path, maps.size > 0 ? (i) => maps.has(i) : undefined);
}

const SCHEMA_BY_KIND = new Map([...KINDS, ...COMMAND_KINDS].map((k) => [`${k.apiVersion}|${k.kind}`, k.schema]));

/**
 * A finding's path in the platform's notation, from the kind it carries (`kind` and `apiVersion`, set on every
 * finding inside a checked document); a finding without a kind (file- and document-level ones, command
 * lines) is rendered from the path alone. Inside a document embedded in a string (src/lint/embedded.ts), the
 * way to the string is rendered with its holder's map keys (`holderMapKeys`): `stringData[config.yaml]`,
 * `data[rbac.yaml][1]` (the second document of the string), `spec.files[0].content`.
 */
export function diagnosticPath(d: { path: Path; kind?: string; apiVersion?: string; partDepth?: number; holderMapKeys?: readonly number[] }): string {
  const schema = d.kind === undefined ? undefined : SCHEMA_BY_KIND.get(`${d.apiVersion ?? ''}|${d.kind}`);
  const depth = d.partDepth ?? 0;
  if (depth === 0) return fieldPath(d.path, schema);
  // inside a part (a `List` item, an embedded configuration): the part's own kind knows its maps; the way to
  // the part is list items and struct fields, or the map keys of the object holding an embedded text
  const maps = mapKeyIndexes(schema, d.path.slice(depth));
  const holder = d.holderMapKeys;
  if (maps.size === 0 && !holder?.length) return formatPath(d.path);
  return formatPath(d.path, (i) => (i >= depth ? maps.has(i - depth) : holder?.includes(i) === true));
}

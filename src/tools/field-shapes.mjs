// The shape of each kind's field paths, for the platform's field-path notation (src/kinds/field-path.ts): which
// path segments are map keys (`metadata.labels[app]`) and which are struct fields (`metadata.name`). Made
// from the JSON Schemas at build time (src/tools/build-validators.mjs writes src/generated/field-shapes.js),
// so that a lint run never reads a schema file.
//
// A schema object is a map when it declares no `properties` and gives its values a schema
// (`additionalProperties: {…}` or `patternProperties`): StringMap (labels, annotations, auditAnnotations,
// matchLabels) and the `extra` maps of user information. An object with `properties` is a struct. An object
// with neither (RawExtension: `configuration`, `requestObject`, `object`; a merge patch) is free-form
// content: its keys are written as struct fields (the platform's field paths into decoded embedded objects
// are dotted), see formatPath in src/path.ts.
//
// Only the parts of a kind's schema that lead to a map are kept: everywhere else every key is a struct field.

/** Every schema object that applies where `node` applies: itself, its `$ref` target, its `allOf`, `anyOf`, `oneOf`, `then`, `else` parts. */
function expand(node, base, resolve, out = [], depth = 0) {
  if (!node || typeof node !== 'object' || Array.isArray(node) || depth > 32) return out;
  out.push({ node, base });
  if (typeof node.$ref === 'string') {
    const t = resolve(node.$ref, base);
    if (t) expand(t.node, t.base, resolve, out, depth + 1);
  }
  for (const key of ['allOf', 'anyOf', 'oneOf']) if (Array.isArray(node[key])) for (const n of node[key]) expand(n, base, resolve, out, depth + 1);
  for (const key of ['then', 'else']) expand(node[key], base, resolve, out, depth + 1);
  return out;
}

/**
 * The field shapes of every kind schema: `{ nodes, roots }`, where `roots[schemaKey]` is the index of the
 * kind's root node, and a node is `{ p?: {field: index}, i?: index, m?: index | -1 }`: `p` the struct fields
 * that lead to a map, `i` the list items, `m` present when the node is a map (its value node, or -1).
 * `files` are `{ key, schema }` as schemaFiles() returns them; `entries` the keys of the kind schemas.
 */
export function fieldShapes(files, entries) {
  const byId = new Map(files.map((f) => [f.schema.$id, f.schema]));
  const resolve = (ref, base) => {
    const url = new URL(ref, base);
    const doc = byId.get(url.href.replace(/#.*$/, ''));
    if (!doc) return undefined;
    let node = doc;
    for (const raw of url.hash.replace(/^#/, '').split('/').filter(Boolean)) {
      node = node?.[decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~')];
    }
    return node && typeof node === 'object' ? { node, base: url.href.replace(/#.*$/, '') } : undefined;
  };

  // shapes of sets of schema objects, deduplicated by the identity of the objects
  const ids = new WeakMap();
  let nextId = 0;
  const idOf = (n) => {
    if (!ids.has(n)) ids.set(n, nextId++);
    return ids.get(n);
  };
  const shapes = [];
  const memo = new Map();
  const shapeOf = (parts) => {
    const key = [...new Set(parts.map((p) => idOf(p.node)))].sort((a, b) => a - b).join(',');
    if (memo.has(key)) return memo.get(key);
    const index = shapes.length;
    const shape = { props: new Map(), items: undefined, map: undefined };
    shapes.push(shape);
    memo.set(key, index);
    const props = new Map();
    const items = [];
    const values = [];
    let hasValues = false;
    for (const { node, base } of parts) {
      if (node.properties && typeof node.properties === 'object') {
        for (const [name, sub] of Object.entries(node.properties)) props.set(name, [...(props.get(name) ?? []), ...expand(sub, base, resolve)]);
      }
      if (node.items && typeof node.items === 'object') {
        for (const it of Array.isArray(node.items) ? node.items : [node.items]) items.push(...expand(it, base, resolve));
      }
      for (const extra of [node.additionalProperties, ...Object.values(node.patternProperties ?? {})]) {
        if (extra && typeof extra === 'object') {
          hasValues = true;
          values.push(...expand(extra, base, resolve));
        }
      }
    }
    for (const [name, sub] of props) shape.props.set(name, shapeOf(sub));
    if (items.length > 0) shape.items = shapeOf(items);
    if (props.size === 0 && hasValues) shape.map = shapeOf(values);
    return index;
  };

  const rootIndex = Object.fromEntries(entries.map((key) => [key, shapeOf(expand(byId.get(`https://platlint.invalid/schemas/${key}.schema.json`), `https://platlint.invalid/schemas/${key}.schema.json`, resolve))]));

  // keep the shapes that lead to a map (a fixpoint: schemas may be recursive)
  const leads = shapes.map((s) => s.map !== undefined);
  for (let changed = true; changed; ) {
    changed = false;
    shapes.forEach((s, i) => {
      if (leads[i]) return;
      if ((s.items !== undefined && leads[s.items]) || [...s.props.values()].some((c) => leads[c])) {
        leads[i] = true;
        changed = true;
      }
    });
  }
  const out = [];
  const renumber = new Map();
  const emit = (i) => {
    if (!leads[i]) return -1;
    if (renumber.has(i)) return renumber.get(i);
    const at = out.length;
    renumber.set(i, at);
    const node = {};
    out.push(node);
    const s = shapes[i];
    const p = {};
    for (const [name, c] of s.props) {
      const n = emit(c);
      if (n !== -1) p[name] = n;
    }
    if (Object.keys(p).length > 0) node.p = p;
    if (s.items !== undefined && emit(s.items) !== -1) node.i = emit(s.items);
    if (s.map !== undefined) node.m = emit(s.map);
    return at;
  };
  const roots = {};
  for (const [key, i] of Object.entries(rootIndex)) {
    const n = emit(i);
    if (n !== -1) roots[key] = n;
  }
  return { nodes: out, roots };
}

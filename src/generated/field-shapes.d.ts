// Types of the module that `npm run build` generates (src/tools/build-validators.mjs, src/tools/field-shapes.mjs).
/** One place in a kind's data: `p` its struct fields that lead to a map, `i` its list items, `m` present when it is a map (the node of its values, or -1). */
export interface FieldShape {
  p?: Record<string, number>;
  i?: number;
  m?: number;
}
/** The field shapes of every kind schema that has a map somewhere: `roots[schemaKey]` indexes `nodes`. */
export declare const fieldShapes: { nodes: FieldShape[]; roots: Record<string, number> };

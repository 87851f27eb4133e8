// The schema files themselves: ids match paths, every object is closed, every field is described (the
// descriptions feed editor hover), and every $ref resolves.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/fixtures.js';

const DIR = join(ROOT, 'schemas');
type Schema = Record<string, unknown>;

const files = (() => {
  const walk = (d: string): string[] =>
    readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(d, e.name)) : e.name.endsWith('.schema.json') ? [join(d, e.name)] : []));
  return walk(DIR).sort();
})();
const byId = new Map(files.map((f) => [`https://platlint.invalid/schemas/${relative(DIR, f).split(sep).join('/')}`, JSON.parse(readFileSync(f, 'utf8')) as Schema]));

function resolveRef(ref: string, base: string): Schema | undefined {
  const url = new URL(ref, base);
  const doc = byId.get(url.origin + url.pathname);
  if (!doc) return undefined;
  let cur: unknown = doc;
  for (const seg of url.hash.replace(/^#\/?/, '').split('/').filter(Boolean)) cur = (cur as Schema | undefined)?.[decodeURIComponent(seg)];
  return cur as Schema | undefined;
}

/**
 * Visits every subschema with its JSON pointer. `shape` is false inside combinators (anyOf, if/then …), whose
 * subschemas state constraints on an object described elsewhere, not the object's shape.
 */
function walkSchema(s: unknown, at: string, visit: (s: Schema, at: string, shape: boolean) => void, shape = true): void {
  if (!s || typeof s !== 'object' || Array.isArray(s)) return;
  visit(s as Schema, at, shape);
  for (const [k, v] of Object.entries(s as Schema)) {
    if (['properties', 'definitions', 'patternProperties'].includes(k) && v && typeof v === 'object') {
      for (const [n, sub] of Object.entries(v as Schema)) walkSchema(sub, `${at}/${k}/${n}`, visit, shape || k === 'definitions');
    } else if (['items', 'additionalProperties'].includes(k)) walkSchema(v, `${at}/${k}`, visit, shape);
    else if (['not', 'if', 'then', 'else'].includes(k)) walkSchema(v, `${at}/${k}`, visit, false);
    else if (['anyOf', 'oneOf', 'allOf'].includes(k) && Array.isArray(v)) v.forEach((sub, i) => walkSchema(sub, `${at}/${k}/${i}`, visit, false));
  }
}

describe('schema files', () => {
  for (const [id, schema] of byId) {
    const name = id.replace('https://platlint.invalid/schemas/', '');
    it(name, () => {
      expect(schema.$id).toBe(id);
      expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
      const problems: string[] = [];
      walkSchema(schema, '#', (s, at, shape) => {
        if (typeof s.$ref === 'string' && !resolveRef(s.$ref, id)) problems.push(`${at}: $ref ${s.$ref} does not resolve`);
        if (!shape) return;
        // An object is closed by additionalProperties, or by the allOf/$ref it extends.
        if (s.properties && s.additionalProperties === undefined && !s.allOf && !s.$ref) problems.push(`${at}: object without additionalProperties`);
        const props = (s.properties ?? {}) as Record<string, Schema>;
        for (const [p, sub] of Object.entries(props)) {
          if (p === 'apiVersion' || p === 'kind') continue;
          const target = typeof sub.$ref === 'string' ? resolveRef(sub.$ref, id) : undefined;
          if (!sub.description && !target?.description) problems.push(`${at}/properties/${p}: no description`);
        }
      });
      expect(problems).toEqual([]);
    });
  }
});

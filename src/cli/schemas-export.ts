import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COMMAND_KINDS, KINDS } from '../kinds/kinds.js';
import { writeAtomic } from '../files/write.js';
import { FORMATS as FORMAT_PATTERNS } from '../services/formats.mjs';

/**
 * `platlint schemas --out DIR`: the schemas of every kind as self-contained draft-07 files for other editors'
 * YAML support (a `# yaml-language-server: $schema=<path>` modeline, `yaml.schemas` settings), plus a catalog
 * in SchemaStore's format.
 *
 * The files under `schemas/` reach shared definitions through relative `$ref`s between files; an exported
 * file holds every definition it uses under its own `definitions`, so one file is enough. Descriptions stay
 * (they are the editor's hover text); platlint's own annotations (`x-sensitive`, `x-messages`) go; the formats
 * only platlint knows (`duration`, `base64`, `quantity`) become the equivalent `pattern`, which every
 * validator understands.
 */

type Schema = Record<string, unknown>;

const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';
const ID_PREFIX = 'https://platlint.invalid/schemas/';
export const CATALOG_FILE = 'catalog.json';
export const CATALOG_SCHEMA = 'https://json.schemastore.org/schema-catalog.json';

/** The custom formats, by name, as the patterns the engine checks them with (src/services/formats.mjs); `date-time` is standard and stays a format. */
const PATTERNS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(FORMAT_PATTERNS as Record<string, RegExp>)
    .filter(([name]) => name !== 'date-time')
    .map(([name, re]) => [name, re.source]),
);

/** Keywords whose value is one schema. */
const SCHEMA_KEYWORDS = new Set(['additionalProperties', 'additionalItems', 'not', 'if', 'then', 'else', 'contains', 'propertyNames']);
/** Keywords whose value is a list of schemas. */
const SCHEMA_LIST_KEYWORDS = new Set(['allOf', 'anyOf', 'oneOf']);
/** Keywords whose value maps names to schemas. */
const SCHEMA_MAP_KEYWORDS = new Set(['properties', 'patternProperties']);
/** Keywords dropped from every exported subschema: identifiers of the source files, their definition tables (rebuilt) and platlint's annotations. */
const DROPPED = new Set(['$id', '$schema', 'definitions']);

/** The `schemas/` folder: beside `src/` when run from the sources, beside `dist/` in the package (`dist/cli.cjs`, `dist/lib/index.js`). */
export function schemasDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const candidate of [join(here, '..', 'schemas'), join(here, '..', '..', 'schemas')]) {
    if (existsSync(join(candidate, 'platlint-config.schema.json'))) return candidate;
  }
  throw new Error(`cannot find the schemas folder near ${here}`);
}

/** Every schema file below `dir`, by `$id`. */
function loadSchemas(dir: string): Map<string, Schema> {
  const walk = (d: string): string[] =>
    readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(d, e.name)) : e.name.endsWith('.schema.json') ? [join(d, e.name)] : []));
  const byId = new Map<string, Schema>();
  for (const file of walk(dir).sort()) {
    const schema = JSON.parse(readFileSync(file, 'utf8')) as Schema;
    byId.set(typeof schema.$id === 'string' ? schema.$id : ID_PREFIX + relative(dir, file).split(sep).join('/'), schema);
  }
  return byId;
}

function isSchema(v: unknown): v is Schema {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** The subschema a JSON pointer names inside a document (`/definitions/Duration`). */
function atPointer(doc: Schema, pointer: string): unknown {
  let cur: unknown = doc;
  for (const raw of pointer.split('/').slice(1)) {
    const seg = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    cur = isSchema(cur) || Array.isArray(cur) ? (cur as Record<string, unknown>)[seg] : undefined;
  }
  return cur;
}

/** Bundles one schema file and everything it references into one self-contained schema. */
class Bundler {
  /** Definition name by resolved reference (`<file id>#<pointer>`). */
  private readonly names = new Map<string, string>();
  private readonly definitions: Record<string, Schema> = {};
  private readonly queue: { ref: string; docId: string; target: Schema }[] = [];

  constructor(private readonly byId: ReadonlyMap<string, Schema>) {}

  bundle(id: string): Schema {
    const doc = this.byId.get(id);
    if (!doc) throw new Error(`no schema ${id}`);
    // A thin file (only a `$ref` besides its metadata) becomes the definition it points at, so that the root
    // carries the properties itself rather than a `$ref` whose siblings draft-07 ignores.
    const thin = typeof doc.$ref === 'string' && Object.keys(doc).every((k) => ['$ref', '$id', '$schema', 'title', 'description', '$comment'].includes(k));
    let root: Schema;
    if (thin) {
      const { docId, target } = this.resolve(doc.$ref as string, id);
      root = { ...this.transform(target, docId), ...(doc.title ? { title: doc.title } : {}), ...(doc.description ? { description: doc.description } : {}) };
    } else {
      root = this.transform(doc, id);
    }
    for (let next = this.queue.shift(); next; next = this.queue.shift()) {
      this.definitions[this.names.get(next.ref)!] = this.transform(next.target, next.docId);
    }
    const sorted = Object.fromEntries(Object.entries(this.definitions).sort(([a], [b]) => a.localeCompare(b)));
    const { title, description, markdownDescription, ...rest } = root;
    return {
      $schema: DRAFT_07,
      ...(title !== undefined ? { title } : {}),
      ...(description !== undefined ? { description } : {}),
      ...(markdownDescription !== undefined ? { markdownDescription } : {}),
      ...rest,
      ...(Object.keys(sorted).length > 0 ? { definitions: sorted } : {}),
    };
  }

  private resolve(ref: string, baseId: string): { ref: string; docId: string; pointer: string; target: Schema } {
    const url = new URL(ref, baseId);
    const docId = url.origin + url.pathname;
    const doc = this.byId.get(docId);
    const pointer = decodeURIComponent(url.hash.replace(/^#/, ''));
    const target = doc && atPointer(doc, pointer);
    if (!isSchema(target)) throw new Error(`$ref ${ref} in ${baseId} does not resolve`);
    return { ref: `${docId}#${pointer}`, docId, pointer, target };
  }

  /** The local reference (`#/definitions/<name>`) that replaces a reference to another place. */
  private localRef(ref: string, baseId: string): string {
    const r = this.resolve(ref, baseId);
    let name = this.names.get(r.ref);
    if (name === undefined) {
      const last = r.pointer.split('/').filter(Boolean).pop() ?? r.docId.replace(/^.*\//, '').replace(/\.schema\.json$/, '');
      const taken = new Set(this.names.values());
      const file = r.docId.replace(/^.*\//, '').replace(/\.schema\.json$/, '');
      name = taken.has(last) ? `${file}.${last}` : last;
      for (let i = 2; taken.has(name); i++) name = `${file}.${last}.${i}`;
      this.names.set(r.ref, name);
      this.queue.push({ ref: r.ref, docId: r.docId, target: r.target });
    }
    return `#/definitions/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
  }

  /** A copy of a subschema with its references made local, annotations dropped and custom formats turned into patterns. */
  private transform(s: Schema, docId: string): Schema {
    const out: Schema = {};
    const patterns: Schema[] = [];
    for (const [k, v] of Object.entries(s)) {
      if (DROPPED.has(k) || k.startsWith('x-')) continue;
      if (k === '$ref' && typeof v === 'string') out[k] = this.localRef(v, docId);
      else if (SCHEMA_KEYWORDS.has(k) && isSchema(v)) out[k] = this.transform(v, docId);
      else if (k === 'items') out[k] = Array.isArray(v) ? v.map((i) => (isSchema(i) ? this.transform(i, docId) : i)) : isSchema(v) ? this.transform(v, docId) : v;
      else if (SCHEMA_LIST_KEYWORDS.has(k) && Array.isArray(v)) out[k] = v.map((i) => (isSchema(i) ? this.transform(i, docId) : i));
      else if (SCHEMA_MAP_KEYWORDS.has(k) && isSchema(v)) out[k] = Object.fromEntries(Object.entries(v).map(([n, sub]) => [n, isSchema(sub) ? this.transform(sub, docId) : sub]));
      else if (k === 'dependencies' && isSchema(v)) out[k] = Object.fromEntries(Object.entries(v).map(([n, sub]) => [n, isSchema(sub) ? this.transform(sub, docId) : sub]));
      else if (k === 'format' && typeof v === 'string' && PATTERNS[v] !== undefined) {
        // a pattern beside an existing one must hold too: it goes into allOf
        if (typeof s.pattern === 'string') patterns.push({ pattern: PATTERNS[v] });
        else out.pattern = PATTERNS[v];
      } else out[k] = v; // enum, const, default, examples, descriptions: data, copied as they are
    }
    if (patterns.length > 0) out.allOf = [...((out.allOf as unknown[] | undefined) ?? []), ...patterns];
    // editors render `markdownDescription` as Markdown in hover (the descriptions use `code` spans) and prefer it
    // to `description`: every described schema gets one, or a field's plain description would lose to the
    // Markdown one of its type
    if (typeof out.description === 'string' && out.markdownDescription === undefined) out.markdownDescription = out.description;
    // draft-07 ignores the siblings of a `$ref`, and editors show the first description they meet, which is
    // the type's: a field's own description beside the `$ref` of a scalar type (`timeout`: "at most 30s"
    // beside `Duration`) gets the type written inline instead; a reference to an object type goes into allOf
    if (typeof s.$ref === 'string' && Object.keys(out).length > 1) {
      const { $ref, ...rest } = out;
      const { target, docId: targetDoc } = this.resolve(s.$ref, docId);
      if (!('properties' in target) && !('$ref' in target) && !('allOf' in target) && !('anyOf' in target)) {
        const { description: _d, markdownDescription: _m, title: _t, ...type } = this.transform(target, targetDoc);
        return { ...type, ...rest };
      }
      return { ...rest, allOf: [{ $ref }, ...((rest.allOf as unknown[] | undefined) ?? [])] };
    }
    return out;
  }
}

/** One exported schema: where it goes below the output folder and what the catalog says of it. */
export interface ExportedSchema {
  /** Path below the output folder, with `/`: `apiserver.config.plat.io/v1/AuthorizationConfiguration.schema.json`. */
  file: string;
  name: string;
  description: string;
  fileMatch: string[];
  schema: Schema;
}

export interface SchemaCatalog {
  $schema: string;
  version: 1;
  schemas: { name: string; description: string; fileMatch: string[]; url: string }[];
}

/**
 * The exported schemas, computed without writing anything: every kind with an `apiVersion` (src/kinds/kinds.ts
 * KINDS), the command kinds with a schema (`platlint patch`), and the configuration file's schema.
 */
export function exportedSchemas(dir: string = schemasDir()): ExportedSchema[] {
  const byId = loadSchemas(dir);
  const out: ExportedSchema[] = [];
  const add = (key: string, name: string, description: string, fileMatch: string[]) => {
    const schema = new Bundler(byId).bundle(`${ID_PREFIX}${key}.schema.json`);
    out.push({ file: `${key}.schema.json`, name, description, fileMatch, schema });
  };
  for (const k of KINDS) {
    if (k.schema === '') continue;
    // plat objects are told apart by apiVersion and kind, not by file name: no fileMatch (pick the schema with a modeline or a setting)
    add(k.schema, `plat ${k.kind} (${k.apiVersion})`, `${k.kind} of ${k.apiVersion}, as checked by platlint`, []);
  }
  for (const k of COMMAND_KINDS) {
    if (k.schema === '') continue;
    add(k.schema, `plat ${k.kind}`, `A ${k.kind} document for platctl patch, as checked by platlint patch`, []);
  }
  add('platlint-config', 'platlint configuration', 'The platlint configuration file', ['platlint.config.yaml', 'platlint.config.yml']);
  return out;
}

/** The catalog of the exported schemas; urls are relative to the catalog's folder unless `baseUrl` is given (then absolute). */
export function schemaCatalog(schemas: readonly ExportedSchema[], baseUrl?: string): SchemaCatalog {
  const base = baseUrl === undefined ? undefined : baseUrl.endsWith('/') ? baseUrl : baseUrl + '/';
  return {
    $schema: CATALOG_SCHEMA,
    version: 1,
    schemas: schemas.map((s) => ({
      name: s.name,
      description: s.description,
      fileMatch: s.fileMatch,
      url: base === undefined ? `./${s.file}` : new URL(s.file, base).href,
    })),
  };
}

export interface ExportOptions {
  /** Absolute URL the folder will be published at: the catalog's urls become absolute (SchemaStore requires `https://` urls). */
  baseUrl?: string;
  /** The `schemas/` folder to read (default: the package's own). */
  from?: string;
}

/**
 * Writes the exported schemas and `catalog.json` into `outDir` (created when missing; each file written
 * atomically; other files in the folder are left alone). Returns the written files, relative to `outDir`
 * with `/`, the catalog last.
 */
export function exportSchemas(outDir: string, options: ExportOptions = {}): { files: string[] } {
  const schemas = exportedSchemas(options.from ?? schemasDir());
  const files: string[] = [];
  for (const s of schemas) {
    writeAtomic(resolve(outDir, ...s.file.split('/')), JSON.stringify(s.schema, null, 2) + '\n');
    files.push(s.file);
  }
  writeAtomic(resolve(outDir, CATALOG_FILE), JSON.stringify(schemaCatalog(schemas, options.baseUrl), null, 2) + '\n');
  files.push(CATALOG_FILE);
  return { files };
}

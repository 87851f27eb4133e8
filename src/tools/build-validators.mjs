// Compiles every JSON Schema under schemas/ into one module of standalone Ajv validators
// (src/generated/validators.js), so that a lint run never loads Ajv's compiler.
import { readFileSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { FORMATS } from './formats.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const schemasDir = join(root, 'schemas');

export const ANNOTATIONS = ['x-sensitive', 'x-messages'];

/** Every schema file below schemas/, sorted, with its key (path without `.schema.json`). */
export function schemaFiles() {
  const walk = (d) =>
    readdirSync(d, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))
      .flatMap((e) => (e.isDirectory() ? walk(join(d, e.name)) : e.name.endsWith('.schema.json') ? [join(d, e.name)] : []));
  return walk(schemasDir).map((file) => ({
    file,
    key: relative(schemasDir, file).split(sep).join('/').replace(/\.schema\.json$/, ''),
    schema: JSON.parse(readFileSync(file, 'utf8')),
  }));
}

export function newAjv(code, options = {}) {
  const ajv = new Ajv({ ...options, allErrors: true, verbose: true, strictSchema: true, strictNumbers: true, strictTuples: true, strictRequired: false, strictTypes: false, allowUnionTypes: true, code });
  for (const k of ANNOTATIONS) ajv.addKeyword(k);
  for (const [name, re] of Object.entries(FORMATS)) ajv.addFormat(name, re);
  return ajv;
}

/** Keywords that only document a schema (for editors); the validators do not need them. */
const DOC_ONLY = new Set(['description', 'title', 'default', 'examples', '$comment']);

/** A copy of a schema without documentation keywords (property names are kept: `properties` maps names to schemas). */
function stripDocs(schema) {
  if (Array.isArray(schema)) return schema.map(stripDocs);
  if (schema === null || typeof schema !== 'object') return schema;
  const out = {};
  for (const [k, v] of Object.entries(schema)) {
    if (DOC_ONLY.has(k) && typeof v !== 'object') continue;
    if (k === 'default' || k === 'examples') continue;
    out[k] = ['properties', 'definitions', 'patternProperties', 'x-messages'].includes(k) ? Object.fromEntries(Object.entries(v).map(([n, s]) => [n, stripDocs(s)])) : stripDocs(v);
  }
  return out;
}

function main() {
  const files = schemaFiles();
  const ajv = newAjv({ source: true, esm: true, optimize: 1 }, { inlineRefs: false });
  for (const f of files) ajv.addSchema(stripDocs(f.schema));
  // Only top-level kind schemas (and the config schema) get an export; shared files are reached by $ref.
  const entries = files.filter((f) => !f.key.startsWith('_shared/'));
  const exportsMap = {};
  entries.forEach((f, i) => {
    if (f.schema.$id !== `https://platlint.invalid/schemas/${f.key}.schema.json`) {
      throw new Error(`${f.key}: $id must be https://platlint.invalid/schemas/${f.key}.schema.json`);
    }
    exportsMap[`v${i}`] = f.schema.$id;
  });
  let code = standaloneCode(ajv, exportsMap);
  code += `\nexport const validators = {${entries.map((f, i) => `${JSON.stringify(f.key)}: v${i}`).join(', ')}};\n`;
  const out = join(root, 'src', 'generated', 'validators.js');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, code);
  process.stdout.write(`validators: ${entries.length} schemas, ${(code.length / 1024).toFixed(0)} KiB\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();

// `platlint schemas --out DIR`: every exported schema stands alone (a fresh draft-07 Ajv compiles it without
// any other file), accepts and rejects exactly what the engine's own schema stage accepts and rejects on every
// schema fixture, keeps the descriptions editors show on hover, and is listed in the catalog.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_KINDS, KINDS, type KindSpec } from '../src/kinds/kinds.js';
import { lintText } from '../src/lint/lint.js';
import { parseText } from '../src/parse/compose.js';
import { validateSchema } from '../src/check/schema.js';
import { CATALOG_FILE, CATALOG_SCHEMA, exportSchemas, exportedSchemas, schemaCatalog, type SchemaCatalog } from '../src/cli/schemas-export.js';
import { FORMATS } from '../src/services/formats.mjs';
import { ROOT, read, yamlFiles } from './helpers/fixtures.js';

type Schema = Record<string, unknown>;

let out: string;
let files: string[];
beforeAll(() => {
  out = mkdtempSync(join(tmpdir(), 'platlint-schemas-'));
  files = exportSchemas(out).files;
});
afterAll(() => rmSync(out, { recursive: true, force: true }));

const exportedKinds: KindSpec[] = [...KINDS, ...COMMAND_KINDS].filter((k) => k.schema !== '');

/** A fresh Ajv as another tool would make it: draft-07, unknown keywords and formats ignored (strict off), nothing else loaded. */
function freshAjv(): Ajv {
  const ajv = new Ajv({ strict: false, allErrors: true, logger: false });
  // `date-time` is a standard format that editors check themselves; Ajv needs it given (ajv-formats is not installed)
  ajv.addFormat('date-time', (FORMATS as Record<string, RegExp>)['date-time']!);
  return ajv;
}

function compileFile(file: string): ValidateFunction {
  return freshAjv().compile(JSON.parse(readFileSync(join(out, file), 'utf8')) as Schema);
}

/** Every `$ref` and every key of a schema (schema positions and data alike: a conservative check). */
function walk(v: unknown, visit: (key: string, value: unknown) => void): void {
  if (Array.isArray(v)) v.forEach((i) => walk(i, visit));
  else if (v && typeof v === 'object') for (const [k, sub] of Object.entries(v)) (visit(k, sub), walk(sub, visit));
}

describe('exportSchemas', () => {
  it('writes one file per kind with a schema, the configuration schema and the catalog', () => {
    const expected = [...exportedKinds.map((k) => `${k.schema}.schema.json`), 'platlint-config.schema.json', CATALOG_FILE];
    expect(files).toEqual(expected);
    const onDisk = (readdirSync(out, { recursive: true }) as string[]).filter((f) => f.endsWith('.json')).map((f) => f.split('\\').join('/')).sort();
    expect(onDisk).toEqual([...expected].sort());
    expect(files).toHaveLength(KINDS.length + 3 + 1 + 1);
  });

  it('writes the same bytes every time', () => {
    const again = mkdtempSync(join(tmpdir(), 'platlint-schemas-'));
    try {
      exportSchemas(again);
      for (const f of files) expect(readFileSync(join(again, f), 'utf8'), f).toBe(readFileSync(join(out, f), 'utf8'));
    } finally {
      rmSync(again, { recursive: true, force: true });
    }
  });

  it('lists every schema in the catalog, with relative urls that resolve to the written files', () => {
    const catalog = JSON.parse(readFileSync(join(out, CATALOG_FILE), 'utf8')) as SchemaCatalog;
    expect(catalog.$schema).toBe(CATALOG_SCHEMA);
    expect(catalog.version).toBe(1);
    expect(catalog.schemas.map((s) => s.url)).toEqual(files.filter((f) => f !== CATALOG_FILE).map((f) => `./${f}`));
    for (const s of catalog.schemas) {
      expect(JSON.parse(readFileSync(new URL(s.url, `file://${out}/`), 'utf8')).$schema).toBe('http://json-schema.org/draft-07/schema#');
      expect(s.name).toMatch(/^(plat |platlint )/);
      expect(s.description.length).toBeGreaterThan(0);
    }
    expect(new Set(catalog.schemas.map((s) => s.name)).size).toBe(catalog.schemas.length);
    expect(catalog.schemas.find((s) => s.url === './platlint-config.schema.json')?.fileMatch).toEqual(['platlint.config.yaml', 'platlint.config.yml']);
    expect(catalog.schemas.find((s) => s.url === './apiserver.config.plat.io/v1/AuthorizationConfiguration.schema.json')).toEqual({
      name: 'plat AuthorizationConfiguration (apiserver.config.plat.io/v1)',
      description: 'AuthorizationConfiguration of apiserver.config.plat.io/v1, as checked by platlint',
      fileMatch: [],
      url: './apiserver.config.plat.io/v1/AuthorizationConfiguration.schema.json',
    });
  });

  it("the catalog passes SchemaStore's catalog schema with a published https base url; relative urls fail only its https-url pattern", () => {
    // test/data/schema-catalog.json: SchemaStore's draft-04 schema; its keywords mean the same in draft-07
    const { $schema: _draft04, id: _id, ...catalogSchema } = JSON.parse(readFileSync(join(ROOT, 'test/data/schema-catalog.json'), 'utf8')) as Schema;
    const validate = freshAjv().compile(catalogSchema);
    const schemas = exportedSchemas();
    const published = schemaCatalog(schemas, 'https://example.com/plat-schemas');
    expect(validate(published), JSON.stringify(validate.errors)).toBe(true);
    expect(published.schemas[0]!.url).toBe(`https://example.com/plat-schemas/${schemas[0]!.file}`);
    expect(validate(schemaCatalog(schemas))).toBe(false);
    expect([...new Set(validate.errors!.map((e) => `${e.keyword} ${e.instancePath.replace(/\d+/, 'N')}`))]).toEqual(['pattern /schemas/N/url']);
  });
});

describe('exported schemas', () => {
  const checkedFixtures = new Map<string, { accepted: number; rejected: number }>();

  for (const k of exportedKinds) {
    const file = `${k.schema}.schema.json`;
    describe(k.schema, () => {
      it('is draft-07, self-contained and free of platlint annotations', () => {
        const text = readFileSync(join(out, file), 'utf8');
        const schema = JSON.parse(text) as Schema;
        expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
        expect(schema.$id).toBeUndefined();
        const defs = (schema.definitions ?? {}) as Schema;
        walk(schema, (key, value) => {
          expect(key, 'no platlint annotation').not.toMatch(/^x-(sensitive|messages)$/);
          if (key === '$ref') {
            expect(value).toMatch(/^#\/definitions\/[^/]+$/);
            expect(defs[(value as string).slice('#/definitions/'.length).replace(/~1/g, '/').replace(/~0/g, '~')], String(value)).toBeDefined();
          }
          if (key === 'format') expect(value).toBe('date-time');
        });
        // compiles in a fresh Ajv with nothing else loaded: a missing reference would throw
        expect(() => compileFile(file)).not.toThrow();
      });

      it('accepts and rejects every schema fixture document as the engine does', () => {
        const validate = compileFile(file);
        const dir = join(ROOT, 'fixtures/schema', k.schema);
        let accepted = 0;
        let rejected = 0;
        for (const sub of ['valid', 'invalid']) {
          for (const f of yamlFiles(join(dir, sub))) {
            const parsed = parseText(read(f));
            for (const d of parsed.documents) {
              if (d.broken || d.value === null || d.value === undefined) continue;
              const engine = validateSchema(d.value, k).length === 0;
              const exported = validate(d.value);
              expect(exported, `${sub}/${f.split('/').pop()} document ${d.index}: ${JSON.stringify(validate.errors)}`).toBe(engine);
              if (sub === 'valid') expect(exported, `${f} is valid`).toBe(true);
              if (exported) accepted++;
              else rejected++;
            }
          }
        }
        checkedFixtures.set(k.schema, { accepted, rejected });
        expect(accepted, 'valid fixtures accepted').toBeGreaterThan(0);
        expect(rejected, 'at least one invalid fixture rejected').toBeGreaterThan(0);
      });
    });
  }

  it('keeps descriptions (Markdown too, for hover) and turns platlint-only formats into patterns', () => {
    const schema = JSON.parse(readFileSync(join(out, 'apiserver.config.plat.io/v1/AuthorizationConfiguration.schema.json'), 'utf8')) as Schema;
    const source = JSON.parse(readFileSync(join(ROOT, 'schemas/_shared/apiserver.schema.json'), 'utf8')) as { definitions: Record<string, Schema> };
    const def = source.definitions.AuthorizationConfiguration!;
    expect(schema.title).toBe('AuthorizationConfiguration (apiserver.config.plat.io/v1)');
    expect(schema.type).toBe('object');
    expect(Object.keys(schema.properties as Schema)).toEqual(Object.keys(def.properties as Schema));
    const authorizers = (schema.properties as Record<string, Schema>).authorizers!;
    expect(authorizers.description).toBe(((def.properties as Record<string, Schema>).authorizers!).description);
    const defs = schema.definitions as Record<string, Schema>;
    expect(defs.Duration).toEqual({
      type: 'string',
      pattern: (FORMATS as Record<string, RegExp>).duration!.source,
      description: 'A duration such as `10s`, `1m30s` or `2h45m` (a decimal number with a unit: ns, us, ms, s, m, h).',
      markdownDescription: 'A duration such as `10s`, `1m30s` or `2h45m` (a decimal number with a unit: ns, us, ms, s, m, h).',
    });
  });

  it('drops x-sensitive and x-messages found in the sources', () => {
    const sources = readFileSync(join(ROOT, 'schemas/_shared/apiserver.schema.json'), 'utf8') + readFileSync(join(ROOT, 'schemas/_shared/exec-credential.schema.json'), 'utf8');
    expect(sources).toMatch(/"x-sensitive"/);
    for (const f of files) expect(readFileSync(join(out, f), 'utf8'), f).not.toMatch(/"x-(sensitive|messages)"/);
  });
});

describe('a yaml-language-server modeline', () => {
  it('points from a document to one exported file, which alone validates it; platlint ignores the comment', () => {
    const project = mkdtempSync(join(tmpdir(), 'platlint-modeline-'));
    try {
      exportSchemas(join(project, 'plat-schemas'));
      const fixture = read(join(ROOT, 'fixtures/schema/apiserver.config.plat.io/v1/AuthorizationConfiguration/valid/complete.yaml'));
      const modeline = '# yaml-language-server: $schema=../plat-schemas/apiserver.config.plat.io/v1/AuthorizationConfiguration.schema.json\n';
      const doc = join(project, 'config', 'authz.yaml');
      mkdirSync(dirname(doc));
      writeFileSync(doc, modeline + fixture);
      // how yaml-language-server reads the modeline: the first `$schema=` of a `# yaml-language-server:` comment,
      // a relative path resolved against the document's folder
      const line = (readFileSync(doc, 'utf8').split('\n').find((l) => /^#\s+yaml-language-server\s*:/.test(l)))!;
      const target = resolve(dirname(doc), /\$schema=(\S+)/.exec(line)![1]!);
      const validate = freshAjv().compile(JSON.parse(readFileSync(target, 'utf8')) as Schema);
      const value = parseText(readFileSync(doc, 'utf8')).documents[0]!.value as Record<string, unknown>;
      expect(validate(value), JSON.stringify(validate.errors)).toBe(true);
      expect(validate({ ...value, authorizer: [] })).toBe(false);
      expect(validate.errors!.map((e) => `${e.keyword} ${e.instancePath} ${JSON.stringify(e.params)}`)).toEqual(['additionalProperties  {"additionalProperty":"authorizer"}']);
      const linted = lintText(readFileSync(doc, 'utf8'), { filePath: doc });
      expect(linted.diagnostics).toEqual([]);
      expect(linted.documentsChecked).toBe(1);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });
});

// One generic runner over fixtures/schema/<group>/<version>/<Kind>/{valid,invalid}: every kind has fixtures,
// valid files lint clean, invalid files give exactly the findings their `# expect:` lines declare, and the
// wording of every message is pinned by a snapshot beside the fixture.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMAND_KINDS, KINDS } from '../src/kinds/kinds.js';
import { hasSchema } from '../src/check/schema.js';
import { ROOT, caseDirs, rel, yamlFiles } from './helpers/fixtures.js';
import { fixtureFolderTests } from './helpers/fixture-tests.js';

const FIXTURES = join(ROOT, 'fixtures', 'schema');

const SCHEMA_KINDS = [...KINDS, ...COMMAND_KINDS.filter((k) => k.schema !== '')];

describe('every kind of the spec has a schema and fixtures', () => {
  for (const kind of SCHEMA_KINDS) {
    it(`${kind.apiVersion} ${kind.kind}`, () => {
      expect(hasSchema(kind)).toBe(true);
      const dir = join(FIXTURES, kind.schema);
      expect(yamlFiles(join(dir, 'valid')).length, `${rel(dir)}/valid`).toBeGreaterThan(0);
      expect(yamlFiles(join(dir, 'invalid')).length, `${rel(dir)}/invalid`).toBeGreaterThan(0);
    });
  }
  it('has no fixture folder without a kind', () => {
    const known = new Set(SCHEMA_KINDS.map((k) => join(FIXTURES, k.schema)));
    expect(caseDirs(FIXTURES).filter((d) => !known.has(d)).map(rel)).toEqual([]);
  });
});

for (const dir of caseDirs(FIXTURES)) {
  describe(rel(dir), () => fixtureFolderTests(dir));
}

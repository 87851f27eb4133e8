// One generic runner over fixtures/schema/<group>/<version>/<Kind>/{valid,invalid}: every kind has fixtures,
// valid files lint clean, invalid files give exactly the findings their `# expect:` lines declare, and the
// wording of every message is pinned by a snapshot beside the fixture.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KINDS } from '../src/kinds.js';
import { lintText } from '../src/lint.js';
import { hasSchema } from '../src/schema.js';
import { ROOT, asExpectation, caseDirs, expectations, read, rel, renderMessages, yamlFiles } from './helpers/fixtures.js';

const FIXTURES = join(ROOT, 'fixtures', 'schema');

describe('every kind of the spec has a schema and fixtures', () => {
  for (const kind of KINDS) {
    it(`${kind.apiVersion} ${kind.kind}`, () => {
      expect(hasSchema(kind)).toBe(true);
      const dir = join(FIXTURES, kind.schema);
      expect(yamlFiles(join(dir, 'valid')).length, `${rel(dir)}/valid`).toBeGreaterThan(0);
      expect(yamlFiles(join(dir, 'invalid')).length, `${rel(dir)}/invalid`).toBeGreaterThan(0);
    });
  }
  it('has no fixture folder without a kind', () => {
    const known = new Set(KINDS.map((k) => join(FIXTURES, k.schema)));
    expect(caseDirs(FIXTURES).filter((d) => !known.has(d)).map(rel)).toEqual([]);
  });
});

for (const dir of caseDirs(FIXTURES)) {
  describe(rel(dir), () => {
    for (const file of yamlFiles(join(dir, 'valid'))) {
      it(`valid/${file.split('/').pop()}`, () => {
        const text = read(file);
        expect(expectations(text)).toEqual([]);
        const result = lintText(text, { filePath: file });
        expect(result.diagnostics.map((d) => `${asExpectation(d)} ${d.message}`)).toEqual([]);
        expect(result.documentsChecked).toBeGreaterThan(0);
      });
    }
    for (const file of yamlFiles(join(dir, 'invalid'))) {
      it(`invalid/${file.split('/').pop()}`, async () => {
        const text = read(file);
        const expected = expectations(text);
        expect(expected.length, 'an invalid fixture declares what it expects').toBeGreaterThan(0);
        const result = lintText(text, { filePath: file });
        expect(result.diagnostics.map(asExpectation).sort()).toEqual(expected);
        await expect(renderMessages(result.diagnostics)).toMatchFileSnapshot(file.replace(/\.(ya?ml|json)$/, '.messages.txt'));
      });
    }
  });
}

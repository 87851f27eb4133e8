// One generic runner over every rule module and its fixtures (fixtures/rules/<area>/<name>/{valid,invalid}):
// a valid file lints clean with every rule on; an invalid file gives exactly the findings its `# expect:`
// lines declare (all rules on, so a rule that fires on another rule's fixture fails too); message wording is
// pinned by a snapshot beside each invalid fixture.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULES } from '../rules/index.js';
import { lintText } from '../src/lint.js';
import { ROOT, asExpectation, caseDirs, expectations, read, rel, renderMessages, yamlFiles } from './helpers/fixtures.js';

const FIXTURES = join(ROOT, 'fixtures', 'rules');

for (const rule of RULES) {
  const dir = join(FIXTURES, rule.id);
  describe(rule.id, () => {
    const valid = yamlFiles(join(dir, 'valid'));
    const invalid = yamlFiles(join(dir, 'invalid'));
    it('has valid and invalid fixtures', () => {
      expect(valid.length, `${rel(dir)}/valid`).toBeGreaterThan(0);
      expect(invalid.length, `${rel(dir)}/invalid`).toBeGreaterThan(0);
    });
    for (const file of valid) {
      it(`valid/${file.split('/').pop()}`, () => {
        const text = read(file);
        expect(expectations(text)).toEqual([]);
        const result = lintText(text, { filePath: file });
        expect(result.diagnostics.map((d) => `${asExpectation(d)} ${d.message}`)).toEqual([]);
        expect(result.documentsChecked).toBeGreaterThan(0);
      });
    }
    for (const file of invalid) {
      it(`invalid/${file.split('/').pop()}`, async () => {
        const text = read(file);
        const expected = expectations(text);
        expect(expected.some((e) => e.startsWith(`${rule.id} `)), 'an invalid fixture expects its own rule').toBe(true);
        const result = lintText(text, { filePath: file });
        expect(result.diagnostics.map(asExpectation).sort()).toEqual(expected);
        await expect(renderMessages(result.diagnostics)).toMatchFileSnapshot(file.replace(/\.(ya?ml|json)$/, '.messages.txt'));
      });
    }
  });
}

describe('rule fixtures', () => {
  it('have no folder without a rule', () => {
    const ids = new Set(RULES.map((r) => join(FIXTURES, r.id)));
    expect(caseDirs(FIXTURES).filter((d) => !ids.has(d)).map(rel)).toEqual([]);
  });
});

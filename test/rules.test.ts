// One generic runner over every rule module and its fixtures (fixtures/rules/<area>/<name>/{valid,invalid}):
// a valid file lints clean with every rule on; an invalid file gives exactly the findings its `# expect:`
// lines declare (all rules on, so a rule that fires on another rule's fixture fails too); message wording is
// pinned by a snapshot beside each invalid fixture.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { RULES } from '../rules/index.js';
import { BUILTIN_RULES } from '../src/check/builtin-rules.js';
import { ROOT, caseDirs, rel, yamlFiles } from './helpers/fixtures.js';
import { fixtureFolderTests } from './helpers/fixture-tests.js';

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
    fixtureFolderTests(dir, rule.id);
  });
}

// the engine's own findings that have fixtures (yaml/duplicate-key: its severity depends on who reads the kind)
const BUILTIN_WITH_FIXTURES = Object.keys(BUILTIN_RULES).filter((id) => existsSync(join(FIXTURES, id)));
for (const id of BUILTIN_WITH_FIXTURES) describe(id, () => fixtureFolderTests(join(FIXTURES, id), id));

describe('rule fixtures', () => {
  it('have no folder without a rule', () => {
    const ids = new Set([...RULES.map((r) => r.id), ...BUILTIN_WITH_FIXTURES].map((id) => join(FIXTURES, id)));
    expect(caseDirs(FIXTURES).filter((d) => !ids.has(d)).map(rel)).toEqual([]);
  });
});

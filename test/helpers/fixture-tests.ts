import { join } from 'node:path';
import { expect, it } from 'vitest';
import { commandKind } from '../../src/kinds/kinds.js';
import { lintFlagsText } from '../../src/flags/lint.js';
import { lintText, type LintOptions, type LintResult } from '../../src/lint/lint.js';
import { FLAGS_FIXTURE, asExpectation, expectations, read, renderMessages, yamlFiles } from './fixtures.js';

/**
 * Lint options of a fixture: a `# lint-as: <Kind>` line reads its documents as a command kind (`JSONPatch`),
 * as `platlint patch --type json` does.
 */
export function fixtureOptions(file: string, text: string): LintOptions {
  const m = /^#\s*lint-as:\s*(\S+)\s*$/m.exec(text);
  return { filePath: file, ...(m ? { kind: commandKind(m[1]!) } : {}) };
}

/** Lints a fixture: a command-line fixture (FLAGS_FIXTURE) as `platlint flags` does, anything else as YAML. */
function lintFixture(file: string, text: string): LintResult {
  return FLAGS_FIXTURE.test(file) ? lintFlagsText(text, { filePath: file }) : lintText(text, fixtureOptions(file, text));
}

/**
 * The tests of one fixture folder (`valid/` and `invalid/`), with every rule on: a valid file lints clean; an
 * invalid file gives exactly the findings its `# expect:` lines declare (and `mustExpect` among them, when
 * given), and its messages match the `.messages.txt` snapshot beside it.
 */
export function fixtureFolderTests(dir: string, mustExpect?: string): void {
  for (const file of yamlFiles(join(dir, 'valid'))) {
    it(`valid/${file.split('/').pop()}`, () => {
      const text = read(file);
      expect(expectations(text)).toEqual([]);
      const result = lintFixture(file, text);
      expect(result.diagnostics.map((d) => `${asExpectation(d)} ${d.message}`)).toEqual([]);
      expect(result.documentsChecked).toBeGreaterThan(0);
    });
  }
  for (const file of yamlFiles(join(dir, 'invalid'))) {
    it(`invalid/${file.split('/').pop()}`, async () => {
      const text = read(file);
      const expected = expectations(text);
      expect(expected.length, 'an invalid fixture declares what it expects').toBeGreaterThan(0);
      if (mustExpect) expect(expected.some((e) => e.startsWith(`${mustExpect} `)), 'an invalid fixture expects its own rule').toBe(true);
      const result = lintFixture(file, text);
      expect(result.diagnostics.map(asExpectation).sort()).toEqual(expected);
      await expect(renderMessages(result.diagnostics)).toMatchFileSnapshot(file.replace(/\.(ya?ml|json|flags|service|conf|env)$/, '.messages.txt'));
    });
  }
}

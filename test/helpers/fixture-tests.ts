import { join } from 'node:path';
import { expect, it } from 'vitest';
import { lintText } from '../../src/lint.js';
import { asExpectation, expectations, read, renderMessages, yamlFiles } from './fixtures.js';

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
      if (mustExpect) expect(expected.some((e) => e.startsWith(`${mustExpect} `)), 'an invalid fixture expects its own rule').toBe(true);
      const result = lintText(text, { filePath: file });
      expect(result.diagnostics.map(asExpectation).sort()).toEqual(expected);
      await expect(renderMessages(result.diagnostics)).toMatchFileSnapshot(file.replace(/\.(ya?ml|json)$/, '.messages.txt'));
    });
  }
}

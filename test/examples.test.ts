// The bundled examples the README and docs/development.md run: the realistic ones are clean with every rule on; each `mistakes-*`
// file shows findings.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintText } from '../src/lint/lint.js';
import { ROOT, read } from './helpers/fixtures.js';

const DIR = join(ROOT, 'fixtures', 'examples');

describe('bundled examples', () => {
  for (const name of readdirSync(DIR).filter((f) => /\.ya?ml$/.test(f)).sort()) {
    it(name, () => {
      const result = lintText(read(join(DIR, name)), { filePath: name });
      expect(result.documentsChecked).toBeGreaterThan(0);
      if (name.startsWith('mistakes-')) expect(result.errorCount).toBeGreaterThan(0);
      else expect(result.diagnostics.map((d) => `${d.line}:${d.column} ${d.ruleId} ${d.message}`)).toEqual([]);
    });
  }
});

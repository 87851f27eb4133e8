// docs/rules.md is generated from the rules' metadata and fixtures; this fails when it is stale. And the codes
// of problems with platlint's own files (not rules) are documented for `platlint explain`.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { OWN_FILE_CODES } from '../src/check/builtin-rules.js';
import { renderRulesDoc } from '../src/check/rule-docs.js';
import { ruleExamples } from '../src/tools/rule-examples.mjs';
import { ROOT } from './helpers/fixtures.js';

it('docs/rules.md is up to date (run npm run docs)', () => {
  const expected = renderRulesDoc((id) => ruleExamples(ROOT, id));
  expect(readFileSync(join(ROOT, 'docs', 'rules.md'), 'utf8')).toBe(expected);
});

it("every code of a problem with platlint's own files that the source gives is documented (platlint explain)", () => {
  const codes = new Set<string>();
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      // (the table itself aside: each code it documents must be one the source gives)
      else if (p.endsWith('.ts') && e.name !== 'builtin-rules.ts') for (const m of readFileSync(p, 'utf8').matchAll(/'((?:config|baseline)\/[a-z-]+)'/g)) codes.add(m[1]!);
    }
  };
  walk(join(ROOT, 'src'));
  expect([...codes].sort()).toEqual(Object.keys(OWN_FILE_CODES).sort());
});

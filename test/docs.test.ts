// docs/rules.md is generated from the rules' metadata and fixtures; this fails when it is stale.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { renderRulesDoc } from '../src/docs.js';
import { ruleExamples } from '../src/tools/rule-examples.mjs';
import { ROOT } from './helpers/fixtures.js';

it('docs/rules.md is up to date (run npm run docs)', () => {
  const expected = renderRulesDoc((id) => ruleExamples(ROOT, id));
  expect(readFileSync(join(ROOT, 'docs', 'rules.md'), 'utf8')).toBe(expected);
});

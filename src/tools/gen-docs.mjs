// npm run docs: writes docs/rules.md from the built package's rule metadata and the rule fixtures.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ruleExamples } from './rule-examples.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { renderRulesDoc } = await import(join(root, 'dist', 'lib', 'index.js'));
mkdirSync(join(root, 'docs'), { recursive: true });
writeFileSync(join(root, 'docs', 'rules.md'), renderRulesDoc((id) => ruleExamples(root, id)));
process.stdout.write('docs/rules.md written\n');

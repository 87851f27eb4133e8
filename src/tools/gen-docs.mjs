// npm run docs: writes docs/rules/ (the index README.md and one page per rule, docs/rules/<area>/<name>.md) from the
// built package's rule metadata and the rule fixtures, and removes the pages of rules that no longer exist.
import { mkdirSync, readdirSync, readFileSync, rmSync, rmdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ruleExamples } from './rule-examples.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { renderRuleDocs } = await import(join(root, 'dist', 'lib', 'index.js'));
const dir = join(root, 'docs', 'rules');
const files = renderRuleDocs((id) => ruleExamples(root, id));

let written = 0;
for (const [path, text] of files) {
  const file = join(dir, path);
  mkdirSync(dirname(file), { recursive: true });
  let old;
  try {
    old = readFileSync(file, 'utf8');
  } catch {
    old = undefined;
  }
  if (old !== text) {
    writeFileSync(file, text);
    written++;
  }
}

// stale pages (a rule renamed or removed), then the folders they leave empty; and the single page of old
let removed = 0;
for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
  const file = join(e.parentPath, e.name);
  if (e.isFile() && !files.has(relative(dir, file).split(sep).join('/'))) {
    rmSync(file);
    removed++;
  }
}
for (const e of readdirSync(dir, { withFileTypes: true })) if (e.isDirectory() && readdirSync(join(dir, e.name)).length === 0) rmdirSync(join(dir, e.name));
rmSync(join(root, 'docs', 'rules.md'), { force: true });

process.stdout.write(`docs/rules/: ${files.size} files, ${written} written, ${removed} stale removed\n`);

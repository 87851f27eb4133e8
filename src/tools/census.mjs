#!/usr/bin/env node
// What platlint reads of the real files of fixtures/realworld/ (fixtures/realworld/README.md), per top-level
// folder: files, documents checked, skipped as not plat, unrendered templates skipped, and whatever else the
// summary line counts. For before/after tables when the linter changes how much of a file it reads (templates
// per document, documents embedded in strings): build first (`npm run build`), then
//
//   node src/tools/census.mjs [--md | --json] [FOLDER...]
//
// Each folder is linted by the built command line (bin/platlint.js) as test/realworld.test.ts lints it:
// `flags/` with `platlint flags`, `patches/<type>/` with `platlint patch --type <type>`, every other folder as a
// folder, with the templates a folder search leaves out (`*.j2`, `*.tmpl`) named. The counts are read from the
// stylish report's summary line (`✖ 5 problems (1 error, 4 warnings) in 2 of 10 files — 8 documents checked, 6 skipped as not plat, 1 unrendered
// template skipped`), so counts the linter adds to that line later come out as columns of their own. One folder
// at a time: the machine's cores are shared.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const CLI = join(ROOT, 'bin', 'platlint.js');
const CORPUS = join('fixtures', 'realworld');
const NAMED_TEMPLATE = /\.(j2|tmpl)$/;
const PATCH_TYPES = ['json', 'merge', 'strategic'];

/** The columns every row has, in this order; counts the summary line adds later follow them. */
const KNOWN = ['files', 'with findings', 'errors', 'warnings', 'documents checked', 'skipped as not plat', 'unrendered templates skipped'];

function filesUnder(dir) {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(ROOT, join(e.parentPath, e.name)))
    .sort();
}

/** A count's name whatever its number: `1 unrendered template skipped` → `unrendered templates skipped`. */
function countName(words) {
  return words.replace(/\b(document|file|template|configuration|value|string)\b/g, '$1s').trim();
}

/**
 * The counts of a stylish report's summary line: `✔ no problems in 3 files — …`, `⚠ 1 problem (0 errors,
 * 1 warning) in 1 of 5 files — …` or `✖ 5 problems (1 error, 4 warnings) in 2 of 10 files — …`, the part after
 * the dash a list of `N words`.
 */
export function parseSummary(text) {
  const line = text.split('\n').find((l) => /^\S+ .* in (?:\d+ of )?\d+ files? — /.test(l));
  if (!line) throw new Error(`no summary line in:\n${text}`);
  const out = {};
  const [head, tail] = line.split(' — ');
  const files = /in (?:(\d+) of )?(\d+) files?$/.exec(head);
  out.files = Number(files[2]);
  out['with findings'] = Number(files[1] ?? (/\d+ problems?\b/.test(head) ? files[2] : 0));
  out.errors = Number(/(\d+) errors?\b/.exec(head)?.[1] ?? 0);
  out.warnings = Number(/(\d+) warnings?\b/.exec(head)?.[1] ?? 0);
  for (const part of tail.split(', ')) {
    // `12 documents checked (3 embedded)`: the embedded ones are a column of their own
    const embedded = /^(.*?) \((\d+) embedded\)$/.exec(part.trim());
    if (embedded) out.embedded = (out.embedded ?? 0) + Number(embedded[2]);
    const m = /^(\d+) (.+)$/.exec(embedded ? embedded[1] : part.trim());
    if (m) out[countName(m[2])] = (out[countName(m[2])] ?? 0) + Number(m[1]);
  }
  return out;
}

function run(args) {
  // a wide terminal, so that the summary stays on one line; no colours
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, COLUMNS: '100000', NO_COLOR: '1', FORCE_COLOR: '0', GITHUB_ACTIONS: '' } });
  if (r.status !== 0 && r.status !== 1) throw new Error(`platlint ${args.join(' ')} exited with ${r.status}:\n${r.stderr}${r.stdout}`);
  return parseSummary(r.stdout);
}

function add(a, b) {
  for (const [k, v] of Object.entries(b)) a[k] = (a[k] ?? 0) + v;
  return a;
}

/** The counts of one top-level folder of the corpus, linted as test/realworld.test.ts lints it. */
export function census(folder) {
  const dir = join(CORPUS, folder);
  if (folder === 'flags') return run(['flags', '--format', 'stylish', ...filesUnder(dir)]);
  if (folder === 'patches') {
    return PATCH_TYPES.map((type) => join(dir, type))
      .map((d) => run(['patch', '--type', d.split(/[\\/]/).pop(), '--format', 'stylish', ...filesUnder(d)]))
      .reduce(add, {});
  }
  const named = filesUnder(dir).filter((f) => NAMED_TEMPLATE.test(f));
  return run(['--no-config', '--format', 'stylish', '--no-error-on-unmatched-pattern', dir, ...named]);
}

function main(argv) {
  const format = argv.includes('--md') ? 'md' : argv.includes('--json') ? 'json' : 'text';
  const asked = argv.filter((a) => !a.startsWith('--'));
  const folders = asked.length > 0 ? asked : readdirSync(join(ROOT, CORPUS), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
  const rows = folders.map((f) => ({ folder: f, ...census(f) }));
  const total = rows.reduce((t, r) => add(t, Object.fromEntries(Object.entries(r).filter(([k]) => k !== 'folder'))), {});
  if (format === 'json') {
    process.stdout.write(JSON.stringify({ rows, total }, null, 2) + '\n');
    return;
  }
  const extra = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((k) => k !== 'folder' && !KNOWN.includes(k));
  const cols = ['folder', ...KNOWN, ...extra];
  const table = [...rows, { folder: 'total', ...total }].map((r) => cols.map((c) => (c === 'folder' ? r.folder : String(r[c] ?? 0))));
  if (format === 'md') {
    const line = (cells) => `| ${cells.join(' | ')} |`;
    process.stdout.write([line(cols), line(cols.map((c, i) => (i === 0 ? '---' : '---:'))), ...table.map(line)].join('\n') + '\n');
    return;
  }
  const widths = cols.map((c, i) => Math.max(c.length, ...table.map((r) => r[i].length)));
  const pad = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  process.stdout.write([pad(cols), ...table.map(pad)].join('\n') + '\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main(process.argv.slice(2));

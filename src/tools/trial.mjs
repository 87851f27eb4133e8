#!/usr/bin/env node
// A whole-repository trial, before and after a change to what platlint reads: export a repository's snapshot
// (a bare git directory, as `fetch` brings it) to a folder outside every checkout, rename it to plat groups as
// fixtures/realworld/README.md renames the corpus, then lint the whole folder with two built checkouts and
// compare.
//
//   node src/tools/trial.mjs --git-dir DIR --dest /tmp/trial/NAME [--sub PATH] [--before CHECKOUT] [--after CHECKOUT]
//                            [--out DIR] [--no-export]
//
// --sub exports one folder of the repository only (for repositories too large to lint in a few minutes).
// --before / --after name the checkouts whose bin/platlint.js is run (default: this checkout as "after" only).
// Reports go to --out (default: the parent of --dest, `results/`), never inside the linted folder:
// NAME.before.json, NAME.before.txt (stylish, COLUMNS=300), NAME.after.json, NAME.after.txt, and NAME.diff.txt: the
// findings the after-run gives that the before-run did not, and the reverse (compared by file, line, column, severity
// and rule), then those found by both whose message was reworded.
//
// The renames (only in *.yaml, *.yml, *.json, *.tmpl and *.j2 files; nothing else is touched):
//   .k8s.io → .plat.io; kube-system → plat-system; kube-public → plat-public; kubeConfigFile, KubeConfigFile,
//   KubeConfigContext → platConfigFile, PlatConfigFile, PlatConfigContext;
//   and a base64 value (one token, 16 characters or more) whose decoding is a text holding one of those names is
//   decoded, renamed and encoded again (standard base64 on one line), as a Secret's data of the corpus is.
// One run at a time: the machine's cores are shared.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSummary } from './census.mjs';

const HERE = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const RENAMED = /\.(ya?ml|json|tmpl|j2)$/;

const RENAMES = [
  [/\.k8s\.io\b/g, '.plat.io'],
  [/\bkube-system\b/g, 'plat-system'],
  [/\bkube-public\b/g, 'plat-public'],
  [/\bkubeConfigFile\b/g, 'platConfigFile'],
  [/\bKubeConfigFile\b/g, 'PlatConfigFile'],
  [/\bKubeConfigContext\b/g, 'PlatConfigContext'],
];
const NEEDS_RENAME = /\.k8s\.io\b|\bkube-(?:system|public)\b|\b[kK]ubeConfig(?:File|Context)\b/;

function renameText(text) {
  let out = text;
  for (const [re, to] of RENAMES) out = out.replace(re, to);
  return out;
}

/** A base64 token whose decoding is UTF-8 text naming a renamed name: decoded, renamed, encoded again. */
function renameBase64(text) {
  return text.replace(/(?<=[\s:"'])([A-Za-z0-9+/]{16,}={0,2})(?=["'\s,]|$)/gm, (tok) => {
    if (tok.length % 4 !== 0) return tok;
    const buf = Buffer.from(tok, 'base64');
    if (buf.toString('base64') !== tok) return tok;
    let decoded;
    try {
      decoded = new TextDecoder('utf-8', { fatal: true }).decode(buf);
    } catch {
      return tok;
    }
    if (!NEEDS_RENAME.test(decoded)) return tok;
    return Buffer.from(renameText(decoded), 'utf8').toString('base64');
  });
}

function walk(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

export function renameTree(dir) {
  let changed = 0;
  for (const file of walk(dir)) {
    if (!RENAMED.test(file)) continue;
    const text = readFileSync(file, 'utf8');
    const out = renameText(renameBase64(text));
    if (out !== text) {
      writeFileSync(file, out);
      changed++;
    }
  }
  return changed;
}

/**
 * Writes the files of HEAD (or of its folder `sub`) under `dest`. A snapshot may lack its largest blobs: those are
 * left out and counted (git archive would stop at the first); symbolic links and submodules are left out too.
 */
function exportSnapshot(gitDir, dest, sub) {
  rmSync(dest, { recursive: true, force: true });
  mkdirSync(dest, { recursive: true });
  const git = (args, input) => {
    const r = spawnSync('git', ['--git-dir', gitDir, ...args], { input, maxBuffer: 2 ** 32 });
    if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
    return r.stdout;
  };
  const commit = git(['rev-parse', 'HEAD']).toString().trim();
  const entries = git(['ls-tree', '-r', '-z', '--full-tree', 'HEAD', ...(sub ? ['--', sub] : [])])
    .toString()
    .split('\0')
    .filter(Boolean)
    .map((line) => {
      const [meta, path] = line.split('\t');
      const [mode, type, sha] = meta.split(' ');
      return { mode, type, sha, path };
    });
  const blobs = entries.filter((e) => e.type === 'blob' && e.mode !== '120000');
  const out = git(['cat-file', '--batch'], blobs.map((e) => e.sha).join('\n') + '\n');
  let at = 0;
  const missing = [];
  for (const e of blobs) {
    const nl = out.indexOf(10, at);
    const header = out.subarray(at, nl).toString().split(' ');
    at = nl + 1;
    if (header[1] === 'missing') {
      missing.push(e.path);
      continue;
    }
    const size = Number(header[2]);
    const file = join(dest, e.path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, out.subarray(at, at + size));
    at += size + 1;
  }
  return { commit, files: blobs.length - missing.length, missing, skipped: entries.length - blobs.length };
}

/** Lints `dir` (as `.`) with a checkout's bin/platlint.js: a JSON report to a file, the stylish one returned. */
function lint(checkout, dir, jsonOut, templates) {
  const t0 = Date.now();
  const r = spawnSync(process.execPath, [join(checkout, 'bin', 'platlint.js'), '--no-config', '--format', `json:${jsonOut}`, '--format', 'stylish', '.', ...templates], {
    cwd: dir,
    encoding: 'utf8',
    maxBuffer: 2 ** 30,
    env: { ...process.env, COLUMNS: '300', NO_COLOR: '1', FORCE_COLOR: '0', GITHUB_ACTIONS: '' },
  });
  if (r.status !== 0 && r.status !== 1) throw new Error(`${checkout}: platlint exited with ${r.status}:\n${r.stderr.slice(0, 2000)}`);
  return { text: r.stdout, seconds: (Date.now() - t0) / 1000 };
}

function findings(jsonFile, root) {
  const out = [];
  for (const f of JSON.parse(readFileSync(jsonFile, 'utf8'))) {
    for (const m of f.messages) {
      out.push({ file: relative(root, f.filePath), line: m.line, column: m.column, rule: m.ruleId, severity: m.severity === 2 ? 'error' : 'warning', message: m.message, path: m.path });
    }
  }
  return out;
}

/** A finding's place and rule: the same finding with a reworded message is the same finding (listed as reworded). */
const key = (f) => `${f.file}:${f.line}:${f.column} ${f.severity} ${f.rule}`;

function main(argv) {
  const opt = (name) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const gitDir = opt('--git-dir');
  const dest = opt('--dest');
  if (!dest) throw new Error('usage: trial.mjs --git-dir DIR --dest /tmp/trial/NAME [--sub PATH] [--before CHECKOUT] [--after CHECKOUT] [--out DIR] [--no-export]');
  const name = basename(dest);
  const out = opt('--out') ?? join(dirname(dest), 'results');
  mkdirSync(out, { recursive: true });
  if (!argv.includes('--no-export')) {
    const { commit, files, missing, skipped } = exportSnapshot(gitDir, dest, opt('--sub'));
    const changed = renameTree(dest);
    const lintable = missing.filter((p) => /\.(ya?ml|json|tmpl|j2)$/.test(p));
    process.stdout.write(`${name}: exported ${commit}${opt('--sub') ? ` (${opt('--sub')} only)` : ''}: ${files} files (${missing.length} absent from the snapshot, ${lintable.length} of them YAML/JSON/templates${lintable.length ? `: ${lintable.slice(0, 5).join(', ')}` : ''}; ${skipped} links and submodules left out), renamed ${changed} files\n`);
  }
  // Nothing is named besides `.`: each checkout reads what its own folder search finds (issue 23's brings in
  // *.yaml.tmpl, *.yml.tmpl and *.j2; the earlier one does not).
  const runs = [['before', opt('--before')], ['after', opt('--after') ?? HERE]].filter(([, c]) => c);
  const found = {};
  for (const [label, checkout] of runs) {
    const jsonOut = join(out, `${name}.${label}.json`);
    const { text, seconds } = lint(checkout, dest, jsonOut, []);
    writeFileSync(join(out, `${name}.${label}.txt`), text);
    const summary = parseSummary(text);
    found[label] = findings(jsonOut, dest);
    process.stdout.write(`${name} ${label} (${seconds.toFixed(1)} s): ${JSON.stringify(summary)}\n`);
  }
  if (found.before && found.after) {
    const before = new Set(found.before.map(key));
    const after = new Set(found.after.map(key));
    const added = found.after.filter((f) => !before.has(key(f)));
    const beforeMessage = new Map(found.before.map((f) => [key(f), f.message]));
    const reworded = found.after.filter((f) => beforeMessage.has(key(f)) && beforeMessage.get(key(f)) !== f.message);
    const gone = found.before.filter((f) => !after.has(key(f)));
    const fmt = (f) => `${f.file}:${f.line}:${f.column} ${f.severity} ${f.rule} ${f.message}${f.path ? `  [${f.path}]` : ''}`;
    const byRule = (list) => Object.entries(list.reduce((a, f) => ((a[`${f.severity} ${f.rule}`] = (a[`${f.severity} ${f.rule}`] ?? 0) + 1), a), {})).sort().map(([k, v]) => `  ${v} ${k}`).join('\n');
    const text = [`# new after (${added.length})`, byRule(added), ...added.map(fmt), '', `# gone after (${gone.length})`, byRule(gone), ...gone.map(fmt), '', `# reworded (${reworded.length})`, ...reworded.map((f) => `${fmt(f)}\n    was: ${beforeMessage.get(key(f))}`), ''].join('\n');
    writeFileSync(join(out, `${name}.diff.txt`), text);
    process.stdout.write(`${name}: ${added.filter((f) => f.severity === 'error').length} new errors, ${added.length} new findings, ${gone.filter((f) => f.severity === 'error').length} errors gone, ${gone.length} findings gone, ${reworded.length} reworded (${join(out, `${name}.diff.txt`)})\n`);
  }
  if (existsSync(join(dest, '.platlintcache'))) rmSync(join(dest, '.platlintcache'));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main(process.argv.slice(2));

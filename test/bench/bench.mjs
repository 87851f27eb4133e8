// npm run bench: start-up and throughput of platlint, measured side by side with `node -e 0` and a
// parse-only floor (the same files read and parsed with `yaml`, nothing else), plus peak memory; then one
// large file that is not plat (a vendored OpenAPI document, `--no-foreign` skips it), and one broken file with a
// syntax problem per character beside ordinary files of its size (`--no-broken` skips them).
// Numbers are printed, never asserted: timing belongs here, not in tests.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeCorpus } from './corpus.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const bin = join(root, 'bin', 'platlint.js');
const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const SIZES = (args.find((a) => a.startsWith('--sizes='))?.slice(8) ?? '1,100,5000').split(',').map(Number);
const RUNS = Number(args.find((a) => a.startsWith('--runs='))?.slice(7) ?? 0);
// --config=PATH: also lint with this configuration (its policies: docs/policies.md),
// interleaved with the runs without it, and print both with their ratio
const CONFIG = args.find((a) => a.startsWith('--config='))?.slice(9);
// --vs=DIR: also time the platlint of another checkout (built: DIR/bin/platlint.js), in the same rounds, and print
// the ratio of each round's two runs (before and after a change, side by side on a machine whose speed drifts)
const VS = args.find((a) => a.startsWith('--vs='))?.slice(5);

/** A corpus of `n` files made from the bundled examples (valid and with mistakes), each slightly varied. */
/**
 * A corpus of `n` files made from the bundled examples, each with its own header line. `mix` 'examples' cycles
 * through all of them as they are (4 of 19, about 21% of files, have mistakes: the worst case for speed,
 * since a file with findings is composed fully for positions); 'mostly-clean' uses the valid examples with
 * every 20th file a mistakes example (5%), closer to a repository kept clean by a pre-commit hook.
 */
function makeCorpus(n, mix) {
  // one folder per process: two benchmarks running at once (other work trees) must not delete each other's files
  const dir = join(tmpdir(), `platlint-bench-${n}-${mix}-${process.pid}`);
  const seeded = /^seed(\d+)$/.exec(mix);
  if (seeded) return writeCorpus(dir, { seed: Number(seeded[1]), files: n });
  rmSync(dir, { recursive: true, force: true });
  const names = readdirSync(join(root, 'fixtures', 'examples')).filter((f) => f.endsWith('.yaml')).sort();
  const read = (f) => readFileSync(join(root, 'fixtures', 'examples', f), 'utf8');
  const all = names.map(read);
  const valid = names.filter((f) => !f.startsWith('mistakes-')).map(read);
  const mistakes = names.filter((f) => f.startsWith('mistakes-')).map(read);
  const pick = (i) => (mix === 'examples' ? all[i % all.length] : i % 20 === 19 ? mistakes[(i / 20) % mistakes.length | 0] : valid[i % valid.length]);
  let bytes = 0;
  for (let i = 0; i < n; i++) {
    const sub = join(dir, `team-${i % 50}`);
    mkdirSync(sub, { recursive: true });
    // stored objects (roles, bindings) get names of their own in each copy, as in a real repository: copies
    // of one object would all be reported as duplicates of each other (a user's e-mail address keeps its
    // domain: jane-7@example.com, which the bench policies accept as they accept jane@example.com)
    const body = pick(i);
    const text = `# generated bench file ${i}\n${body.includes('rbac.authorization.plat.io') ? body.replace(/^(\s*(?:- )?name: )([^\s@]+)(@\S+)?$/gm, (_, key, name, domain = '') => `${key}${name}-${i}${domain}`) : body}`;
    bytes += text.length;
    writeFileSync(join(sub, `config-${i}.yaml`), text);
  }
  return { dir, bytes };
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/**
 * Wall time (ms, median), CPU time (user + system, ms, median) and peak RSS (MiB, largest) of several
 * commands, run interleaved (a, b, a, b …) so that a noisy machine slows all of them alike; every other round
 * runs them in reverse order, so that none always follows the same one. Each command's times are kept per
 * round (`times`, `cpus`) for ratios between commands of the same round.
 */
function timeAll(cmds, runs) {
  const rssFile = join(tmpdir(), `platlint-bench-rss-${process.pid}`);
  const stats = cmds.map(() => ({ times: [], cpu: [], rss: 0 }));
  for (const [cmd, argv] of cmds) spawnSync(cmd, argv, { stdio: 'ignore' }); // warm the file cache
  for (let i = 0; i < runs; i++) {
    const order = cmds.map((_, k) => k);
    if (i % 2 === 1) order.reverse();
    for (const k of order) {
      const [cmd, argv] = cmds[k];
      const t0 = process.hrtime.bigint();
      const r = spawnSync('/usr/bin/time', ['-q', '-f', '%M %U %S', '-o', rssFile, cmd, ...argv], { stdio: 'ignore' });
      stats[k].times.push(Number(process.hrtime.bigint() - t0) / 1e6);
      if (r.status !== 0 && r.status !== 1) throw new Error(`${cmd} ${argv.join(' ')} exited ${r.status}`);
      const [rss, user, sys] = readFileSync(rssFile, 'utf8').trim().split('\n').pop().split(' ').map(Number);
      stats[k].rss = Math.max(stats[k].rss, rss / 1024);
      stats[k].cpu.push((user + sys) * 1000);
    }
  }
  rmSync(rssFile, { force: true });
  return stats.map((s) => ({ ms: median(s.times), cpu: median(s.cpu), rss: s.rss, times: s.times, cpus: s.cpu }));
}

/** The ratios b / a of the runs of one round each: their median, and the smallest and largest. */
function pairedRatios(a, b) {
  const r = a.map((x, i) => b[i] / x);
  return { median: median(r), min: Math.min(...r), max: Math.max(...r) };
}

const node = process.execPath;
const rows = [];
const [base] = timeAll([[node, ['-e', '0']]], RUNS || 15);
// --corpus=seed42 (the default: issue 26's generated repository, test/bench/corpus.mjs), seedN for another seed,
// examples (the bundled examples in turn) or mostly-clean (the valid examples, every 20th file a mistakes one);
// several separated by commas. The 1-file row uses the first file of the first corpus named.
const MIXES = (args.find((a) => a.startsWith('--corpus=') || a.startsWith('--mix='))?.replace(/^--\w+=/, '') ?? 'seed42').split(',');
for (const n of SIZES) for (const mix of n === 1 ? MIXES.slice(0, 1) : MIXES) {
  const { dir, bytes } = makeCorpus(n, mix);
  const runs = RUNS || (n <= 1 ? 15 : n <= 100 ? 9 : 5);
  const target = n === 1 ? join(dir, 'team-0', 'config-0.yaml') : dir;
  const out = join(dir, '..', `platlint-bench-${n}-${process.pid}.json`);
  const lintArgs = (extra, which = bin) => [which, ...extra, '--format', 'json', '--output-file', out, target];
  const [floor, lint, single, ...more] = timeAll(
    [
      [node, [join(here, 'parse-floor.mjs'), target]],
      [node, lintArgs([])],
      [node, lintArgs(['--concurrency', 'off'])],
      ...(CONFIG ? [[node, lintArgs(['--config', CONFIG])], [node, lintArgs(['--config', CONFIG, '--concurrency', 'off'])]] : []),
      ...(VS ? [[node, lintArgs([], join(VS, 'bin', 'platlint.js'))]] : []),
    ],
    runs,
  );
  const [withConfig, singleWithConfig] = CONFIG ? more : [];
  const vs = VS ? more.at(-1) : undefined;
  rows.push({ n, mix, bytes, floor, lint, single, withConfig, singleWithConfig, vs });
  rmSync(out, { force: true });
  rmSync(dir, { recursive: true, force: true });
}

/**
 * A vendored OpenAPI document (Swagger 2.0 JSON, indented) of about `bytes` characters that is not plat but names
 * plat groups everywhere (`"group": "apps.plat.io"`) and a plat apiVersion in its descriptions: platlint must
 * tell it is not plat without reading it as YAML (issue 23).
 */
function makeForeignJson(bytes) {
  const dir = join(tmpdir(), `platlint-bench-foreign-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const groups = ['apps.plat.io', 'batch.plat.io', 'rbac.authorization.plat.io', 'networking.plat.io'];
  const definitions = {};
  const paths = {};
  let text = '';
  for (let i = 0; text.length < bytes; i++) {
    const group = groups[i % groups.length];
    const name = `io.plat.api.${group.split('.')[0]}.v1.Thing${i}`;
    definitions[name] = {
      description: `Thing${i} is a made-up resource; its manifests start \`apiVersion: ${group}/v1\`.`,
      type: 'object',
      required: ['spec'],
      properties: {
        apiVersion: { type: 'string', description: 'APIVersion defines the versioned schema of this representation of an object.' },
        kind: { type: 'string', description: 'Kind is a string value representing the REST resource this object represents.' },
        spec: { $ref: `#/definitions/${name}Spec` },
        replicas: { type: 'integer', format: 'int32', minimum: 0 },
      },
      'x-plat-group-version-kind': [{ group, kind: `Thing${i}`, version: 'v1' }],
    };
    paths[`/apis/${group}/v1/namespaces/{namespace}/thing${i}s`] = { get: { operationId: `listThing${i}`, tags: [`${group}_v1`], responses: { 200: { description: 'OK' } } } };
    // (measured every 20 definitions)
    if (i % 20 === 0) text = JSON.stringify({ swagger: '2.0', info: { title: 'Plat', version: 'v1.31.0' }, paths, definitions }, null, 2);
  }
  const file = join(dir, 'openapi.json');
  writeFileSync(file, text + '\n');
  return { dir, file, bytes: text.length + 1 };
}

let foreign;
if (!args.includes('--no-foreign')) {
  const { dir, file, bytes } = makeForeignJson(1_600_000);
  const [lint] = timeAll([[node, [bin, '--no-config', '--format', 'json', file]]], RUNS || 15);
  foreign = { bytes, lint };
  rmSync(dir, { recursive: true, force: true });
}

/**
 * Issue 28's slow input: a quote left open across a bare carriage return, then deeply nested brackets (one syntax
 * problem per bracket), of about `bytes` characters; and ordinary Roles of the same size, read beside it.
 */
function makeBroken(bytes) {
  const dir = join(tmpdir(), `platlint-bench-broken-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const n = Math.max(1, Math.floor((bytes - 1100) / 2));
  const broken = `  name${' '.repeat(1020)}: metrics-reader\nrules:\n  - apiGroups: ["metrics.plat.i\r\napiVersion: "${'['.repeat(n)}1${']'.repeat(n)}"`;
  const role = readFileSync(join(root, 'fixtures', 'examples', 'rbac-roles.yaml'), 'utf8');
  let roles = '';
  for (let i = 0; roles.length < broken.length; i++) roles += `${i === 0 ? '' : '---\n'}${role.replace(/^(\s*name: )(\S+)$/gm, `$1$2-${i}`)}`;
  const files = { broken: join(dir, 'broken.yaml'), roles: join(dir, 'roles.yaml') };
  writeFileSync(files.broken, broken);
  writeFileSync(files.roles, roles);
  return { dir, files, bytes: { broken: broken.length, roles: roles.length } };
}

let broken;
if (!args.includes('--no-broken')) {
  const { dir, files, bytes } = makeBroken(160_000);
  const lint = (file) => [node, [bin, '--no-config', '--format', 'json', file]];
  const [brokenRun, rolesRun] = timeAll([lint(files.broken), lint(files.roles)], RUNS || 9);
  broken = { bytes, broken: brokenRun, roles: rolesRun };
  rmSync(dir, { recursive: true, force: true });
}

const pad = (s, w) => String(s).padStart(w);
console.log(`node ${process.version}, ${(await import('node:os')).cpus().length} cores; medians of repeated runs`);
console.log(`node -e 0: ${base.ms.toFixed(0)} ms\n`);
console.log(`${'files'.padStart(6)} ${'corpus'.padStart(12)} ${'MB'.padStart(6)} ${'parse floor'.padStart(12)} ${'platlint'.padStart(10)} ${'x floor'.padStart(8)} ${'x node -e 0'.padStart(12)} ${'peak RSS'.padStart(9)} ${'1 thread'.padStart(10)} ${'x floor'.padStart(8)}`);
for (const r of rows) {
  console.log(
    `${pad(r.n, 6)} ${pad(r.mix, 12)} ${pad((r.bytes / 1e6).toFixed(2), 6)} ${pad(r.floor.ms.toFixed(0) + ' ms', 12)} ${pad(r.lint.ms.toFixed(0) + ' ms', 10)} ${pad((r.lint.ms / r.floor.ms).toFixed(2), 8)} ${pad((r.lint.ms / base.ms).toFixed(2), 12)} ${pad(r.lint.rss.toFixed(0) + ' MiB', 9)} ${pad(r.single.ms.toFixed(0) + ' ms', 10)} ${pad((r.single.ms / r.floor.ms).toFixed(2), 8)}`,
  );
}
console.log('\ntargets (issue 26, seed42 corpus): 1 file <= 1.60 x node -e 0; 100 files <= 0.60 x parse floor; 5,000 files <= 0.35 x parse floor; peak RSS <= 250 MB');
if (VS) {
  console.log(`\nbeside ${VS} (timed in the same rounds; "paired": the median of each round's ratio, and its range):`);
  console.log(`${'files'.padStart(6)} ${'corpus'.padStart(12)} ${'before'.padStart(10)} ${'x floor'.padStart(8)} ${'x node'.padStart(7)} ${'peak RSS'.padStart(9)} ${'after'.padStart(10)} ${'after/before paired'.padStart(20)}`);
  for (const r of rows) {
    const p = pairedRatios(r.vs.times, r.lint.times);
    console.log(
      `${pad(r.n, 6)} ${pad(r.mix, 12)} ${pad(r.vs.ms.toFixed(0) + ' ms', 10)} ${pad((r.vs.ms / r.floor.ms).toFixed(2), 8)} ${pad((r.vs.ms / base.ms).toFixed(2), 7)} ${pad(r.vs.rss.toFixed(0) + ' MiB', 9)} ${pad(r.lint.ms.toFixed(0) + ' ms', 10)} ${pad(`${p.median.toFixed(2)} (${p.min.toFixed(2)}-${p.max.toFixed(2)})`, 20)}`,
    );
  }
}
if (foreign) {
  console.log(
    `\none file not plat, a vendored OpenAPI JSON of ${(foreign.bytes / 1e6).toFixed(2)} MB naming plat groups: ${foreign.lint.ms.toFixed(0)} ms, ${(foreign.lint.ms / base.ms).toFixed(2)} x node -e 0, peak RSS ${foreign.lint.rss.toFixed(0)} MiB`,
  );
  console.log('target: as fast as one small file (deciding that a file is not plat does not read it as YAML)');
}
if (broken) {
  // throughput past node's own start-up: the file's CPU time less `node -e 0`'s (KB per second = bytes per ms)
  const rate = (bytes, run) => `${(bytes / Math.max(1, run.cpu - base.cpu)).toFixed(0)} KB/s`;
  console.log(
    `\none broken file of ${(broken.bytes.broken / 1e3).toFixed(0)} KB, a syntax problem per bracket (issue 28): ${broken.broken.ms.toFixed(0)} ms, CPU ${broken.broken.cpu.toFixed(0)} ms (${rate(broken.bytes.broken, broken.broken)}); ` +
      `ordinary Roles, ${(broken.bytes.roles / 1e3).toFixed(0)} KB: ${broken.roles.ms.toFixed(0)} ms, CPU ${broken.roles.cpu.toFixed(0)} ms (${rate(broken.bytes.roles, broken.roles)}); ratio ${(broken.broken.cpu / broken.roles.cpu).toFixed(2)}`,
  );
  console.log('target: a broken file costs no more than an ordinary one of its size (ratio <= 1.5)');
}
if (CONFIG) {
  console.log(`\nwith --config ${CONFIG} (interleaved with the runs above):`);
  // CPU time (user + system) as well as wall time: on a machine shared with other work, wall time of the
  // same command varies more than the difference measured here. Each as the ratio of the medians, and as the
  // median of the ratios of each round's two runs with their range: a busy stretch of the machine slows both
  // runs of a round alike, and the range shows how far one reading can be trusted
  const ratios = (a, b) => {
    const p = pairedRatios(a, b);
    return `${pad(p.median.toFixed(3), 6)} ${pad(`${p.min.toFixed(2)}-${p.max.toFixed(2)}`, 9)}`;
  };
  const row = (label, a, b) =>
    `${pad(label, 22)} ${pad(a.ms.toFixed(0) + ' ms', 9)} ${pad(b.ms.toFixed(0) + ' ms', 12)} ${pad((b.ms / a.ms).toFixed(3), 6)} ${ratios(a.times, b.times)} ${pad(a.cpu.toFixed(0) + ' ms', 9)} ${pad(b.cpu.toFixed(0) + ' ms', 12)} ${pad((b.cpu / a.cpu).toFixed(3), 6)} ${ratios(a.cpus, b.cpus)}`;
  console.log(`${'files corpus threads'.padStart(22)} ${'wall'.padStart(9)} ${'with config'.padStart(12)} ${'ratio'.padStart(6)} ${'paired'.padStart(6)} ${'range'.padStart(9)} ${'CPU'.padStart(9)} ${'with config'.padStart(12)} ${'ratio'.padStart(6)} ${'paired'.padStart(6)} ${'range'.padStart(9)}`);
  for (const r of rows) {
    console.log(row(`${r.n} ${r.mix} auto`, r.lint, r.withConfig));
    console.log(row(`${r.n} ${r.mix} 1`, r.single, r.singleWithConfig));
  }
  console.log('target: a set of 20 policies makes the 5,000-file run at most 10% slower (ratio <= 1.10)');
}

// The language server's latency from a change to its diagnostics, 200 to 10,000 lines (issue 10's targets),
// from its own benchmark script, so that one `npm run bench` prints every number.
if (!args.includes('--no-lsp')) {
  console.log('\nlanguage server (test/bench/lsp-bench.mjs):');
  const r = spawnSync(process.execPath, [join(here, 'lsp-bench.mjs')], { encoding: 'utf8' });
  process.stdout.write(r.stdout);
  if (r.status !== 0) process.stdout.write(`(the language server benchmark failed: exit ${r.status}) ${r.stderr}\n`);
}

// `platlint access` over a generated repository of 20,000 RBAC documents (test/bench/access-bench.mjs; `npm run
// bench:access` alone; --no-access skips it)
if (!args.includes('--no-access')) {
  console.log('');
  const r = spawnSync(process.execPath, [join(here, 'access-bench.mjs')], { encoding: 'utf8' });
  process.stdout.write(r.stdout);
  if (r.status !== 0) process.stdout.write(`(the access benchmark failed: exit ${r.status}) ${r.stderr}\n`);
}

#!/usr/bin/env node
// A big fuzz run by hand (the test suite runs a few thousand inputs: test/fuzz.test.ts):
//
//   npm run build && node test/fuzz/run.mjs --count=100000 --seed=7 [--from=0] [--threads=2]
//                                           [--timeout-ms=10000] [--memory-mb=1024] [--out=DIR]
//
// Inputs are made and checked by test/fuzz/core.ts (bundled into a temporary folder first, with the built
// validators: run npm run build before). Each thread lints in a worker with a memory limit, watched by the
// main thread: an input that runs longer than --timeout-ms (a
// hang) or exhausts the memory (a runaway loop) is recorded with its index and the worker restarts after it.
// Every failing input is written to --out (default: platlint-fuzz-out in the temporary folder) as
// <seed>-<index>.yaml with a .txt of its problems; input i of seed s is always the same text, so
// `--seed=s --from=i --count=1` replays it.
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

if (isMainThread) await main();
else await serve();

async function main() {
  const args = Object.fromEntries(process.argv.slice(2).map((a) => /^--([\w-]+)=(.*)$/.exec(a)?.slice(1) ?? [a, 'true']));
  const count = Number(args.count ?? 10000);
  const seed = Number(args.seed ?? 1);
  const from = Number(args.from ?? 0);
  const threads = Number(args.threads ?? 1);
  const timeoutMs = Number(args['timeout-ms'] ?? 10000);
  const memoryMb = Number(args['memory-mb'] ?? 1024);
  const out = args.out ?? join(tmpdir(), 'platlint-fuzz-out');
  // one bundle with every dependency, beside copies of the built validators and CEL library, in a folder of
  // its own: a build during the run (which empties dist/) does not disturb it
  const work = mkdtempSync(join(tmpdir(), 'platlint-fuzz-'));
  cpSync(join(root, 'dist', 'validators'), join(work, 'validators'), { recursive: true });
  cpSync(join(root, 'dist', 'cel-js.cjs'), join(work, 'cel-js.cjs'));
  // the packages the bundle loads on first use (minimatch, through the Node.js host): the repository's, through a link
  symlinkSync(join(root, 'node_modules'), join(work, 'node_modules'), 'dir');
  const bundle = join(work, 'fuzz', 'core.mjs');
  const { build } = await import('esbuild');
  await build({
    entryPoints: [join(root, 'test', 'fuzz', 'core.ts')],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    banner: { js: "import { createRequire as __platlintRequire } from 'node:module'; const require = __platlintRequire(import.meta.url);" },
    define: { __PLATLINT_VALIDATORS_DIR__: '"../validators/"', __PLATLINT_CEL_MODULE__: '"../cel-js.cjs"' },
  });
  // the main thread makes the input a stopped worker was on again, to write it down
  const core = await import(bundle);
  core.useNodeHost();
  const corpus = core.loadCorpus(root);
  const end = from + count;
  const chunk = Math.ceil(count / threads);
  const found = [];
  let done = 0;
  const started = Date.now();
  const record = (index, text, name, problems) => {
    found.push({ index, name, problems });
    mkdirSync(out, { recursive: true });
    if (text !== undefined) writeFileSync(join(out, `${seed}-${index}.yaml`), text);
    writeFileSync(join(out, `${seed}-${index}.txt`), `from ${name}\n${problems.map((p) => `${p.kind}: ${p.detail}`).join('\n')}\n`);
    console.log(`input ${index} (${name}): ${problems.map((p) => p.kind).join(', ')}`);
  };
  const progress = setInterval(() => console.log(`${done} inputs, ${found.length} with problems, ${Math.round((Date.now() - started) / 1000)} s`), 30000);
  await Promise.all(
    Array.from({ length: threads }, (_, t) => runSpan(from + t * chunk, Math.min(end, from + (t + 1) * chunk))),
  );
  clearInterval(progress);
  // the link first, on its own: the packages it points to stay
  unlinkSync(join(work, 'node_modules'));
  rmSync(work, { recursive: true, force: true });
  const byKind = {};
  for (const f of found) for (const p of f.problems) byKind[p.kind] = (byKind[p.kind] ?? 0) + 1;
  console.log(`seed ${seed}: ${done} inputs (${from}..${end - 1}) in ${Math.round((Date.now() - started) / 1000)} s; ${found.length} with problems ${JSON.stringify(byKind)}`);
  process.exitCode = found.length > 0 ? 1 : 0;

  /** Runs inputs [a, b) on one worker at a time, restarting after an input that hangs or kills the worker. */
  async function runSpan(a, b) {
    let next = a;
    while (next < b) {
      const current = new Int32Array(new SharedArrayBuffer(4));
      current[0] = next;
      const worker = new Worker(fileURLToPath(import.meta.url), { workerData: { bundle, seed, from: next, to: b, current }, resourceLimits: { maxOldGenerationSizeMb: memoryMb } });
      let last = next;
      let since = Date.now();
      const outcome = await new Promise((resolve) => {
        const watch = setInterval(() => {
          const now = current[0];
          if (now !== last) {
            done += now - last;
            last = now;
            since = Date.now();
          } else if (Date.now() - since > timeoutMs) {
            clearInterval(watch);
            void worker.terminate();
            resolve({ stopped: 'hang', at: now });
          }
        }, 100);
        worker.on('message', (m) => record(m.index, m.text, m.name, m.problems));
        worker.on('error', (err) => {
          clearInterval(watch);
          resolve({ stopped: err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'out-of-memory' : `error: ${err.message}`, at: current[0] });
        });
        worker.on('exit', () => {
          clearInterval(watch);
          resolve({ stopped: current[0] >= b ? undefined : 'exit', at: current[0] });
        });
      });
      done += outcome.at - last;
      if (!outcome.stopped) break;
      const input = core.makeInput(corpus, seed, outcome.at);
      record(outcome.at, input.text, input.seed.name, [{ kind: outcome.stopped, detail: `the worker stopped on input ${outcome.at}` }]);
      done++;
      next = outcome.at + 1;
    }
  }
}

async function serve() {
  const { bundle, seed, from, to, current } = workerData;
  const core = await import(bundle);
  core.useNodeHost();
  const corpus = core.loadCorpus(root);
  for (let i = from; i < to; i++) {
    Atomics.store(current, 0, i);
    const { seed: s, text, planted } = core.makeInput(corpus, seed, i);
    // the main thread watches `current`: a hang or a crash is recorded at this index
    const problems = core.checkInput(s, text, { planted, slowMs: 5000 });
    if (problems.length > 0) parentPort.postMessage({ index: i, text, name: s.name, problems });
  }
  Atomics.store(current, 0, to);
}

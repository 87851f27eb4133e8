import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Worker } from 'node:worker_threads';
import type { Config } from '../config/config.js';
import { internalErrorResult, type LintResult } from '../lint/lint.js';
import { nodeWorkerThreads } from './builtins.js';

/** What every file of a run is linted with: the configuration, and the command kind when the command forces one. */
export interface RunSettings {
  config: Config;
  /** A command kind's name (`JSONPatch`): every document is read as it. */
  kind?: string;
  /** Apply the safe fixes: write the files (`write`) or only return the fixed text (`dry-run`). */
  fix?: 'write' | 'dry-run';
  /**
   * Called with each text of the main thread's lints before it is read (src/lint/lint.ts LintOptions onText); a
   * function cannot go to a worker thread, whose lints run without it.
   */
  onText?: (text: string) => void;
}

/** Below this many files one thread is faster: a worker costs about one bundle load (~40 ms). */
export const PARALLEL_THRESHOLD = 150;
/** Files handed to a worker at a time: small enough to balance, large enough to keep messages rare. */
const BATCH = 32;
/** Jobs queued per worker. */
const IN_FLIGHT = 2;

interface Job {
  id: number;
  files: string[];
}

interface WorkerInit {
  platlintWorker: true;
  settings: RunSettings;
}

/**
 * Set in the environment of platlint's lint threads: a module loaded on the main thread (every run) learns that
 * it is not a lint thread without loading `node:worker_threads` (src/files/builtins.ts).
 */
const THREAD_ENV = 'PLATLINT_LINT_THREAD';

/**
 * The module this code runs from, if it can run as a worker: only the built bundle can (source files under
 * test are TypeScript, which a worker thread cannot load).
 */
function workerEntry(): string | undefined {
  const url = import.meta.url;
  return url.startsWith('file:') && /\.c?js$/.test(url) ? fileURLToPath(url) : undefined;
}

/**
 * Starts a worker on the module: the CLI bundle is loaded as bin/platlint.js loads it, with V8's code cache
 * when the build left one (a worker otherwise spends ~30 ms compiling it).
 */
function startWorker(entry: string, init: WorkerInit): Worker {
  const { Worker } = nodeWorkerThreads();
  const env = { ...process.env, [THREAD_ENV]: '1' };
  // the loader bin/platlint.js uses, beside the package's dist/ folder
  const loader = join(dirname(entry), '..', 'bin', 'load-bundle.cjs');
  if (entry.endsWith('.cjs') && existsSync(loader)) {
    return new Worker(`require(${JSON.stringify(loader)}).loadBundle(${JSON.stringify(entry)});`, { eval: true, workerData: init, env });
  }
  return new Worker(entry, { workerData: init, env });
}

/** The jobs of a run: its files in order, BATCH at a time. */
function jobsOf(files: readonly string[]): Job[] {
  const jobs: Job[] = [];
  for (let i = 0; i < files.length; i += BATCH) jobs.push({ id: i, files: files.slice(i, i + BATCH) });
  return jobs;
}

/** Lints files on this thread in the jobs the threads of a parallel run get (lintJob: a job at a time); results keep the input order. */
export function inJobs(files: readonly string[], lintJob: (files: readonly string[]) => LintResult[]): LintResult[] {
  return jobsOf(files).flatMap((job) => lintJob(job.files));
}

/**
 * Worker threads to start beside the main thread (which lints too): none for small runs or `off`, nor without
 * a module for them to run (`entry`: by default this module's bundle, none when it runs from its source).
 */
export function workerCount(files: number, concurrency: 'auto' | 'off' | number, entry: string | undefined = workerEntry()): number {
  if (concurrency === 'off' || !entry) return 0;
  const threads = concurrency === 'auto' ? (files < PARALLEL_THRESHOLD ? 1 : availableParallelism()) : concurrency;
  return Math.max(0, Math.min(threads - 1, Math.ceil(files / BATCH) - 1));
}

/**
 * Lints files on the main thread and `count` worker threads, handing out jobs as each finishes; results
 * keep the input order. `started` runs on the main thread once the workers are starting, before it lints
 * (the check of the configuration's policies: src/config/config.ts checkPolicies); when it throws, the workers are
 * stopped and the error goes up.
 */
export async function lintInWorkers(
  files: readonly string[],
  settings: RunSettings,
  count: number,
  lintJob: (files: readonly string[], settings: RunSettings) => LintResult[],
  started?: () => void,
  /**
   * The workers' module (default: this module's bundle): one that serves the jobs (serveIfWorker), such as
   * the CLI's bundle dist/cli.cjs, which the tests give when they run the source.
   */
  entry: string = workerEntry()!,
): Promise<LintResult[]> {
  const results: LintResult[] = new Array(files.length);
  const jobs = jobsOf(files);
  let next = 0;
  const workers: Worker[] = [];
  const onWorkers = Array.from({ length: count }, () => {
    const { onText: _mainThreadOnly, ...shared } = settings;
    const init: WorkerInit = { platlintWorker: true, settings: shared };
    const worker = startWorker(entry, init);
    workers.push(worker);
    return new Promise<void>((resolve) => {
      // a worker keeps a second job queued: the main thread, busy linting its own batch, answers a worker's
      // message only between batches, and a worker with nothing queued would wait that long (measured: idle
      // ~40% of the time with one job at a time)
      const inFlight = new Map<number, Job>();
      let stopped = false;
      const give = () => {
        while (!stopped && inFlight.size < IN_FLIGHT && next < jobs.length) {
          const job = jobs[next++]!;
          inFlight.set(job.id, job);
          worker.postMessage(job);
        }
        if (inFlight.size === 0) resolve();
      };
      // a worker that stops (it crashed, ran out of memory, could not send a result) takes only the files of
      // its queued jobs with it: each gets an `internal/error` finding; the other jobs go to the other threads
      const stop = (err: unknown) => {
        if (stopped) return;
        stopped = true;
        for (const job of inFlight.values()) job.files.forEach((f, k) => (results[job.id + k] = internalErrorResult(f, err)));
        inFlight.clear();
        resolve();
      };
      worker.on('message', (msg: { id: number; results: LintResult[] }) => {
        msg.results.forEach((r, k) => (results[msg.id + k] = r));
        inFlight.delete(msg.id);
        give();
      });
      worker.on('error', (err) => stop(new Error(`the lint worker thread linting this file failed: ${err.message}`)));
      worker.on('exit', (code) => (code === 0 && inFlight.size === 0 ? resolve() : stop(new Error(`the lint worker thread linting this file exited with code ${code}`))));
      worker.once('online', give);
    });
  });
  const onMain = async () => {
    started?.();
    while (next < jobs.length) {
      const job = jobs[next++]!;
      lintJob(job.files, settings).forEach((r, k) => (results[job.id + k] = r));
      await new Promise((r) => setImmediate(r)); // let workers' messages in
    }
  };
  try {
    await Promise.all([onMain(), ...onWorkers]);
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return results;
}

/** Starts the worker loop when this module is loaded as a platlint worker. */
export function serveIfWorker(lintJob: (files: readonly string[], settings: RunSettings) => LintResult[]): void {
  if (process.env[THREAD_ENV] !== '1') return;
  const { isMainThread, parentPort, workerData } = nodeWorkerThreads();
  const init = workerData as WorkerInit | undefined;
  if (isMainThread || !init?.platlintWorker || !parentPort) return;
  const port = parentPort;
  port.on('message', (job: Job) => {
    port.postMessage({ id: job.id, results: lintJob(job.files, init.settings) });
  });
}

// The language server's side of its lint thread (src/lsp/lint-worker.ts): one worker thread that lints one
// document at a time. A lint the server no longer wants can be abandoned: the thread is terminated with it,
// and the next lint starts a new one. A thread that dies (a crash, out of memory, process.exit) fails only its
// running lint; the next lint starts a new thread too.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import type { Config } from '../config/config.js';
import type { LintJob } from './lint-job.js';

/** What the thread gets at its start. */
export interface LintThreadData {
  /** A module whose `onText` export the thread's lints call (src/lsp/server.ts ServerOptions lintThreadOnText). */
  onTextModule?: string;
}

/** A lint for the thread, with the configuration's id (the thread keeps one object per id). */
export interface LintRequest {
  id: number;
  job: LintJob;
  configId: number;
  config: Config;
}

/** The thread's answer: the diagnostics, or why the lint failed (name and message of what it threw). */
export type LintReply = { id: number; diagnostics: LspDiagnostic[]; error?: undefined } | { id: number; error: { name: string; message: string } };

/** How a lint ended: diagnostics, a failure (of the lint or of the thread), or abandoned by the server. */
export type LintOutcome = { diagnostics: LspDiagnostic[] } | { error: Error } | { abandoned: true };

/**
 * The worker's file: dist/lsp-worker.cjs beside the server's bundle. None when the server runs from its
 * TypeScript source (a worker thread cannot load that): the server then lints on its own thread.
 */
export function lintWorkerEntry(): string | undefined {
  const url = import.meta.url;
  if (!url.startsWith('file:') || !/\.c?js$/.test(url)) return undefined;
  const entry = join(dirname(fileURLToPath(url)), 'lsp-worker.cjs');
  return existsSync(entry) ? entry : undefined;
}

interface Running {
  id: number;
  resolve: (outcome: LintOutcome) => void;
}

export class LintThread {
  private worker: Worker | undefined;
  private running: Running | undefined;
  private nextId = 1;

  constructor(
    private readonly entry: string,
    /** Where the thread's own output goes (standard output is the protocol's: nothing else may write there). */
    private readonly log: (line: string) => void,
    private readonly data: LintThreadData = {},
    /** The thread's environment (the server's process's, or the one its starter passed in). */
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {}

  /** Starts the thread if it is not running: a lint started later does not wait for it to load. */
  start(): void {
    if (this.worker) return;
    const worker = new Worker(this.entry, { stdout: true, stderr: true, workerData: this.data, env: this.env });
    this.worker = worker;
    // the thread alone does not keep the server alive (the connection does)
    worker.unref();
    for (const stream of [worker.stdout, worker.stderr]) {
      stream.setEncoding('utf8');
      stream.on('data', (s: string) => this.log(s.trimEnd()));
    }
    worker.on('message', (reply: LintReply) => {
      const running = this.running;
      if (!running || reply.id !== running.id) return;
      this.running = undefined;
      if (reply.error) {
        const err = new Error(reply.error.message);
        err.name = reply.error.name;
        running.resolve({ error: err });
      } else running.resolve({ diagnostics: reply.diagnostics });
    });
    // an uncaught failure in the thread ('error', then 'exit') or an exit: its running lint fails
    worker.on('error', (err) => this.died(worker, `the lint thread failed: ${err.message}`));
    worker.on('exit', (code) => this.died(worker, `the lint thread exited with code ${code}`));
  }

  /** Lints a document in the thread (one lint at a time: the server waits for the outcome before the next). */
  run(job: LintJob, configId: number, config: Config): Promise<LintOutcome> {
    if (this.running) throw new Error('the lint thread is busy');
    this.start();
    const id = this.nextId++;
    return new Promise<LintOutcome>((resolve) => {
      this.running = { id, resolve };
      const request: LintRequest = { id, job, configId, config };
      this.worker!.postMessage(request);
    });
  }

  /** Terminates the thread and its running lint (which ends as abandoned); the next lint starts a new thread. */
  abandon(): void {
    const worker = this.worker;
    const running = this.running;
    this.worker = undefined;
    this.running = undefined;
    if (worker) void worker.terminate();
    running?.resolve({ abandoned: true });
  }

  private died(worker: Worker, why: string): void {
    if (this.worker !== worker) return; // terminated on purpose, or already replaced
    this.worker = undefined;
    const running = this.running;
    this.running = undefined;
    running?.resolve({ error: new Error(why) });
  }
}

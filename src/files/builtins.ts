// Node.js modules a run needs only sometimes, loaded on first use: hashes (the results cache, policies' sha256),
// worker threads (runs of 150 files or more), git (`access diff --base`). Loading each at start-up cost 1.5 to
// 3 ms of every run's ~100 (docs/performance.md, "Start-up").
import { createRequire } from 'node:module';

const load = createRequire(import.meta.url);

export const nodeCrypto = (): typeof import('node:crypto') => load('node:crypto') as typeof import('node:crypto');
export const nodeWorkerThreads = (): typeof import('node:worker_threads') => load('node:worker_threads') as typeof import('node:worker_threads');
export const nodeChildProcess = (): typeof import('node:child_process') => load('node:child_process') as typeof import('node:child_process');

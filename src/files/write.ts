import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** A name of this thread's own (each thread loads this module anew), without loading `node:worker_threads`. */
const THREAD = Math.random().toString(36).slice(2, 10);

/**
 * Writes a file atomically: a temporary file beside it (named by process and thread, so parallel runs and
 * worker threads never share one), then a rename over the target. A reader sees the old file or the new
 * one, never half of either.
 */
export function writeAtomic(path: string, data: string | Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.${THREAD}.tmp`);
  try {
    writeFileSync(tmp, data);
    renameSync(tmp, path);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
}

import { mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** A name of this thread's own (each thread loads this module anew), without loading `node:worker_threads`. */
const THREAD = Math.random().toString(36).slice(2, 10);

/**
 * Writes a file atomically: a temporary file beside it (named by process and thread, so parallel runs and
 * worker threads never share one), then a rename over the target. A reader sees the old file or the new
 * one, never half of either. A target that exists and is no regular file (a device such as `/dev/null` or
 * `/dev/stdout`, a named pipe) is written to, not replaced: renaming over `/dev/null` as root made it a file.
 */
export function writeAtomic(path: string, data: string | Uint8Array): void {
  const existing = statSync(path, { throwIfNoEntry: false });
  if (existing && !existing.isFile() && !existing.isDirectory()) {
    writeFileSync(path, data);
    return;
  }
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

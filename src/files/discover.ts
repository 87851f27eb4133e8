import { readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import type { Config } from '../config/config.js';
import { SUPPRESSIONS_FILE_NAME } from './baseline-entries.js';
import { ignoreMatcher, toPosix } from '../config/globs.js';

export { globsMatcher, ignoreMatcher, toPosix } from '../config/globs.js';

// `glob` is loaded only for glob patterns: a pre-commit hook passes file names, and should not pay for it at
// start-up (`minimatch`, for the ignore patterns, likewise: src/files/node-host.ts).
const load = createRequire(import.meta.url);
const globLib = () => load('glob') as typeof import('glob');

/** Extensions linted when a folder is given. */
export const EXTENSIONS = ['yaml', 'yml', 'json'];
// platlint's own baseline file (src/files/baseline.ts) is JSON but never a plat file: a folder or a glob pattern
// does not bring it in (named on its own it is read like any file, and skipped as not plat)
const ALWAYS_IGNORED = ['**/node_modules/**', '**/.git/**', `**/${SUPPRESSIONS_FILE_NAME}`];
const SKIPPED_FOLDERS = new Set(['node_modules', '.git']);
const LINTED = new RegExp(`\\.(${EXTENSIONS.join('|')})$`);

/** The *.yaml, *.yml and *.json files below a folder (node_modules and .git not entered), unsorted. */
function walk(dir: string, out: string[] = []): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return out; // unreadable folder: nothing to lint in it
  }
  for (const e of entries) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(e.name)) walk(p, out);
    } else if (LINTED.test(e.name) && e.name !== SUPPRESSIONS_FILE_NAME && (e.isFile() || (e.isSymbolicLink() && isFile(p)))) out.push(p);
  }
  return out;
}

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

/** Characters that make a command-line argument a glob pattern (as `glob`'s own check would find). */
const MAGIC = /[*?[\]{}()!+@]/;

/** A usage problem with the command line's paths (exit 2). */
export class UsageError extends Error {}

export interface DiscoverOptions {
  cwd: string;
  config: Config;
  /** When false, a pattern that matches nothing is not an error. */
  errorOnUnmatchedPattern: boolean;
  /** A folder is a usage error instead of being searched (`platlint flags`: its files have no common extension). */
  filesOnly?: boolean;
}

/**
 * Expands files, folders (recursively: *.yaml, *.yml, *.json) and glob patterns into a sorted, de-duplicated
 * list of absolute paths, minus ignored files. A pattern that matches nothing is a UsageError unless
 * `errorOnUnmatchedPattern` is false. A file given by name that an ignore pattern matches (as a pre-commit
 * hook passes them) is skipped silently.
 */
export async function discover(patterns: readonly string[], opts: DiscoverOptions): Promise<string[]> {
  const ignored = ignoreMatcher(opts.config);
  const found = new Set<string>();
  for (const pattern of patterns) {
    const abs = resolve(opts.cwd, pattern);
    let stat: ReturnType<typeof statSync> | undefined;
    try {
      stat = statSync(abs);
    } catch {
      stat = undefined;
    }
    let matches: string[];
    const magic = !stat && MAGIC.test(pattern) && globLib().hasMagic(pattern);
    if (stat?.isDirectory()) {
      if (opts.filesOnly) throw new UsageError(`"${pattern}" is a folder; name the files, or use a glob pattern`);
      matches = walk(abs);
    } else if (stat?.isFile()) {
      if (ignored(abs)) continue;
      matches = [abs];
    } else if (magic) {
      matches = await globLib().glob(toPosix(pattern), { cwd: opts.cwd, absolute: true, nodir: true, dot: true, ignore: ALWAYS_IGNORED });
    } else {
      matches = [];
    }
    const kept = matches.filter((m) => !ignored(m));
    if (kept.length === 0 && opts.errorOnUnmatchedPattern) {
      throw new UsageError(
        stat || magic ? `no files matching the pattern "${pattern}" were found` : `no such file or directory: "${pattern}"`,
      );
    }
    for (const m of kept) found.add(resolve(m));
  }
  return [...found].sort();
}

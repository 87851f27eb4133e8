import { statSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { glob, hasMagic } from 'glob';
import { Minimatch } from 'minimatch';
import type { Config } from './config.js';

/** Extensions linted when a folder is given. */
export const EXTENSIONS = ['yaml', 'yml', 'json'];
const ALWAYS_IGNORED = ['**/node_modules/**', '**/.git/**'];

/** A usage problem with the command line's paths (exit 2). */
export class UsageError extends Error {}

export interface DiscoverOptions {
  cwd: string;
  config: Config;
  /** When false, a pattern that matches nothing is not an error. */
  errorOnUnmatchedPattern: boolean;
}

function toPosix(p: string): string {
  return p.split('\\').join('/');
}

/**
 * Whether a file is ignored: inside node_modules or .git, or matched by a configured ignore pattern (relative
 * to the configuration file's folder; a pattern starting with `!` re-includes).
 */
function ignoreMatcher(config: Config): (file: string) => boolean {
  const patterns = config.ignores.map((p) => ({ negate: p.startsWith('!'), m: new Minimatch(p.replace(/^!/, '').replace(/^\//, ''), { dot: true }) }));
  return (file) => {
    if (/[\\/](node_modules|\.git)[\\/]/.test(file)) return true;
    const rel = toPosix(relative(config.baseDir, file));
    let ignored = false;
    for (const p of patterns) if (p.m.match(rel)) ignored = !p.negate;
    return ignored;
  };
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
    if (stat?.isDirectory()) {
      matches = await glob(`**/*.{${EXTENSIONS.join(',')}}`, { cwd: abs, absolute: true, nodir: true, dot: true, ignore: ALWAYS_IGNORED });
    } else if (stat?.isFile()) {
      if (ignored(abs)) continue;
      matches = [abs];
    } else if (hasMagic(pattern)) {
      matches = await glob(toPosix(pattern), { cwd: opts.cwd, absolute: true, nodir: true, dot: true, ignore: ALWAYS_IGNORED });
    } else {
      matches = [];
    }
    const kept = matches.filter((m) => !ignored(m));
    if (kept.length === 0 && opts.errorOnUnmatchedPattern) {
      throw new UsageError(
        stat || hasMagic(pattern) ? `no files matching the pattern "${pattern}" were found` : `no such file or directory: "${pattern}"`,
      );
    }
    for (const m of kept) found.add(resolve(m));
  }
  return [...found].sort();
}

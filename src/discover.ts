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

/** Ignore globs, made relative to `cwd` (the config's patterns are relative to its folder). */
function ignoreGlobs(opts: DiscoverOptions): string[] {
  const rel = toPosix(relative(opts.cwd, opts.config.baseDir));
  const fromConfig = opts.config.ignores.map((p) => {
    const neg = p.startsWith('!') ? '!' : '';
    const body = neg ? p.slice(1) : p;
    return rel === '' || body.startsWith('/') ? p : `${neg}${rel}/${body}`;
  });
  return [...ALWAYS_IGNORED, ...fromConfig.filter((p) => !p.startsWith('!'))];
}

/**
 * Expands files, folders (recursively: *.yaml, *.yml, *.json) and glob patterns into a sorted, de-duplicated
 * list of absolute paths, minus ignored files. A pattern that matches nothing is a UsageError unless
 * `errorOnUnmatchedPattern` is false.
 */
export async function discover(patterns: readonly string[], opts: DiscoverOptions): Promise<string[]> {
  const ignore = ignoreGlobs(opts);
  const found = new Set<string>();
  for (const pattern of patterns) {
    let matches: string[] = [];
    const abs = resolve(opts.cwd, pattern);
    let stat: ReturnType<typeof statSync> | undefined;
    try {
      stat = statSync(abs);
    } catch {
      stat = undefined;
    }
    if (stat?.isDirectory()) {
      matches = await glob(`**/*.{${EXTENSIONS.join(',')}}`, { cwd: abs, absolute: true, nodir: true, dot: true, ignore: ALWAYS_IGNORED });
      matches = await filterIgnored(matches, ignore, opts.cwd);
    } else if (stat?.isFile()) {
      matches = await filterIgnored([abs], ignore, opts.cwd);
      if (matches.length === 0) continue; // an ignored file given by name (a pre-commit hook) passes silently
    } else if (hasMagic(pattern, { windowsPathsNoEscape: false })) {
      matches = await glob(toPosix(pattern), { cwd: opts.cwd, absolute: true, nodir: true, dot: true, ignore });
    }
    if (matches.length === 0 && opts.errorOnUnmatchedPattern) {
      throw new UsageError(
        stat || hasMagic(pattern) ? `no files matching the pattern "${pattern}" were found` : `no such file or directory: "${pattern}"`,
      );
    }
    for (const m of matches) found.add(resolve(m));
  }
  return [...found].sort();
}

async function filterIgnored(files: string[], ignore: string[], cwd: string): Promise<string[]> {
  const matchers = ignore.map((p) => new Minimatch(p, { dot: true }));
  return files.filter((f) => {
    const rel = toPosix(relative(cwd, f));
    return !matchers.some((m) => m.match(rel) || m.match(toPosix(f)));
  });
}

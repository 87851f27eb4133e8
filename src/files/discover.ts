import { readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import type { Config } from '../config/config.js';
import { SUPPRESSIONS_FILE_NAME } from './baseline-entries.js';
import { globsMatcher, ignoreMatcher, skippedFolderOf, toPosix } from '../config/globs.js';
import { fileLevelResult, type LintResult } from '../lint/lint.js';
import { IGNORED_FILE } from '../finding.js';

export { globsMatcher, ignoreMatcher, toPosix } from '../config/globs.js';

// `glob` is loaded only for glob patterns: a pre-commit hook passes file names, and should not pay for it at
// start-up (`minimatch`, for the ignore patterns, likewise: src/files/node-host.ts).
const load = createRequire(import.meta.url);
const globLib = () => load('glob') as typeof import('glob');

/**
 * Extensions linted when a folder is given. Templates of YAML files (`*.yaml.tmpl`, `*.yml.tmpl`, Ansible's
 * `*.j2`) are linted too, document by document: a document with template syntax in its structure is skipped and
 * counted as an unrendered template (src/parse/templates.ts), one written as the platform reads it is checked (a
 * `.j2` file that is not YAML is counted as not plat and not parsed).
 */
export const EXTENSIONS = ['yaml', 'yml', 'json', 'yaml.tmpl', 'yml.tmpl', 'j2'];
// platlint's own baseline file (src/files/baseline.ts) is JSON but never a plat file: a folder or a glob pattern
// does not bring it in (named on its own it is read like any file, and skipped as not plat)
const ALWAYS_IGNORED = ['**/node_modules/**', '**/.git/**', `**/${SUPPRESSIONS_FILE_NAME}`];
const SKIPPED_FOLDERS = new Set(['node_modules', '.git']);
const LINTED = new RegExp(`\\.(${EXTENSIONS.map((e) => e.replace('.', '\\.')).join('|')})$`);

/** The files below a folder with one of the EXTENSIONS (node_modules and .git not entered), unsorted. */
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

/** The usage error of a folder or glob pattern whose files are all ignored, naming the entries that ignore them. */
function allIgnored(pattern: string, folder: boolean, files: readonly string[], opts: DiscoverOptions): string {
  const cause = ignoreCauses(opts.config);
  const why = describeCauses(files.map(cause).filter((c) => c !== undefined), opts.config, opts.cwd);
  const count = files.length === 1 ? 'the one file' : `all ${files.length} files`;
  return `${count} ${folder ? 'in' : 'matching'} "${pattern}" ${files.length === 1 ? 'is' : 'are'} ignored (${why}): nothing to lint (--no-error-on-unmatched-pattern makes this no error)`;
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
  /**
   * Told of each file named on the command line (not found in a folder or by a glob pattern) that is ignored,
   * with why (`ignoredBy`): ESLint warns about those, as a pre-commit hook names files one by one.
   */
  onIgnored?: (file: string, why: string) => void;
}

/** What leaves a file out: the index of the entry of `ignores` that decides, or the folder platlint never enters. */
type IgnoreCause = number | 'node_modules' | '.git';

/**
 * What leaves each file out under a configuration (see `IgnoreCause`): the entry of `ignores` that decides is the
 * last one matching the file, as a later `!` entry takes back what an earlier one matched. Undefined for a file
 * that is not ignored.
 */
function ignoreCauses(config: Config): (file: string) => IgnoreCause | undefined {
  let matchers: ((rel: string) => boolean)[] | undefined;
  return (file) => {
    const folder = skippedFolderOf(file, config.baseDir);
    if (folder !== undefined) return folder;
    matchers ??= config.ignores.map((p) => globsMatcher([p.replace(/^!/, '')]));
    const rel = toPosix(relative(config.baseDir, file));
    let entry: number | undefined;
    matchers.forEach((matches, i) => {
      if (matches(rel)) entry = i;
    });
    return entry === undefined || config.ignores[entry]!.startsWith('!') ? undefined : entry;
  };
}

/** Causes in words: `by "vendor/**" and "dist/**" in platlint.config.yaml` (the configuration named from `cwd`), `inside node_modules …`. */
function describeCauses(causes: readonly IgnoreCause[], config: Config, cwd: string): string {
  const entries = [...new Set(causes.filter((c) => typeof c === 'number'))].sort((a, b) => a - b).map((i) => JSON.stringify(config.ignores[i]));
  const folders = [...new Set(causes.filter((c) => typeof c === 'string'))].sort();
  const list = (items: string[]) => (items.length === 1 ? items[0]! : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);
  const where = config.filePath === undefined ? 'the configuration' : toPosix(relative(cwd, config.filePath)) || config.filePath;
  const parts = [...(entries.length > 0 ? [`by ${list(entries)} in ${where}`] : []), ...(folders.length > 0 ? [`inside ${list(folders)}, which platlint never enters`] : [])];
  return parts.join('; ');
}

/**
 * Why the configuration leaves a file out, in words: `by "vendor/**" in platlint.config.yaml` (the entry of
 * `ignores` that decides), or `inside node_modules, which platlint never enters`. Undefined when the file is not
 * ignored. The configuration file is named relative to `cwd`.
 */
export function ignoredBy(config: Config, file: string, cwd: string): string | undefined {
  const cause = ignoreCauses(config)(file);
  return cause === undefined ? undefined : describeCauses([cause], config, cwd);
}

/** What a run reports for a file named on the command line that is ignored: one warning without a rule (ESLint's ignored-file result). */
export function ignoredFileResult(file: string, why: string): LintResult {
  return fileLevelResult(file, {
    ruleId: IGNORED_FILE,
    severity: 'warning',
    message: `file ignored ${why}; --no-warn-ignored silences this warning`,
    path: [],
    range: { start: 0, end: 0 },
    document: -1,
  });
}

/**
 * Expands files, folders (recursively: the EXTENSIONS) and glob patterns into a sorted, de-duplicated
 * list of absolute paths, minus ignored files. A pattern that matches nothing, or only ignored files, is a
 * UsageError unless `errorOnUnmatchedPattern` is false. A file given by name that an ignore pattern matches (as
 * a pre-commit hook passes them) is skipped, and `onIgnored` told.
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
      if (ignored(abs)) {
        opts.onIgnored?.(abs, ignoredBy(opts.config, abs, opts.cwd) ?? 'by the configuration');
        continue;
      }
      matches = [abs];
    } else if (magic) {
      matches = await globLib().glob(toPosix(pattern), { cwd: opts.cwd, absolute: true, nodir: true, dot: true, ignore: ALWAYS_IGNORED });
    } else {
      matches = [];
    }
    const kept = matches.filter((m) => !ignored(m));
    if (kept.length === 0 && opts.errorOnUnmatchedPattern) {
      // files were found, and the configuration ignores them all: say so, and why (ESLint: "All files matched by … are ignored")
      if (matches.length > 0) throw new UsageError(allIgnored(pattern, stat?.isDirectory() === true, matches, opts));
      throw new UsageError(
        stat || magic ? `no files matching the pattern "${pattern}" were found` : `no such file or directory: "${pattern}"`,
      );
    }
    for (const m of kept) found.add(resolve(m));
  }
  return [...found].sort();
}

// The glob patterns of a configuration (`ignores`, `overrides[].files`): which paths they match.
import { host } from '../services/host.js';

export function toPosix(p: string): string {
  return p.split('\\').join('/');
}

/**
 * The folder platlint never enters that holds a file, `node_modules` or `.git`, judged on its path relative to
 * `baseDir` (the leading `../` left out): a repository checked out below a folder of that name is not inside it.
 */
export function skippedFolderOf(file: string, baseDir: string): 'node_modules' | '.git' | undefined {
  const rel = toPosix(host().path.relative(baseDir, file)).replace(/^(\.\.\/)+/, '');
  return /(?:^|\/)(node_modules|\.git)\//.exec(rel)?.[1] as 'node_modules' | '.git' | undefined;
}

/**
 * Whether a file is ignored: inside node_modules or .git, or matched by a configured ignore pattern (relative
 * to the configuration file's folder; a pattern starting with `!` re-includes).
 */
export function ignoreMatcher(config: { readonly ignores: readonly string[]; readonly baseDir: string }): (file: string) => boolean {
  const matches = globsMatcher(config.ignores);
  const { relative } = host().path;
  return (file) => {
    if (skippedFolderOf(file, config.baseDir) !== undefined) return true;
    return matches(toPosix(relative(config.baseDir, file)));
  };
}

/**
 * Whether a path relative to the configuration file's folder (with `/`) is matched by a list of glob patterns
 * as `ignores` reads them: dot files included, a leading `/` anchors nothing more (patterns are relative
 * anyway), and a pattern starting with `!` takes back what the patterns before it matched (the last
 * matching pattern decides). `overrides[].files` is read the same way (src/config/config.ts). `minimatch` is asked
 * of the host only when there are patterns.
 */
export function globsMatcher(globs: readonly string[]): (rel: string) => boolean {
  const { Minimatch } = globs.length > 0 ? host().minimatch() : { Minimatch: undefined };
  const patterns = globs.map((p) => ({ negate: p.startsWith('!'), m: new Minimatch!(p.replace(/^!/, '').replace(/^\//, ''), { dot: true }) }));
  return (rel) => {
    let matched = false;
    for (const p of patterns) if (p.m.match(rel)) matched = !p.negate;
    return matched;
  };
}

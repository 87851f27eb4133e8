// The files of a git revision, for `platlint access diff --base REV`: which files the revision holds (`git ls-tree`)
// and their bytes (`git cat-file --batch`, one process for all of them), without checking anything out.
import { join, relative, resolve, sep } from 'node:path';
import { UsageError } from './discover.js';
import { nodeChildProcess } from './builtins.js';

export interface GitRevision {
  /** The revision as given (`main`, `HEAD~1`, a commit). */
  readonly revision: string;
  /** Its commit. */
  readonly commit: string;
  /** The repository's top folder (absolute). */
  readonly root: string;
  /** Absolute paths of the regular files of the revision (as they would be in the working tree). */
  readonly files: readonly string[];
  /** The bytes of files of the revision (absolute paths, from `files`), read in one `git cat-file --batch`. */
  read(files: readonly string[]): Map<string, Uint8Array>;
}

function git(args: readonly string[], cwd: string, input?: Buffer): Buffer {
  return nodeChildProcess().execFileSync('git', args, { cwd, input, maxBuffer: 1 << 30, stdio: ['pipe', 'pipe', 'pipe'] });
}

function gitError(err: unknown): string {
  const e = err as { stderr?: Buffer; code?: string; message?: string };
  if (e.code === 'ENOENT') return 'git is not installed (or not on PATH)';
  return (e.stderr?.toString() ?? e.message ?? String(err)).trim().split('\n')[0] ?? '';
}

/** Opens a revision of the git repository that holds `cwd`; a UsageError when there is none, or no such revision. */
export function openRevision(revision: string, cwd: string): GitRevision {
  if (revision === '' || revision.startsWith('-')) throw new UsageError(`--base needs a revision (a branch, a tag or a commit), not "${revision}"`);
  let root: string;
  try {
    root = resolve(git(['rev-parse', '--show-toplevel'], cwd).toString().trim());
  } catch (err) {
    throw new UsageError(`access diff needs a git repository: ${gitError(err)}`);
  }
  let commit: string;
  try {
    commit = git(['rev-parse', '--verify', '--quiet', `${revision}^{commit}`], cwd).toString().trim();
  } catch {
    throw new UsageError(`--base ${revision}: no such revision in the git repository at ${root}`);
  }
  const files: string[] = [];
  // "<mode> <type> <object>\t<path>\0": regular files only (symbolic links and submodules are left out)
  for (const entry of git(['ls-tree', '-r', '-z', '--full-tree', commit], root).toString().split('\0')) {
    const tab = entry.indexOf('\t');
    if (tab < 0) continue;
    const [mode, type] = entry.slice(0, tab).split(' ');
    const path = entry.slice(tab + 1);
    if (type === 'blob' && (mode === '100644' || mode === '100755') && !path.includes('\n')) files.push(join(root, ...path.split('/')));
  }
  files.sort();
  return {
    revision,
    commit,
    root,
    files,
    read(wanted) {
      const out = new Map<string, Uint8Array>();
      if (wanted.length === 0) return out;
      const names = wanted.map((f) => relative(root, f).split(sep).join('/'));
      const batch = git(['cat-file', '--batch'], root, Buffer.from(names.map((n) => `${commit}:${n}\n`).join('')));
      // each answer: "<object> blob <size>\n<bytes>\n", or "<name> missing\n"
      let at = 0;
      for (const file of wanted) {
        const eol = batch.indexOf(0x0a, at);
        if (eol < 0) break;
        const header = batch.subarray(at, eol).toString().split(' ');
        at = eol + 1;
        if (header[1] !== 'blob') continue;
        const size = Number(header[2]);
        out.set(file, batch.subarray(at, at + size));
        at += size + 1;
      }
      return out;
    },
  };
}

// Scratch git repositories for `platlint access diff`: commits with fixed authors and dates (the same commit ids on
// every run), and no configuration of the machine's git (no signing, no hooks).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const ENV = {
  ...process.env,
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_AUTHOR_NAME: 'platlint',
  GIT_AUTHOR_EMAIL: 'platlint@example.invalid',
  GIT_COMMITTER_NAME: 'platlint',
  GIT_COMMITTER_EMAIL: 'platlint@example.invalid',
  GIT_AUTHOR_DATE: '2024-01-01T00:00:00Z',
  GIT_COMMITTER_DATE: '2024-01-01T00:00:00Z',
};

export class GitRepo {
  readonly dir: string;

  constructor() {
    this.dir = mkdtempSync(join(tmpdir(), 'platlint-git-'));
    this.git('init', '-q', '-b', 'main');
  }

  git(...args: string[]): string {
    return execFileSync('git', args, { cwd: this.dir, env: ENV, encoding: 'utf8' });
  }

  /** Writes files (a null text deletes the file). */
  write(files: Record<string, string | null>): this {
    for (const [name, text] of Object.entries(files)) {
      const path = join(this.dir, name);
      if (text === null) rmSync(path, { force: true });
      else {
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, text);
      }
    }
    return this;
  }

  /** Replaces the working tree's files (all but .git) by a folder's. */
  replaceWith(folder: string): this {
    for (const name of this.git('ls-files').split('\n').filter(Boolean)) rmSync(join(this.dir, name), { force: true });
    cpSync(folder, this.dir, { recursive: true });
    return this;
  }

  /** Commits every change of the working tree; returns the commit. */
  commit(message: string): string {
    this.git('add', '-A');
    this.git('commit', '-q', '--allow-empty', '-m', message);
    return this.git('rev-parse', 'HEAD').trim();
  }

  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

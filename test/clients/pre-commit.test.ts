// The hooks of .pre-commit-hooks.yaml, run by the real pre-commit framework (Debian package `pre-commit`,
// installed by .ci/run) on scratch git repositories, the way users run them.
//
// The hook repository is a snapshot of this checkout committed in a temporary clone (pre-commit installs a
// hook from a commit of a git repository; `try-repo` on this checkout would leave out files that are not
// tracked yet). pre-commit then installs the `language: node` hooks as it does for every user: `npm install`
// in its own clone (the prepare script builds dist/), `npm pack`, and a global install of the tarball into an
// isolated prefix. `try-repo` installs into a store of its own that it deletes afterwards; the other cases
// share one installation in a temporary PRE_COMMIT_HOME through a `.pre-commit-config.yaml`.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/fixtures.js';

const hasPreCommit = spawnSync('pre-commit', ['--version'], { encoding: 'utf8' }).status === 0;
const hasGit = spawnSync('git', ['--version'], { encoding: 'utf8' }).status === 0;
// a missing tool fails the suite (as the editor tests do), never skips it: .ci/run installs both
const MISSING = 'test/clients/pre-commit.test.ts: `pre-commit` (Debian package pre-commit) or `git` is not on PATH; .ci/run installs them';

// Installing a node hook runs npm install and two builds: minutes on a slow machine.
const INSTALL_TIMEOUT = 300_000;
const RUN_TIMEOUT = 60_000;

/** The environment of every child process: no colour, no CI-specific format, no git state of an outer hook. */
function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    // COLUMNS: the hooks' output goes to a pipe, 80 columns wide, whatever terminal runs the tests
    if (k.startsWith('GIT_') || k.startsWith('PRE_COMMIT') || k === 'FORCE_COLOR' || k === 'GITHUB_ACTIONS' || k === 'COLUMNS') continue;
    env[k] = v;
  }
  return { ...env, NO_COLOR: '1', GIT_CONFIG_NOSYSTEM: '1', ...extra };
}

function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, timeout = RUN_TIMEOUT): SpawnSyncReturns<string> {
  const r = spawnSync(cmd, args, { cwd, env, encoding: 'utf8', timeout, maxBuffer: 64 * 1024 * 1024 });
  if (r.error) throw r.error;
  return r;
}

function git(args: string[], cwd: string, env: NodeJS.ProcessEnv): string {
  const r = run('git', args, cwd, env);
  if (r.status !== 0) throw new Error(`git ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
  return r.stdout.trim();
}

/** Output of a pre-commit run, both streams, as a user sees it in the terminal. */
const out = (r: SpawnSyncReturns<string>) => `${r.stdout}${r.stderr}`;

// Top-level folders that are build output or installed packages, never part of a clone. Anything else the
// repository's .gitignore lists is left out by `git add -A` in the snapshot.
const NOT_COPIED = new Set(['.git', 'node_modules', 'dist', 'coverage']);

/** A git repository holding this checkout's files (tracked or not, minus .gitignore'd ones) in one commit. */
function snapshotHookRepo(dir: string, env: NodeJS.ProcessEnv): string {
  cpSync(ROOT, dir, {
    recursive: true,
    filter: (src) => {
      const rel = relative(ROOT, src);
      return rel === '' || !NOT_COPIED.has(rel.split(sep)[0]!);
    },
  });
  git(['init', '-q'], dir, env);
  git(['add', '-A'], dir, env);
  git(['-c', 'user.name=platlint test', '-c', 'user.email=test@platlint.invalid', '-c', 'commit.gpgsign=false', 'commit', '-q', '-m', 'snapshot'], dir, env);
  return git(['rev-parse', 'HEAD'], dir, env);
}

/** An empty git repository with a local identity, ready for commits. */
function scratchRepo(dir: string, env: NodeJS.ProcessEnv): string {
  mkdirSync(dir, { recursive: true });
  git(['init', '-q'], dir, env);
  git(['config', 'user.name', 'platlint test'], dir, env);
  git(['config', 'user.email', 'test@platlint.invalid'], dir, env);
  git(['config', 'commit.gpgsign', 'false'], dir, env);
  return dir;
}

function write(dir: string, files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
}

// A plat file with one mistake: `resourceLock` (line 4, column 15) is not one of the allowed values.
const BAD = `apiVersion: controllermanager.config.plat.io/v1alpha1
kind: LeaderMigrationConfiguration
leaderName: cloud-provider-extraction-migration
resourceLock: configmaps
controllerLeaders:
  - name: route-controller
    component: cloud-controller-manager
`;
const ROLE = `apiVersion: rbac.authorization.plat.io/v1
kind: Role
metadata:
  name: deployer
  namespace: storefront
rules:
  - apiGroups: ["apps"]
    resources: ["deployments"]
    verbs: ["get", "list", "update"]
`;
const binding = (name: string, role: string) => `apiVersion: rbac.authorization.plat.io/v1
kind: RoleBinding
metadata:
  name: ${name}
  namespace: storefront
roleRef:
  apiGroup: rbac.authorization.plat.io
  kind: Role
  name: ${role}
subjects:
  - kind: User
    name: jane@example.com
    apiGroup: rbac.authorization.plat.io
`;
/** How the stylish report shows BAD's finding (80 columns: the hooks write to a pipe). */
const BAD_FINDING = 'conf/bad.yaml\n  4:15  error  `resourceLock` must be one of `leases`, `endpoints`, got\n               `configmaps`                                          schema/enum\n';

// Files of other tools: YAML and JSON (with comments and a trailing comma, as tsconfig.json files have).
const UNRELATED = {
  '.github/workflows/ci.yml': 'name: ci\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: make test\n',
  'deploy/values.yaml': 'replicaCount: 2\nimage:\n  repository: example/app\n  tag: "1.2.3"\n',
  'tsconfig.json': '{\n  // compiler settings\n  "compilerOptions": { "strict": true, },\n}\n',
  'package.json': '{ "name": "app", "version": "1.0.0" }\n',
};

describe('pre-commit hooks (real pre-commit)', () => {
  let work: string;
  let hookRepo: string;
  let rev: string;
  const home = () => join(work, 'pre-commit-home');
  const env = () => childEnv({ PRE_COMMIT_HOME: home(), PATH: `${join(work, 'path')}:${process.env.PATH ?? ''}` });

  beforeAll(() => {
    if (!hasPreCommit || !hasGit) throw new Error(MISSING);
    work = mkdtempSync(join(tmpdir(), 'platlint-pre-commit-'));
    hookRepo = join(work, 'platlint');
    rev = snapshotHookRepo(hookRepo, childEnv());
    // `platlint` on PATH for the language: system hook: this checkout's built launcher
    mkdirSync(join(work, 'path'));
    symlinkSync(join(ROOT, 'bin', 'platlint.js'), join(work, 'path', 'platlint'));
  }, INSTALL_TIMEOUT);

  // the hook environments pre-commit installed are large: removing them took over 10 s on a loaded machine
  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  }, INSTALL_TIMEOUT);

  it('.pre-commit-hooks.yaml declares the three hooks', () => {
    const manifest = readFileSync(join(ROOT, '.pre-commit-hooks.yaml'), 'utf8');
    const ids = [...manifest.matchAll(/^- id: (\S+)$/gm)].map((m) => m[1]);
    expect(ids).toEqual(['platlint', 'platlint-system', 'platlint-project']);
    // pre-commit's own validation of a hooks manifest
    const r = run('pre-commit', ['validate-manifest', join(ROOT, '.pre-commit-hooks.yaml')], ROOT, env());
    expect(out(r)).toBe('');
    expect(r.status).toBe(0);
  });

  it(
    'try-repo: a bad plat file fails with its file, position and rule; good and unrelated files pass silently',
    () => {
      const repo = scratchRepo(join(work, 'try'), env());
      write(repo, { 'conf/bad.yaml': BAD, 'rbac/role.yaml': ROLE, ...UNRELATED });
      git(['add', '-A'], repo, env());
      // four files or fewer: pre-commit passes them to one process, so the summary line is one
      const bad = run('pre-commit', ['try-repo', hookRepo, 'platlint', '--color', 'never', '--files', 'conf/bad.yaml', 'rbac/role.yaml', 'deploy/values.yaml', 'tsconfig.json'], repo, env(), INSTALL_TIMEOUT);
      expect(bad.status, out(bad)).toBe(1);
      const report = out(bad).slice(out(bad).indexOf('platlint....'));
      expect(report).toBe(
        [
          'platlint.................................................................Failed',
          '- hook id: platlint',
          '- exit code: 1',
          '',
          'conf/bad.yaml',
          '  4:15  error  `resourceLock` must be one of `leases`, `endpoints`, got',
          '               `configmaps`                                          schema/enum',
          '',
          '✖ 1 problem (1 error, 0 warnings) in 1 of 4 files — 2 documents checked,',
          '  2 skipped as not plat',
          'Run `platlint explain schema/enum` for what the rule checks and how to fix it',
          '',
          '',
        ].join('\n'),
      );
    },
    INSTALL_TIMEOUT,
  );

  describe('installed through .pre-commit-config.yaml', () => {
    let repo: string;
    const config = (hooks: string[]) => `repos:\n  - repo: ${hookRepo}\n    rev: ${rev}\n    hooks:\n${hooks.map((h) => `      - id: ${h}\n`).join('')}`;
    const preCommit = (args: string[]) => run('pre-commit', [...args, '--color', 'never'], repo, env());
    const commit = (message: string) => run('git', ['commit', '-q', '-m', message], repo, env());

    beforeAll(() => {
      repo = scratchRepo(join(work, 'project'), env());
      write(repo, { '.pre-commit-config.yaml': config(['platlint', 'platlint-system', 'platlint-project']) });
      const installed = run('pre-commit', ['install-hooks'], repo, env(), INSTALL_TIMEOUT);
      if (installed.status !== 0) throw new Error(`pre-commit install-hooks failed:\n${out(installed)}`);
      const hook = run('pre-commit', ['install'], repo, env());
      if (hook.status !== 0) throw new Error(`pre-commit install failed:\n${out(hook)}`);
      git(['add', '.pre-commit-config.yaml'], repo, env());
    }, INSTALL_TIMEOUT);

    /** The installed package: what `npm pack` put in the tarball, installed into pre-commit's node prefix. */
    function installedPackage(): string {
      const found: string[] = [];
      for (const store of readdirSync(home())) {
        const dir = join(home(), store);
        if (!statSync(dir).isDirectory()) continue;
        for (const envName of readdirSync(dir)) {
          const pkg = join(dir, envName, 'lib', 'node_modules', 'platlint');
          if (envName.startsWith('node_env-') && existsSync(pkg)) found.push(pkg);
        }
      }
      expect(found).toHaveLength(1);
      return found[0]!;
    }

    it('the installed package holds the built output and no path of the machine it was built on', () => {
      const pkg = installedPackage();
      const top = readdirSync(pkg).filter((n) => n !== 'node_modules').sort();
      expect(top).toEqual(['LICENSE', 'README.md', 'bin', 'dist', 'package.json', 'schemas']);
      for (const file of ['bin/platlint.js', 'dist/cli.cjs', 'dist/cel-js.cjs', 'dist/lib/index.js', 'dist/types/src/index.d.ts']) {
        expect(existsSync(join(pkg, file)), file).toBe(true);
      }
      expect(readdirSync(join(pkg, 'dist', 'validators')).length).toBeGreaterThan(0);
      // no absolute path of the clone pre-commit built in, nor of this checkout (the code caches are binary)
      const clone = join(pkg, '..', '..', '..', '..');
      const texts: string[] = [];
      const walk = (dir: string) => {
        for (const e of readdirSync(dir, { withFileTypes: true })) {
          const p = join(dir, e.name);
          if (e.isDirectory()) walk(p);
          else if (!e.name.endsWith('.cache')) texts.push(p);
        }
      };
      walk(join(pkg, 'bin'));
      walk(join(pkg, 'dist'));
      for (const file of texts) {
        const text = readFileSync(file, 'utf8');
        expect(text.includes(clone), file).toBe(false);
        expect(text.includes(ROOT), file).toBe(false);
      }
    });

    it('works without the clone it was built in: the clone is removed before the hooks run', () => {
      // pre-commit keeps its clone of the hook repository; the installed package must not need it
      const pkg = installedPackage();
      const clone = join(pkg, '..', '..', '..', '..');
      rmSync(join(clone, 'dist'), { recursive: true, force: true });
      rmSync(join(clone, 'src'), { recursive: true, force: true });
      write(repo, { 'conf/bad.yaml': BAD });
      const r = preCommit(['run', 'platlint', '--files', 'conf/bad.yaml']);
      expect(r.status, out(r)).toBe(1);
      expect(r.stdout).toContain(BAD_FINDING);
      rmSync(join(repo, 'conf'), { recursive: true });
    });

    it('a commit of good plat files and other tools\' files passes every hook', () => {
      write(repo, { 'rbac/role.yaml': ROLE, 'rbac/binding.yaml': binding('deployers', 'deployer'), ...UNRELATED });
      git(['add', 'rbac', '.github', 'deploy', 'tsconfig.json', 'package.json'], repo, env());
      const r = commit('good files');
      expect(r.status, out(r)).toBe(0);
      expect(out(r)).toMatch(/^platlint\.+Passed$/m);
      expect(out(r)).toMatch(/^platlint \(installed on PATH\)\.+Passed$/m);
      expect(out(r)).toMatch(/^platlint \(whole project, cross-file rules\)\.+Passed$/m);
      expect(git(['log', '--format=%s'], repo, env())).toBe('good files');
    });

    it('a commit of only other tools\' files passes: every document is skipped, nothing is reported', () => {
      write(repo, { 'deploy/values.yaml': 'replicaCount: 3\n' });
      git(['add', 'deploy/values.yaml'], repo, env());
      const r = preCommit(['run', 'platlint', '--verbose', '--files', 'deploy/values.yaml', '.github/workflows/ci.yml', 'tsconfig.json', 'package.json']);
      expect(r.status, out(r)).toBe(0);
      expect(out(r)).toContain('✔ no problems in 4 files — 0 documents checked, 4 skipped as not plat\n');
      const commitResult = commit('values only');
      expect(commitResult.status, out(commitResult)).toBe(0);
    });

    it('a commit of a bad plat file fails, naming the file, the position and the rule', () => {
      write(repo, { 'conf/bad.yaml': BAD });
      git(['add', 'conf/bad.yaml'], repo, env());
      const r = commit('bad file');
      expect(r.status, out(r)).toBe(1);
      const text = out(r);
      expect(text).toMatch(/^platlint\.+Failed$/m);
      expect(text).toMatch(/^platlint \(installed on PATH\)\.+Failed$/m);
      expect(text).toMatch(/^platlint \(whole project, cross-file rules\)\.+Failed$/m);
      // once from each of the three hooks
      expect(text.split(BAD_FINDING)).toHaveLength(4);
      expect(git(['log', '--format=%s'], repo, env())).toBe('values only\ngood files');
      git(['rm', '-q', '--cached', 'conf/bad.yaml'], repo, env());
      rmSync(join(repo, 'conf'), { recursive: true });
    });

    it('the project hook resolves role references across files; the per-file hooks do not require it', () => {
      // a binding of a role defined in a file that is not part of this commit: resolved by the project hook
      write(repo, { 'rbac/more-bindings.yaml': binding('more-deployers', 'deployer') });
      git(['add', 'rbac/more-bindings.yaml'], repo, env());
      const resolved = preCommit(['run', '--files', 'rbac/more-bindings.yaml']);
      expect(resolved.status, out(resolved)).toBe(0);
      expect(out(resolved)).toMatch(/^platlint \(whole project, cross-file rules\)\.+Passed$/m);

      // a binding of a role that no file of the repository defines: a warning (the API server stores such a
      // binding), shown by the project hook with --verbose
      write(repo, { 'rbac/ghost-binding.yaml': binding('ghosts', 'ghost') });
      git(['add', 'rbac/ghost-binding.yaml'], repo, env());
      const r = preCommit(['run', '--verbose', '--files', 'rbac/ghost-binding.yaml']);
      expect(r.status, out(r)).toBe(0);
      const text = out(r);
      expect(text).toMatch(/^platlint\.+Passed$/m);
      expect(text).toMatch(/^platlint \(installed on PATH\)\.+Passed$/m);
      expect(text).toMatch(/^platlint \(whole project, cross-file rules\)\.+Passed$/m);
      expect(text).toContain(
        [
          'rbac/ghost-binding.yaml',
          '  9:9  warning  `roleRef` names Role `ghost`, which no file of this run defines',
          '                and the platform does not create         set/role-ref-unresolved',
        ].join('\n'),
      );
    });
  });
});

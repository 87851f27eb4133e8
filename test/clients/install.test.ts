// platlint installed into a project of its own, as a user installs a release tarball: `npm pack` (its prepack
// builds), an empty project, `npm install --offline` of the tarball (its dependencies from npm's cache: no
// network), then `npx platlint` and `npx platlint-language-server --stdio` in that project.
// Then a new git repository adopts it the way the README's quick start says: `npx platlint init`, the
// pre-commit hook it prints (run by Debian's pre-commit), and the GitHub workflow it prints (the action's lint
// step with a stand-in runner, test/helpers/action-step.ts).
//
// The package is packed from a copy of this checkout (its files, tracked or not, without dist/ and with this
// checkout's node_modules linked in): prepack rebuilds dist/ and changes package.json while npm packs, which must
// not happen under the other tests of real programs, which run this checkout's build.
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import { parse } from 'yaml';
import { ACTION, lintStep } from '../helpers/action-step.js';
import { platlint } from '../helpers/cli.js';
import { ROOT } from '../helpers/fixtures.js';
import { sarifValidator } from '../helpers/sarif.js';

const hasPreCommit = spawnSync('pre-commit', ['--version'], { encoding: 'utf8' }).status === 0;

// packing builds (esbuild, the validators, tsc, the code-cache run): a minute on a slow machine
const PACK_TIMEOUT = 300_000;
const RUN_TIMEOUT = 60_000;

// this checkout's folders that are build output, installed packages or git's: never copied
const NOT_COPIED = new Set(['.git', 'node_modules', 'dist', 'coverage', 'bench', '.scratch']);

/** The environment of the child processes: no colour, nothing of the npm script that started vitest. */
function childEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (k.startsWith('npm_lifecycle_') || k.startsWith('npm_package_') || k === 'FORCE_COLOR' || k === 'GITHUB_ACTIONS') continue;
    env[k] = v;
  }
  return { ...env, NO_COLOR: '1' };
}

function run(cmd: string, args: string[], cwd: string, timeout = RUN_TIMEOUT): SpawnSyncReturns<string> {
  const r = spawnSync(cmd, args, { cwd, env: childEnv(), encoding: 'utf8', timeout, maxBuffer: 64 * 1024 * 1024 });
  if (r.error) throw r.error;
  return r;
}

// one mistake of each kind the schema checks: a missing field (5:5) and a misspelt one (6:7)
const EGRESS = 'apiVersion: apiserver.plat.io/v1beta1\nkind: EgressSelectorConfiguration\negressSelections:\n  - name: cluster\n    connection:\n      proxyProtocl: Direct\n';
const EGRESS_OK = 'apiVersion: apiserver.plat.io/v1beta1\nkind: EgressSelectorConfiguration\negressSelections:\n  - name: cluster\n    connection:\n      proxyProtocol: Direct\n';

describe('the packed tarball installed into an empty project', () => {
  let work: string;
  let copy: string;
  let project: string;
  let packed: { filename: string; size: number; unpackedSize: number; files: { path: string }[] };
  let packageJsonBefore: string;

  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'platlint-install-'));
    copy = join(work, 'platlint');
    cpSync(ROOT, copy, {
      recursive: true,
      filter: (src) => {
        const rel = relative(ROOT, src);
        return rel === '' || (!NOT_COPIED.has(rel.split(sep)[0]!) && !rel.endsWith('.tgz'));
      },
    });
    // the copy's own node_modules folder (prepack keeps package.json there while npm packs) of links to this
    // checkout's packages
    mkdirSync(join(copy, 'node_modules'));
    for (const name of readdirSync(join(ROOT, 'node_modules'))) {
      if (name !== '.cache') symlinkSync(join(ROOT, 'node_modules', name), join(copy, 'node_modules', name));
    }
    packageJsonBefore = readFileSync(join(copy, 'package.json'), 'utf8');
    const pack = run('npm', ['pack', '--json', '--pack-destination', work], copy, PACK_TIMEOUT);
    if (pack.status !== 0) throw new Error(`npm pack failed (${pack.status}):\n${pack.stderr}`);
    packed = (JSON.parse(pack.stdout) as (typeof packed)[])[0]!;

    project = join(work, 'project');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), '{ "name": "project", "version": "1.0.0", "private": true }\n');
    writeFileSync(join(project, 'egress.yaml'), EGRESS);
    writeFileSync(join(project, 'egress-ok.yaml'), EGRESS_OK);
  }, PACK_TIMEOUT);

  // the scratch folder holds a copy of this checkout, two installed projects and pre-commit's store: removing it
  // takes more than vitest's default 10 s on a loaded machine
  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  }, PACK_TIMEOUT);

  it('npm pack builds and leaves package.json as it was; the tarball holds the programs, their files, the schemas, README and LICENSE', () => {
    expect(readFileSync(join(copy, 'package.json'), 'utf8')).toBe(packageJsonBefore);
    expect(existsSync(join(copy, 'node_modules', '.cache', 'platlint-pack'))).toBe(true);
    expect(readdirSync(join(copy, 'node_modules', '.cache', 'platlint-pack'))).toEqual([]);
    const paths = packed.files.map((f) => f.path);
    expect([...new Set(paths.map((p) => p.split('/')[0]))].sort()).toEqual(['LICENSE', 'README.md', 'bin', 'dist', 'package.json', 'schemas']);
    expect(paths.filter((p) => p.startsWith('bin/')).sort()).toEqual(['bin/load-bundle.cjs', 'bin/package.json', 'bin/platlint-language-server.js', 'bin/platlint.js']);
    expect([...new Set(paths.filter((p) => p.startsWith('dist/')).map((p) => p.split('/')[1]))].sort()).toEqual([
      'browser',
      'cel-js.cjs',
      'cel-js.cjs.cache',
      'cli.cjs',
      'cli.cjs.cache',
      'kind-types.json',
      'lib',
      'lsp-worker.cjs',
      'lsp.cjs',
      'types',
      'validators',
    ]);
    // no tests, fixtures or sources (the type declarations of src/ and rules/ are the library's types)
    expect(paths.filter((p) => /(^|\/)(test|tests|fixtures|__tests__)\/|\.test\.|(^|\/)src\/tools\//.test(p) || /^(src|rules)\//.test(p))).toEqual([]);
    expect(readFileSync(join(ROOT, 'LICENSE'), 'utf8')).toContain('Apache License\n                           Version 2.0, January 2004');
  });

  it('the packed package.json has no prepare script and depends only on what the built programs and the library load', () => {
    const tar = run('tar', ['-xzOf', join(work, packed.filename), 'package/package.json'], work);
    const manifest = JSON.parse(tar.stdout) as { scripts: Record<string, string>; dependencies: Record<string, string>; license: string };
    expect(Object.keys(manifest.scripts)).not.toContain('prepare');
    expect(Object.keys(manifest.dependencies)).toEqual(['chalk', 'glob', 'minimatch', 'yaml']);
    expect(manifest.license).toBe('Apache-2.0');
  });

  it(
    'npm install --offline of the tarball adds platlint and its runtime packages only, with no warning',
    () => {
      const r = run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--save-dev', join(work, packed.filename)], project, PACK_TIMEOUT);
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      // the packages the lock file of this checkout needs at run time, and platlint itself
      const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean; devOptional?: boolean }> };
      const runtime = Object.entries(lock.packages).filter(([k, v]) => k !== '' && !v.dev && !v.devOptional);
      expect(r.stdout).toMatch(new RegExp(`^\\nadded ${runtime.length + 1} packages in \\S+\\n$`));
      for (const name of ['ajv', 'vscode-languageserver', '@marcbachmann/cel-js', 'esbuild', 'typescript']) expect(existsSync(join(project, 'node_modules', name)), name).toBe(false);
    },
    PACK_TIMEOUT,
  );

  it('npx platlint prints and exits as this checkout does: on a file, a glob, a folder with policies (CEL) and a clean file', async () => {
    const policies = join(ROOT, 'fixtures', 'examples', 'policies');
    const runs: [string[], number][] = [
      [['egress.yaml'], 1],
      [['--format', 'compact', '*.yaml'], 1],
      [['egress-ok.yaml'], 0],
      [['--config', join(policies, 'platlint.config.yaml'), '--format', 'json', policies], 1],
    ];
    for (const [args, code] of runs) {
      const r = run('npx', ['platlint', ...args], project);
      expect(r.status, args.join(' ')).toBe(code);
      expect({ code: r.status, stdout: r.stdout, stderr: r.stderr }).toEqual(await platlint(args, { cwd: project }));
    }
    const compact = run('npx', ['platlint', '--format', 'compact', 'egress.yaml'], project).stdout;
    expect(compact.split('\n').map((l) => l.replace(/ .*\[/, ' … ['))).toEqual(['egress.yaml:5:5: … [schema/required]', 'egress.yaml:6:7: … [schema/unknown-field]', '', '2 problems', '']);
  });

  it('the library of the installed package lints a text', () => {
    const script = "import { lintText } from 'platlint'; console.log(lintText(process.argv[1], { filePath: 'egress.yaml' }).diagnostics.map((d) => `${d.line}:${d.column} ${d.ruleId}`).join('\\n'));";
    const r = run(process.execPath, ['--input-type=module', '-e', script, EGRESS], project);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('5:5 schema/required\n6:7 schema/unknown-field\n');
  });

  it('npx platlint-language-server --stdio answers initialize, publishes the diagnostics of an opened document, and exits 0', async () => {
    const proc = spawn('npx', ['platlint-language-server', '--stdio'], { cwd: project, env: childEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    proc.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
    const connection = createMessageConnection(new StreamMessageReader(proc.stdout), new StreamMessageWriter(proc.stdin));
    const uri = pathToFileURL(join(project, 'egress.yaml')).href;
    const published = new Promise<{ uri: string; diagnostics: { code: string; range: { start: { line: number; character: number } } }[] }>((resolve) =>
      connection.onNotification('textDocument/publishDiagnostics', (p: { uri: string; diagnostics: { code: string; range: { start: { line: number; character: number } } }[] }) => {
        if (p.uri === uri) resolve(p);
      }),
    );
    connection.onNotification('window/logMessage', () => {});
    connection.onRequest('client/registerCapability', () => null);
    connection.listen();
    try {
      const init = (await connection.sendRequest('initialize', { processId: process.pid, rootUri: pathToFileURL(project).href, capabilities: {} })) as { serverInfo: unknown; capabilities: Record<string, unknown> };
      expect(init.serverInfo).toEqual({ name: 'platlint-language-server', version: '0.1.0' });
      expect(init.capabilities).toHaveProperty('hoverProvider');
      await connection.sendNotification('initialized', {});
      await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text: EGRESS } });
      expect((await published).diagnostics.map((d) => `${d.range.start.line}:${d.range.start.character} ${d.code}`)).toEqual(['4:4 schema/required', '5:6 schema/unknown-field']);
      await connection.sendRequest('shutdown');
      await connection.sendNotification('exit');
      expect(await exited).toBe(0);
      expect(stderr).toBe('');
    } finally {
      connection.dispose();
      if (proc.exitCode === null) proc.kill();
    }
  }, RUN_TIMEOUT);

  // The five minutes of a new user, in tests: a repository of their own installs the tarball, runs `npx platlint
  // init`, copies the pre-commit hook it prints into .pre-commit-config.yaml (the real pre-commit, Debian's),
  // commits through it, and runs the workflow it prints (the action's lint step, with a stand-in runner).
  describe('a new repository adopts it: init, a commit through the pre-commit hook, the action of the workflow init prints', () => {
    let repo: string;
    let printed: string;
    const gitEnv = (): NodeJS.ProcessEnv => ({ ...childEnv(), GIT_CONFIG_NOSYSTEM: '1', PRE_COMMIT_HOME: join(work, 'pre-commit-home') });
    const git = (args: string[]) => {
      const r = spawnSync('git', args, { cwd: repo, env: gitEnv(), encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
    };
    const commit = (message: string) => {
      git(['add', '-A']);
      const r = spawnSync('git', ['commit', '-q', '-m', message], { cwd: repo, env: gitEnv(), encoding: 'utf8', timeout: RUN_TIMEOUT });
      if (r.error) throw r.error;
      return { code: r.status, out: `${r.stdout}${r.stderr}` };
    };
    /** The block of `printed` under a title line: its lines, indented by 4, up to the next empty line. */
    const block = (title: string) => {
      const lines = printed.split('\n');
      const start = lines.indexOf(title);
      expect(start, title).toBeGreaterThanOrEqual(0);
      const body = lines.slice(start + 2);
      return `${body.slice(0, body.indexOf('')).map((l) => l.slice(4)).join('\n')}\n`;
    };
    const binding = (env: string) =>
      `apiVersion: rbac.authorization.plat.io/v1\nkind: ClusterRoleBinding\nmetadata:\n  name: readers\nroleRef:\n  apiGroup: rbac.authorization.plat.io\n  kind: ClusterRole\n  name: reader\nsubjects:\n  - kind: Group\n    name: ${env}-readers\n    apiGroup: rbac.authorization.plat.io\n`;
    const AUDIT_BAD = 'apiVersion: audit.plat.io/v1\nkind: Policy\nrules:\n  - level: metadata\n';

    beforeAll(() => {
      repo = join(work, 'ops');
      mkdirSync(repo);
      git(['init', '-q']);
      git(['config', 'user.name', 'platlint test']);
      git(['config', 'user.email', 'test@platlint.invalid']);
      git(['config', 'commit.gpgsign', 'false']);
      const files: Record<string, string> = {
        'package.json': '{ "name": "ops", "version": "1.0.0", "private": true }\n',
        '.gitignore': 'node_modules/\n',
        'deploy/base/reader.yaml': 'apiVersion: rbac.authorization.plat.io/v1\nkind: ClusterRole\nmetadata:\n  name: reader\nrules:\n  - apiGroups: [""]\n    resources: ["configmaps"]\n    verbs: ["get", "list"]\n',
        'deploy/prod/binding.yaml': binding('prod'),
        'deploy/staging/binding.yaml': binding('staging'),
        'chart/values.yaml': 'replicas: 2\n',
      };
      for (const [name, text] of Object.entries(files)) {
        mkdirSync(join(repo, name, '..'), { recursive: true });
        writeFileSync(join(repo, name), text);
      }
      const r = run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--save-dev', join(work, packed.filename)], repo, PACK_TIMEOUT);
      if (r.status !== 0) throw new Error(`npm install failed: ${r.stderr}`);
    }, PACK_TIMEOUT);

    it('npx platlint init writes a configuration with a deployment per environment, ignores the cache, and prints a hook running the installed platlint', () => {
      const r = run('npx', ['platlint', 'init'], repo);
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      printed = r.stdout;
      expect(printed.split('\n').slice(0, 3)).toEqual([
        'Wrote platlint.config.yaml: 2 deployments guessed from the 3 files holding plat documents; its comments say why.',
        'Added to .gitignore: .platlintcache (the cache of --cache).',
        'Next: check the guess, run `npx platlint` here, and commit platlint.config.yaml and .gitignore.',
      ]);
      expect(readFileSync(join(repo, '.gitignore'), 'utf8')).toBe('node_modules/\n.platlintcache\n');
      const config = readFileSync(join(repo, 'platlint.config.yaml'), 'utf8');
      expect(config).toContain('deployments:\n  - name: "deploy/prod"');
      expect(config).toContain('  - name: "deploy/staging"');
      expect(block("pre-commit: add to .pre-commit-config.yaml at the repository's root:")).toBe(
        'repos:\n  - repo: local\n    hooks:\n      - id: platlint\n        name: platlint\n        entry: npx --no-install platlint   # the platlint of package.json (npm ci installs it)\n        language: system\n        types_or: [yaml, json]\n',
      );
      // a second init changes nothing
      const again = run('npx', ['platlint', 'init'], repo);
      expect({ code: again.status, stdout: again.stdout, stderr: again.stderr }).toEqual({ code: 2, stdout: '', stderr: 'platlint init: platlint.config.yaml exists already; platlint init changes nothing (remove the file to start over)\n' });
      // the repository as init left it lints clean: each binding finds its role in the base of its deployment
      const lint = run('npx', ['platlint', '--resolve-refs'], repo);
      expect({ code: lint.status, stdout: lint.stdout }).toEqual({ code: 0, stdout: expect.stringMatching(/^✔ no problems in 7 files — 3 documents checked, 4 skipped as not plat\n/) });
    });

    it('commits go through the hook init printed: a mistake stops the commit with its finding, the fixed file is committed', () => {
      expect(hasPreCommit, 'pre-commit (Debian package) is not on PATH; .ci/run installs it').toBe(true);
      writeFileSync(join(repo, '.pre-commit-config.yaml'), block("pre-commit: add to .pre-commit-config.yaml at the repository's root:"));
      const install = spawnSync('pre-commit', ['install'], { cwd: repo, env: gitEnv(), encoding: 'utf8' });
      expect(install.stdout).toBe('pre-commit installed at .git/hooks/pre-commit\n');
      const first = commit('platlint');
      expect(first.code, first.out).toBe(0);
      expect(first.out).toMatch(/^platlint\.+Passed$/m);
      mkdirSync(join(repo, 'deploy', 'prod', 'audit'));
      writeFileSync(join(repo, 'deploy', 'prod', 'audit', 'policy.yaml'), AUDIT_BAD);
      const stopped = commit('audit policy');
      expect(stopped.code).toBe(1);
      expect(stopped.out).toMatch(/^platlint\.+Failed$/m);
      expect(stopped.out).toContain('deploy/prod/audit/policy.yaml\n  4:12  error  ');
      expect(stopped.out).toContain('got `metadata`; did you mean `Metadata`?');
      // --fix, as the finding says, then the commit goes through
      expect(run('npx', ['platlint', '--fix', 'deploy/prod/audit/policy.yaml'], repo).status).toBe(0);
      expect(readFileSync(join(repo, 'deploy', 'prod', 'audit', 'policy.yaml'), 'utf8')).toBe(AUDIT_BAD.replace('metadata', 'Metadata'));
      const fixed = commit('audit policy');
      expect(fixed.code, fixed.out).toBe(0);
    }, RUN_TIMEOUT * 2);

    it('the workflow init printed, on CI: the action annotates the mistake, writes SARIF and fails the step', () => {
      const workflow = parse(block('GitHub Actions: save as .github/workflows/platlint.yml:')) as { jobs: { platlint: { steps: { uses?: string; with?: Record<string, string> }[] } } };
      const step = workflow.jobs.platlint.steps.find((s) => s.uses?.endsWith('/platlint@main'))!;
      expect(Object.keys(step.with!).filter((k) => !(k in ACTION.inputs))).toEqual([]);
      writeFileSync(join(repo, 'deploy', 'staging', 'audit.yaml'), AUDIT_BAD);
      // the action's checkout: the clone of platlint the tarball was packed from (built, its packages installed)
      const r = lintStep(repo, step.with!, copy);
      expect(r.code).toBe(1);
      expect(r.stdout.split('\n').filter((l) => l.startsWith('::'))).toEqual([
        '::error file=deploy/staging/audit.yaml,line=4,endLine=4,col=12,endColumn=20,title=schema/enum::4:12 `level` must be one of `None`, `Metadata`, `Request`, `RequestResponse`, got `metadata`; did you mean `Metadata`? [schema/enum]',
      ]);
      expect(r.summary).toContain('| error | <code>deploy/staging/audit.yaml</code> | 4:12 | [<code>schema/enum</code>](https://github.com/PLACEHOLDER-OWNER/platlint/blob/HEAD/docs/rules/schema/enum.md) |');
      expect(r.output).toBe(`sarif=${step.with!.sarif}\n`);
      const sarif = JSON.parse(readFileSync(join(repo, step.with!.sarif!), 'utf8'));
      expect(sarifValidator()(sarif)).toBe(true);
      expect(sarif.runs[0].results.map((x: { ruleId: string; locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number; startColumn: number } } }[] }) => {
        const loc = x.locations[0]!.physicalLocation;
        return `${x.ruleId} ${loc.artifactLocation.uri}:${loc.region.startLine}:${loc.region.startColumn}`;
      })).toEqual(['schema/enum deploy/staging/audit.yaml:4:12']);
    });
  });
});

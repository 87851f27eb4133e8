// `platlint init`: the starter configuration (deployments guessed from the folders), .platlintcache in .gitignore,
// the refusal to overwrite, and the snippets it prints; the configuration it writes is loaded by platlint itself.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { RULE_IDS, suggestRuleIds } from '../src/check/registry.js';
import { guessDeployments } from '../src/cli/init.js';
import { loadConfig } from '../src/files/config-file.js';
import { REPOSITORY_URL } from '../src/report/rule-url.js';
import { jsonFindings, platlint } from './helpers/cli.js';
import { ROOT } from './helpers/fixtures.js';

const scratch = () => mkdtempSync(join(tmpdir(), 'platlint-init-'));

function write(dir: string, files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
}

const role = (name: string) => `apiVersion: rbac.authorization.plat.io/v1\nkind: ClusterRole\nmetadata:\n  name: ${name}\nrules:\n  - apiGroups: [""]\n    resources: ["events"]\n    verbs: ["list"]\n`;
const TRACING = 'apiVersion: apiserver.config.plat.io/v1\nkind: TracingConfiguration\nendpoint: localhost:4317\n';

/** A repository with a shared base and two environments that define the same role. */
function kustomizeLike(): string {
  const dir = scratch();
  mkdirSync(join(dir, '.git'));
  write(dir, {
    'deploy/base/roles.yaml': role('shared'),
    'deploy/prod/roles.yaml': role('reader'),
    'deploy/staging/roles.yaml': role('reader'),
    'deploy/prod/tracing.yaml': TRACING,
    'docs/values.yaml': 'replicaCount: 2\n',
    'node_modules/x/role.yaml': role('reader'),
  });
  return dir;
}

const load = (dir: string) => loadConfig(join(dir, 'platlint.config.yaml'), RULE_IDS, suggestRuleIds);

describe('platlint init', () => {
  it('writes a configuration with the deployments it guessed, which platlint loads, and prints what it did and the snippets', async () => {
    const dir = kustomizeLike();
    const r = await platlint(['init'], { cwd: dir });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const config = load(dir);
    expect(config.deployments).toEqual([
      { name: 'deploy/prod', files: ['deploy/base/', 'deploy/prod/'] },
      { name: 'deploy/staging', files: ['deploy/base/', 'deploy/staging/'] },
    ]);
    expect({ rules: config.rules, ignores: config.ignores, externalRoles: config.externalRoles, overrides: config.overrides }).toEqual({ rules: {}, ignores: [], externalRoles: [], overrides: undefined });
    const text = readFileSync(join(dir, 'platlint.config.yaml'), 'utf8');
    expect(text).toContain(
      [
        '# Guessed by platlint init from the 4 files holding plat documents:',
        '#   - deploy/: prod/ and staging/ both define ClusterRole `reader`, so its folders (prod/, staging/) are taken',
        '#     as alternatives, never applied together',
        '#   - deploy/base/: beside the alternatives, so taken as part of each',
      ].join('\n'),
    );
    expect(text).toContain(
      [
        'deployments:',
        '  - name: "deploy/prod"    # the files of deploy/prod/, with deploy/base/',
        '    files: ["deploy/base/", "deploy/prod/"]',
        '  - name: "deploy/staging"    # the files of deploy/staging/, with deploy/base/',
        '    files: ["deploy/base/", "deploy/staging/"]',
        '',
      ].join('\n'),
    );
    expect(readFileSync(join(dir, '.gitignore'), 'utf8')).toBe('.platlintcache\n');
    expect(r.stdout).toBe(
      [
        'Wrote platlint.config.yaml: 2 deployments guessed from the 4 files holding plat documents; its comments say why.',
        'Created .gitignore with .platlintcache (the cache of --cache).',
        'Next: check the guess, run `npx platlint` here, and commit platlint.config.yaml and .gitignore.',
        '',
        "pre-commit: add to .pre-commit-config.yaml at the repository's root:",
        '',
        '    repos:',
        "      - repo: https://github.com/PLACEHOLDER-OWNER/platlint   # platlint's git repository",
        '        rev: 0123456789abcdef0123456789abcdef01234567   # a tag or a full commit SHA of platlint (git ls-remote URL HEAD prints the newest)',
        '        hooks:',
        '          - id: platlint',
        '',
        'GitHub Actions: save as .github/workflows/platlint.yml:',
        '',
        '    name: platlint',
        '    on: [push, pull_request]',
        '    permissions:',
        '      contents: read',
        '      security-events: write      # for the sarif input (code scanning)',
        '    jobs:',
        '      platlint:',
        '        runs-on: ubuntu-latest',
        '        steps:',
        '          - uses: actions/checkout@v4',
        '          - uses: PLACEHOLDER-OWNER/platlint@main   # pin a tag or a commit of platlint',
        '            with:',
        '              paths: .',
        '              config: ""   # empty: platlint.config.yaml, found as platlint finds it',
        '              args: --resolve-refs',
        '              sarif: platlint.sarif      # empty: no SARIF, no upload',
        "              node-version: '20'",
        '',
      ].join('\n'),
    );
    // --print-config reads it
    const printed = await platlint(['--print-config', 'deploy/prod/roles.yaml'], { cwd: dir });
    expect(printed.code).toBe(0);
    expect(JSON.parse(printed.stdout)).toMatchObject({ file: 'deploy/prod/roles.yaml', configFile: 'platlint.config.yaml', ignored: false });
  });

  it('the guessed deployments compare what is applied together: the base with each environment, never the environments', async () => {
    const dir = kustomizeLike();
    await platlint(['init'], { cwd: dir });
    // the same role in the base and in prod: one deployment holds both
    write(dir, { 'deploy/base/extra.yaml': role('reader') });
    const r = await platlint(['--format', 'json'], { cwd: dir });
    expect(r.code).toBe(0);
    const hits = (JSON.parse(r.stdout) as { filePath: string; messages: { ruleId: string; message: string }[] }[]).filter((f) => f.messages.length > 0);
    expect(hits.map((h) => [h.filePath.slice(dir.length + 1), h.messages.map((m) => `${m.ruleId}: ${m.message}`)])).toEqual([
      ['deploy/base/extra.yaml', ['set/duplicate-object: ClusterRole `reader` is defined more than once: also at deploy/prod/roles.yaml:4:9, deploy/staging/roles.yaml:4:9']],
      ['deploy/prod/roles.yaml', ['set/duplicate-object: ClusterRole `reader` is defined more than once: also at deploy/base/extra.yaml:4:9']],
      ['deploy/staging/roles.yaml', ['set/duplicate-object: ClusterRole `reader` is defined more than once: also at deploy/base/extra.yaml:4:9']],
    ]);
  });

  it('a repository without plat documents gets a commented example, and a configuration that loads', async () => {
    const dir = scratch();
    write(dir, { 'values.yaml': 'a: 1\n', '.gitignore': 'dist/' });
    const r = await platlint(['init'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n').slice(0, 3)).toEqual([
      'Wrote platlint.config.yaml: no file here holds plat documents yet, so no deployment (an example is in a comment).',
      'Added to .gitignore: .platlintcache (the cache of --cache).',
      'Next: run `npx platlint` here, and commit platlint.config.yaml and .gitignore.',
    ]);
    expect(load(dir).deployments).toEqual([]);
    expect(readFileSync(join(dir, 'platlint.config.yaml'), 'utf8')).toContain(
      [
        '# platlint init found no file of plat documents here (it looked in every folder but node_modules and .git), so',
        '# it guessed no deployment. For example, two environments sharing a base:',
        '# deployments:',
        '#   - name: prod',
        '#     files: ["deploy/base/", "deploy/prod/"]',
        '#   - name: staging',
        '#     files: ["deploy/base/", "deploy/staging/"]',
        'deployments: []',
      ].join('\n'),
    );
    // the last line had no line end: it still has none, and the new entry is on a line of its own
    expect(readFileSync(join(dir, '.gitignore'), 'utf8')).toBe('dist/\n.platlintcache');
  });

  it('.gitignore: added once, with the line ends of the file', async () => {
    const crlf = scratch();
    write(crlf, { '.gitignore': 'node_modules/\r\ndist/\r\n' });
    expect((await platlint(['init'], { cwd: crlf })).code).toBe(0);
    expect(readFileSync(join(crlf, '.gitignore'), 'utf8')).toBe('node_modules/\r\ndist/\r\n.platlintcache\r\n');
    const listed = scratch();
    write(listed, { '.gitignore': 'dist/\n/.platlintcache\n' });
    const r = await platlint(['init'], { cwd: listed });
    expect(r.stdout.split('\n')[1]).toBe('.gitignore lists .platlintcache already.');
    expect(readFileSync(join(listed, '.gitignore'), 'utf8')).toBe('dist/\n/.platlintcache\n');
  });

  it('refuses to overwrite a configuration: exit 2, one line naming it, nothing changed', async () => {
    const dir = scratch();
    write(dir, { 'platlint.config.yaml': 'rules: {}\n', 'deploy/role.yaml': role('a') });
    const r = await platlint(['init'], { cwd: dir });
    expect(r).toEqual({ code: 2, stdout: '', stderr: 'platlint init: platlint.config.yaml exists already; platlint init changes nothing (remove the file to start over)\n' });
    expect(readFileSync(join(dir, 'platlint.config.yaml'), 'utf8')).toBe('rules: {}\n');
    expect(existsSync(join(dir, '.gitignore'))).toBe(false);
  });

  it('in a folder of a repository: the snippets name its paths from the root; a configuration above is taken over', async () => {
    const repo = scratch();
    mkdirSync(join(repo, '.git'));
    write(repo, { 'platlint.config.yaml': 'rules: {}\n', 'infra/clusters/a/role.yaml': role('a'), 'infra/clusters/b/role.yaml': role('b') });
    const dir = join(repo, 'infra');
    const r = await platlint(['init'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(load(dir).deployments).toEqual([
      { name: 'clusters/a', files: ['clusters/a/'] },
      { name: 'clusters/b', files: ['clusters/b/'] },
    ]);
    expect(readFileSync(join(dir, 'platlint.config.yaml'), 'utf8')).toContain('#   - clusters/: its name says its folders (a/, b/) are alternatives\n');
    const lines = r.stdout.split('\n');
    expect(lines[2]).toBe('Until now ../platlint.config.yaml applied here: the new file takes its place for this folder and the ones below.');
    const block = (title: string) => {
      const start = lines.indexOf(title) + 2;
      const end = lines.indexOf('', start);
      return parse(lines.slice(start, end).map((l) => l.slice(4)).join('\n'));
    };
    const hooks = block("pre-commit: add to .pre-commit-config.yaml at the repository's root (paths from the repository's root):");
    expect(hooks).toEqual({
      repos: [{ repo: REPOSITORY_URL, rev: '0123456789abcdef0123456789abcdef01234567', hooks: [{ id: 'platlint', files: '^infra/', args: ['--config', 'infra/platlint.config.yaml'] }] }],
    });
    // the hook is one of those platlint declares
    expect(readFileSync(join(ROOT, '.pre-commit-hooks.yaml'), 'utf8')).toMatch(/^- id: platlint$/m);
    const workflow = block("GitHub Actions: save as .github/workflows/platlint.yml (paths from the repository's root):");
    const step = workflow.jobs.platlint.steps[1];
    expect(step).toEqual({ uses: 'PLACEHOLDER-OWNER/platlint@main', with: { paths: 'infra', config: 'infra/platlint.config.yaml', args: '--resolve-refs', sarif: 'platlint.sarif', 'node-version': '20' } });
    // every input given is one the action declares
    const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as { inputs: Record<string, unknown> };
    expect(Object.keys(step.with).filter((k) => !(k in action.inputs))).toEqual([]);
    expect(REPOSITORY_URL.endsWith('/PLACEHOLDER-OWNER/platlint')).toBe(true);
  });

  it('a repository whose package.json depends on platlint gets a local hook that runs that platlint', async () => {
    const repo = scratch();
    mkdirSync(join(repo, '.git'));
    write(repo, { 'package.json': '{ "name": "ops", "private": true, "devDependencies": { "platlint": "file:platlint-0.1.0.tgz" } }\n', 'infra/role.yaml': role('a') });
    const dir = join(repo, 'infra');
    const r = await platlint(['init'], { cwd: dir });
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    const start = lines.indexOf("pre-commit: add to .pre-commit-config.yaml at the repository's root (paths from the repository's root):") + 2;
    expect(parse(lines.slice(start, lines.indexOf('', start)).map((l) => l.slice(4)).join('\n'))).toEqual({
      repos: [
        {
          repo: 'local',
          hooks: [{ id: 'platlint', name: 'platlint', entry: 'npx --no-install platlint', language: 'system', types_or: ['yaml', 'json'], files: '^infra/', args: ['--config', 'infra/platlint.config.yaml'] }],
        },
      ],
    });
  });

  it('folders of test inputs and of other projects are ignored, and kept out of the deployments', async () => {
    const dir = scratch();
    write(dir, { 'rbac/role.yaml': role('a'), 'rbac/testdata/broken.yaml': role('a'), 'vendor/lib/role.yaml': role('v') });
    expect((await platlint(['init'], { cwd: dir })).code).toBe(0);
    const config = load(dir);
    expect({ ignores: config.ignores, deployments: config.deployments }).toEqual({ ignores: ['**/vendor/**', '**/testdata/**'], deployments: [{ name: 'rbac', files: ['rbac/'] }] });
    expect(readFileSync(join(dir, 'platlint.config.yaml'), 'utf8')).toContain('ignores:\n  - "**/vendor/**"    # 1 file of plat documents: others\' files or test inputs, often wrong on purpose\n');
    // the run that follows lints the rest, and names the ignored file when it is named
    const r = await platlint(['--format', 'json', 'rbac/testdata/broken.yaml', 'rbac/role.yaml'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(jsonFindings(r.stdout)).toEqual(['null - 1:1']);
  });

  it('plat documents only in ignored folders: no deployment, and the comment says why', async () => {
    const dir = scratch();
    write(dir, { 'pkg/testdata/role.yaml': role('a') });
    const r = await platlint(['init'], { cwd: dir });
    expect(r.stdout.split('\n')[0]).toBe('Wrote platlint.config.yaml: every file of plat documents here is in an ignored folder, so no deployment (an example is in a comment), and 1 folder name ignored (**/testdata/**).');
    expect(load(dir)).toMatchObject({ ignores: ['**/testdata/**'], deployments: [] });
    expect(readFileSync(join(dir, 'platlint.config.yaml'), 'utf8')).toContain('# platlint init found no file of plat documents here outside the folders ignored above (it looked in every\n');
  });

  it('--help says what it does; platlint help names it; an argument is a usage error', async () => {
    const help = await platlint(['init', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout.split('\n')[0]).toBe('Usage: platlint init');
    expect(help.stdout).toContain('It changes nothing when the folder has a configuration file already (exit 2).');
    const all = await platlint(['help']);
    expect(all.stdout).toContain('\n       platlint init\n                                   Write a starter platlint.config.yaml here');
    expect(await platlint(['init', '--force'], { cwd: scratch() })).toEqual({ code: 2, stdout: '', stderr: 'platlint init: unexpected option --force; platlint init takes none and works in the current folder (platlint init --help)\n' });
  });
});

describe('the guess of deployments', () => {
  const guess = (files: Record<string, string[]>) => guessDeployments(Object.entries(files).map(([path, objects]) => ({ path, objects: objects.map((o) => `ClusterRole\u0000\u0000${o}`) })));

  it('folders that define no object twice are one deployment, named for their common folder', () => {
    expect(guess({ 'deploy/rbac/roles.yaml': ['a'], 'deploy/rbac/bindings.yaml': [], 'deploy/webhooks/config.yaml': ['b'] })).toEqual({
      deployments: [{ name: 'deploy', files: ['deploy/'], why: 'deploy/: no two of its folders define the same object' }],
      reasons: [],
    });
    expect(guess({ 'a.yaml': ['a'], 'sub/b.yaml': ['b'] }).deployments).toEqual([{ name: 'all', files: ['.'], why: 'every file here: no two of its folders define the same object' }]);
  });

  it('environment names make alternatives, each with the files beside them', () => {
    expect(guess({ 'namespace.yaml': [], 'dev/a.yaml': ['x'], 'prod/a.yaml': ['y'] })).toEqual({
      deployments: [
        { name: 'dev', files: ['namespace.yaml', 'dev/'], why: 'the files of dev/, with namespace.yaml' },
        { name: 'prod', files: ['namespace.yaml', 'prod/'], why: 'the files of prod/, with namespace.yaml' },
      ],
      reasons: ['the top folder: dev/ and prod/ are named like environments, so its folders (dev/, prod/) are taken as alternatives', 'namespace.yaml: beside the alternatives, so taken as part of each'],
    });
  });

  it('alternatives further down make each folder beside them a deployment of its own', () => {
    expect(guess({ 'rbac/roles.yaml': ['r'], 'apps/eu/a.yaml': ['x'], 'apps/us/a.yaml': ['x'] })).toEqual({
      deployments: [
        { name: 'apps/eu', files: ['apps/eu/'], why: 'the files of apps/eu/' },
        { name: 'apps/us', files: ['apps/us/'], why: 'the files of apps/us/' },
        { name: 'rbac', files: ['rbac/'], why: 'the files of rbac/' },
      ],
      reasons: [
        'apps/: eu/ and us/ both define ClusterRole `x`, so its folders (eu/, us/) are taken as alternatives, never applied together',
        'the top folder: its folders are deployments of their own, since alternatives lie below them; join the ones applied together',
      ],
    });
  });
});

// cli/: `platlint init`: a starter configuration for the repository in the working folder (deployments guessed from
// its folders), .platlintcache in .gitignore, and the pre-commit and CI snippets; the summary line that says when
// the checks across files were limited for want of deployments.
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { CONFIG_FILE_NAME, DEFAULT_CONFIG, parseConfig, type Config } from '../config/config.js';
import { RULE_IDS, suggestRuleIds } from '../check/registry.js';
import { findConfig } from '../files/config-file.js';
import { toPosix } from '../files/discover.js';
import { lintFiles } from '../files/lint-files.js';
import type { LintResult } from '../lint/lint.js';
import { REPOSITORY_URL } from '../report/rule-url.js';

export const INIT_USAGE = 'platlint init';

const INIT_HELP = `Usage: platlint init

Run it in the root of a repository (or of the folder whose files platlint is to check). It:
  - writes ${CONFIG_FILE_NAME}, each setting explained in a comment, with the deployments (files applied
    together, which the checks across files compare) guessed from the folders that hold plat documents;
  - adds .platlintcache (the file of --cache) to .gitignore, creating .gitignore when there is none;
  - prints the pre-commit hook and the GitHub Actions workflow for this repository.
It changes nothing when the folder has a configuration file already (exit 2). Options: -h, --help.
`;

/** The cache file of `--cache` (src/files/cache.ts), kept out of git. */
const CACHE_FILE = '.platlintcache';

/** Folders of other projects' files or of test inputs (often wrong on purpose): ignored when they hold plat documents. */
const IGNORED_FOLDERS = ['vendor', 'third_party', 'testdata', 'fixtures'];
/** Folder names that say their subfolders are alternatives (one per cluster, environment, region …). */
const VARIANT_PARENTS = new Set(['clusters', 'environments', 'envs', 'overlays', 'regions', 'stages', 'tenants', 'variants']);
/** Folder names of environments: two of them side by side are alternatives. */
const ENVIRONMENTS = new Set(['prod', 'production', 'staging', 'stage', 'dev', 'development', 'test', 'qa', 'uat', 'preview', 'sandbox']);
/** Folder names of a base shared by the alternatives beside it (kustomize's `base/`). */
const BASES = new Set(['base', 'bases', 'common', 'shared']);

/** A folder of the repository holding plat documents (in its own files or below). */
interface Folder {
  /** Its path relative to the working folder, with `/`; '' for the working folder itself. */
  path: string;
  name: string;
  /** Its own files holding plat documents, relative paths. */
  files: string[];
  kids: Map<string, Folder>;
  /** The identities (kind, namespace, name) of the stored objects of its files and of the folders below. */
  objects: Set<string>;
}

/** One guessed deployment: its name, its `files` entries and why, for its comment. */
export interface GuessedDeployment {
  name: string;
  files: string[];
  why: string;
}

export interface Guess {
  deployments: GuessedDeployment[];
  /** Why the folders were split as they were (one line each), for the comment above `deployments`. */
  reasons: string[];
}

/** A folder's `files` entry: `deploy/prod/`, or `.` for the working folder. */
function entry(f: Folder): string {
  return f.path === '' ? '.' : `${f.path}/`;
}

function shownObject(id: string): string {
  const [kind, namespace, name] = id.split('\u0000');
  return namespace ? `${kind} \`${name}\` in namespace \`${namespace}\`` : `${kind} \`${name}\``;
}

/**
 * Why the subfolders `kids` of `f` are alternatives (a variant each: environments, clusters), or undefined when
 * nothing says so and they are taken as parts of one deployment. Alternatives define the same objects (applying
 * both would overwrite one with the other), have environment names, or sit in a folder named for them.
 */
function alternatives(f: Folder, kids: readonly Folder[]): string | undefined {
  if (kids.length < 2) return undefined;
  const shown = kids.slice(0, 6).map((k) => `${k.name}/`);
  const names = kids.length > shown.length ? `${shown.join(', ')} and ${kids.length - shown.length} more` : shown.join(', ');
  const at = f.path === '' ? 'the top folder' : `${f.path}/`;
  for (let i = 0; i < kids.length; i++) {
    for (let j = i + 1; j < kids.length; j++) {
      const same = [...kids[i]!.objects].find((id) => kids[j]!.objects.has(id));
      if (same !== undefined) return `${at}: ${kids[i]!.name}/ and ${kids[j]!.name}/ both define ${shownObject(same)}, so its folders (${names}) are taken as alternatives, never applied together`;
    }
  }
  const environments = kids.filter((k) => ENVIRONMENTS.has(k.name.toLowerCase()));
  if (environments.length >= 2) return `${at}: ${environments.map((k) => `${k.name}/`).join(' and ')} are named like environments, so its folders (${names}) are taken as alternatives`;
  if (VARIANT_PARENTS.has(f.name.toLowerCase())) return `${at}: its name says its folders (${names}) are alternatives`;
  return undefined;
}

/**
 * The deployments of a folder's files: the whole folder, unless its subfolders are alternatives (then one per
 * alternative, each with the folder's own files and its `base/` beside them) or hold alternatives further down
 * (then each subfolder on its own).
 */
function groups(f: Folder, reasons: string[]): GuessedDeployment[] {
  const kids = [...f.kids.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
  const whole = (why: string): GuessedDeployment[] => [{ name: f.path === '' ? 'all' : f.path, files: [entry(f)], why }];
  if (kids.length === 0) return whole(f.path === '' ? 'every file here' : `the files of ${entry(f)}`);
  if (kids.length === 1 && f.files.length === 0) return groups(kids[0]!, reasons);
  const bases = kids.filter((k) => BASES.has(k.name.toLowerCase()));
  const others = kids.filter((k) => !BASES.has(k.name.toLowerCase()));
  const why = alternatives(f, others);
  const below: string[] = [];
  const deeper = (why ? others : kids).map((k) => groups(k, below));
  if (!why && deeper.every((g) => g.length === 1)) return whole(f.path === '' ? 'every file here: no two of its folders define the same object' : `${entry(f)}: no two of its folders define the same object`);
  if (why) {
    reasons.push(why);
    const shared = [...f.files, ...bases.map(entry)];
    if (shared.length > 0) reasons.push(`${shared.join(', ')}: beside the alternatives, so taken as part of each`);
    reasons.push(...below);
    return deeper.flat().map((g) => ({ ...g, files: [...shared, ...g.files], why: shared.length > 0 ? `${g.why}, with ${shared.join(', ')}` : g.why }));
  }
  // alternatives further down: each subfolder is a deployment of its own (or several), so are the folder's own files
  reasons.push(...below);
  const at = f.path === '' ? 'the top folder' : `${f.path}/`;
  const own: GuessedDeployment[] = f.files.length > 0 ? [{ name: f.path === '' ? 'top-level files' : `${f.path} (files)`, files: [...f.files], why: `the files of ${at} itself` }] : [];
  reasons.push(`${at}: its folders are deployments of their own, since alternatives lie below them; join the ones applied together`);
  return [...own, ...deeper.flat()];
}

/**
 * Guesses the deployments of a repository from its files holding plat documents (paths relative to it, with
 * `/`) and the stored objects of each (their identities). See `groups`.
 */
export function guessDeployments(files: readonly { path: string; objects: readonly string[] }[]): Guess {
  const root: Folder = { path: '', name: '', files: [], kids: new Map(), objects: new Set() };
  for (const file of files) {
    const parts = file.path.split('/');
    let f = root;
    for (const o of file.objects) f.objects.add(o);
    for (const name of parts.slice(0, -1)) {
      let kid = f.kids.get(name);
      if (!kid) f.kids.set(name, (kid = { path: f.path === '' ? name : `${f.path}/${name}`, name, files: [], kids: new Map(), objects: new Set() }));
      f = kid;
      for (const o of file.objects) f.objects.add(o);
    }
    f.files.push(file.path);
  }
  if (files.length === 0) return { deployments: [], reasons: [] };
  const reasons: string[] = [];
  const deployments = groups(root, reasons);
  return { deployments, reasons };
}

/** A YAML string: JSON's double-quoted form, which YAML reads the same (no plain scalar for YAML 1.1 to misread). */
function q(s: string): string {
  return JSON.stringify(s);
}

/** Wraps a comment's text at about 110 columns, the first line starting with `prefix`, the others with `rest`. */
function comment(text: string, prefix = '# ', rest = prefix): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && prefix.length + line.length + 1 + word.length > 112) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(line);
  return lines.map((l, i) => `${i === 0 ? prefix : rest}${l}`.trimEnd()).join('\n') + '\n';
}

/** The text of the starter configuration. */
export function configText(guess: Guess, ignores: readonly { pattern: string; found: number }[], platFiles: number): string {
  const ignoredFiles = ignores.reduce((n, i) => n + i.found, 0);
  let out = comment(
    `platlint configuration, written by \`platlint init\`. platlint uses it when it runs in this folder or a folder below (\`--config FILE\` names another). docs/configuration.md lists every setting; a wrong one stops platlint with its line and column.`,
  );
  out += '\n';
  out += comment('Severities by rule id, or by area with `AREA/*`: off, warn or error (quote "off": plain, YAML 1.1 reads it as false). `platlint rules` lists the rules, `platlint explain RULE` says what one checks. For example:');
  out += '#   document/unchecked-group: warn    # name each document of a plat group platlint has no schema for\n';
  out += '#   security/*: error                 # every rule of an area\n';
  out += 'rules: {}\n\n';
  out += comment('Other severities for some files: each entry whose `files` (glob patterns) match a file applies over `rules`, a later one winning (docs/configuration.md, "Tuning per folder"). For example:');
  out += '#   - files: ["sandbox/**"]\n#     rules: { security/*: "off" }\n';
  out += 'overrides: []\n\n';
  out += comment('Files never linted: glob patterns relative to this file, `**` crossing folders; a pattern starting with `!` takes files back. A file named on the command line that is ignored gets a warning (--no-warn-ignored silences it).');
  if (ignores.length === 0) out += 'ignores: []\n';
  else {
    out += 'ignores:\n';
    for (const i of ignores) out += `  - ${q(i.pattern)}    # ${i.found === 1 ? '1 file' : `${i.found} files`} of plat documents: others' files or test inputs, often wrong on purpose\n`;
  }
  out += '\n';
  out += comment('Largest file linted, in bytes (default 8388608); a larger one gets an input/too-large finding.');
  out += '# maxFileSize: 8388608\n\n';
  out += comment(
    'Deployments: files applied together (one cluster, one environment). The checks across files (set/*: an object defined twice, a roleRef naming a role of another kind or namespace, a role granting everything bound broadly, and --resolve-refs) compare the files of one deployment only; files of no deployment are checked each on its own. `files` takes folders, files and glob patterns relative to this file; a file may be in several deployments (a shared base).',
  );
  if (guess.deployments.length === 0) {
    out += comment(`platlint init found no file of plat documents here${ignoredFiles === 0 ? '' : ' outside the folders ignored above'} (it looked in every folder but node_modules and .git), so it guessed no deployment. For example, two environments sharing a base:`);
    out += '# deployments:\n#   - name: prod\n#     files: ["deploy/base/", "deploy/prod/"]\n#   - name: staging\n#     files: ["deploy/base/", "deploy/staging/"]\n';
    out += 'deployments: []\n\n';
  } else {
    const counted = platFiles === 1 ? 'the 1 file' : `the ${platFiles} files`;
    out += comment(`Guessed by platlint init from ${counted} holding plat documents${guess.reasons.length > 0 ? ':' : '.'}`);
    for (const r of guess.reasons) out += comment(r, '#   - ', '#     ');
    out += comment(
      'When the guess is wrong: put in one deployment every folder applied with the others (its base included), make one deployment per alternative (provider, cluster, environment), and leave out what is never applied; `platlint` then compares what you listed.',
    );
    out += 'deployments:\n';
    for (const d of guess.deployments) {
      out += `  - name: ${q(d.name)}    # ${d.why}\n`;
      out += `    files: [${d.files.map(q).join(', ')}]\n`;
    }
    out += '\n';
  }
  out += comment('Roles defined outside these files (another repository, a Helm chart, an operator) that a roleRef may name: with --resolve-refs they resolve. The platform\'s own roles (cluster-admin, system:…) need no entry. For example:');
  out += '#   - { kind: ClusterRole, name: cert-manager-controller-certificates }\n';
  out += '#   - { kind: Role, name: leader-election, namespace: cert-manager }\n';
  out += 'externalRoles: []\n\n';
  out += comment('Your own rules, in CEL: see docs/policies.md.');
  out += '# policies: []\n';
  return out;
}

/** The git repository's top folder at or above `dir`, if any. */
function gitRoot(dir: string): string | undefined {
  for (let d = dir; ; d = dirname(d)) {
    if (existsSync(join(d, '.git'))) return d;
    if (dirname(d) === d) return undefined;
  }
}

/** Adds `.platlintcache` to the folder's .gitignore (made when missing), keeping its text and its last line's end. */
function ignoreCache(cwd: string): 'created' | 'added' | 'present' {
  const file = join(cwd, '.gitignore');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    writeFileSync(file, `${CACHE_FILE}\n`, { flag: 'wx' });
    return 'created';
  }
  if (text.split(/\r?\n/).some((l) => new RegExp(`^(\\*\\*/|/)?\\${CACHE_FILE}/?$`).test(l.trim()))) return 'present';
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  appendFileSync(file, text === '' ? `${CACHE_FILE}${eol}` : text.endsWith('\n') ? `${CACHE_FILE}${eol}` : `${eol}${CACHE_FILE}`);
  return 'added';
}

/** The snippets for the repository: its pre-commit hook and its GitHub Actions workflow. */
export function snippets(prefix: string, options: { dependency?: boolean } = {}): string {
  const configFile = prefix === '' ? '' : `${prefix}/${CONFIG_FILE_NAME}`;
  const owner = REPOSITORY_URL.replace(/^https:\/\/github\.com\//, '');
  let hook = 'repos:\n';
  if (options.dependency) {
    // platlint is a dependency of the repository's package.json: the hook runs that one (the version the lock
    // file pins), with nothing for pre-commit to install
    hook += '  - repo: local\n    hooks:\n      - id: platlint\n        name: platlint\n';
    hook += '        entry: npx --no-install platlint   # the platlint of package.json (npm ci installs it)\n';
    hook += '        language: system\n        types_or: [yaml, json]\n';
  } else {
    hook += `  - repo: ${REPOSITORY_URL}   # platlint's git repository\n`;
    hook += '    rev: 0123456789abcdef0123456789abcdef01234567   # a tag or a full commit SHA of platlint (git ls-remote URL HEAD prints the newest)\n';
    hook += '    hooks:\n      - id: platlint\n';
  }
  if (prefix !== '') {
    hook += `        files: ^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/   # the files below this configuration\n`;
    hook += `        args: [--config, ${configFile}]   # hooks run at the repository's root\n`;
  }
  let workflow = 'name: platlint\non: [push, pull_request]\npermissions:\n  contents: read\n  security-events: write      # for the sarif input (code scanning)\n';
  workflow += 'jobs:\n  platlint:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n';
  workflow += `      - uses: ${owner}@main   # pin a tag or a commit of platlint\n`;
  workflow += '        with:\n';
  workflow += `          paths: ${prefix === '' ? '.' : q(prefix)}\n`;
  workflow += `          config: ${q(configFile)}${prefix === '' ? '   # empty: platlint.config.yaml, found as platlint finds it' : ''}\n`;
  workflow += '          args: --resolve-refs\n          sarif: platlint.sarif      # empty: no SARIF, no upload\n';
  workflow += "          node-version: '20'\n";
  const at = prefix === '' ? '' : ' (paths from the repository\'s root)';
  return `pre-commit: add to .pre-commit-config.yaml at the repository's root${at}:\n\n${indent(hook)}\nGitHub Actions: save as .github/workflows/platlint.yml${at}:\n\n${indent(workflow)}`;
}

/** Whether the package.json of a folder (the repository's root) lists platlint among its dependencies. */
function dependsOnPlatlint(dir: string): boolean {
  let manifest: unknown;
  try {
    manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  } catch {
    return false;
  }
  if (typeof manifest !== 'object' || manifest === null) return false;
  return ['dependencies', 'devDependencies', 'optionalDependencies'].some((field) => {
    const deps = (manifest as Record<string, unknown>)[field];
    return typeof deps === 'object' && deps !== null && Object.hasOwn(deps, 'platlint');
  });
}

function indent(text: string): string {
  return text.replace(/^(?=.)/gm, '    ');
}

/** What `platlint init` needs of the command line's streams and options (src/cli/cli.ts CliIo, RunOptions). */
export interface InitIo {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  cwd: string;
}

/** `platlint init [--help]` in the working folder. */
export async function init(argv: readonly string[], io: InitIo, options: { workerEntry?: string } = {}): Promise<number> {
  if (argv.length === 1 && (argv[0] === '--help' || argv[0] === '-h')) {
    io.stdout(INIT_HELP);
    return 0;
  }
  if (argv.length > 0) {
    io.stderr(`platlint init: unexpected ${argv[0]!.startsWith('-') ? 'option' : 'argument'} ${argv[0]}; platlint init takes none and works in the current folder (platlint init --help)\n`);
    return 2;
  }
  const cwd = io.cwd;
  const existing = findConfig(cwd);
  if (existing !== undefined && dirname(existing) === cwd) {
    io.stderr(`platlint init: ${relative(cwd, existing)} exists already; platlint init changes nothing (remove the file to start over)\n`);
    return 2;
  }
  // every file platlint would lint here, with the settings of no configuration (the new one ignores nothing yet)
  const config: Config = { ...DEFAULT_CONFIG, baseDir: cwd };
  const results: LintResult[] = await lintFiles(['.'], { cwd, config, errorOnUnmatchedPattern: false, ...(options.workerEntry ? { workerEntry: options.workerEntry } : {}) });
  const plat = results
    .filter((r) => r.documentsChecked + (r.documentsUnchecked ?? 0) > 0 || r.diagnostics.length > 0)
    .map((r) => ({ path: toPosix(relative(cwd, r.filePath)), objects: (r.objects ?? []).map((o) => `${o.kind}\u0000${o.namespace}\u0000${o.name}`) }));
  const ignores = IGNORED_FOLDERS.map((name) => ({ pattern: `**/${name}/**`, found: plat.filter((f) => `/${f.path}`.includes(`/${name}/`)).length })).filter((i) => i.found > 0);
  const kept = plat.filter((f) => !IGNORED_FOLDERS.some((name) => `/${f.path}`.includes(`/${name}/`)));
  const guess = guessDeployments(kept);
  const text = configText(guess, ignores, kept.length);
  const target = join(cwd, CONFIG_FILE_NAME);
  // what is written is what platlint reads: a guess that does not load is a bug of init, not a file to leave behind
  parseConfig(text, target, RULE_IDS, suggestRuleIds);
  try {
    writeFileSync(target, text, { flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    io.stderr(`platlint init: ${CONFIG_FILE_NAME} exists already; platlint init changes nothing (remove the file to start over)\n`);
    return 2;
  }
  const gitignore = ignoreCache(cwd);
  const deployments = guess.deployments.length === 1 ? '1 deployment' : `${guess.deployments.length} deployments`;
  const found = kept.length === 1 ? '1 file' : `${kept.length} files`;
  const none = plat.length === 0 ? 'no file here holds plat documents yet' : 'every file of plat documents here is in an ignored folder';
  let out = `Wrote ${CONFIG_FILE_NAME}: ${kept.length === 0 ? `${none}, so no deployment (an example is in a comment)` : `${deployments} guessed from the ${found} holding plat documents; its comments say why`}${ignores.length > 0 ? `, and ${ignores.length === 1 ? '1 folder name' : `${ignores.length} folder names`} ignored (${ignores.map((i) => i.pattern).join(', ')})` : ''}.\n`;
  out += gitignore === 'present' ? `.gitignore lists ${CACHE_FILE} already.\n` : `${gitignore === 'created' ? 'Created .gitignore with' : 'Added to .gitignore:'} ${CACHE_FILE} (the cache of --cache).\n`;
  if (existing !== undefined) out += `Until now ${toPosix(relative(cwd, existing))} applied here: the new file takes its place for this folder and the ones below.\n`;
  out += `Next: ${kept.length > 0 ? 'check the guess, ' : ''}run \`npx platlint\` here, and commit ${CONFIG_FILE_NAME} and .gitignore.\n\n`;
  const root = gitRoot(cwd);
  out += snippets(root === undefined ? '' : toPosix(relative(root, cwd)), { dependency: dependsOnPlatlint(root ?? cwd) });
  io.stdout(out);
  return 0;
}

/**
 * The line the stylish report ends with when the configuration declares no deployments while two files or more
 * hold stored objects (roles, bindings: what the checks across files compare): those checks then compared each
 * file with itself only (src/files/across-files.ts), and `--resolve-refs` looked for roles in every file of the run.
 */
export function deploymentsNote(config: Config, results: readonly LintResult[], cwd: string, opts: { resolveRefs: boolean; noConfig: boolean }): string[] {
  if ((config.deployments?.length ?? 0) > 0) return [];
  if (results.filter((r) => (r.objects?.length ?? 0) > 0).length < 2) return [];
  const where = config.filePath !== undefined ? `in ${toPosix(relative(cwd, config.filePath)) || config.filePath}` : opts.noConfig ? '(--no-config)' : `(no ${CONFIG_FILE_NAME} found)`;
  const refs = opts.resolveRefs ? ' (--resolve-refs searched every file for roles)' : '';
  return [`no deployments declared ${where}: no two files were compared${refs}; \`platlint init\` guesses them`];
}

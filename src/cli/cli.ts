// cli/: the command line's arguments and the process's streams in, a report and an exit code out.
import { appendFileSync, existsSync, readFileSync, statSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { writeAtomic } from '../files/write.js';
import { parseArgs } from 'node:util';
import { checkPolicies, CONFIG_FILE_NAME, ConfigError, unknownRuleMessage, type Config, type LoadOptions, type SeveritySetting } from '../config/config.js';
import { printConfig } from './print-config.js';
import { closestRuleIds, knownRuleIds } from '../check/registry.js';
import { ignoredFileResult, UsageError } from '../files/discover.js';
import { deploymentsNote, init, INIT_USAGE } from './init.js';
import { lintFiles, lintFlagFiles, lintFlagsBytes, resolveConfig } from '../files/lint-files.js';
import { lintFlagsArgs } from '../flags/lint.js';
import { stepSummary } from '../report/github.js';
import { exportSchemas } from './schemas-export.js';
import { FORMATTERS, reportWidth, type FormatContext } from '../report/index.js';
import { commandKind } from '../kinds/kinds.js';
import { fixText } from '../files/fix.js';
import { fileLevelResult, internalErrorResult, lintBytes, onInternalError, type LintOptions, type LintResult } from '../lint/lint.js';
import { decodeBytes } from '../read/bytes.js';
import { closestMatches } from '../services/suggest.js';
import { allRules, explainOwnFileCode, explainRule, type ExtraRule } from '../check/rule-docs.js';
import { OWN_FILE_CODES } from '../check/builtin-rules.js';
import { policyRules } from '../check/policies/config.js';
import { BaselineError, baselineUsage, finishBaseline, suppressRuleUsage, openBaseline, type BaselineRun } from '../files/baseline.js';

import { VERSION } from '../version.js';
import { useNodeHost } from '../files/node-host.js';

export { VERSION };

// the engine's modules and paths come from Node.js here (and in the worker threads that load this bundle)
useNodeHost();

// the build's warm-up run writes the code caches of the files loaded on demand (bin/platlint.js)
export { writeCodeCaches } from '../files/cached-require.js';

const HELP = `Usage: platlint [options] [PATH | GLOB | -]...      (no path: the current folder, .)
       platlint patch [--type json|merge|strategic] [options] [PATH | GLOB | -]...
       platlint flags [options] [FILE | GLOB | -]...
       platlint flags [options] -- PLATLET-ARGUMENTS...
       platlint schemas --out DIR [--base-url URL]
                                   Write a JSON Schema for every kind, and a catalog, for editors
       platlint rules [-c PATH] [--format text|json]
                                   List every rule (the configuration's policies too)
       platlint explain [-c PATH] RULE...
                                   Print a rule's documentation
       platlint access can-i|who-can|rules|review|diff ...
                                   Who can do what: the RBAC authorizer answered from the files, with the
                                   granting lines; reviews answered; what a change grants (platlint access --help)
       ${INIT_USAGE}
                                   Write a starter platlint.config.yaml here (deployments guessed from the
                                   folders), add .platlintcache to .gitignore, print the pre-commit and CI snippets

Lints plat configuration files and objects: every YAML and JSON document is identified by apiVersion and
kind and checked against its schema and rules; then each file, and the files of each deployment of the
configuration, are checked as one set (objects defined twice, bindings whose roleRef names a role of another
kind or namespace). Folders are searched for *.yaml, *.yml and *.json files, and templates of them
(*.yaml.tmpl, *.yml.tmpl, *.j2: documents with template syntax in their structure are skipped and counted).

platlint patch checks patch documents for platctl patch: every document of the files is read as a patch
of the given --type (json: a JSON patch, a list of operations; merge: a JSON merge patch; strategic, the
default as in platctl patch: a strategic merge patch).

platlint flags checks node agent (platlet) command lines: systemd units and drop-ins (ExecStart= with
continuations, Environment="PLATLET_..._ARGS=..."), environment files and plain files of flags, or the
arguments after --. Every flag is checked against the node agent's flag table: unknown and deprecated
flags, value types and ranges, and the rules between flags.

A file named patch, flags, schemas, rules, explain, init or access is linted as ./NAME.
The language server for editors is platlint-language-server --stdio (see docs/editors.md).

Options:
  -f, --format NAME[:PATH]       Report format: stylish (default; github when GITHUB_ACTIONS=true), json,
                                 sarif, github, junit, gitlab or compact. Repeat with :PATH to write
                                 several reports in one run (one format may go to standard output)
  -o, --output-file PATH         Write the report to a file instead of standard output
      --fix                      Apply the safe fixes to the files (renames of misspelt fields and values
                                 with one close match, deprecated names), then report what remains
      --fix-dry-run              Apply them in memory only: report what would remain, change no file
      --suppress-all             Record every current finding in the baseline, platlint-suppressions.json
                                 (beside the configuration file): recorded findings are not reported again
      --suppress-rule RULE       Record the current findings of one rule, or of an area (security/*), only
                                 (repeatable)
      --prune-suppressions       Remove the recorded findings that no longer occur from the baseline
      --suppressions-location PATH
                                 The baseline file, or a folder for it (platlint patch and platlint flags
                                 use a baseline only when given this)
      --cache                    Reuse the results of files that did not change since the last run
      --cache-location PATH      The cache file, or a folder for it (default .platlintcache)
      --resolve-refs             Report a roleRef naming a role that neither its deployment's files nor
                                 the platform define (set/role-ref-unresolved, off by default; for
                                 whole-repository runs or declared deployments). Naming that rule in the
                                 configuration turns it on too
      --type json|merge|strategic
                                 The patch type (platlint patch only; default strategic)
  -c, --config PATH              Use this configuration file (default: platlint.config.yaml, searched upward)
      --no-config                Use no configuration file
      --rule ID=SEVERITY         Set a rule (or all rules of an area, with AREA/*=SEVERITY) to off, warn
                                 or error for every file; repeatable: a later one wins, and all win over
                                 the configuration file
      --print-config FILE        Print the rule severities that apply to FILE (after the configuration's
                                 overrides and --rule) as JSON, and lint nothing
      --quiet                    Report errors only, not warnings
      --max-warnings N           Exit 1 when there are more than N warnings
      --stdin-filename NAME      Name to show for standard input (with the path -)
      --no-error-on-unmatched-pattern
                                 A pattern that matches no file (or only ignored files) is not an error
      --no-warn-ignored          No warning for a file named on the command line that the configuration's
                                 ignores leave out
      --max-file-size BYTES      Larger files are not linted (default 8388608)
      --concurrency N|auto|off   Threads to lint on (default auto: every core for 150 files or more)
      --color, --no-color        Force colour on or off (default: on for a terminal; NO_COLOR, FORCE_COLOR honoured)
      --debug                    Print stack traces of internal errors
  -h, --help                     Show this help
  -v, --version                  Print the version

Exit codes: 0 no errors, 1 errors (or too many warnings), 2 usage, configuration or internal error. A file
platlint itself fails on gets an internal/error finding and the others are still reported (exit 1); exit 2
when it failed on every file. Findings recorded in the baseline are neither reported nor counted.
`;

export interface CliIo {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  readStdin: () => Buffer;
  cwd: string;
  env: NodeJS.ProcessEnv;
  isTTY: boolean;
  /** The width of the terminal standard output is, in columns (none when it is not a terminal): the stylish report fits it. */
  columns?: number;
  /** Whether writing the output failed otherwise than by a closed pipe (the run then exits 2): the process's streams. */
  writeFailed?: () => boolean;
}

/** What a caller of the command line in its own process injects (the tests: a failure on a text). */
export interface RunOptions {
  /**
   * Called with each text linted on this thread before it is read (src/lint/lint.ts LintOptions onText): what it
   * throws becomes that file's `internal/error` finding.
   */
  onText?: (text: string) => void;
  /** The module worker threads run (src/files/lint-files.ts LintFilesOptions workerEntry): the built CLI, for a caller running the source. */
  workerEntry?: string;
}


function colorLevel(values: { color?: boolean; 'no-color'?: boolean }, env: NodeJS.ProcessEnv, isTTY: boolean, toFile: boolean): 0 | 1 | 2 | 3 {
  if (values['no-color']) return 0;
  if (values.color) return 1;
  if (toFile) return 0;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force === '0' || force === 'false' ? 0 : (Math.min(3, Math.max(1, Number(force) || 1)) as 1 | 2 | 3);
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return 0;
  return isTTY && env.TERM !== 'dumb' ? 1 : 0;
}

/**
 * The options `platlint rules` and `platlint explain` take (`--config PATH`, `--no-config`; `--format` for rules): the rules of the
 * configuration (its policies) are listed with platlint's. Undefined when `argv` holds anything else.
 */
function configOptions(argv: readonly string[]): { rest: string[]; configFile?: string | false; format?: string } | undefined {
  const rest: string[] = [];
  let configFile: string | false | undefined;
  let format: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--no-config') configFile = false;
    // the listing has no colour: --color and --no-color are accepted as for linting, and change nothing
    else if (a === '--color' || a === '--no-color') continue;
    else if ((a === '--format' || a === '-f') && i + 1 < argv.length) format = argv[++i]!;
    else if (a.startsWith('--format=')) format = a.slice(9);
    else if ((a === '--config' || a === '-c') && i + 1 < argv.length) configFile = argv[++i]!;
    else if (a.startsWith('--config=')) configFile = a.slice(9);
    else if (a.startsWith('-')) return undefined;
    else rest.push(a);
  }
  return { rest, ...(configFile !== undefined ? { configFile } : {}), ...(format !== undefined ? { format } : {}) };
}

/** The configuration's policies as rules, from the configuration found from the working folder (or given). */
function configRules(io: CliIo, configFile: string | false | undefined): ExtraRule[] {
  const config = resolveConfig(io.cwd, configFile === undefined || configFile === false ? configFile : resolve(io.cwd, configFile));
  return policyRules(config.policies, config.filePath ? relative(io.cwd, config.filePath) || config.filePath : CONFIG_FILE_NAME);
}

/** `platlint rules`: every rule, one line each, the configuration's policies last; `--format json`: an array of them. */
function listRules(io: CliIo, extra: readonly ExtraRule[], format = 'text'): number {
  const rules = allRules(extra);
  if (format === 'json') {
    const list = rules.map((r) => ({ id: r.id, severity: r.meta.defaultOff ? 'off' : r.meta.severity, status: r.meta.status, description: r.meta.description, kinds: r.kinds }));
    io.stdout(`${JSON.stringify(list, null, 2)}\n`);
    return 0;
  }
  if (format !== 'text') {
    io.stderr(`platlint rules: unknown format ${JSON.stringify(format)}; the formats are text and json\n`);
    return 2;
  }
  const w = Math.max(...rules.map((r) => r.id.length));
  for (const r of rules) io.stdout(`${r.id.padEnd(w)}  ${(r.meta.defaultOff ? 'off' : r.meta.severity).padEnd(7)}  ${r.meta.description}  [${r.kinds}]\n`);
  io.stdout(`${rules.length} rules; platlint explain <rule> prints one rule's documentation\n`);
  return 0;
}

/**
 * `platlint explain <rule>`: one rule's documentation (a policy's from its description and expressions), or what
 * a code of a problem with platlint's own files means (`config/schema` …, which the language server shows).
 */
function explain(ids: readonly string[], io: CliIo, extra: readonly ExtraRule[]): number {
  if (ids.length === 0) {
    io.stderr('platlint: explain needs a rule id, such as platlint explain schema/unknown-field\n');
    return 2;
  }
  const rules = new Map(allRules(extra).map((r) => [r.id, r]));
  const policies = new Set(extra.map((r) => r.id));
  for (const id of ids) {
    const rule = rules.get(id);
    const own = OWN_FILE_CODES[id];
    if (!rule && own) {
      io.stdout(explainOwnFileCode(id, own) + '\n');
      continue;
    }
    if (!rule) {
      const near = closestRuleIds(id, [...rules.keys(), ...Object.keys(OWN_FILE_CODES)]);
      io.stderr(`platlint: unknown rule ${id}${near.length ? `; did you mean ${near.join(' or ')}?` : ''} (platlint rules lists them)\n`);
      return 2;
    }
    io.stdout(explainRule(id, rule.meta, policies.has(id) ? rule.kinds : undefined) + '\n');
  }
  return 0;
}

/** The command kind of each `platlint patch --type`. */
const PATCH_KINDS: Readonly<Record<string, string>> = { json: 'JSONPatch', merge: 'MergePatch', strategic: 'StrategicMergePatch' };

/** `platlint schemas --out DIR [--base-url URL]`: JSON Schemas for other editors' YAML support. */
function schemas(argv: readonly string[], io: CliIo): number {
  let values;
  try {
    ({ values } = parseArgs({ args: [...argv], strict: true, options: { out: { type: 'string' }, 'base-url': { type: 'string' } } }));
  } catch (err) {
    io.stderr(`platlint: ${argumentProblem(err as Error & { code?: string })}\n`);
    return 2;
  }
  if (values.out === undefined) {
    io.stderr('platlint: platlint schemas needs --out DIR, the folder to write the schemas to\n');
    return 2;
  }
  const out = resolve(io.cwd, values.out);
  if (existsSync(out) && !statSync(out).isDirectory()) {
    io.stderr(`platlint: --out ${values.out} is a file; platlint schemas --out names a folder (made when missing)\n`);
    return 2;
  }
  let files: readonly string[];
  try {
    ({ files } = exportSchemas(out, values['base-url'] !== undefined ? { baseUrl: values['base-url'] } : {}));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (typeof code !== 'string' || !/^E[A-Z]+$/.test(code)) throw err;
    // a file where a folder must be (ENOTDIR, EEXIST), no permission (EACCES): the user's path, not a bug
    io.stderr(`platlint: cannot write the schemas to ${values.out} (${code})\n`);
    return 2;
  }
  io.stdout(`wrote ${files.length} files to ${values.out} (catalog: ${values.out.replace(/\/$/, '')}/catalog.json)\n`);
  return 0;
}

/** Runs the command line; returns the exit code. Throws only on internal failures. */
export async function run(argv: readonly string[], io: CliIo, options: RunOptions = {}): Promise<number> {
  // `platlint help` as other tools take it (a file named `help` is ./help)
  if (argv.length === 1 && argv[0] === 'help') {
    io.stdout(HELP);
    return 0;
  }
  const listing = argv[0] === 'rules' || argv[0] === 'explain' ? configOptions(argv.slice(1)) : undefined;
  if (listing && (argv[0] === 'explain' || listing.rest.length === 0)) {
    let extra: ExtraRule[];
    try {
      extra = configRules(io, listing.configFile);
    } catch (err) {
      if (err instanceof ConfigError) return configProblem(err, io);
      throw err;
    }
    return argv[0] === 'rules' ? listRules(io, extra, listing.format) : explain(listing.rest, io, extra);
  }
  if (argv[0] === 'explain') return explain(argv.slice(1), io, []);
  if (argv[0] === 'schemas') return schemas(argv.slice(1), io);
  if (argv[0] === 'init') return init(argv.slice(1), io, options);
  // loaded when asked for: a lint run does not pay for the access engine and the bootstrap policy
  if (argv[0] === 'access') return (await import('./access.js')).access(argv.slice(1), io);
  if (argv[0] === 'patch') return lint(argv.slice(1), io, 'patch', options);
  if (argv[0] === 'flags') return lint(argv.slice(1), io, 'flags', options);
  return lint(argv, io, 'lint', options);
}

/** `platlint [options] PATHS`, `platlint patch --type T [options] PATHS` and `platlint flags [options] PATHS | -- ARGS`. */
async function lint(allArgs: readonly string[], io: CliIo, command: 'lint' | 'patch' | 'flags', options: RunOptions): Promise<number> {
  // `platlint flags -- ARGS`: everything after `--` is the command line to check, not platlint's own arguments
  const dashDash = command === 'flags' ? allArgs.indexOf('--') : -1;
  const argv = dashDash >= 0 ? allArgs.slice(0, dashDash) : allArgs;
  const commandLine = dashDash >= 0 ? allArgs.slice(dashDash + 1) : undefined;
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: OPTIONS,
    });
  } catch (err) {
    io.stderr(`platlint: ${argumentProblem(err as Error & { code?: string }, command === 'flags')}\nRun platlint --help for usage.\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout(HELP);
    return 0;
  }
  if (values.version) {
    io.stdout(`${VERSION}\n`);
    return 0;
  }
  const usage = (msg: string) => {
    io.stderr(`platlint: ${msg}\n`);
    return 2;
  };
  let kind: string | undefined;
  if (command === 'patch') {
    // the default of platctl patch itself
    const type = values.type ?? 'strategic';
    kind = PATCH_KINDS[type];
    if (!kind) return usage(`unknown patch type "${values.type}"; choose one of: ${Object.keys(PATCH_KINDS).join(', ')}`);
  } else if (values.type !== undefined) return usage('--type belongs to platlint patch: platlint patch --type json|merge|strategic PATHS');
  if (command !== 'lint' && values['resolve-refs']) return usage('--resolve-refs belongs to platlint itself, not to platlint ' + command);
  if (values.fix && values['fix-dry-run']) return usage('--fix and --fix-dry-run exclude each other');
  if (commandLine !== undefined && (values.fix || values['fix-dry-run'])) return usage('--fix needs files: a command line after -- cannot be rewritten');
  const fix = values.fix ? ('write' as const) : values['fix-dry-run'] ? ('dry-run' as const) : undefined;
  // --format NAME[:PATH], repeatable; GitHub Actions gets annotations when no format is asked for
  const reports: { name: string; path?: string }[] = [];
  const formats = values.format ?? [io.env.GITHUB_ACTIONS === 'true' ? 'github' : 'stylish'];
  for (const f of formats) {
    const colon = f.indexOf(':');
    const name = colon === -1 ? f : f.slice(0, colon);
    const path = colon === -1 ? undefined : f.slice(colon + 1);
    if (!Object.prototype.hasOwnProperty.call(FORMATTERS, name)) {
      return usage(`unknown format "${name}"; choose one of: ${Object.keys(FORMATTERS).join(', ')}`);
    }
    if (path === '') return usage(`--format ${name}: needs a path after the colon`);
    reports.push({ name, ...(path !== undefined ? { path } : {}) });
  }
  const toStdout = reports.filter((r) => r.path === undefined);
  if (toStdout.length > 1) return usage('only one --format can go to standard output; give the others a path (--format NAME:PATH)');
  if (values['output-file'] !== undefined) {
    if (toStdout.length === 0) return usage('--output-file names the file of the report without a path; every --format here has one');
    toStdout[0]!.path = values['output-file'];
  }
  let maxWarnings = -1;
  if (values['max-warnings'] !== undefined) {
    if (!/^\d+$/.test(values['max-warnings'])) return usage(`--max-warnings takes a whole number, got "${values['max-warnings']}"`);
    maxWarnings = Number(values['max-warnings']);
  }
  let maxFileSize: number | undefined;
  if (values['max-file-size'] !== undefined) {
    if (!/^[1-9]\d*$/.test(values['max-file-size'])) return usage(`--max-file-size takes a number of bytes, got "${values['max-file-size']}"`);
    maxFileSize = Number(values['max-file-size']);
  }
  let concurrency: 'auto' | 'off' | number = 'auto';
  if (values.concurrency !== undefined) {
    const c = values.concurrency;
    if (c !== 'auto' && c !== 'off' && !/^[1-9]\d{0,2}$/.test(c)) return usage(`--concurrency takes auto, off or a number of threads, got "${c}"`);
    concurrency = c === 'auto' || c === 'off' ? c : Number(c);
  }
  const commandLineRules: [string, SeveritySetting][] = [];
  for (const r of values.rule ?? []) {
    const setting = ruleSetting(r);
    if (typeof setting === 'string') return usage(setting);
    commandLineRules.push(setting);
  }
  /**
   * The run's configuration: the file's (or none), --max-file-size, --rule. Throws ConfigError and UsageError.
   * With `deferPolicyCheck` its policies' expressions are checked later (checkPolicies, or lintFiles).
   */
  const runConfig = (options: LoadOptions = {}): Config => {
    const base = resolveConfig(io.cwd, values['no-config'] ? false : values.config !== undefined ? resolve(io.cwd, values.config) : undefined, options);
    // the ids a --rule may name are checked once the configuration is read: they are those a `rules` of it may name
    const known = knownRuleIds(base);
    for (const [id, severity] of commandLineRules) {
      const unknown = unknownRuleMessage(id, known, (near) => closestRuleIds(near, [...known]));
      if (unknown !== undefined) throw new UsageError(`--rule ${id}=${severity}: ${unknown} (platlint rules lists them)`);
    }
    return { ...base, ...(maxFileSize !== undefined ? { maxFileSize } : {}), ...(commandLineRules.length > 0 ? { commandLineRules } : {}) };
  };
  if (values['print-config'] !== undefined) {
    if (positionals.length > 0 || commandLine !== undefined) return usage('--print-config prints the configuration of one file and lints nothing: give no other paths');
    try {
      const config = runConfig();
      io.stdout(`${JSON.stringify(printConfig(config, resolve(io.cwd, values['print-config']), io.cwd, knownRuleIds(config), { resolveRefs: values['resolve-refs'] ?? false }), null, 2)}\n`);
    } catch (err) {
      if (err instanceof UsageError) return usage(err.message);
      if (err instanceof ConfigError) return configProblem(err, io);
      throw err;
    }
    return 0;
  }
  if (commandLine !== undefined && positionals.length > 0) return usage('platlint flags takes files or a command line after --, not both');
  // no path: the current folder, as ESLint 9 does (patch and flags read files of their own kinds: they need names)
  if (positionals.length === 0 && commandLine === undefined) {
    if (command !== 'lint') return usage('no files given; pass files, folders, glob patterns, or - for standard input');
    positionals.push('.');
  }
  const stdinCount = positionals.filter((p) => p === '-').length;
  if (stdinCount > 1) return usage('standard input (-) can be given only once');
  if (values['stdin-filename'] !== undefined && stdinCount === 0) return usage('--stdin-filename needs - among the paths');
  // the fixed text would have nowhere to go (ESLint refuses --fix on piped code too): say what works instead
  if (stdinCount > 0 && fix === 'write') return usage('--fix cannot write standard input back; name the file to fix it, or use --fix-dry-run to see what would remain after the fixes');
  const notAFile = stdinCount > 0 ? ('stdin' as const) : commandLine !== undefined ? ('command line' as const) : undefined;
  const baselineProblem = baselineUsage(values, { command, dryRun: fix === 'dry-run', ...(notAFile ? { notAFile } : {}) });
  if (baselineProblem) return usage(baselineProblem);

  let results: LintResult[];
  let policies: ExtraRule[] = [];
  // the files named on the command line that the configuration ignores (reported after the baseline: no finding of it)
  const ignored: LintResult[] = [];
  const onIgnored = (file: string, why: string) => ignored.push(ignoredFileResult(file, why));
  let notes: string[] = [];
  // --debug: the stack of a file's internal failure (those of the main thread; a worker's give one line)
  onInternalError(values.debug ? (file, err) => io.stderr(`platlint: internal error on ${file}:\n${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`) : undefined);
  try {
    // a large run starts its worker threads while the main thread type-checks the policies (lintFiles); not
    // with --fix, whose workers could write files before an invalid configuration stops the run
    const config = runConfig({ deferPolicyCheck: fix !== 'write' });
    const known = knownRuleIds(config);
    // the configuration's policy ids are named and suggested as platlint's are
    const suppressRuleProblem = suppressRuleUsage(values, known, (id) => closestRuleIds(id, [...known]));
    if (suppressRuleProblem) throw new UsageError(suppressRuleProblem);
    policies = policyRules(config.policies, config.filePath ? relative(io.cwd, config.filePath) || config.filePath : CONFIG_FILE_NAME);
    // the baseline (src/files/baseline.ts) is read before linting, so that a broken file stops the run before --fix writes
    const baseline: BaselineRun | undefined = openBaseline(values, config, io.cwd, command);
    const patterns = positionals.filter((p) => p !== '-');
    const settings = { cwd: io.cwd, config, concurrency, errorOnUnmatchedPattern: !values['no-error-on-unmatched-pattern'], onIgnored, resolveRefs: values['resolve-refs'] ?? false, ...(kind ? { kind } : {}), ...(fix ? { fix } : {}), ...(options.onText ? { onText: options.onText } : {}), ...(options.workerEntry ? { workerEntry: options.workerEntry } : {}) };
    const stdinName = values['stdin-filename'] !== undefined ? resolve(io.cwd, values['stdin-filename']) : '<text>';
    // what is linted before lintFiles or without it needs the policies checked first
    if (command === 'flags' || stdinCount === 1) checkPolicies(config);
    if (command === 'flags') {
      results = commandLine !== undefined ? [guarded('<command line>', () => lintFlagsArgs(commandLine, { config }))] : patterns.length > 0 ? await lintFlagFiles(patterns, settings) : [];
      if (stdinCount === 1) {
        const bytes = io.readStdin();
        results.push(guarded(stdinName, () => lintFlagsBytes(bytes, stdinName, config, fix ? 'dry-run' : undefined)));
      }
    } else {
      // the files are checked as one set (src/files/across-files.ts): standard input joins the set before that check
      // standard input cannot be written back (--fix refuses it above): --fix-dry-run fixes it in memory
      const stdinOptions = { filePath: stdinName, config, ...(kind ? { kind: commandKind(kind) } : {}), ...(options.onText ? { onText: options.onText } : {}) };
      const bytes = stdinCount === 1 ? io.readStdin() : undefined;
      const stdin = bytes ? guarded(stdinName, () => (fix ? fixBytes(bytes, stdinOptions) : lintBytes(bytes, stdinOptions))) : undefined;
      const cache = values.cache || values['cache-location'] !== undefined ? { cache: true, ...(values['cache-location'] !== undefined ? { cacheLocation: values['cache-location'] } : {}) } : {};
      const onWarning = (m: string) => io.stderr(`platlint: warning: ${m}\n`);
      results = await lintFiles(patterns, { ...settings, ...cache, onWarning, ...(stdin ? { extra: [stdin] } : {}) });
    }
    // once every result is final (cached, from worker threads, checked across files)
    if (baseline) results = finishBaseline(baseline, results, (line) => io.stderr(`platlint: ${line}\n`));
    if (!values['no-warn-ignored']) results = withIgnored(results, ignored);
    if (command === 'lint') notes = deploymentsNote(config, results, io.cwd, { resolveRefs: values['resolve-refs'] ?? false, noConfig: values['no-config'] ?? false });
  } catch (err) {
    if (err instanceof UsageError || err instanceof BaselineError) return usage(err.message);
    if (err instanceof ConfigError) return configProblem(err, io);
    throw err;
  } finally {
    // the listener writes to this run's io: a later run in the same process (the tests) sets its own
    onInternalError(undefined);
  }

  const checked = results.reduce((n, r) => n + r.documentsChecked, 0);
  const skipped = results.reduce((n, r) => n + r.documentsSkipped, 0);
  const errors = results.reduce((n, r) => n + r.errorCount, 0);
  const warnings = results.reduce((n, r) => n + r.warningCount, 0);
  const shown = values.quiet ? results.map(onlyErrors) : results;
  for (const report of reports) {
    const toFile = report.path !== undefined;
    const width = reportWidth(toFile ? undefined : io.columns, io.env);
    const ctx: FormatContext = { color: colorLevel(values, io.env, io.isTTY, toFile), cwd: io.cwd, checked, skipped, dryRun: fix === 'dry-run', width, env: io.env, ...(policies.length > 0 ? { policies } : {}), ...(notes.length > 0 ? { notes } : {}) };
    const text = await FORMATTERS[report.name]!(shown, ctx);
    if (toFile) writeAtomic(resolve(io.cwd, report.path!), text);
    else io.stdout(text);
    // GitHub Actions: the findings as a table in the job summary (appended: other steps write there too)
    if (report.name === 'github' && io.env.GITHUB_STEP_SUMMARY) appendFileSync(io.env.GITHUB_STEP_SUMMARY, stepSummary(shown, ctx));
  }
  // a file platlint failed on has an internal/error finding and the others are reported: an error like any
  // other (exit 1), unless platlint failed on every file and nothing else could be reported (exit 2)
  const linted = ignored.length > 0 ? results.filter((r) => !ignored.includes(r)) : results;
  const failed = linted.filter((r) => r.diagnostics.some((d) => d.ruleId === 'internal/error')).length;
  if (failed > 0) {
    io.stderr(`platlint: internal error on ${failed === 1 ? '1 file' : `${failed} files`} (see the internal/error findings); ${failed === linted.length ? 'nothing else could be linted' : 'the other files were linted'}\n`);
    if (failed === linted.length && linted.every((r) => r.diagnostics.every((d) => d.ruleId === 'internal/error'))) return 2;
  }
  if (errors > 0) return 1;
  if (maxWarnings >= 0 && warnings > maxWarnings) {
    const over = warnings === 1 ? '1 warning exceeds' : `${warnings} warnings exceed`;
    io.stderr(`platlint: ${over} the maximum of ${maxWarnings} (--max-warnings)\n`);
    return 1;
  }
  return 0;
}

/** An invalid configuration file: every problem with its position, exit 2. */
function configProblem(err: ConfigError, io: CliIo): number {
  const lines = err.problems.map((p) => `  ${err.filePath}:${p.line}:${p.column}  ${p.message}`);
  io.stderr(`platlint: ${err.message}\n${lines.join('\n')}${lines.length ? '\n' : ''}`);
  return 2;
}

const SEVERITY_SETTINGS: readonly SeveritySetting[] = ['off', 'warn', 'error'];
const ESLINT_SEVERITIES: Readonly<Record<string, SeveritySetting>> = { 0: 'off', 1: 'warn', 2: 'error' };

/** One `--rule ID=SEVERITY`: the setting, or the usage problem with its form or severity (its id is checked with the configuration). */
function ruleSetting(arg: string): [string, SeveritySetting] | string {
  const eq = arg.lastIndexOf('=');
  if (eq < 0) return `--rule takes ID=SEVERITY (a rule id or AREA/*, and off, warn or error), got "${arg}"`;
  const id = arg.slice(0, eq).trim();
  const severity = arg.slice(eq + 1).trim();
  if (!(SEVERITY_SETTINGS as readonly string[]).includes(severity)) {
    // ESLint's numbers, `warning`, or a typo
    const near = (Object.hasOwn(ESLINT_SEVERITIES, severity) ? ESLINT_SEVERITIES[severity] : undefined) ?? SEVERITY_SETTINGS.find((s) => severity.startsWith(s)) ?? closestMatches(severity, [...SEVERITY_SETTINGS])[0];
    return `--rule ${arg}: the severity is off, warn or error, got "${severity}"${near ? `; did you mean ${near}?` : ''}`;
  }
  return [id, severity as SeveritySetting];
}


/** The options of the lint command (node:util parseArgs); an unknown option's suggestion comes from these. */
const OPTIONS = {
  format: { type: 'string', short: 'f', multiple: true },
  'output-file': { type: 'string', short: 'o' },
  config: { type: 'string', short: 'c' },
  'no-config': { type: 'boolean' },
  rule: { type: 'string', multiple: true },
  'print-config': { type: 'string' },
  quiet: { type: 'boolean' },
  'max-warnings': { type: 'string' },
  'stdin-filename': { type: 'string' },
  'no-error-on-unmatched-pattern': { type: 'boolean' },
  'no-warn-ignored': { type: 'boolean' },
  concurrency: { type: 'string' },
  'max-file-size': { type: 'string' },
  color: { type: 'boolean' },
  'no-color': { type: 'boolean' },
  debug: { type: 'boolean' },
  'resolve-refs': { type: 'boolean' },
  fix: { type: 'boolean' },
  cache: { type: 'boolean' },
  'cache-location': { type: 'string' },
  'fix-dry-run': { type: 'boolean' },
  'suppress-all': { type: 'boolean' },
  'suppress-rule': { type: 'string', multiple: true },
  'prune-suppressions': { type: 'boolean' },
  'suppressions-location': { type: 'string' },
  type: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const;

/** A readable sentence for an argument error of node:util's parseArgs. */
function argumentProblem(err: Error & { code?: string }, flagsCommand = false): string {
  const option = /'(-[^']*)'/.exec(err.message)?.[1];
  if (err.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option) {
    const name = option.replace(/^-+/, '');
    // a node agent flag given to platlint flags before `--` (an option of platlint's own is what is meant only if it is close to one)
    if (flagsCommand && closestMatches(name, Object.keys(OPTIONS)).length === 0) return `unknown option ${option}; the node agent's flags to check go after \`--\` (platlint flags -- ${option}=...)`;
    // ESLint reads standard input with --stdin; here it is the path `-`
    if (name === 'stdin') return 'unknown option --stdin; standard input is the path `-` (name it with --stdin-filename NAME)';
    const near = closestMatches(name, Object.keys(OPTIONS));
    const longer = near.length > 0 || name.length < 3 ? [] : Object.keys(OPTIONS).filter((o) => o.startsWith(name));
    const hint = near[0] ?? (longer.length === 1 ? longer[0] : undefined);
    return `unknown option ${option}${hint !== undefined ? `; did you mean --${hint}?` : ''}`;
  }
  if (err.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && option) return `option ${option} needs a value`;
  return err.message.split('\n')[0]!;
}

/** Standard input with its fixes applied in memory. */
function fixBytes(bytes: Uint8Array, options: LintOptions & { filePath: string }): LintResult {
  const read = decodeBytes(bytes, options.config?.maxFileSize);
  return read.text === undefined ? fileLevelResult(options.filePath, read.diagnostic) : fixText(read.text, options).result;
}

/** One input's result, or its `internal/error` finding when platlint fails on it. */
function guarded(filePath: string, lint: () => LintResult): LintResult {
  try {
    return lint();
  } catch (err) {
    return internalErrorResult(filePath, err);
  }
}

/** The results with the warnings of ignored files named on the command line among them, in the order of their paths (inputs without a file stay last). */
function withIgnored(results: LintResult[], ignored: readonly LintResult[]): LintResult[] {
  if (ignored.length === 0) return results;
  const files = [...results.filter((r) => !r.filePath.startsWith('<')), ...ignored].sort((a, b) => (a.filePath < b.filePath ? -1 : a.filePath > b.filePath ? 1 : 0));
  return [...files, ...results.filter((r) => r.filePath.startsWith('<'))];
}

function onlyErrors(r: LintResult): LintResult {
  const diagnostics = r.diagnostics.filter((d) => d.severity === 'error');
  return { ...r, diagnostics, warningCount: 0 };
}

/**
 * Makes a closed output stream harmless: when the reader of a pipe goes away (`platlint … | head`), writing
 * fails with EPIPE; platlint then stops writing to that stream and finishes with its own exit code, instead
 * of printing a stack trace. Any other write error is one line on standard error and exit code 2.
 */
function guardStream(stream: NodeJS.WriteStream, failed: { failed: boolean }): { write: (s: string) => void } {
  if (!CLOSED.has(stream)) {
    CLOSED.set(stream, false);
    stream.on('error', (err: NodeJS.ErrnoException) => {
      CLOSED.set(stream, true);
      if (err.code === 'EPIPE') return;
      if (stream !== process.stderr && !CLOSED.get(process.stderr)) process.stderr.write(`platlint: cannot write the report: ${err.message.split('\n')[0]}\n`);
      failed.failed = true;
      // the error may come after main returned its exit code
      process.exitCode = 2;
    });
  }
  return {
    write: (s) => {
      if (!CLOSED.get(stream)) stream.write(s);
    },
  };
}
/** Streams whose reader went away (or failed), by stream. */
const CLOSED = new WeakMap<NodeJS.WriteStream, boolean>();
/** The real process's streams and state. */
export function processIo(): CliIo {
  const failed = { failed: false };
  const stdout = guardStream(process.stdout, failed);
  const stderr = guardStream(process.stderr, failed);
  return {
    stdout: (s) => stdout.write(s),
    stderr: (s) => stderr.write(s),
    readStdin: () => readFileSync(0),
    cwd: process.cwd(),
    env: process.env,
    isTTY: Boolean(process.stdout.isTTY),
    ...(process.stdout.isTTY ? { columns: process.stdout.columns } : {}),
    writeFailed: () => failed.failed,
  };
}

/**
 * Entry point of bin/platlint.js: runs the command line and turns an internal failure into one line on
 * standard error and exit code 2 (the stack trace only with --debug).
 */
export async function main(argv: readonly string[], io: CliIo = processIo(), options: RunOptions = {}): Promise<number> {
  let code: number;
  try {
    code = await run(argv, io, options);
  } catch (err) {
    const e = err instanceof Error ? err : new Error(String(err));
    io.stderr(argv.includes('--debug') ? `${e.stack ?? e.message}\n` : `platlint: internal error: ${e.message.split('\n')[0]} (run with --debug for details)\n`);
    code = 2;
  }
  // a write error other than a closed pipe (a full disk)
  return io.writeFailed?.() ? 2 : code;
}

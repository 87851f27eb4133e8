// files/: paths in, LintResults out: discovery, reading files, worker threads, the cache, fixes written, the checks
// across files of a deployment, the baseline file; the Node.js host (node-host.ts) that the engine below asks.
import { readFileSync } from 'node:fs';
import { checkPolicies, DEFAULT_CONFIG, type Config, type LoadOptions } from '../config/config.js';
import { findConfig, loadConfig } from './config-file.js';
import { discover } from './discover.js';
import { commandKind, type KindSpec } from '../kinds/kinds.js';
import { fileLevelResult, internalError, internalErrorResult, lintText, PolicyBatch, stageBytes, undecodedResult, type LintResult } from '../lint/lint.js';
import { RULE_IDS, suggestRuleIds } from '../check/registry.js';
import { inJobs, lintInWorkers, serveIfWorker, workerCount, type RunSettings } from './parallel.js';
import { cacheFilePath, openCache } from './cache.js';
import { checkSet, unlintedDeploymentFiles, type SetOptions } from './across-files.js';
import { VERSION } from '../version.js';
import { lintFlagsText } from '../flags/lint.js';
import { fixText } from './fix.js';
import { decodeBytes } from '../read/bytes.js';
import { writeAtomic } from './write.js';

/** The build's identity (src/tools/build.mjs: a hash of the sources, rules and schemas); `source` when run from the sources. */
declare const __PLATLINT_BUILD__: string | undefined;
const BUILD = typeof __PLATLINT_BUILD__ === 'string' ? __PLATLINT_BUILD__ : 'source';

export interface LintFilesOptions {
  /** Folder patterns are relative to, and where the configuration search starts (default: process.cwd()). */
  cwd?: string;
  /** A loaded configuration; when absent, `configFile` or the nearest `platlint.config.yaml` is used. */
  config?: Config;
  /** Path of a configuration file, or false for none. */
  configFile?: string | false;
  /** A pattern that matches nothing is an error (default true). */
  errorOnUnmatchedPattern?: boolean;
  /**
   * Threads to lint on: `auto` (default: all cores for runs of at least 150 files), `off` (one thread), or a
   * number of threads. Only the built package can start worker threads.
   */
  concurrency?: 'auto' | 'off' | number;
  /** Read every document as this command kind (`JSONPatch`, `MergePatch`, `StrategicMergePatch`) instead of by its apiVersion. */
  kind?: string;
  /**
   * `--resolve-refs`: report a `roleRef` naming a role that no file of its deployment (or of the run) defines
   * (set/role-ref-unresolved) for every file; without it, only for the files whose configuration turns that
   * rule on by its id.
   */
  resolveRefs?: boolean;
  /** Apply the safe fixes: write the files (`write`) or only return the fixed text (`dry-run`). */
  fix?: 'write' | 'dry-run';
  /** Reuse the results of files that did not change since a run with the same settings (src/files/cache.ts). */
  cache?: boolean;
  /** The cache file, or a folder for it (default `.platlintcache` in `cwd`). */
  cacheLocation?: string;
  /** Told about problems that do not fail the run (an unusable cache file). */
  onWarning?: (message: string) => void;
  /** Told of each file named in `patterns` that the configuration ignores, and why (src/files/discover.ts ignoredBy). */
  onIgnored?: (file: string, why: string) => void;
  /** Results of inputs read elsewhere (standard input) that belong to the set checked across files. */
  extra?: readonly LintResult[];
  /**
   * Called with each text linted on the main thread before it is read (src/lint/lint.ts LintOptions onText): what
   * it throws becomes that file's `internal/error` finding.
   */
  onText?: (text: string) => void;
  /**
   * The module worker threads run (default: the bundle this code runs from, none when it runs from its
   * source): the built CLI (dist/cli.cjs), for a caller running the source, such as the tests.
   */
  workerEntry?: string;
}

/**
 * Resolves the configuration for a run: explicit, from a file, found upward from `cwd`, or the default. With
 * `deferPolicyCheck`, lintFiles checks its policies (or call checkPolicies before linting with it otherwise).
 */
export function resolveConfig(cwd: string, configFile?: string | false, options: LoadOptions = {}): Config {
  if (configFile === false) return { ...DEFAULT_CONFIG, baseDir: cwd };
  const file = configFile ?? findConfig(cwd);
  return file ? loadConfig(file, RULE_IDS, suggestRuleIds, options) : { ...DEFAULT_CONFIG, baseDir: cwd };
}

/**
 * Lints one file from disk; an unreadable file becomes an `input/unreadable` finding. With `kind`, every
 * document is read as that command kind.
 */
export function lintFile(filePath: string, config: Config, kind?: KindSpec): LintResult {
  return stageFile(filePath, config, kind)();
}

/** lintFile in the two steps of stageText (src/lint/lint.ts). */
function stageFile(filePath: string, config: Config, kind: KindSpec | undefined, batch?: PolicyBatch, onText?: (text: string) => void): () => LintResult {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(filePath);
  } catch (err) {
    const r = unreadable(filePath, err);
    return () => r;
  }
  return stageBytes(bytes, { filePath, config, ...(kind ? { kind } : {}), ...(onText ? { onText } : {}) }, batch);
}

function unreadable(filePath: string, err: unknown): LintResult {
  const code = (err as NodeJS.ErrnoException).code ?? 'error';
  return fileLevelResult(filePath, {
    ruleId: 'input/unreadable',
    severity: 'error',
    message: `cannot read the file (${code})`,
    path: [],
    range: { start: 0, end: 0 },
    document: -1,
    fatal: true,
  });
}

/**
 * How a worker (and the main thread) lints one file of a run. Never throws: a failure of platlint on the file
 * (reading, fixing, writing included) becomes the file's `internal/error` finding.
 */
function lintWith(filePath: string, settings: RunSettings): LintResult {
  return stageWith(filePath, settings)();
}

/** lintWith in the two steps of stageText (src/lint/lint.ts); a fix is done in the first. */
function stageWith(filePath: string, settings: RunSettings, batch?: PolicyBatch): () => LintResult {
  try {
    const kind = settings.kind === undefined ? undefined : commandKind(settings.kind);
    if (!settings.fix) return stageFile(filePath, settings.config, kind, batch, settings.onText);
    const r = fixFile(filePath, settings.config, settings.fix, kind);
    return () => r;
  } catch (err) {
    const r = internalErrorResult(filePath, err);
    return () => r;
  }
}

/**
 * How a worker (and the main thread) lints a job of a run's files (src/files/parallel.ts): the policies of their
 * documents are evaluated together (src/lint/lint.ts PolicyBatch). Never throws, like lintWith.
 */
function lintJob(files: readonly string[], settings: RunSettings): LintResult[] {
  // a fix lints each file again after each round of fixes: file by file
  if (settings.fix || !settings.config.policies) return files.map((f) => lintWith(f, settings));
  const batch = new PolicyBatch();
  const finish = files.map((f) => stageWith(f, settings, batch));
  batch.run();
  return finish.map((f) => f());
}

/**
 * Lints one file and applies its safe fixes (src/files/fix.ts): `write` replaces the file atomically when the text
 * changed, `dry-run` only returns the fixed text as `output`. The findings are those of the fixed text.
 */
export function fixFile(filePath: string, config: Config, mode: 'write' | 'dry-run', kind?: KindSpec): LintResult {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(filePath);
  } catch (err) {
    return unreadable(filePath, err);
  }
  const read = decodeBytes(bytes, config.maxFileSize);
  if (read.text === undefined) return undecodedResult(filePath, bytes, read.diagnostic, kind);
  const options = { filePath, config, ...(kind ? { kind } : {}) };
  // a UTF-16 file is linted, not rewritten (platlint writes UTF-8 only)
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return lintText(read.text, options);
  const { result, output } = fixText(read.text, options);
  if (output === undefined) return result;
  // line ends are part of the text and kept as they are; a UTF-8 byte-order mark is written back
  const bom = hasUtf8Bom(bytes) ? '\uFEFF' : '';
  if (mode === 'write') writeAtomic(filePath, bom + output);
  return { ...result, output };
}

/**
 * Lints files of node agent command lines (`platlint flags`): systemd units and drop-ins, environment files,
 * files of flags. Files and glob patterns only: a folder holds other files too.
 */
export async function lintFlagFiles(patterns: readonly string[], options: LintFilesOptions = {}): Promise<LintResult[]> {
  const cwd = options.cwd ?? process.cwd();
  const config = options.config ?? resolveConfig(cwd, options.configFile);
  const files = await discover(patterns, { cwd, config, errorOnUnmatchedPattern: options.errorOnUnmatchedPattern ?? true, filesOnly: true, ...(options.onIgnored ? { onIgnored: options.onIgnored } : {}) });
  return files.map((filePath) => {
    let bytes: Uint8Array;
    try {
      bytes = readFileSync(filePath);
    } catch (err) {
      return unreadable(filePath, err);
    }
    try {
      return lintFlagsBytes(bytes, filePath, config, options.fix);
    } catch (err) {
      return internalErrorResult(filePath, err);
    }
  });
}

/**
 * Lints the bytes of a file of node agent flags (binary, size and encoding checks first); with `fix`, the safe
 * fixes are applied (and written back for `write`, when the bytes came from `filePath`).
 */
export function lintFlagsBytes(bytes: Uint8Array, filePath: string, config: Config, fix?: 'write' | 'dry-run'): LintResult {
  const read = decodeBytes(bytes, config.maxFileSize);
  if (read.text === undefined) return fileLevelResult(filePath, read.diagnostic);
  if (!fix) return lintFlagsText(read.text, { filePath, config });
  const { result, output } = fixText(read.text, { filePath, config }, (text, o) => lintFlagsText(text, { filePath, ...(o.config ? { config: o.config } : {}) }));
  if (output !== undefined && fix === 'write') writeAtomic(filePath, (hasUtf8Bom(bytes) ? '\uFEFF' : '') + output);
  return result;
}

function hasUtf8Bom(bytes: Uint8Array): boolean {
  return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
}

/**
 * The files of each deployment the configuration declares (`deployments`), found like the command line's
 * paths (folders searched, glob patterns expanded, `ignores` applied) from the configuration's folder.
 */
async function deploymentGroups(config: Config): Promise<Set<string>[]> {
  const groups: Set<string>[] = [];
  for (const d of config.deployments ?? []) {
    groups.push(new Set(await discover(d.files, { cwd: config.baseDir, config, errorOnUnmatchedPattern: false })));
  }
  return groups;
}

/** Discovers and lints files, folders and glob patterns, then checks them as one set (src/files/across-files.ts). */
export async function lintFiles(patterns: readonly string[], options: LintFilesOptions = {}): Promise<LintResult[]> {
  const cwd = options.cwd ?? process.cwd();
  const config = options.config ?? resolveConfig(cwd, options.configFile);
  const files = patterns.length > 0 ? await discover(patterns, { cwd, config, errorOnUnmatchedPattern: options.errorOnUnmatchedPattern ?? true, ...(options.onIgnored ? { onIgnored: options.onIgnored } : {}) }) : [];
  const settings: RunSettings = { config, ...(options.kind ? { kind: options.kind } : {}), ...(options.fix ? { fix: options.fix } : {}), ...(options.onText ? { onText: options.onText } : {}) };
  const cache = options.cache
    ? openCache(cacheFilePath(cwd, options.cacheLocation), { version: `${VERSION}+${BUILD}`, config, settings: { kind: options.kind ?? null, fix: options.fix ?? null } })
    : undefined;
  // with a cache, the files whose bytes match a stored result are not linted again
  const bytes = new Map<string, Uint8Array>();
  const cached = new Map<string, LintResult>();
  if (cache) {
    for (const f of files) {
      let b: Uint8Array;
      try {
        b = readFileSync(f);
      } catch {
        continue; // linted below, which reports it
      }
      bytes.set(f, b);
      const hit = cache.get(f, b);
      if (hit) cached.set(f, hit);
    }
  }
  const todo = files.filter((f) => !cached.has(f));
  const workers = workerCount(todo.length, options.concurrency ?? 'auto', options.workerEntry);
  // the policies of a configuration loaded with deferPolicyCheck are checked while the workers start (their
  // start-up takes longer than the check, which was on the way to it), or before linting without workers
  const check = () => checkPolicies(config);
  const fresh = workers > 0 ? await lintInWorkers(todo, settings, workers, lintJob, check, options.workerEntry) : (check(), inJobs(todo, (job) => lintJob(job, settings)));
  const byFile = new Map(todo.map((f, i) => [f, fresh[i]!]));
  const results = files.map((f) => cached.get(f) ?? byFile.get(f)!);
  if (cache) {
    for (const [f, r] of byFile) {
      const b = bytes.get(f);
      if (b) cache.set(f, b, r);
    }
    cache.save();
    for (const p of cache.problems) options.onWarning?.(p);
  }
  // the other files of the deployments the run touches are read for their objects (a pre-commit run passes
  // only the changed files); patch runs have no objects to compare
  const deployments = options.kind === undefined ? await deploymentGroups(config) : [];
  const missing = unlintedDeploymentFiles(deployments, [...files, ...(options.extra ?? []).map((r) => r.filePath)]);
  const contextWorkers = workerCount(missing.length, options.concurrency ?? 'auto', options.workerEntry);
  const context = contextWorkers > 0 ? await lintInWorkers(missing, { config }, contextWorkers, lintJob, undefined, options.workerEntry) : inJobs(missing, (job) => lintJob(job, { config }));
  return checkSetGuarded([...results, ...(options.extra ?? [])], { config, cwd, resolveRefs: options.resolveRefs ?? false, deployments, context });
}

/**
 * The checks across files; when they fail (a bug), the per-file results are still reported, and the first
 * file that holds stored objects (those the checks read) gets an `internal/error` finding naming the checks.
 */
export function checkSetGuarded(results: LintResult[], options: SetOptions): LintResult[] {
  try {
    return checkSet(results, options);
  } catch (err) {
    const at = results.findIndex((r) => (r.objects?.length ?? 0) > 0);
    const i = at >= 0 ? at : 0;
    const r = results[i];
    if (!r) return results;
    const d = fileLevelResult(r.filePath, internalError(err, 'in the checks across files', 'their findings (set/*)')).diagnostics[0]!;
    const diagnostics = [d, ...r.diagnostics];
    const errorCount = diagnostics.filter((x) => x.severity === 'error').length;
    results[i] = { ...r, diagnostics, errorCount, warningCount: diagnostics.length - errorCount, fatalErrorCount: r.fatalErrorCount + 1 };
    return results;
  }
}

serveIfWorker(lintJob);

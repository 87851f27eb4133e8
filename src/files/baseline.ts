// The baseline of existing findings: `platlint-suppressions.json`, modelled on ESLint 9's bulk suppressions.
// `--suppress-all` and `--suppress-rule ID` record the current findings, `--prune-suppressions` drops the
// entries that no longer occur, and every run moves the recorded findings out of the report (applyBaseline).
// Entries are keyed by file, rule and field path with a count, never by line: moving or reformatting lines
// keeps them matching. The pure part (matching, recording, pruning, the file's text) is
// src/files/baseline-entries.ts; this file finds, reads and writes the file, checks the command line's options, and
// keeps the editor's copy: the command line calls it once every file is linted (cached results, worker
// threads and the checks across files included), and the language server calls `applyBaselineOf` on each
// document's result.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { unknownRuleMessage, type Config } from '../config/config.js';
import type { LintResult } from '../lint/lint.js';
import { writeAtomic } from './write.js';
import {
  applyBaseline,
  BaselineError,
  baselineSize,
  parseBaseline,
  pruneBaseline,
  recordFindings,
  serializeBaseline,
  SUPPRESSIONS_FILE_NAME,
  withoutMissingFiles,
  type Baseline,
} from './baseline-entries.js';

export { baselineTextProblems, BaselineError, parseBaseline, serializeBaseline, SUPPRESSIONS_FILE_NAME, type Baseline, type BaselineTextProblem } from './baseline-entries.js';

/** A file's key: its path relative to the suppressions file's folder, with `/` on every platform. */
export function fileKey(baseDir: string, filePath: string): string {
  return relative(baseDir, filePath).split(sep).join('/');
}

/**
 * The suppressions file of a run: `--suppressions-location` (relative to `cwd`; an existing folder, or a
 * path ending in `/`, gets platlint-suppressions.json inside), else platlint-suppressions.json beside the
 * configuration file in use, else in the configuration's base folder (`cwd` when there is no file).
 */
export function suppressionsFile(config: Pick<Config, 'filePath' | 'baseDir'>, cwd: string, location?: string): string {
  if (location !== undefined) {
    const at = resolve(cwd, location);
    return /[\\/]$/.test(location) || isFolder(at) ? join(at, SUPPRESSIONS_FILE_NAME) : at;
  }
  return join(config.filePath ? dirname(resolve(config.filePath)) : config.baseDir, SUPPRESSIONS_FILE_NAME);
}

function isFolder(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** Reads a suppressions file: undefined when it does not exist. */
export function readBaseline(file: string, shownAs: string): { baseline: Baseline; text: string } | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    throw new BaselineError(`cannot read the suppressions file ${shownAs} (${code ?? String(err)})`);
  }
  return { baseline: parseBaseline(text, shownAs), text };
}

// ---- the command line's use of it

/** The baseline options of the command line, as parsed. */
export interface BaselineFlags {
  'suppress-all'?: boolean;
  'suppress-rule'?: string[];
  'prune-suppressions'?: boolean;
  'suppressions-location'?: string;
}

export interface BaselineUsageContext {
  command: 'lint' | 'patch' | 'flags';
  /** Standard input (`-`) or a command line after `--` is among the inputs. */
  notAFile?: 'stdin' | 'command line';
  dryRun: boolean;
}

/** Whether a rule id is one of `ids` or of an area wildcard among them (`security/*`, as in the configuration). */
export function ruleMatcher(ids: readonly string[]): (ruleId: string) => boolean {
  const exact = new Set(ids.filter((id) => !id.endsWith('/*')));
  const areas = ids.filter((id) => id.endsWith('/*')).map((id) => id.slice(0, -1));
  return (ruleId) => exact.has(ruleId) || areas.some((a) => ruleId.startsWith(a));
}

/** Rules whose findings are always fatal, so never recorded. */
const ALWAYS_FATAL = (id: string) => id === 'yaml/syntax' || id === 'internal/error' || id.startsWith('input/');

/**
 * The usage problem of `--suppress-rule`'s ids, if any: checked once the configuration is read, since its
 * policies' ids may be named (as `--rule` is checked).
 */
export function suppressRuleUsage(flags: BaselineFlags, ruleIds: ReadonlySet<string>, suggest: (id: string) => string[]): string | undefined {
  for (const id of flags['suppress-rule'] ?? []) {
    const unknown = unknownRuleMessage(id, ruleIds, suggest);
    if (unknown !== undefined) return `--suppress-rule ${id}: ${unknown} (platlint rules lists them)`;
    if ([...ruleIds].filter(ruleMatcher([id])).every(ALWAYS_FATAL)) {
      return `--suppress-rule ${id}: its findings are fatal (the file, or part of it, is not checked) and are never recorded`;
    }
  }
  return undefined;
}

/** The usage problem of the baseline options of a run, if any (exit 2); `--suppress-rule`'s ids: suppressRuleUsage. */
export function baselineUsage(flags: BaselineFlags, ctx: BaselineUsageContext): string | undefined {
  const writing = flags['suppress-all'] ? '--suppress-all' : flags['suppress-rule'] ? '--suppress-rule' : flags['prune-suppressions'] ? '--prune-suppressions' : undefined;
  if (flags['suppress-all'] && flags['suppress-rule']) return '--suppress-all and --suppress-rule exclude each other: --suppress-all records the findings of every rule';
  if (writing && ctx.notAFile === 'stdin') return `${writing} works on files on disk: leave standard input (-) out`;
  if (writing && ctx.notAFile === 'command line') return `${writing} works on files on disk: a command line after -- has none`;
  if (writing && ctx.dryRun) return `${writing} works on the files on disk, which --fix-dry-run leaves unchanged; use --fix, or neither`;
  if (ctx.command !== 'lint' && writing && flags['suppressions-location'] === undefined) {
    return `platlint ${ctx.command} keeps its baseline in a file of its own: name it with --suppressions-location (${SUPPRESSIONS_FILE_NAME} is the main command's)`;
  }
  return undefined;
}

/** A run's baseline: the file, what it holds, and what the run records or prunes. */
export interface BaselineRun {
  file: string;
  /** The file's name as messages show it (relative to the working folder). */
  shownAs: string;
  /** The file as read; undefined when it does not exist yet. */
  read?: { baseline: Baseline; text: string };
  /** `--suppress-all` (every rule) or `--suppress-rule` (the rules this takes). */
  record?: 'all' | ((ruleId: string) => boolean);
  prune: boolean;
}

/**
 * Opens a run's baseline before linting (a broken file stops the run before `--fix` writes anything).
 * `platlint patch` and `platlint flags` read one only when `--suppressions-location` names it: a run of
 * the main command would otherwise prune or overwrite their entries of files it also reads (a patch file is
 * a JSON file without a plat kind to it). Returns undefined when the run has no baseline.
 */
export function openBaseline(flags: BaselineFlags, config: Pick<Config, 'filePath' | 'baseDir'>, cwd: string, command: 'lint' | 'patch' | 'flags'): BaselineRun | undefined {
  const location = flags['suppressions-location'];
  if (command !== 'lint' && location === undefined) return undefined;
  const file = suppressionsFile(config, cwd, location);
  const shownAs = relative(cwd, file).split(sep).join('/') || file;
  const record = flags['suppress-all'] ? ('all' as const) : flags['suppress-rule'] ? ruleMatcher(flags['suppress-rule']) : undefined;
  const prune = flags['prune-suppressions'] ?? false;
  const read = readBaseline(file, shownAs);
  if (!read && !record) {
    // a misspelt --suppressions-location must not silently turn the baseline off
    if (location !== undefined) throw new BaselineError(`the suppressions file ${shownAs} does not exist; create it with --suppress-all or --suppress-rule RULE`);
    return undefined;
  }
  return { file, shownAs, ...(read ? { read } : {}), ...(record ? { record } : {}), prune };
}

function findings(n: number): string {
  return `${n} finding${n === 1 ? '' : 's'}`;
}

/**
 * After linting: records and prunes as asked (writing the file atomically, only when its text changes), then
 * applies the baseline to the results. `notice` gets one line about the file written, or about recorded
 * findings that no longer occur (which do not change the exit code: see docs/baseline.md).
 */
export function finishBaseline(run: BaselineRun, results: readonly LintResult[], notice: (line: string) => void): LintResult[] {
  const baseDir = dirname(run.file);
  let baseline = run.read?.baseline ?? new Map();
  const keyOf = (filePath: string) => fileKey(baseDir, filePath);
  if (run.record) baseline = recordFindings(baseline, results, keyOf, run.record === 'all' ? undefined : run.record);
  const exists = (key: string) => existsSync(resolve(baseDir, key));
  if (run.record === 'all') baseline = withoutMissingFiles(baseline, exists);
  const applied = applyBaseline(results, baseline, keyOf, run.file, run.shownAs);
  if (run.prune) baseline = withoutMissingFiles(pruneBaseline(baseline, applied.remaining), exists);
  if (run.record || run.prune) {
    const text = serializeBaseline(baseline);
    const { findings: n, files } = baselineSize(baseline);
    const size = `${findings(n)} in ${files} file${files === 1 ? '' : 's'}`;
    if (text === run.read?.text) notice(`${run.shownAs} is up to date (${size})`);
    else {
      try {
        writeAtomic(run.file, text);
      } catch (err) {
        throw new BaselineError(`cannot write the suppressions file ${run.shownAs} (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
      }
      notice(`${run.read ? 'updated' : 'wrote'} ${run.shownAs} (${size})`);
    }
  }
  if (!run.prune) {
    const unused = baselineSize(applied.remaining).findings;
    if (unused > 0) {
      notice(`${findings(unused)} recorded in ${run.shownAs} no longer ${unused === 1 ? 'occurs' : 'occur'}; --prune-suppressions removes ${unused === 1 ? 'it' : 'them'} from the file`);
    }
  }
  return applied.results;
}

// ---- the language server's hook

/** Why a suppressions file cannot be applied in an editor: the message, and the problem's position when it has one. */
export interface EditorBaselineProblem {
  message: string;
  at?: { line: number; column: number; problem: string };
}

const EDITOR_CACHE = new Map<string, { mtimeMs: number; size: number; baseline?: Baseline; error?: EditorBaselineProblem }>();

/**
 * Applies a suppressions file (the language server decides which: the one beside the document's
 * configuration, as the command line finds it without --suppressions-location) to one document's result, so
 * an editor shows the findings the command line reports. The file is read again when its modification time
 * or size changes; a file that does not exist applies nothing. A broken file is not applied: its problem
 * comes back in `error`, for the caller to show.
 */
export function applyBaselineOf(result: LintResult, file: string): { result: LintResult; error?: EditorBaselineProblem } {
  let stat;
  try {
    stat = statSync(file);
  } catch {
    EDITOR_CACHE.delete(file);
    return { result };
  }
  let entry = EDITOR_CACHE.get(file);
  if (!entry || entry.mtimeMs !== stat.mtimeMs || entry.size !== stat.size) {
    try {
      const read = readBaseline(file, file);
      entry = { mtimeMs: stat.mtimeMs, size: stat.size, ...(read ? { baseline: read.baseline } : {}) };
    } catch (err) {
      if (!(err instanceof BaselineError)) throw err;
      entry = { mtimeMs: stat.mtimeMs, size: stat.size, error: { message: err.message, ...(err.at ? { at: err.at } : {}) } };
    }
    EDITOR_CACHE.set(file, entry);
  }
  if (entry.error !== undefined) return { result, error: entry.error };
  if (!entry.baseline) return { result };
  const baseDir = dirname(file);
  return { result: applyBaseline([result], entry.baseline, (filePath) => fileKey(baseDir, filePath), file, SUPPRESSIONS_FILE_NAME).results[0]! };
}

import { readFileSync } from 'node:fs';
import { DEFAULT_CONFIG, findConfig, loadConfig, type Config } from './config.js';
import { discover } from './discover.js';
import { fileLevelResult, lintBytes, type LintResult } from './lint.js';
import { RULE_IDS, suggestRuleIds } from './rule-registry.js';
import { lintInWorkers, serveIfWorker, workerCount } from './parallel.js';

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
}

/** Resolves the configuration for a run: explicit, from a file, found upward from `cwd`, or the default. */
export function resolveConfig(cwd: string, configFile?: string | false): Config {
  if (configFile === false) return { ...DEFAULT_CONFIG, baseDir: cwd };
  const file = configFile ?? findConfig(cwd);
  return file ? loadConfig(file, RULE_IDS, suggestRuleIds) : { ...DEFAULT_CONFIG, baseDir: cwd };
}

/** Lints one file from disk; an unreadable file becomes an `input/unreadable` finding. */
export function lintFile(filePath: string, config: Config): LintResult {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(filePath);
  } catch (err) {
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
  return lintBytes(bytes, { filePath, config });
}

/** Discovers and lints files, folders and glob patterns. */
export async function lintFiles(patterns: readonly string[], options: LintFilesOptions = {}): Promise<LintResult[]> {
  const cwd = options.cwd ?? process.cwd();
  const config = options.config ?? resolveConfig(cwd, options.configFile);
  const files = await discover(patterns, { cwd, config, errorOnUnmatchedPattern: options.errorOnUnmatchedPattern ?? true });
  const workers = workerCount(files.length, options.concurrency ?? 'auto');
  if (workers > 0) return lintInWorkers(files, config, workers, lintFile);
  return files.map((f) => lintFile(f, config));
}

serveIfWorker(lintFile);

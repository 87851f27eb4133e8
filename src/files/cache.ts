import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import type { Config } from '../config/config.js';
import type { LintResult } from '../lint/lint.js';
import { writeAtomic } from './write.js';
import { nodeCrypto } from './builtins.js';

/**
 * `--cache`: the lint results of files that did not change since the last run.
 *
 * An entry is found by the file's path and used only when the SHA-256 of the file's bytes is the one stored;
 * every entry belongs to a run key, the hash of the platlint version, the effective configuration (rules,
 * overrides and the folder they are relative to, --rule settings, ignores, maxFileSize, policies) and the run
 * settings (command kind, fix mode), so changing any of them misses.
 * The cached value is the file's LintResult before the checks over the set of files, with its stored objects
 * (`objects`, `setDirectives`): the set checks run on every run, over cached and fresh results alike.
 *
 * The cache file is one JSON document written atomically (src/files/write.ts), after merging with what is on disk
 * at that moment: parallel runs (pre-commit runs hooks in parallel) never leave a half-written file; when
 * two save at the same moment the last one wins. A missing, truncated or corrupt cache is read as empty;
 * a file that is not a platlint cache is read as empty and never overwritten.
 */

export const DEFAULT_CACHE_NAME = '.platlintcache';

/** The format of the cache file; another number is read as empty (and replaced). */
const FORMAT = 1;
/** Every cache file begins with these bytes: a file that does not is not ours, and is never overwritten. */
const MAGIC = `{"platlint-cache":`;

/** Size bounds: run keys kept (most recently used first), entries per run key, bytes of one entry, bytes of the file. */
export const LIMITS = { runs: 8, entriesPerRun: 20_000, entryBytes: 1 << 20, fileBytes: 64 << 20 };

export interface CacheKey {
  /** platlint's version and build (`0.1.0+<hash of the sources>`): another version or build misses every entry. */
  version: string;
  config: Config;
  /** What else changes results: the command kind (`JSONPatch` …), the fix mode. Any JSON value. */
  settings?: unknown;
}

export interface LintCache {
  /** The cache file. */
  readonly location: string;
  /** The cached result of a file whose bytes are `bytes`, or undefined (never seen, changed, other run key). A fresh copy each time. */
  get(filePath: string, bytes: Uint8Array): LintResult | undefined;
  /**
   * Stores a file's result (call it before the set checks, which add their findings to the results). Results
   * that hold fixed text (`output`: the file is being rewritten) or an unreadable file are not stored.
   */
  set(filePath: string, bytes: Uint8Array, result: LintResult): void;
  /** Writes the cache when something changed. Never throws: a problem is added to `problems`. */
  save(): void;
  /** Problems met (a foreign file, a failed write): worth a warning, never a failure of the run. */
  readonly problems: string[];
  readonly stats: { hits: number; misses: number };
}

interface Entry {
  sha256: string;
  /** When the entry was stored or last used (ms since the epoch): the oldest go first when the cache is full. */
  at: number;
  result: LintResult;
}

interface Run {
  used: number;
  files: Record<string, Entry>;
}

interface CacheFile {
  'platlint-cache': number;
  runs: Record<string, Run>;
}

/** The cache file for `--cache-location` (a folder, existing or written with a trailing separator, holds `.platlintcache`), relative to `cwd`. */
export function cacheFilePath(cwd: string, location?: string): string {
  if (location === undefined || location === '') return join(cwd, DEFAULT_CACHE_NAME);
  const path = resolve(cwd, location);
  const isDir = location.endsWith('/') || location.endsWith(sep) || (existsSync(path) && statSync(path).isDirectory());
  return isDir ? join(path, DEFAULT_CACHE_NAME) : path;
}

function sha256(data: string | Uint8Array): string {
  return nodeCrypto().createHash('sha256').update(data).digest('hex');
}

/** JSON with sorted object keys: the same configuration always hashes the same. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    return `{${Object.keys(v)
      .sort()
      .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

/** The run key: version, the parts of the configuration that change results, run settings. */
export function runKey(key: CacheKey): string {
  const { rules, ignores, maxFileSize, overrides, commandLineRules, baseDir, policies } = key.config;
  // an override's patterns are matched from the configuration's folder: moving the configuration changes
  // which files they match (entries are found by absolute path)
  const perFile = overrides?.length ? { overrides, baseDir } : {};
  // a policy's source is its whole meaning (the types of its kinds come with platlint's version)
  const own = policies ? { policies: policies.policies } : {};
  return sha256(canonical({ version: key.version, config: { rules, ignores, maxFileSize: maxFileSize ?? null, ...perFile, commandLineRules, ...own }, settings: key.settings ?? null }));
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

type Read = { state: 'missing' | 'ours'; data: CacheFile } | { state: 'foreign'; data: CacheFile; problem: string };

function empty(): CacheFile {
  return { 'platlint-cache': FORMAT, runs: {} };
}

/** Reads the cache file; anything unreadable is an empty cache, anything foreign is marked so that it is left alone. */
function readCache(file: string): Read {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { state: 'missing', data: empty() };
    return { state: 'foreign', data: empty(), problem: `cannot read the cache ${file} (${code ?? 'error'}); not using it` };
  }
  if (text.trim() === '') return { state: 'missing', data: empty() };
  // a file cut short within its first bytes is still ours
  if (!text.startsWith(MAGIC) && !MAGIC.startsWith(text)) return { state: 'foreign', data: empty(), problem: `${file} is not a platlint cache; it is left as it is and no cache is written` };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { state: 'ours', data: empty() }; // truncated or corrupt: rebuilt
  }
  if (!isObject(parsed) || parsed['platlint-cache'] !== FORMAT || !isObject(parsed.runs)) return { state: 'ours', data: empty() };
  const runs: Record<string, Run> = {};
  for (const [k, run] of Object.entries(parsed.runs)) {
    if (!isObject(run) || !isObject(run.files)) continue;
    const files: Record<string, Entry> = {};
    for (const [path, e] of Object.entries(run.files)) {
      if (isObject(e) && typeof e.sha256 === 'string' && typeof e.at === 'number' && isObject(e.result) && Array.isArray(e.result.diagnostics)) files[path] = e as unknown as Entry;
    }
    runs[k] = { used: typeof run.used === 'number' ? run.used : 0, files };
  }
  return { state: 'ours', data: { 'platlint-cache': FORMAT, runs } };
}

/** Keeps the cache within LIMITS: fewest runs, then fewest entries, oldest first. */
function bound(data: CacheFile): string {
  const runs = Object.entries(data.runs).sort(([, a], [, b]) => b.used - a.used).slice(0, LIMITS.runs);
  for (const [, run] of runs) {
    const entries = Object.entries(run.files);
    if (entries.length > LIMITS.entriesPerRun) run.files = Object.fromEntries(entries.sort(([, a], [, b]) => b.at - a.at).slice(0, LIMITS.entriesPerRun));
  }
  data.runs = Object.fromEntries(runs);
  let text = JSON.stringify(data);
  if (text.length > LIMITS.fileBytes) {
    // drop the oldest entries of all runs until the file fits
    const all = runs.flatMap(([, run]) => Object.entries(run.files).map(([path, e]) => ({ run, path, at: e.at, size: JSON.stringify(e).length + path.length + 4 })));
    all.sort((a, b) => a.at - b.at);
    let size = text.length;
    for (const e of all) {
      if (size <= LIMITS.fileBytes * 0.9) break;
      delete e.run.files[e.path];
      size -= e.size;
    }
    text = JSON.stringify(data);
  }
  return text;
}

/** Opens the cache at `location` (a file path; see cacheFilePath for `--cache-location`). Never throws. */
export function openCache(location: string, key: CacheKey): LintCache {
  const file = resolve(location);
  const id = runKey(key);
  const initial = readCache(file);
  const problems: string[] = initial.state === 'foreign' ? [initial.problem] : [];
  const files: Record<string, Entry> = initial.data.runs[id]?.files ?? {};
  const hashes = new WeakMap<Uint8Array, string>();
  const hashOf = (bytes: Uint8Array) => {
    let h = hashes.get(bytes);
    if (h === undefined) hashes.set(bytes, (h = sha256(bytes)));
    return h;
  };
  /** What this run changed: entries stored, and entries found stale (by the hash they had). */
  const stored = new Map<string, Entry>();
  const stale = new Map<string, string>();
  /** Entries used by this run, by hash: they stay when the cache is full. */
  const used = new Map<string, string>();
  const stats = { hits: 0, misses: 0 };
  const now = Date.now();

  return {
    location: file,
    problems,
    stats,
    get(filePath, bytes) {
      const path = resolve(filePath);
      const e = stored.get(path) ?? files[path];
      if (e && e.sha256 === hashOf(bytes)) {
        stats.hits++;
        used.set(path, e.sha256);
        return { ...structuredClone(e.result), filePath };
      }
      if (e && !stored.has(path)) stale.set(path, e.sha256);
      stats.misses++;
      return undefined;
    },
    set(filePath, bytes, result) {
      if (result.output !== undefined || result.diagnostics.some((d) => d.ruleId === 'input/unreadable' || d.ruleId === 'internal/error')) return;
      const json = JSON.stringify(result);
      if (json.length > LIMITS.entryBytes) return;
      stored.set(resolve(filePath), { sha256: hashOf(bytes), at: now, result: JSON.parse(json) as LintResult });
    },
    save() {
      if (initial.state === 'foreign' || (stored.size === 0 && stale.size === 0)) return;
      try {
        // merge with the file as it is now: another run may have saved since this one opened it
        const current = readCache(file);
        if (current.state === 'foreign') {
          problems.push(current.problem);
          return;
        }
        const data = current.data;
        const run = (data.runs[id] ??= { used: now, files: {} });
        run.used = now;
        for (const [path, sha] of stale) if (run.files[path]?.sha256 === sha) delete run.files[path];
        for (const [path, sha] of used) if (run.files[path]?.sha256 === sha) run.files[path]!.at = now;
        for (const [path, e] of stored) run.files[path] = e;
        // files that no longer exist
        for (const path of Object.keys(run.files)) if (!stored.has(path) && !existsSync(path)) delete run.files[path];
        writeAtomic(file, bound(data));
        stored.clear();
        stale.clear();
        used.clear();
      } catch (err) {
        problems.push(`cannot write the cache ${file} (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
      }
    },
  };
}

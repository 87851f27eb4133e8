import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseText } from './parse.js';
import { validators } from './generated/validators.js';
import { fromPointer } from './path.js';
import type { Severity } from './types.js';

export const CONFIG_FILE_NAME = 'platlint.config.yaml';

export type SeveritySetting = 'off' | 'warn' | 'error';

/** A loaded, validated configuration. */
export interface Config {
  /** Severity overrides by rule id. */
  rules: Readonly<Record<string, SeveritySetting>>;
  /** Ignore globs, relative to `baseDir`. */
  ignores: readonly string[];
  maxFileSize?: number;
  /** Folder the ignore patterns are relative to. */
  baseDir: string;
  /** The file it came from, if any. */
  filePath?: string;
}

export const DEFAULT_CONFIG: Config = { rules: {}, ignores: [], baseDir: process.cwd() };

/** A problem in the configuration file itself: makes the run a usage error (exit 2). */
export class ConfigError extends Error {
  constructor(
    message: string,
    readonly filePath: string,
    readonly problems: { message: string; line: number; column: number }[] = [],
  ) {
    super(message);
  }
}

/** Finds `platlint.config.yaml` in `start` or the nearest folder above it. */
export function findConfig(start: string): string | undefined {
  let dir = resolve(start);
  for (;;) {
    const candidate = join(dir, CONFIG_FILE_NAME);
    if (existsSync(candidate)) return candidate;
    const up = dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}

/**
 * Parses and validates a configuration text. Rule ids are checked against `knownRules` (with a suggestion for
 * typos); every problem comes back with its line and column.
 */
export function parseConfig(text: string, filePath: string, knownRules: ReadonlySet<string>, suggest: (id: string) => string[]): Config {
  const parsed = parseText(text);
  const problems: { message: string; line: number; column: number }[] = [];
  const at = (offset: number) => {
    const p = parsed.lineCounter.linePos(offset);
    return { line: p.line, column: p.col };
  };
  for (const d of parsed.diagnostics) if (d.severity === 'error') problems.push({ message: d.message, ...at(d.range.start) });
  const doc = parsed.documents[0];
  const value = (doc?.value ?? {}) as Record<string, unknown>;
  if (problems.length === 0 && doc) {
    const validate = validators['platlint-config']!;
    if (!validate(value)) {
      for (const e of validate.errors ?? []) {
        const path = fromPointer(e.instancePath, value);
        const extra = e.keyword === 'additionalProperties' ? ` \`${String(e.params.additionalProperty)}\`` : '';
        const node = doc.doc.getIn(path, true) as { range?: [number, number, number] } | undefined;
        const where = path.length > 0 ? `\`${path.join('.')}\` ` : '';
        problems.push({ message: `${where}${e.message ?? 'is invalid'}${extra}`, ...at(node?.range?.[0] ?? doc.range.start) });
      }
    } else {
      for (const id of Object.keys((value.rules as object) ?? {})) {
        if (knownRules.has(id)) continue;
        const node = doc.doc.getIn(['rules'], true) as { items?: { key: { value: unknown; range?: [number, number, number] } }[] };
        const key = node?.items?.find((i) => i.key?.value === id)?.key;
        const near = suggest(id);
        problems.push({
          message: `unknown rule \`${id}\`${near.length ? `; did you mean \`${near[0]}\`?` : ''}`,
          ...at(key?.range?.[0] ?? doc.range.start),
        });
      }
    }
  }
  if (problems.length > 0) throw new ConfigError(`invalid configuration file ${filePath}`, filePath, problems);
  return {
    rules: (value.rules as Record<string, SeveritySetting>) ?? {},
    ignores: (value.ignores as string[]) ?? [],
    ...(typeof value.maxFileSize === 'number' ? { maxFileSize: value.maxFileSize } : {}),
    baseDir: dirname(resolve(filePath)),
    filePath,
  };
}

export function loadConfig(filePath: string, knownRules: ReadonlySet<string>, suggest: (id: string) => string[]): Config {
  let text: string;
  try {
    text = readFileSync(filePath, 'utf8');
  } catch (err) {
    throw new ConfigError(`cannot read configuration file ${filePath}: ${(err as NodeJS.ErrnoException).code ?? 'error'}`, filePath);
  }
  return parseConfig(text, filePath, knownRules, suggest);
}

/** The severity a finding gets under a configuration, or null when its rule is off. */
export function effectiveSeverity(config: Config, ruleId: string, base: Severity): Severity | null {
  const s = config.rules[ruleId];
  if (s === undefined) return base;
  if (s === 'off') return null;
  return s === 'warn' ? 'warning' : 'error';
}

// The configuration file on disk: finding it above a folder and reading it (parseConfig, src/config/config.ts, reads its text).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { CONFIG_FILE_NAME, ConfigError, parseConfig, type Config, type LoadOptions } from '../config/config.js';

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

export function loadConfig(filePath: string, knownRules: ReadonlySet<string>, suggest: (id: string) => string[], options: LoadOptions = {}): Config {
  let text: string;
  try {
    text = readFileSync(filePath, 'utf8');
  } catch (err) {
    throw new ConfigError(`cannot read configuration file ${filePath}: ${(err as NodeJS.ErrnoException).code ?? 'error'}`, filePath);
  }
  return parseConfig(text, filePath, knownRules, suggest, options);
}

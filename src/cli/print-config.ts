import { configFor, effectiveSeverity, matchingOverrides, type Config, type SeveritySetting } from '../config/config.js';
import { ignoreMatcher, toPosix } from '../config/globs.js';
import { baseSeverity } from '../lint/lint.js';
import { RULE_IDS } from '../check/registry.js';
import { host } from '../services/host.js';

/** What `platlint --print-config FILE` prints: the configuration that applies to one file. */
export interface PrintedConfig {
  /** The file, relative to the working folder. */
  file: string;
  /** The configuration file used, relative to the working folder; null when there is none (or --no-config). */
  configFile: string | null;
  /** Whether `ignores` (or node_modules, .git) leaves the file out of folder and glob runs. */
  ignored: boolean;
  /** The entries of `overrides` that match the file, in the order they apply, with their index in the list. */
  overrides: { index: number; files: readonly string[] }[];
  /** The `--rule` settings, in the order they apply (after the overrides). */
  commandLineRules: string[];
  /** Every rule's severity for the file, by id in sorted order. */
  rules: Record<string, SeveritySetting>;
}

/**
 * The configuration that applies to `filePath` (absolute) under a run's configuration: the matching overrides
 * and every rule's effective severity, as the linting functions resolve them (configFor). Paths are shown
 * relative to `cwd`, with `/`.
 */
export function printConfig(config: Config, filePath: string, cwd: string, ruleIds: Iterable<string> = RULE_IDS, switches: { resolveRefs?: boolean } = {}): PrintedConfig {
  const { relative } = host().path;
  const shown = (p: string) => toPosix(relative(cwd, p)) || '.';
  const own = configFor(config, filePath);
  // the configuration's policies have their own default severities
  const policies = new Map((config.policies?.policies ?? []).map((p) => [p.id, p.severity]));
  const rules: Record<string, SeveritySetting> = {};
  for (const id of [...ruleIds].sort()) {
    // --resolve-refs turns on the one rule that is off by default for a run (src/files/across-files.ts)
    const s = effectiveSeverity(own, id, policies.get(id) ?? baseSeverity(id), id === 'set/role-ref-unresolved' && switches.resolveRefs === true);
    rules[id] = s === null ? 'off' : s === 'warning' ? 'warn' : 'error';
  }
  return {
    file: shown(filePath),
    configFile: config.filePath === undefined ? null : shown(config.filePath),
    ignored: ignoreMatcher(config)(filePath),
    overrides: matchingOverrides(config, filePath).map((index) => ({ index, files: config.overrides![index]!.files })),
    commandLineRules: (config.commandLineRules ?? []).map(([id, s]) => `${id}=${s}`),
    rules,
  };
}

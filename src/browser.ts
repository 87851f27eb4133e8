/**
 * The browser's platlint (built into dist/browser/platlint.mjs by src/tools/build.mjs): the engine with the
 * browser's host (src/browser-host.ts) and no Node.js built-in. `lintText` gives what the library's gives;
 * `checkSet` adds the checks across files (`set/…`) and `fixText` applies the safe fixes, as the CLI does; the
 * report formats that need no file system (`json`, `sarif`); every rule's metadata and documentation.
 */
import { BROWSER_HOST } from './browser-host.js';
import { parseConfig as parseConfigText, ConfigError, type Config } from './config/config.js';
import type { FormatContext } from './report/index.js';
import { formatJson, toJson, type JsonMessage, type JsonResult } from './report/json.js';
import { formatSarif as sarifOf } from './report/sarif.js';
import { ruleDocsUrl } from './report/rule-url.js';
import { allRules, explainOwnFileCode, explainRule } from './check/rule-docs.js';
import { OWN_FILE_CODES } from './check/builtin-rules.js';
import { checkSet as checkSetWith } from './files/across-files.js';
import { fixText as fixWith } from './files/fix.js';
import { lintBytes as lintBytesWith, lintText as lintWith, type LintOptions, type LintResult } from './lint/lint.js';
import { policyRules } from './check/policies/config.js';
import { RULE_IDS, suggestRuleIds } from './check/registry.js';
import { useHost } from './services/host.js';
import { buildCluster } from './access/cluster.js';
import { askCanI, askRules, askWhoCan, type AccessQuestion } from './access/query.js';
import { readRbac } from './access/read.js';
import { canIJson, rulesJson, whoCanJson, type Scope } from './access/report.js';
import { VERSION } from './version.js';

export { ConfigError, formatJson, toJson, VERSION, type Config, type JsonMessage, type JsonResult, type LintResult };

useHost(BROWSER_HOST);

/** The name a configuration without a file name is given (its folder, `/`, is what `overrides` patterns are relative to). */
const CONFIG_NAME = 'platlint.config.yaml';

/**
 * A configuration from the text of `platlint.config.yaml`, checked as the CLI checks it: a ConfigError
 * with each problem's line and column when it is not valid (policies that do not compile included).
 */
export function parseConfig(text: string, filename: string = CONFIG_NAME): Config {
  return parseConfigText(text, filename, RULE_IDS, suggestRuleIds);
}

/** The configuration a text was parsed into last (a page lints again and again under the same one). */
let lastConfig: { key: string; config: Config } | undefined;

/**
 * A configuration as `lintText` takes it: one parseConfig made (a Config), the text of a configuration file,
 * or its content as data (`{ rules: { 'schema/unknown-field': 'off' } }`), which is checked as its text would be.
 */
function configOf(config: Config | string | Record<string, unknown> | undefined): Config | undefined {
  if (config === undefined) return undefined;
  if (typeof config !== 'string' && typeof config.baseDir === 'string') return config as Config;
  const key = typeof config === 'string' ? config : JSON.stringify(config);
  if (lastConfig?.key !== key) lastConfig = { key, config: parseConfig(key) };
  return lastConfig.config;
}

export interface BrowserLintOptions {
  /** The file's name (shown in results; `overrides` patterns match it, relative to `/`). */
  filename?: string;
  /** A configuration: from parseConfig, the text of `platlint.config.yaml`, or its content as data. */
  config?: Config | string | Record<string, unknown>;
}

function lintOptions(options: BrowserLintOptions): LintOptions {
  const config = configOf(options.config);
  return { ...(options.filename !== undefined ? { filePath: options.filename } : {}), ...(config ? { config } : {}) };
}

/** Lints one file's text, as the library's `lintText` does. Throws a ConfigError for an invalid configuration. */
export function lintText(text: string, options: BrowserLintOptions = {}): LintResult {
  return lintWith(text, lintOptions(options));
}

/**
 * Lints one file's bytes (a `File`'s `arrayBuffer()`), as the CLI reads a file: a byte-order mark, another
 * encoding, a binary or too large file are found as it finds them.
 */
export function lintBytes(bytes: Uint8Array, options: BrowserLintOptions = {}): LintResult {
  return lintBytesWith(bytes, lintOptions(options));
}

export interface SarifOptions {
  /** The folder file names are relative to (default `/`). */
  cwd?: string;
  /** The configuration linted with: SARIF describes its policies as rules. */
  config?: Config;
}

/** The SARIF 2.1.0 report of results (as `platlint --format sarif` writes it). */
export function formatSarif(results: readonly LintResult[], options: SarifOptions = {}): string {
  const ctx: FormatContext = {
    cwd: options.cwd ?? '/',
    color: 0,
    checked: results.reduce((n, r) => n + r.documentsChecked, 0),
    skipped: results.reduce((n, r) => n + r.documentsSkipped, 0),
    dryRun: false,
    env: {},
    policies: policyRules(options.config?.policies, options.config?.filePath ?? CONFIG_NAME),
  };
  return sarifOf(results, ctx);
}

/** One rule's metadata: what `platlint rules` lists and `platlint explain` prints. */
export interface RuleInfo {
  id: string;
  description: string;
  severity: 'error' | 'warning';
  defaultOff: boolean;
  status: string;
  /** The kinds it checks (`all` for the engine's own findings). */
  kinds: string;
  docs: { rationale: string; remediation: string; spec: string };
  url: string;
}

/** Every rule of platlint: the engine's findings first, then the rule modules, each sorted by id. */
export const rules: readonly RuleInfo[] = allRules().map(({ id, meta, kinds }) => ({
  id,
  description: meta.description,
  severity: meta.severity,
  defaultOff: meta.defaultOff === true,
  status: meta.status,
  kinds,
  docs: { rationale: meta.docs.rationale, remediation: meta.docs.remediation, spec: meta.docs.spec },
  url: ruleDocsUrl(id),
}));

/** The files an access question is asked of, as texts with names (one set: a browser has no deployments). */
export interface BrowserAccessOptions {
  files: readonly { name: string; text: string }[];
  /** A configuration (its `externalRoles` are roles defined elsewhere, whose rules are not known). */
  config?: Config | string | Record<string, unknown>;
  /** Count the platform's bootstrap roles and bindings (default true). */
  bootstrap?: boolean;
}

function accessScopes(options: BrowserAccessOptions): Scope[] {
  const cluster = buildCluster(
    options.files.map((f) => readRbac(f.text, f.name)),
    { externalRoles: configOf(options.config)?.externalRoles ?? [], bootstrap: options.bootstrap !== false },
  );
  return [{ deployment: null, cluster }];
}

const NAMES = { file: (p: string) => p };

/** May the user do this? What `platlint access can-i --format json` prints (docs/access.md). */
export function canI(question: AccessQuestion & BrowserAccessOptions): ReturnType<typeof canIJson> {
  const answer = askCanI(question);
  return canIJson(answer(accessScopes(question)), NAMES);
}

/** Who may do this? What `platlint access who-can --format json` prints. */
export function whoCan(question: AccessQuestion & BrowserAccessOptions): ReturnType<typeof whoCanJson> {
  const answer = askWhoCan(question);
  return whoCanJson(answer(accessScopes(question)), NAMES);
}

/** What may the user do in the namespace? What `platlint access rules --format json` prints. */
export function rulesFor(question: Omit<AccessQuestion, 'verb'> & BrowserAccessOptions): ReturnType<typeof rulesJson> {
  const answer = askRules(question);
  return rulesJson(answer(accessScopes(question)), NAMES);
}

export interface BrowserSetOptions {
  /** The configuration the results were linted with (as `lintText` takes it). */
  config?: Config | string | Record<string, unknown>;
  /**
   * Report a `roleRef` that names a role no text defines (set/role-ref-unresolved, off by default), as
   * `--resolve-refs` does; without it, only when the configuration turns that rule on.
   */
  resolveRefs?: boolean;
}

/**
 * The checks across files (`set/…`: objects defined twice, role references and bindings that do not match) over
 * the results of texts linted together, as the CLI runs them over the files of a run: one text's result alone
 * gets what `platlint FILE` reports for that file. Returns the results with those findings added (and the
 * suppression comments that name `set/…` rules applied). File names in messages are relative to `/`.
 */
export function checkSet(results: readonly LintResult[], options: BrowserSetOptions = {}): LintResult[] {
  const config = configOf(options.config);
  return checkSetWith([...results], { cwd: '/', resolveRefs: options.resolveRefs ?? false, ...(config ? { config } : {}) });
}

export interface BrowserFixResult {
  /** The lint result of the fixed text (what remains to fix by hand), before the checks across files. */
  result: LintResult;
  /** The fixed text; undefined when no fix applied. */
  output?: string;
  /** Fixes applied over all passes. */
  fixed: number;
}

/**
 * Applies a text's safe fixes as `platlint --fix` does (fix, lint again, until nothing more is fixed): the
 * fixed text is what `--fix` would write. Throws a ConfigError for an invalid configuration.
 */
export function fixText(text: string, options: BrowserLintOptions = {}): BrowserFixResult {
  return fixWith(text, lintOptions(options));
}

/**
 * One rule's documentation in Markdown, the text `platlint explain <id>` prints: a rule of platlint, a policy of
 * the configuration given, or a code of a problem with a configuration file (`config/schema` …). Undefined for
 * an id that is none of these.
 */
export function explain(id: string, config?: Config | string | Record<string, unknown>): string | undefined {
  const parsed = configOf(config);
  const policies = policyRules(parsed?.policies, parsed?.filePath ?? CONFIG_NAME);
  const rule = allRules(policies).find((r) => r.id === id);
  if (rule) return explainRule(id, rule.meta, policies.some((p) => p.id === id) ? rule.kinds : undefined);
  const own = Object.prototype.hasOwnProperty.call(OWN_FILE_CODES, id) ? OWN_FILE_CODES[id] : undefined;
  return own ? explainOwnFileCode(id, own) : undefined;
}

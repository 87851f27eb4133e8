// The access questions answered from files on disk (`platlint access`, the library's canI, whoCan and rulesFor):
// the files found as for linting, grouped by the configuration's deployments, read for their RBAC objects
// (src/access/), each group answered as one cluster.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { buildCluster } from '../access/cluster.js';
import { readRbac, type RbacFile } from '../access/read.js';
import { canIJson, rulesJson, whoCanJson, type CanIReport, type ReportContext, type RulesReport, type Scope, type WhoCanReport } from '../access/report.js';
import { askCanI, askRules, askWhoCan, type AccessQuestion } from '../access/query.js';
import type { Config } from '../config/config.js';
import { decodeBytes } from '../read/bytes.js';
import { discover, UsageError } from './discover.js';
import { deploymentGroups, resolveConfig } from './lint-files.js';

export interface AccessOptions {
  /** Files, folders and glob patterns (default: the working folder). */
  readonly paths?: readonly string[];
  /** Folder the paths are relative to, and where the configuration search starts (default: process.cwd()). */
  readonly cwd?: string;
  /** A loaded configuration; when absent, `configFile` or the nearest `platlint.config.yaml` is used. */
  readonly config?: Config;
  /** Path of a configuration file, or false for none. */
  readonly configFile?: string | false;
  /** Answer for this deployment of the configuration only (from all of its files). */
  readonly deployment?: string;
  /** A pattern that matches nothing is an error (default true). */
  readonly errorOnUnmatchedPattern?: boolean;
  /** Count the platform's bootstrap roles and bindings (default true); false: the files alone. */
  readonly bootstrap?: boolean;
}

/**
 * The sets of files answered together. Without deployments in the configuration: the files of `paths`, one
 * set. With deployments: each deployment that holds a file of `paths`, with all of its files (as the checks
 * across files read them), and the files of `paths` that no deployment holds as one more set (deployment null);
 * with `deployment`, that deployment alone. Throws UsageError for a pattern that matches nothing and an
 * unknown deployment.
 */
export async function accessScopes(options: AccessOptions = {}): Promise<Scope[]> {
  const cwd = options.cwd ?? process.cwd();
  const config = options.config ?? resolveConfig(cwd, options.configFile);
  const paths = options.paths && options.paths.length > 0 ? options.paths : ['.'];
  const groups = (config.deployments?.length ?? 0) > 0 ? await deploymentGroups(config) : [];
  const sets: { deployment: string | null; noDeployment?: boolean; files: string[] }[] = [];
  if (options.deployment !== undefined) {
    const names = (config.deployments ?? []).map((d) => d.name);
    const i = names.indexOf(options.deployment);
    if (i < 0) throw new UsageError(names.length === 0 ? `--deployment ${options.deployment}: the configuration declares no deployments` : `no deployment named "${options.deployment}" in the configuration; its deployments: ${names.join(', ')}`);
    sets.push({ deployment: options.deployment, files: [...groups[i]!].sort() });
  } else {
    const files = await discover(paths, { cwd, config, errorOnUnmatchedPattern: options.errorOnUnmatchedPattern ?? true });
    const given = new Set(files);
    groups.forEach((g, i) => {
      if ([...g].some((f) => given.has(f))) sets.push({ deployment: config.deployments![i]!.name, files: [...g].sort() });
    });
    const alone = files.filter((f) => !groups.some((g) => g.has(f)));
    if (alone.length > 0 || sets.length === 0) sets.push({ deployment: null, ...(groups.length > 0 ? { noDeployment: true } : {}), files: alone });
  }
  const read = new Map<string, RbacFile>();
  const fileOf = (f: string): RbacFile => {
    let r = read.get(f);
    if (!r) read.set(f, (r = readFile(f, config.maxFileSize)));
    return r;
  };
  const externalRoles = config.externalRoles ?? [];
  return sets.map((s) => ({ deployment: s.deployment, ...(s.noDeployment ? { noDeployment: true } : {}), cluster: buildCluster(s.files.map(fileOf), { externalRoles, bootstrap: options.bootstrap !== false }) }));
}

function readFile(file: string, maxFileSize: number | undefined): RbacFile {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(file);
  } catch (err) {
    return { file, roles: [], bindings: [], problems: [`cannot read the file (${(err as NodeJS.ErrnoException).code ?? 'error'}): its objects are not counted`] };
  }
  const decoded = decodeBytes(bytes, maxFileSize);
  if (decoded.text === undefined) return { file, roles: [], bindings: [], problems: [`${decoded.diagnostic.message}: its objects are not counted`] };
  return readRbac(decoded.text, file);
}

/** Output names relative to the working folder. */
export function reportContext(cwd: string): ReportContext {
  return { file: (p) => relative(cwd, p) || p };
}

/** A question, who asks it and the files it is asked of (the library's canI, whoCan and rulesFor). */
export interface AccessQuery extends AccessQuestion, AccessOptions {}

/** The can-i report of a question (src/access/report.ts CanIReport); throws AccessQuestionError for an invalid one. */
export async function canIReport(q: AccessQuery): Promise<CanIReport> {
  const answer = askCanI(q);
  return answer(await accessScopes(q));
}

export async function whoCanReport(q: AccessQuery): Promise<WhoCanReport> {
  const answer = askWhoCan(q);
  return answer(await accessScopes(q));
}

export async function rulesReport(q: Omit<AccessQuery, 'verb'>): Promise<RulesReport> {
  const answer = askRules(q);
  return answer(await accessScopes(q));
}

/**
 * May the user do this? What a SubjectAccessReview answers, for each set of files (docs/access.md, the JSON
 * of `platlint access can-i`). Throws AccessQuestionError for an invalid question, UsageError for a path that
 * matches nothing or an unknown deployment, ConfigError for an invalid configuration.
 */
export async function canI(q: AccessQuery): Promise<ReturnType<typeof canIJson>> {
  return canIJson(await canIReport(q), reportContext(q.cwd ?? process.cwd()));
}

/** Who may do this? Every subject allowed, with the bindings and rules (the JSON of `platlint access who-can`). */
export async function whoCan(q: AccessQuery): Promise<ReturnType<typeof whoCanJson>> {
  return whoCanJson(await whoCanReport(q), reportContext(q.cwd ?? process.cwd()));
}

/** What may the user do in a namespace? What a SelfSubjectRulesReview answers (the JSON of `platlint access rules`). */
export async function rulesFor(q: Omit<AccessQuery, 'verb'>): Promise<ReturnType<typeof rulesJson>> {
  return rulesJson(await rulesReport(q), reportContext(q.cwd ?? process.cwd()));
}

// The access questions answered from files on disk (`platlint access`, the library's canI, whoCan and rulesFor):
// the files found as for linting, grouped by the configuration's deployments, read for their RBAC objects
// (src/access/), each group answered as one cluster.
import { readFileSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { buildCluster } from '../access/cluster.js';
import { readRbac, type RbacFile } from '../access/read.js';
import { canIJson, rulesJson, whoCanJson, type CanIReport, type ReportContext, type RulesReport, type Scope, type WhoCanReport } from '../access/report.js';
import { askCanI, askRules, askWhoCan, type AccessQuestion } from '../access/query.js';
import type { Config } from '../config/config.js';
import { decodeBytes } from '../read/bytes.js';
import { discover, EXTENSIONS, globsMatcher, ignoreMatcher, toPosix, UsageError } from './discover.js';
import { SUPPRESSIONS_FILE_NAME } from './baseline-entries.js';
import { openRevision, type GitRevision } from './git-revision.js';
import { diffClusters } from '../access/diff.js';
import { diffJson, type DiffAnswer, type DiffReport } from '../access/diff-report.js';
import { answerReviews, isSelfReview, readReviews, REVIEW_API_VERSION, type ReviewFile, type ReviewReport } from '../access/review.js';
import { reviewJson } from '../access/review-report.js';
import { userInfo } from '../access/request.js';
import { resolveConfig } from './lint-files.js';

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

/** A set of files answered together (see `fileSets`). */
interface FileSet {
  readonly deployment: string | null;
  readonly noDeployment?: boolean;
  readonly files: readonly string[];
}

/** The files of patterns, as `discover` finds them (the working tree's, or those of a git revision). */
type Finder = (patterns: readonly string[], cwd: string, errorOnUnmatchedPattern: boolean) => Promise<string[]>;

const onDisk = (config: Config): Finder => (patterns, cwd, errorOnUnmatchedPattern) => discover(patterns, { cwd, config, errorOnUnmatchedPattern });

/**
 * The sets of files answered together. Without deployments in the configuration: the files of `paths`, one
 * set. With deployments: each deployment that holds a file of `paths`, with all of its files (as the checks
 * across files read them), and the files of `paths` that no deployment holds as one more set (deployment null);
 * with `deployment`, that deployment alone. Throws UsageError for a pattern that matches nothing (unless
 * `errorOnUnmatchedPattern` is false) and an unknown deployment.
 */
async function fileSets(config: Config, options: AccessOptions, find: Finder): Promise<FileSet[]> {
  const cwd = options.cwd ?? process.cwd();
  const paths = options.paths && options.paths.length > 0 ? options.paths : ['.'];
  const groups: Set<string>[] = [];
  for (const d of config.deployments ?? []) groups.push(new Set(await find(d.files, config.baseDir, false)));
  const sets: { deployment: string | null; noDeployment?: boolean; files: string[] }[] = [];
  if (options.deployment !== undefined) {
    const names = (config.deployments ?? []).map((d) => d.name);
    const i = names.indexOf(options.deployment);
    if (i < 0) throw new UsageError(names.length === 0 ? `--deployment ${options.deployment}: the configuration declares no deployments` : `no deployment named "${options.deployment}" in the configuration; its deployments: ${names.join(', ')}`);
    sets.push({ deployment: options.deployment, files: [...groups[i]!].sort() });
  } else {
    const files = await find(paths, cwd, options.errorOnUnmatchedPattern ?? true);
    const given = new Set(files);
    groups.forEach((g, i) => {
      if ([...g].some((f) => given.has(f))) sets.push({ deployment: config.deployments![i]!.name, files: [...g].sort() });
    });
    const alone = files.filter((f) => !groups.some((g) => g.has(f)));
    if (alone.length > 0 || sets.length === 0) sets.push({ deployment: null, ...(groups.length > 0 ? { noDeployment: true } : {}), files: alone });
  }
  return sets;
}

/** The cluster of each set of files, each file read once. */
function clusters(sets: readonly FileSet[], config: Config, options: AccessOptions, read: (file: string) => RbacFile): Scope[] {
  const cache = new Map<string, RbacFile>();
  const fileOf = (f: string): RbacFile => {
    let r = cache.get(f);
    if (!r) cache.set(f, (r = read(f)));
    return r;
  };
  const externalRoles = config.externalRoles ?? [];
  return sets.map((s) => ({ deployment: s.deployment, ...(s.noDeployment ? { noDeployment: true } : {}), cluster: buildCluster(s.files.map(fileOf), { externalRoles, bootstrap: options.bootstrap !== false }) }));
}

/** The sets of files answered together (see `fileSets`), each as one cluster. */
export async function accessScopes(options: AccessOptions = {}): Promise<Scope[]> {
  const cwd = options.cwd ?? process.cwd();
  const config = options.config ?? resolveConfig(cwd, options.configFile);
  return clusters(await fileSets(config, options, onDisk(config)), config, options, (f) => readFile(f, config.maxFileSize));
}

/** A file's text, or why it cannot be read. */
function textOf(file: string, bytes: Uint8Array | undefined, maxFileSize: number | undefined): { text: string; problem?: undefined } | { problem: string; text?: undefined } {
  let b = bytes;
  if (b === undefined) {
    try {
      b = readFileSync(file);
    } catch (err) {
      return { problem: `cannot read the file (${(err as NodeJS.ErrnoException).code ?? 'error'})` };
    }
  }
  const decoded = decodeBytes(b, maxFileSize);
  return decoded.text === undefined ? { problem: decoded.diagnostic.message } : { text: decoded.text };
}

function readFile(file: string, maxFileSize: number | undefined, bytes?: Uint8Array): RbacFile {
  const t = textOf(file, bytes, maxFileSize);
  if (t.text === undefined) return { file, roles: [], bindings: [], problems: [`${t.problem}: its objects are not counted`] };
  return readRbac(t.text, file);
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

// ---- review ----

/** The review documents of files, and the RBAC files they are answered from. */
export interface ReviewQuery extends AccessOptions {
  /** Files, folders and glob patterns holding the reviews. */
  readonly files: readonly string[];
  /** The RBAC files, folders and glob patterns (default: the working folder); `paths` is not read. */
  readonly rbac?: readonly string[];
  /** The calling user of SelfSubjectAccessReviews and SelfSubjectRulesReviews (`--as`). */
  readonly user?: string;
  /** That user's groups (`--as-group`). */
  readonly groups?: readonly string[];
}

/**
 * Every review of the files answered from the RBAC files (src/access/review.ts ReviewReport). Throws UsageError
 * when the files hold no review, or a Self review and no `user` is given.
 */
export async function reviewReport(q: ReviewQuery): Promise<ReviewReport> {
  const cwd = q.cwd ?? process.cwd();
  const config = q.config ?? resolveConfig(cwd, q.configFile);
  if (q.files.length === 0) throw new UsageError('no FILE given: name the files that hold the reviews');
  const files = await discover(q.files, { cwd, config, errorOnUnmatchedPattern: q.errorOnUnmatchedPattern ?? true });
  const read: ReviewFile[] = files.map((f) => {
    const t = textOf(f, undefined, config.maxFileSize);
    return t.text === undefined ? { file: f, reviews: [], problems: [`${t.problem}: its reviews are not read`] } : readReviews(t.text, f);
  });
  const reviews = read.flatMap((f) => f.reviews);
  if (reviews.length === 0) throw new UsageError(`no review in ${q.files.join(', ')}: a review is a SubjectAccessReview, LocalSubjectAccessReview, SelfSubjectAccessReview or SelfSubjectRulesReview of ${REVIEW_API_VERSION}`);
  const user = q.user !== undefined && q.user !== '' ? userInfo(q.user, q.groups ?? []) : undefined;
  if (!user && (q.groups ?? []).length > 0) throw new UsageError('--as-group needs --as USER');
  const self = reviews.find((r) => isSelfReview(r.kind) && r.refused === undefined);
  if (self && !user) {
    const p = self.origin.position();
    throw new UsageError(`${relative(cwd, self.file) || self.file}:${p.line}:${p.column}: a ${self.kind} asks for the calling user; name the user with --as USER (and --as-group GROUP)`);
  }
  const scopes = await accessScopes({ ...q, config, paths: q.rbac ?? [] });
  return answerReviews(read, scopes, user && { user: user.user, addedGroups: user.added });
}

/**
 * Every review of the files answered from the RBAC files: the JSON of `platlint access review --format json`
 * (docs/access.md). Throws UsageError for files without reviews and for a Self review without `user`.
 */
export async function reviewAccess(q: ReviewQuery): Promise<ReturnType<typeof reviewJson>> {
  return reviewJson(await reviewReport(q), reportContext(q.cwd ?? process.cwd()));
}

// ---- diff ----

export interface DiffQuery extends AccessOptions {
  /** The revision compared with (`--base`): a branch, a tag or a commit of the git repository that holds `cwd`. */
  readonly base: string;
}

/** Whether a command-line path is a glob pattern (as `discover` reads it). */
const MAGIC = /[*?[\]{}()!+@]/;
const LINTED = new RegExp(`\\.(${EXTENSIONS.map((e) => e.replace('.', '\\.')).join('|')})$`);

/** The files of a git revision that patterns name, as `discover` finds them in the working tree. */
function inRevision(revision: GitRevision, config: Config): Finder {
  const ignored = ignoreMatcher(config);
  const all = new Set(revision.files);
  return async (patterns, cwd) => {
    const found = new Set<string>();
    for (const pattern of patterns) {
      const abs = resolve(cwd, pattern);
      let matches: string[];
      if (all.has(abs)) matches = [abs];
      else if (MAGIC.test(pattern)) {
        const matcher = globsMatcher([toPosix(pattern).replace(/^(\.\/)+/, '')]);
        matches = revision.files.filter((f) => matcher(toPosix(relative(cwd, f))));
      } else {
        const folder = abs.endsWith(sep) ? abs : `${abs}${sep}`;
        matches = revision.files.filter((f) => f.startsWith(folder) && LINTED.test(f) && !f.endsWith(`${sep}${SUPPRESSIONS_FILE_NAME}`));
      }
      for (const m of matches) if (!ignored(m)) found.add(m);
    }
    return [...found].sort();
  };
}

/**
 * What the working tree's RBAC files grant that those of a git revision did not, and the reverse (src/access/
 * diff-report.ts DiffReport), for each set of files (the configuration's deployments, on both sides). The
 * working tree's configuration reads both sides. Throws UsageError outside a git repository, for an unknown
 * revision and for a path that matches nothing on either side.
 */
export async function diffReport(q: DiffQuery): Promise<DiffReport> {
  const cwd = q.cwd ?? process.cwd();
  const config = q.config ?? resolveConfig(cwd, q.configFile);
  const revision = openRevision(q.base, cwd);
  const head = onDisk(config);
  const base = inRevision(revision, config);
  for (const p of q.paths && q.paths.length > 0 ? q.paths : ['.']) {
    if ((await head([p], cwd, false)).length === 0 && (await base([p], cwd, false)).length === 0) {
      throw new UsageError(`no files matching "${p}" in the working tree or at ${q.base}`);
    }
  }
  const options = { ...q, errorOnUnmatchedPattern: false };
  const headSets = await fileSets(config, options, head);
  const baseSets = await fileSets(config, options, base);
  const bytes = revision.read([...new Set(baseSets.flatMap((s) => s.files))]);
  const headScopes = clusters(headSets, config, q, (f) => readFile(f, config.maxFileSize));
  const baseScopes = clusters(baseSets, config, q, (f) => readFile(f, config.maxFileSize, bytes.get(f) ?? new Uint8Array()));
  return { base: { revision: q.base, commit: revision.commit }, answers: pairScopes(baseScopes, headScopes, q.bootstrap) };
}

/** The sets of both sides paired by deployment (a set only one side has is compared with no files). */
function pairScopes(base: readonly Scope[], head: readonly Scope[], bootstrap: boolean | undefined): DiffAnswer[] {
  const id = (s: Scope) => (s.deployment !== null ? `d:${s.deployment}` : 'none');
  const empty = () => buildCluster([], { bootstrap: bootstrap !== false });
  const ids = [...new Set([...head.map(id), ...base.map(id)])];
  return ids.map((i) => {
    const h = head.find((s) => id(s) === i);
    const b = base.find((s) => id(s) === i);
    const one = (h ?? b)!;
    const headCluster = h?.cluster ?? empty();
    const baseCluster = b?.cluster ?? empty();
    return { deployment: one.deployment, ...(one.noDeployment ? { noDeployment: true } : {}), base: baseCluster, head: headCluster, diff: diffClusters(baseCluster, headCluster) };
  });
}

/** Two sets of files as texts, compared without git (the library's `diffAccess`). */
export interface DiffTextsQuery {
  /** The files before (as `--base` names them) and after, each `{ name, text }`; `name` is what the JSON's `file` says. */
  readonly base: readonly { readonly name: string; readonly text: string }[];
  readonly head: readonly { readonly name: string; readonly text: string }[];
  /** A loaded configuration (its `externalRoles`); none: no configuration file is read. */
  readonly config?: Config;
  /** Count the platform's bootstrap roles and bindings (default true). */
  readonly bootstrap?: boolean;
}

/**
 * What the head files grant that the base files did not, and the reverse: the JSON of `platlint access diff
 * --format json` (docs/access.md), with `base.revision` and `base.commit` null and one answer.
 */
export function diffAccess(q: DiffTextsQuery): ReturnType<typeof diffJson> {
  const options = { externalRoles: q.config?.externalRoles ?? [], bootstrap: q.bootstrap !== false };
  const base = buildCluster(q.base.map((f) => readRbac(f.text, f.name)), options);
  const head = buildCluster(q.head.map((f) => readRbac(f.text, f.name)), options);
  return diffJson({ base: { revision: null, commit: null }, answers: [{ deployment: null, base, head, diff: diffClusters(base, head) }] }, { file: (p) => p });
}

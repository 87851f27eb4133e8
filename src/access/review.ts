// The access reviews of a text (SubjectAccessReview, LocalSubjectAccessReview, SelfSubjectAccessReview and
// SelfSubjectRulesReview of authorization.plat.io/v1), read into the questions they ask and checked as the API
// server checks them before it answers (pkg/apis/authorization/validation/validation.go, the review kinds' REST
// handlers in pkg/registry/authorization/), then answered from a cluster: `platlint access review`.
import { read, type Reading } from '../parse/reading.js';
import { isObj, obj, str, type Obj } from '../services/values.js';
import { canI, rulesFor, type Decision, type RulesAnswer } from './authorize.js';
import type { AccessRequest, FileOrigin, UserInfo } from './model.js';
import type { Answered, Scope } from './report.js';

export const REVIEW_API_VERSION = 'authorization.plat.io/v1';
export const REVIEW_KINDS = ['SubjectAccessReview', 'LocalSubjectAccessReview', 'SelfSubjectAccessReview', 'SelfSubjectRulesReview'] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];

/** The kinds whose user is the caller's: the command line's `--as`. */
export function isSelfReview(kind: ReviewKind): boolean {
  return kind === 'SelfSubjectAccessReview' || kind === 'SelfSubjectRulesReview';
}

/** One review document of a file, and what it asks. */
export interface ReviewDocument {
  readonly kind: ReviewKind;
  readonly file: string;
  /** Its index among the file's documents. */
  readonly document: number;
  /** Where its `kind` is. */
  readonly origin: FileOrigin;
  /** `metadata.name` and `metadata.namespace` ('' when left out). */
  readonly name: string;
  readonly namespace: string;
  /** The document's value as read. */
  readonly value: Obj;
  /** The document's text as written (without its `---` and `...` lines), for `--format yaml`. */
  readonly text: string;
  /** The request of an access review (the three SubjectAccessReview kinds). */
  readonly request?: AccessRequest;
  /** The user of a SubjectAccessReview or LocalSubjectAccessReview (`spec.user` and `spec.groups`, as written). */
  readonly user?: UserInfo;
  /** The namespace of a SelfSubjectRulesReview (`spec.namespace`). */
  readonly rulesNamespace?: string;
  /** Why the API server refuses the review (its validation's messages); such a review gets no status. */
  readonly refused?: string;
}

/** The reviews of one file, and the documents that could not be read. */
export interface ReviewFile {
  readonly file: string;
  readonly reviews: readonly ReviewDocument[];
  readonly problems: readonly string[];
}

const KINDS = new Set<string>(REVIEW_KINDS);

/** Reads the review documents of a text (YAML or JSON); `file` names it. */
export function readReviews(text: string, file: string): ReviewFile {
  if (!text.includes('authorization.plat.io')) return { file, reviews: [], problems: [] };
  const reading = read(text);
  const reviews: ReviewDocument[] = [];
  const problems: string[] = [];
  const docs = reading.documents;
  docs.forEach((doc, i) => {
    const value = obj(doc.value);
    if (doc.broken) {
      problems.push(`document ${doc.index + 1} has a syntax error: it is not read`);
      return;
    }
    if (!value || str(value.apiVersion) !== REVIEW_API_VERSION || !KINDS.has(str(value.kind) ?? '')) return;
    const kind = value.kind as ReviewKind;
    // the first document's text starts with the file (its comments are the document's as written)
    const end = i + 1 < docs.length ? docs[i + 1]!.start : text.length;
    reviews.push(reviewOf(kind, value, file, doc.index, documentText(text.slice(i === 0 ? 0 : doc.start, end)), originOf(file, doc.index, doc.locator, reading)));
  });
  return { file, reviews, problems };
}

function originOf(file: string, document: number, locator: { at: Reading['documents'][number]['locator']['at'] }, reading: Reading): FileOrigin {
  const span = () => {
    const range = locator.at(['kind'], 'value');
    const start = reading.lines.linePos(range.start);
    const end = reading.lines.linePos(range.end);
    return { line: start.line, column: start.col, endLine: end.line, endColumn: end.col };
  };
  return { source: 'file', file, document, path: ['kind'], position: () => ({ line: span().line, column: span().column }), span };
}

/** A document's text without the `---` lines before it and the `---` and `...` lines (and blank lines) after it. */
function documentText(slice: string): string {
  const lines = slice.split('\n');
  while (lines.length > 0 && /^---[ \t]*(?:#.*)?$/.test(lines[0]!)) lines.shift();
  while (lines.length > 0 && (/^(?:---|\.\.\.)[ \t]*$/.test(lines.at(-1)!) || lines.at(-1)!.trim() === '')) lines.pop();
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

/** A string field ('' when left out or not a string). */
const text = (o: Obj | undefined, key: string) => str(o?.[key]) ?? '';

/** Whether a value is the zero value the platform's semantic equality sees (null, '', 0, false, an empty list or mapping). */
function isZero(v: unknown): boolean {
  if (v === null || v === undefined || v === '' || v === 0 || v === false) return true;
  if (Array.isArray(v)) return v.length === 0;
  if (isObj(v)) return Object.keys(v).length === 0;
  return false;
}

function reviewOf(kind: ReviewKind, value: Obj, file: string, document: number, docText: string, origin: FileOrigin): ReviewDocument {
  const meta = obj(value.metadata);
  const spec = obj(value.spec);
  const base = { kind, file, document, origin, name: text(meta, 'name'), namespace: text(meta, 'namespace'), value, text: docText };
  const refusals: string[] = [];
  // ValidateSubjectAccessReview and ValidateSelfSubjectAccessReview: metadata must be empty; a
  // LocalSubjectAccessReview's may hold its namespace
  const metaKeys = Object.entries(meta ?? {}).filter(([k, v]) => !isZero(v) && !(kind === 'LocalSubjectAccessReview' && k === 'namespace'));
  if (metaKeys.length > 0 && kind !== 'SelfSubjectRulesReview') refusals.push(`metadata: must be empty${kind === 'LocalSubjectAccessReview' ? ' except for namespace' : ''} (it sets ${metaKeys.map(([k]) => k).join(', ')})`);
  if (kind === 'SelfSubjectRulesReview') {
    const namespace = text(spec, 'namespace');
    // the REST handler's bad request
    if (namespace === '') refusals.push('no namespace on request (spec.namespace is required)');
    return { ...base, rulesNamespace: namespace, ...(refusals.length > 0 ? { refused: refusals.join('; ') } : {}) };
  }
  const resource = obj(spec?.resourceAttributes);
  const nonResource = obj(spec?.nonResourceAttributes);
  if (resource && nonResource) refusals.push('spec.nonResourceAttributes: cannot be specified in combination with resourceAttributes');
  if (!resource && !nonResource) refusals.push('spec.resourceAttributes: exactly one of nonResourceAttributes or resourceAttributes must be specified');
  for (const selector of ['labelSelector', 'fieldSelector']) {
    const s = obj(resource?.[selector]);
    if (s && text(s, 'rawSelector') !== '' && Array.isArray(s.requirements) && s.requirements.length > 0) {
      refusals.push(`spec.resourceAttributes.${selector}.rawSelector: may not be specified at the same time as requirements`);
    }
  }
  let user: UserInfo | undefined;
  if (kind !== 'SelfSubjectAccessReview') {
    // AuthorizationAttributesFrom: the user and groups as written (a service account's groups are not added)
    const groups = Array.isArray(spec?.groups) ? spec.groups.filter((g): g is string => typeof g === 'string') : [];
    user = { name: text(spec, 'user'), groups };
    if (user.name === '' && groups.length === 0) refusals.push('spec.user: at least one of user or group must be specified');
  }
  let namespace = text(resource, 'namespace');
  if (kind === 'LocalSubjectAccessReview') {
    if (nonResource) refusals.push('spec.nonResourceAttributes: disallowed on this kind of request');
    if (resource && base.namespace !== '' && namespace !== base.namespace) refusals.push(`spec.resourceAttributes.namespace: must match metadata.namespace (${JSON.stringify(base.namespace)})`);
    // without metadata.namespace, the review is created in the namespace its attributes name (platctl's
    // namespace must be that one); with neither, in no namespace
    if (resource && base.namespace === '' && namespace === '') refusals.push('namespace is required on this type (neither metadata.namespace nor spec.resourceAttributes.namespace is set)');
    if (namespace === '') namespace = base.namespace;
  }
  const request: AccessRequest | undefined = resource
    ? { verb: text(resource, 'verb'), group: text(resource, 'group'), resource: text(resource, 'resource'), subresource: text(resource, 'subresource'), name: text(resource, 'name'), namespace }
    : nonResource
      ? { verb: text(nonResource, 'verb'), path: text(nonResource, 'path') }
      : undefined;
  return { ...base, ...(request ? { request } : {}), ...(user ? { user } : {}), ...(refusals.length > 0 ? { refused: refusals.join('; ') } : {}) };
}

/** The caller a Self review is asked for (`--as`, with the groups of a service account's tokens added). */
export interface Caller {
  readonly user: UserInfo;
  readonly addedGroups: readonly string[];
}

/** A review and its answer for each set of files (none when the API server refuses it). */
export type AnsweredReview =
  | { readonly review: ReviewDocument; readonly type: 'access'; readonly user: UserInfo; readonly addedGroups: readonly string[]; readonly request: AccessRequest; readonly answers: readonly Answered<Decision>[] }
  | { readonly review: ReviewDocument; readonly type: 'rules'; readonly user: UserInfo; readonly addedGroups: readonly string[]; readonly namespace: string; readonly answers: readonly Answered<RulesAnswer>[] }
  | { readonly review: ReviewDocument; readonly type: 'refused'; readonly refused: string };

export interface ReviewReport {
  readonly reviews: readonly AnsweredReview[];
  /** The sets of files answered (their notes are printed once). */
  readonly scopes: readonly Scope[];
  /** Files whose documents could not be read. */
  readonly problems: readonly { file: string; message: string }[];
}

/**
 * Answers every review for each set of files: an access review as a SubjectAccessReview is answered (its user
 * and groups as written; a Self review's the caller's), a rules review as a SelfSubjectRulesReview is. A Self
 * review needs `caller`; the caller decides (the command line refuses to answer one without `--as`).
 */
export function answerReviews(files: readonly ReviewFile[], scopes: readonly Scope[], caller?: Caller): ReviewReport {
  const reviews: AnsweredReview[] = [];
  for (const f of files) {
    for (const review of f.reviews) {
      if (review.refused !== undefined) {
        reviews.push({ review, type: 'refused', refused: review.refused });
        continue;
      }
      const self = isSelfReview(review.kind);
      if (self && !caller) {
        reviews.push({ review, type: 'refused', refused: `a ${review.kind} asks for the calling user: name the user with --as` });
        continue;
      }
      const user = self ? caller!.user : review.user!;
      const addedGroups = self ? caller!.addedGroups : [];
      if (review.kind === 'SelfSubjectRulesReview') {
        const namespace = review.rulesNamespace!;
        reviews.push({ review, type: 'rules', user, addedGroups, namespace, answers: scopes.map((s) => ({ ...s, answer: rulesFor(s.cluster, user, namespace) })) });
      } else {
        const request = review.request!;
        reviews.push({ review, type: 'access', user, addedGroups, request, answers: scopes.map((s) => ({ ...s, answer: canI(s.cluster, user, request) })) });
      }
    }
  }
  return { reviews, scopes, problems: files.flatMap((f) => f.problems.map((message) => ({ file: f.file, message }))) };
}

/** Whether every access review is answered and allowed by every set of files (rules reviews do not count). */
export function allReviewsAllowed(report: ReviewReport): boolean {
  return report.reviews.every((r) => r.type === 'rules' || (r.type === 'access' && r.answers.every((a) => a.answer.allowed)));
}

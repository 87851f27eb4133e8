// `platlint access review` as text, JSON and YAML (docs/access.md describes each): every review with the answer
// of `can-i` (the three SubjectAccessReview kinds) or `rules` (SelfSubjectRulesReview), and for YAML each review
// document as written with the `status` the API server would return.
import { canIJson, canIText, noteJson, problemLines, requestJson, requestText, rulesJson, rulesText, scopeHeader, where, type ReportContext } from './report.js';
import { isSelfReview, type AnsweredReview, type ReviewReport } from './review.js';
import type { UserInfo } from './model.js';

function reviewPlace(r: AnsweredReview, ctx: ReportContext): string {
  return where(r.review.origin, ctx);
}

function reviewTitle(r: AnsweredReview): string {
  const name = r.review.name !== '' ? ` ${r.review.name}` : '';
  return `${r.review.kind}${name}`;
}

function userLabel(user: UserInfo, self: boolean): string {
  const details = [...(user.groups.length > 0 ? [`groups ${user.groups.join(', ')}`] : []), ...(self ? ['the calling user, from --as'] : [])];
  return `User ${user.name === '' ? '(none)' : user.name}${details.length > 0 ? ` (${details.join('; ')})` : ''}`;
}

const indented = (text: string) =>
  text
    .trimEnd()
    .split('\n')
    .map((l) => `  ${l}`);

export function reviewText(report: ReviewReport, ctx: ReportContext): string {
  const out: string[] = [];
  for (const r of report.reviews) {
    const head = `${reviewPlace(r, ctx)} ${reviewTitle(r)}`;
    if (r.type === 'refused') {
      out.push(`${head}: refused: ${r.refused}`);
      continue;
    }
    const self = isSelfReview(r.review.kind);
    if (r.type === 'access') {
      out.push(`${head}: may ${userLabel(r.user, self)} ${requestText(r.request)}?`);
      const sa = /^system:serviceaccount:([^:]+):[^:]+$/.exec(r.user.name);
      if (!self && sa && !r.user.groups.includes('system:serviceaccounts')) {
        out.push(`  (spec.groups is asked about as written: the API server does not add the groups of the service account's tokens, system:serviceaccounts, system:serviceaccounts:${sa[1]} and system:authenticated)`);
      }
      out.push(...indented(canIText({ user: r.user, addedGroups: r.addedGroups, request: r.request, answers: r.answers }, ctx, { notes: false })));
    } else {
      out.push(`${head}: the rules of ${userLabel(r.user, self)} in namespace ${r.namespace}`);
      out.push(...indented(rulesText({ user: r.user, addedGroups: r.addedGroups, namespace: r.namespace, answers: r.answers }, ctx, { notes: false })));
    }
  }
  // the notes about the files, once
  const several = report.scopes.length > 1;
  for (const s of report.scopes) {
    const lines = problemLines([], [], s.cluster.notes, ctx, '');
    out.push(...(several && lines.length > 0 ? [`${scopeHeader(s)}:`, ...lines.map((l) => `  ${l}`)] : lines));
  }
  for (const p of report.problems) out.push(`note: ${ctx.file(p.file)}: ${p.message}`);
  return `${out.join('\n')}\n`;
}

export function reviewJson(report: ReviewReport, ctx: ReportContext) {
  return {
    allowed: report.reviews.every((r) => r.type === 'rules' || (r.type === 'access' && r.answers.every((a) => a.answer.allowed))),
    reviews: report.reviews.map((r) => {
      const p = r.review.origin.position();
      const head = { kind: r.review.kind, name: r.review.name, namespace: r.review.namespace, file: ctx.file(r.review.file), document: r.review.document, line: p.line, column: p.column };
      if (r.type === 'refused') return { ...head, refused: r.refused };
      const user = { name: r.user.name, groups: r.user.groups, addedGroups: r.addedGroups, from: isSelfReview(r.review.kind) ? ('--as' as const) : ('spec' as const) };
      if (r.type === 'access') {
        const json = canIJson({ user: r.user, addedGroups: r.addedGroups, request: r.request, answers: r.answers }, ctx);
        return { ...head, user, request: requestJson(r.request), allowed: json.allowed, answers: json.answers };
      }
      const json = rulesJson({ user: r.user, addedGroups: r.addedGroups, namespace: r.namespace, answers: r.answers }, ctx);
      return { ...head, user, request: { namespace: r.namespace }, answers: json.answers };
    }),
    problems: report.problems.map((p) => ({ file: ctx.file(p.file), message: p.message })),
  };
}

// ---- YAML: the documents with their status ----

/** YAML 1.1's words that a plain scalar would turn into something else than a string. */
const RESERVED = /^(?:y|n|yes|no|true|false|on|off|null|~)$/i;

/** A string as a YAML scalar: plain when it is plainly a string, else double-quoted (JSON's escapes are YAML's). */
export function yamlString(s: string): string {
  return /^[A-Za-z_/][A-Za-z0-9_./-]*$/.test(s) && !RESERVED.test(s) ? s : JSON.stringify(s);
}

function yamlValue(v: unknown, indent: string): string[] {
  // returns the lines after `key:` (the first one continues the key's line)
  if (typeof v === 'string') return [` ${yamlString(v)}`];
  if (typeof v === 'boolean' || typeof v === 'number') return [` ${String(v)}`];
  if (Array.isArray(v)) {
    if (v.length === 0) return [' []'];
    if (v.every((x) => typeof x === 'string')) return [` [${v.map((x) => yamlString(x as string)).join(', ')}]`];
    const out: string[] = [''];
    for (const item of v) {
      const lines = yamlMapping(item as Record<string, unknown>, `${indent}    `);
      out.push(`${indent}  - ${lines[0]!.trimStart()}`, ...lines.slice(1));
    }
    return out;
  }
  return ['', ...yamlMapping(v as Record<string, unknown>, `${indent}  `)];
}

function yamlMapping(o: Record<string, unknown>, indent: string): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(o)) {
    const [first, ...rest] = yamlValue(v, indent);
    out.push(`${indent}${k}:${first}`, ...rest);
  }
  return out;
}

/** The `status` the API server returns, with its fields' omitempty (SubjectAccessReviewStatus, SubjectRulesReviewStatus). */
function platformStatus(r: Exclude<AnsweredReview, { type: 'refused' }>): Record<string, unknown> {
  if (r.type === 'access') {
    const d = r.answers[0]!.answer;
    return { allowed: d.allowed, ...(d.reason !== '' ? { reason: d.reason } : {}), ...(d.evaluationError !== undefined ? { evaluationError: d.evaluationError } : {}) };
  }
  const a = r.answers[0]!.answer;
  const list = (key: string, xs: readonly string[]) => (xs.length > 0 ? { [key]: xs } : {});
  return {
    resourceRules: a.resourceRules.map((g) => ({ verbs: g.rule.verbs, ...list('apiGroups', g.rule.apiGroups), ...list('resources', g.rule.resources), ...list('resourceNames', g.rule.resourceNames) })),
    nonResourceRules: a.nonResourceRules.map((g) => ({ verbs: g.rule.verbs, ...list('nonResourceURLs', g.rule.nonResourceURLs) })),
    incomplete: a.incomplete,
    ...(a.evaluationError !== undefined ? { evaluationError: a.evaluationError } : {}),
  };
}

/** A document's text without its top-level `status` (the key's line and the lines below it that are indented). */
function withoutStatus(text: string): string {
  const lines = text.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^status[ \t]*:/.test(lines[i]!)) {
      out.push(lines[i]!);
      continue;
    }
    // the block under it: indented lines (comments too), and blank lines followed by more of them
    let j = i + 1;
    for (let k = j; k < lines.length; k++) {
      const l = lines[k]!;
      if ((/^[ \t]/.test(l) || /^-(?:[ \t]|$)/.test(l)) && l.trim() !== '') j = k + 1;
      else if (l.trim() !== '') break;
    }
    i = j - 1;
  }
  return out.join('\n');
}

/**
 * Every review document, as written, with the `status` the API server would fill in (one set of files: the
 * command line refuses several), as a YAML stream. A document written as JSON (or as one YAML flow mapping)
 * is written as JSON with its status. A refused review is written as it is, after a comment that says why.
 */
export function reviewYaml(report: ReviewReport): string {
  const docs: string[] = [];
  for (const r of report.reviews) {
    if (r.type === 'refused') {
      docs.push(`# refused: ${r.refused.replace(/\n/g, ' ')}\n${r.review.text}`);
      continue;
    }
    const status = platformStatus(r);
    const trimmed = r.review.text.replace(/^(?:[ \t]*(?:#.*)?\n)*/, '');
    if (trimmed.startsWith('{')) {
      const value: Record<string, unknown> = { ...r.review.value };
      delete value.status;
      docs.push(`${JSON.stringify({ ...value, status }, null, 2)}\n`);
      continue;
    }
    const body = withoutStatus(r.review.text).replace(/\n*$/, '\n');
    docs.push(`${body}${['status:', ...yamlMapping(status, '  ')].join('\n')}\n`);
  }
  return docs.join('---\n');
}

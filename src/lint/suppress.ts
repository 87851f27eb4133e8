import type { Lines } from '../parse/reading.js';
import type { Comment, Diagnostic, Range, SuppressedDiagnostic } from '../finding.js';

/** What a suppression comment covers: the next line, its own line (a comment at a line's end), or the rest of the file. */
export type DirectiveKind = 'next-line' | 'line' | 'file';

interface Directive {
  kind: DirectiveKind;
  rules: string[];
  reason: string;
  /** 1-based line of the comment. */
  line: number;
  start: number;
  end: number;
  used: Set<string>;
}

/**
 * A suppression comment's part that names set rules (`set/*`): those findings are only made once every file
 * of the run is linted (src/files/across-files.ts), so the comment is applied, or reported unused, then.
 */
export interface SetDirective {
  kind: DirectiveKind;
  rules: string[];
  reason: string;
  /** 1-based line of the comment. */
  line: number;
  range: Range;
}

/** Whether a directive on line `directiveLine` covers a finding on line `line` (1-based). */
export function covers(kind: DirectiveKind, directiveLine: number, line: number): boolean {
  return kind === 'file' ? line > directiveLine : kind === 'line' ? line === directiveLine : line === directiveLine + 1;
}

/** The message of a `suppression/unused` finding. */
export function unusedMessage(ruleId: string, kind: DirectiveKind): string {
  return `\`${ruleId}\` is disabled here but reports nothing ${kind === 'file' ? 'in the rest of the file' : kind === 'line' ? 'on this line' : 'on the next line'}; remove it from the comment`;
}

const DIRECTIVE = /^#\s*platlint-(disable-next-line|disable-line|disable)\b(.*)$/;

/**
 * Parses `# platlint-disable-next-line <rule>[, <rule>] -- reason`, `# platlint-disable-line <rule> -- reason` (at the
 * end of the line it disables, as ESLint's `eslint-disable-line`) and `# platlint-disable <rule> -- reason`
 * comments, from the comments of the text's reading (src/parse/compose.ts, src/parse/lines.ts): text inside a quoted or
 * block scalar is no comment, as for the platform's reader.
 */
function findDirectives(comments: readonly Comment[], lines: Lines, known: ReadonlySet<string>, problems: Diagnostic[]): Directive[] {
  const out: Directive[] = [];
  for (const comment of comments) {
    if (!comment.text.includes('platlint-disable')) continue;
    const d = DIRECTIVE.exec(comment.text);
    if (!d) continue;
    const start = comment.start;
    const end = start + comment.text.replace(/\s+$/, '').length;
    const [rulesPart, ...reasonParts] = d[2]!.split(/\s--\s?|\s--$/);
    const reason = reasonParts.join(' -- ').trim();
    const rules = rulesPart!.split(/[\s,]+/).filter(Boolean);
    const line = lines.linePos(start).line;
    const invalid = (message: string) =>
      problems.push({ ruleId: 'suppression/invalid', severity: 'error', message, path: [], range: { start, end }, document: -1 });
    if (rules.length === 0) {
      invalid('this platlint-disable comment names no rule; write the rule id, then `-- reason`');
      continue;
    }
    const unknown = rules.filter((r) => !known.has(r));
    if (unknown.length > 0) {
      invalid(`unknown rule ${unknown.map((r) => `\`${r}\``).join(', ')} in a platlint-disable comment`);
      continue;
    }
    if (reason === '') {
      invalid('this platlint-disable comment gives no reason; add `-- <why>` after the rule ids');
      continue;
    }
    out.push({ kind: d[1] === 'disable' ? 'file' : d[1] === 'disable-line' ? 'line' : 'next-line', rules, reason, line, start, end, used: new Set() });
  }
  return out;
}

/**
 * Applies suppression comments: returns the findings that remain, those suppressed (with their
 * justification), and `suppression/*` findings for malformed and unused comments. Fatal findings are never
 * suppressed. `comments` are the text's, as its reading gives them; `lines` places them and the findings.
 */
export function applySuppressions(
  comments: readonly Comment[],
  lines: Lines,
  diagnostics: Diagnostic[],
  known: ReadonlySet<string>,
  deferRule: (ruleId: string) => boolean = () => false,
): { kept: Diagnostic[]; suppressed: SuppressedDiagnostic[]; deferred: SetDirective[] } {
  const problems: Diagnostic[] = [];
  const directives = findDirectives(comments, lines, known, problems);
  if (directives.length === 0) return { kept: [...diagnostics, ...problems], suppressed: [], deferred: [] };
  const kept: Diagnostic[] = [];
  const suppressed: SuppressedDiagnostic[] = [];
  for (const d of diagnostics) {
    const line = lines.linePos(d.range.start).line;
    const hit = d.fatal
      ? undefined
      : directives.find((x) => x.rules.includes(d.ruleId) && covers(x.kind, x.line, line));
    if (hit) {
      hit.used.add(d.ruleId);
      suppressed.push({ ...d, justification: hit.reason });
    } else kept.push(d);
  }
  const deferred: SetDirective[] = [];
  for (const x of directives) {
    const later = x.rules.filter(deferRule);
    if (later.length > 0) deferred.push({ kind: x.kind, rules: later, reason: x.reason, line: x.line, range: { start: x.start, end: x.end } });
    for (const r of x.rules) {
      if (x.used.has(r) || deferRule(r)) continue;
      kept.push({
        ruleId: 'suppression/unused',
        severity: 'warning',
        message: unusedMessage(r, x.kind),
        path: [],
        range: { start: x.start, end: x.end },
        document: -1,
      });
    }
  }
  return { kept: [...kept, ...problems], suppressed, deferred };
}

// The placement of a document's findings: findings by path in, diagnostics with file ranges out (through the
// document's locator, whichever reader read it), with their fix edits, default severities and kind, and the
// document's secrets scrubbed from their messages.
import { BUILTIN_RULES } from '../check/builtin-rules.js';
import { ALL_RULES } from '../check/registry.js';
import type { SchemaFinding } from '../check/schema.js';
import { RELATED_AT, type RuleFinding } from '../define-rule.js';
import type { Diagnostic, Fix, Range, RelatedInfo, Severity, Suggestion } from '../finding.js';
import type { Target } from '../parse/compose-locate.js';
import type { KindSpec } from '../kinds/kinds.js';
import { MAYBE_AMBIGUOUS, type Locator } from '../parse/reading.js';
import { mapSpan, scalarOffsets, type ScalarLike } from '../parse/scalar-offsets.js';
import { isPlaceholder } from './templates.js';

const REDACTED = '[redacted]';

/** A rule's default severity (rule modules and engine findings). */
export function baseSeverity(ruleId: string): Severity {
  return ALL_RULES.get(ruleId)?.severity ?? BUILTIN_RULES[ruleId]?.severity ?? 'error';
}

/** A finding of a document: by path (the schema's, a rule's), or already placed by the reading (an ambiguous scalar). */
export type DocumentFinding = SchemaFinding | RuleFinding | { ruleId: string; message: string; path: RuleFinding['path']; range: Range };

/** The document the findings are of: its index, its value as checked, its kind. */
export interface PlacedDocument {
  index: number;
  value: unknown;
  kind: KindSpec;
}

/**
 * Places a document's findings, in their order: each at its locator's range (a finding inside a string at its
 * characters, through the scalar's own quoting), with its fix edit and related locations, its default severity
 * and kind, and the strings at the kind's sensitive paths scrubbed from its message.
 */
export function place(findings: readonly DocumentFinding[], locator: Locator, text: string, doc: PlacedDocument): Diagnostic[] {
  if (findings.length === 0) return [];
  const secrets = secretsOf(doc.value, doc.kind);
  return findings.map((f) => {
    let range: Range;
    let fix: string | undefined;
    let suggest: readonly string[] | undefined;
    let related: RelatedInfo[] | undefined;
    let message = f.message;
    if ('range' in f) range = f.range;
    else {
      // a rule's finding may point inside a string, name related places, and carry a fix or suggestions; a
      // schema finding a fix or suggestions
      const extra = 'extra' in f ? f.extra : undefined;
      range = (extra?.span && spanRange(locator.scalar(f.path), text, extra.span)) || locator.at(f.path, f.target);
      related = extra?.related?.map((r) => ({ path: r.path, message: r.message, range: locator.at(r.path, 'key') }));
      fix = 'fix' in f ? f.fix : extra?.fix;
      suggest = 'suggest' in f ? f.suggest : extra?.suggest;
      if (related && message.includes(RELATED_AT[0]!)) message = withRelatedPositions(message, related, text);
    }
    const edit = fix === undefined ? undefined : fixAt(text, range, fix);
    const suggestions = suggest && suggestionsAt(text, range, 'target' in f ? f.target : 'value', suggest);
    const { part, severity } = f as Partial<Pick<RuleFinding, 'part' | 'severity'>>;
    // a finding inside a part checked as a kind of its own (an item of a `List`, an embedded configuration)
    // carries that kind, and how many of its path's segments lead to the part
    return {
      ruleId: f.ruleId,
      message: scrub(message, secrets),
      path: f.path,
      range,
      ...(related ? { related } : {}),
      ...(edit ? { fix: edit } : {}),
      ...(suggestions && suggestions.length > 0 ? { suggestions } : {}),
      // a policy's findings carry its severity (the registry knows platlint's own rules)
      severity: severity ?? baseSeverity(f.ruleId),
      document: doc.index,
      kind: part?.kind ?? doc.kind.kind,
      apiVersion: part?.apiVersion ?? doc.kind.apiVersion,
      ...(part ? { partDepth: part.depth } : {}),
    };
  });
}

/** The suggested edits of a finding: each text written at its range in the scalar's style (see fixAt). */
function suggestionsAt(text: string, range: Range, target: Target, texts: readonly string[]): Suggestion[] {
  const out: Suggestion[] = [];
  for (const t of texts) {
    const fix = fixAt(text, range, t);
    if (fix) out.push({ desc: `${target === 'key' ? 'Rename to' : 'Replace with'} \`${t}\``, fix });
  }
  return out;
}

/**
 * A message with the marks of related locations (RELATED_AT in src/define-rule.ts) replaced by their line and
 * column (`line 12, column 9`, 1-based, columns in UTF-16 units as everywhere): a rule names no positions, and a
 * field path in a message is harder to find than a line. (Fingerprints leave these words out: src/report/ci-common.ts.)
 */
function withRelatedPositions(message: string, related: readonly RelatedInfo[], text: string): string {
  const [open, close] = RELATED_AT;
  return message.replace(new RegExp(`${open}(\\d+)${close}`, 'g'), (m, i: string) => {
    const r = related[Number(i)]?.range;
    if (!r) return m;
    const lineStart = text.lastIndexOf('\n', r.start - 1) + 1;
    let line = 1;
    for (let at = text.indexOf('\n'); at !== -1 && at < r.start; at = text.indexOf('\n', at + 1)) line++;
    return `line ${line}, column ${r.start - lineStart + 1}`;
  });
}

/**
 * Maps a character span inside a string value to file offsets, for every scalar style (see
 * src/parse/scalar-offsets.ts); undefined when the value is no string scalar (then the whole value is placed).
 */
function spanRange(scalar: ScalarLike | null, text: string, span: { start: number; end: number }): Range | undefined {
  const offsets = scalar && scalarOffsets(scalar, text);
  return offsets ? mapSpan(offsets, span) : undefined;
}

/** String values at a kind's sensitive paths: they are scrubbed from every message. */
function secretsOf(value: unknown, kind: KindSpec): string[] {
  const found: string[] = [];
  const visit = (v: unknown, pattern: readonly string[], i: number) => {
    if (i === pattern.length) {
      // (a placeholder, `${ENCRYPTION_KEY}`, names where the secret comes from: src/lint/templates.ts)
      if (typeof v === 'string' && v.length >= 3 && !isPlaceholder(v)) found.push(v);
      return;
    }
    if (v === null || typeof v !== 'object') return;
    const seg = pattern[i]!;
    const entries = seg === '*' ? Object.values(v) : [(v as Record<string, unknown>)[seg]];
    for (const e of entries) visit(e, pattern, i + 1);
  };
  for (const p of kind.sensitive) visit(value, p, 0);
  return found;
}

function scrub(message: string, secrets: readonly string[]): string {
  let out = message;
  for (const s of secrets) if (out.includes(s)) out = out.split(s).join(REDACTED);
  return out;
}

const PLAIN_SAFE = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;

/** Whether a plain scalar would not read as a string (booleans, null, numbers in YAML 1.1 or 1.2). */
function ambiguousPlain(s: string): boolean {
  return MAYBE_AMBIGUOUS.test(s) || /^(?:true|false|null|~|[-+.]?[0-9].*)$/i.test(s);
}

/**
 * The edit that gives the scalar at `range` the text `replacement`, in the scalar's own style (plain,
 * single- or double-quoted); none for anything else (block scalars, collections, a missing field's parent).
 */
export function fixAt(text: string, range: Range, replacement: string): Fix | undefined {
  const src = text.slice(range.start, range.end);
  if (src === '' || /[\n\r]/.test(src)) return undefined;
  const q = src[0];
  if (q === '"' && src.endsWith('"') && src.length >= 2) return { range, text: JSON.stringify(replacement) };
  if (q === "'" && src.endsWith("'") && src.length >= 2) return { range, text: `'${replacement.replace(/'/g, "''")}'` };
  if (!/^[A-Za-z0-9_]/.test(src)) return undefined; // flow collections, block scalar indicators, aliases, tags
  return { range, text: PLAIN_SAFE.test(replacement) && !ambiguousPlain(replacement) ? replacement : JSON.stringify(replacement) };
}

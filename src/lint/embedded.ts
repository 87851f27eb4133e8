// Documents embedded in strings: a string value of a file's document (a ConfigMap's `data`, a Secret's
// `stringData`, a bootstrap object's `files[].content`, a Helm values string, a Secret's base64 `data`) whose text
// holds documents of a kind platlint knows is linted as a text of its own, through the same entry as a file's
// text, and its findings, suppressed findings, stored objects and counts become the file's: ranges mapped back
// into the scalar (src/parse/scalar-offsets.ts), paths through the string's holder. Embedded documents nest one
// level: the strings of an embedded document are not searched again.
import { mapKeyIndexes } from '../kinds/field-path.js';
import { identify } from '../kinds/kinds.js';
import type { LocatedFact } from '../kinds/objects.js';
import type { Reader, Reading, ReadDocument } from '../parse/reading.js';
import { scalarOffsets, type ScalarOffsets } from '../parse/scalar-offsets.js';
import { decodeBytes } from '../read/bytes.js';
import { decodeBase64 } from '../services/base64.js';
import type { Diagnostic, Fix, Position, Range, RelatedInfo, SuppressedDiagnostic } from '../finding.js';
import type { Path } from '../path.js';
import type { SetDirective } from './suppress.js';

/**
 * At most this many embedded documents are read per file (the documents of the strings read, in the order of
 * the file): a string that would go past it is not read, nor any after it. The file's size limit (maxFileSize)
 * bounds their text already; this bounds the work per file (a ClusterResourceSet's ConfigMap with a
 * controller's whole RBAC holds a dozen or two).
 */
export const MAX_EMBEDDED_DOCUMENTS = 256;

/** At most this many strings are read as YAML to find out whether they hold a document (each a parse of its text). */
const MAX_CANDIDATES = 1024;

/** A string shorter than this holds no document of a kind (`apiVersion: v1\nkind: X` is 22 characters). */
const MIN_LENGTH = 20;

/** How deep a document's values are searched for strings (the platform's own objects nest a dozen levels). */
const MAX_DEPTH = 64;

/** What the lint of an embedded text gives (a LintResult, as far as this file reads it). */
export interface EmbeddedLintResult {
  diagnostics: readonly (Diagnostic & Position)[];
  suppressed: readonly (SuppressedDiagnostic & Position)[];
  objects?: readonly LocatedFact[];
  setDirectives?: readonly (Omit<SetDirective, 'range'> & { range: Range & Position })[];
  documentsChecked: number;
  documentsSkipped: number;
  documentsUnchecked?: number;
  /** Its documents skipped as unrendered templates (src/parse/templates.ts). */
  documentsTemplated?: number;
}

/** Lints an embedded text as a file's text is linted (without searching its strings again), with `reader`. */
export type LintEmbedded = (text: string, reader: Reader) => EmbeddedLintResult;

/** A stored object of an embedded document, with its file ranges (line and column are added with the file's). */
export type EmbeddedFact = Omit<LocatedFact, 'range' | 'roleRef' | 'broadSubjects'> & {
  range: Range;
  roleRef?: { kind: string; name: string; path: Path; range: Range };
  broadSubjects?: { name: string; kind: string; audience: string; path: Path; range: Range }[];
};

/** A suppression comment of an embedded text that names set rules, with its file range (its line is the file's). */
export type EmbeddedSetDirective = Omit<SetDirective, 'range' | 'line'> & { range: Range };

/** What the documents embedded in a file's strings add to the file's result. */
export interface Embedded {
  /** Their findings, placed in the file: the file's suppression comments and severities still apply. */
  raw: Diagnostic[];
  /** Their findings that comments of their own text suppress, placed in the file. */
  suppressed: SuppressedDiagnostic[];
  facts: EmbeddedFact[];
  setDirectives: EmbeddedSetDirective[];
  /** The counts of their documents, as a file counts its own. */
  documentsChecked: number;
  documentsSkipped: number;
  documentsUnchecked: number;
  documentsTemplated: number;
}

/** A string of a document that may hold documents. */
interface Candidate {
  doc: ReadDocument;
  path: Path;
  text: string;
  /** Decoded from a Secret's base64 `data`: no position inside it means anything, and none is given. */
  base64: boolean;
}

/**
 * The documents embedded in the strings of a reading's documents, linted (`lint`) and placed in the file;
 * undefined when none is found (the common case, found cheaply: a text holding no `apiVersion` beyond one per
 * document and no Secret is not searched).
 */
export function embeddedDocuments(reading: Reading, lint: LintEmbedded, reader: Reader): Embedded | undefined {
  const candidates = findCandidates(reading);
  if (candidates.length === 0) return undefined;
  let out: Embedded | undefined;
  let documents = 0;
  for (const c of candidates) {
    const inner = reader(c.text);
    const found = embeddedCount(inner);
    if (found === 0) continue;
    documents += found;
    if (documents > MAX_EMBEDDED_DOCUMENTS) break;
    // the text is read once: its lint is given the reading just made
    const result = lint(c.text, (t, o) => (t === c.text ? inner : reader(t, o)));
    out ??= { raw: [], suppressed: [], facts: [], setDirectives: [], documentsChecked: 0, documentsSkipped: 0, documentsUnchecked: 0, documentsTemplated: 0 };
    place(out, c, inner, result, reading.text);
  }
  return out;
}

/**
 * How many documents a text holds when it holds one of a kind platlint knows (identified as a kind, or a
 * known group with a wrong version or kind, which the platform refuses): the non-empty documents; otherwise 0.
 * A text none of whose documents can be read holds none (a shell script that writes one with a here-document).
 */
function embeddedCount(inner: Reading): number {
  let known = false;
  let n = 0;
  for (const d of inner.documents) {
    if (d.value === null || d.value === undefined) continue;
    n++;
    if (!known && !d.broken) {
      const status = identify(d.value).status;
      known = status === 'kind' || status === 'invalid';
    }
  }
  return known ? n : 0;
}

// ---- finding the strings ----

function findCandidates(reading: Reading): Candidate[] {
  const text = reading.text;
  const out: Candidate[] = [];
  // strings: only when the text names `apiVersion` more often than its documents do at their top level
  const searchStrings = hasMoreApiVersions(text, reading.documents);
  for (const doc of reading.documents) {
    if (out.length >= MAX_CANDIDATES) break;
    const value = doc.value;
    if (doc.broken || value === null || typeof value !== 'object') continue;
    if (searchStrings) strings(value, [], (path, s) => out.length < MAX_CANDIDATES && out.push({ doc, path, text: s, base64: false }));
    secretData(value, (path, s) => out.length < MAX_CANDIDATES && out.push({ doc, path, text: s, base64: true }));
  }
  return out;
}

function hasMoreApiVersions(text: string, docs: readonly ReadDocument[]): boolean {
  let top = 0;
  for (const d of docs) if (d.value !== null && typeof d.value === 'object' && typeof (d.value as { apiVersion?: unknown }).apiVersion === 'string') top++;
  let n = 0;
  for (let at = text.indexOf('apiVersion'); at !== -1; at = text.indexOf('apiVersion', at + 10)) if (++n > top) return true;
  return false;
}

/** `apiVersion` and `kind` as keys: at a line's start (after blanks), or after `{` or `,` (JSON, flow mappings). */
const API_VERSION_KEY = /(?:^|[\n\r{,])[ \t]*["']?apiVersion["']?[ \t]*:/;
const KIND_KEY = /(?:^|[\n\r{,])[ \t]*["']?kind["']?[ \t]*:/;

/**
 * Whether a string may hold a document: it names `apiVersion` and `kind`, as keys (prose that mentions them, a
 * description of an API, is not read).
 */
function mayHoldDocument(s: string): boolean {
  return s.length >= MIN_LENGTH && s.includes('apiVersion') && s.includes('kind') && API_VERSION_KEY.test(s) && KIND_KEY.test(s);
}

/**
 * The strings of a value that may hold a document, with their paths. An object's `metadata.annotations` are
 * not searched: they are records of tools that nothing loads as a document (the copy of the object itself that
 * `platctl apply` keeps in its `last-applied-configuration` annotation, whose findings would repeat the
 * object's own, and whose roles would be defined twice).
 */
function strings(value: unknown, path: (string | number)[], add: (path: Path, s: string) => unknown): void {
  if (typeof value === 'string') {
    if (mayHoldDocument(value)) add([...path], value);
    return;
  }
  if (value === null || typeof value !== 'object' || path.length >= MAX_DEPTH) return;
  // one path, extended and cut back on the way (a large foreign file has many values and no document)
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      path.push(i);
      strings(value[i], path, add);
      path.pop();
    }
    return;
  }
  const inMetadata = path[path.length - 1] === 'metadata';
  for (const k in value) {
    if (!Object.prototype.hasOwnProperty.call(value, k) || (inMetadata && k === 'annotations')) continue;
    path.push(k);
    strings((value as Record<string, unknown>)[k], path, add);
    path.pop();
  }
}

/** The values of a Secret's `data` (base64) whose text may hold a document, decoded, with their paths. */
function secretData(value: object, add: (path: Path, s: string) => unknown): void {
  const o = value as { kind?: unknown; data?: unknown };
  if (o.kind !== 'Secret' || o.data === null || typeof o.data !== 'object' || Array.isArray(o.data)) return;
  for (const [k, v] of Object.entries(o.data)) {
    if (typeof v !== 'string' || v.length < MIN_LENGTH) continue;
    const bytes = decodeBase64(v.trim());
    const text = bytes && decodeBytes(bytes).text;
    if (text !== undefined && mayHoldDocument(text)) add(['data', k], text);
  }
}

// ---- placing what the lint found ----

/** Places an embedded text's result in the file: ranges, paths, kinds and counts. */
function place(out: Embedded, c: Candidate, inner: Reading, result: EmbeddedLintResult, fileText: string): void {
  const { doc, path: holder } = c;
  const whole = doc.locator.at(holder, 'value');
  const scalar = c.base64 ? null : doc.locator.scalar(holder);
  const offsets = scalar ? scalarOffsets(scalar, fileText) : undefined;
  const at = (r: Range): Range => (offsets ? mapRange(offsets, r) : { start: whole.start, end: whole.end });
  // a string of several documents names each by its index among them (`data[rbac.yaml][1].rules[0]`)
  const several = inner.documents.filter((d) => d.value !== null && d.value !== undefined).length > 1;
  const prefix = (document: number): Path => (several && document >= 0 ? [...holder, document] : holder);
  const holderMaps = holderMapKeys(doc.value, holder);
  // a fix is kept where the replaced characters are the file's own, in a block scalar, and need no escaping
  const fixable = offsets && (scalar?.type === 'BLOCK_LITERAL' || scalar?.type === 'BLOCK_FOLDED');
  const fixOf = (f: Fix | undefined): Fix | undefined => {
    if (!f || !fixable || /[\r\n]/.test(f.text)) return undefined;
    const range = at(f.range);
    return fileText.slice(range.start, range.end) === c.text.slice(f.range.start, f.range.end) ? { range, text: f.text } : undefined;
  };
  const moved = <T extends Diagnostic>(d: T & Position): T => {
    const { line: _l, column: _c, endLine: _el, endColumn: _ec, fix, related, ...rest } = d;
    const p = prefix(d.document);
    const placedFix = fixOf(fix);
    const placedRelated: RelatedInfo[] | undefined = related?.map((r) => ({
      path: [...p, ...r.path],
      message: r.message,
      ...(r.range ? { range: at(r.range) } : {}),
    }));
    return {
      ...(rest as unknown as T),
      path: [...p, ...d.path],
      range: at(d.range),
      document: doc.index,
      partDepth: p.length + (d.partDepth ?? 0),
      ...(holderMaps.length > 0 ? { holderMapKeys: holderMaps } : {}),
      ...(placedRelated ? { related: placedRelated } : {}),
      ...(placedFix ? { fix: placedFix } : {}),
    };
  };
  for (const d of result.diagnostics) out.raw.push(moved<Diagnostic>(d));
  for (const d of result.suppressed) out.suppressed.push(moved<SuppressedDiagnostic>(d));
  for (const f of result.objects ?? []) {
    const p = prefix(f.document);
    const { roleRef, broadSubjects, range, ...rest } = f;
    out.facts.push({
      ...rest,
      document: doc.index,
      path: [...p, ...f.path],
      range: at(range),
      ...(roleRef ? { roleRef: { kind: roleRef.kind, name: roleRef.name, path: [...p, ...roleRef.path], range: at(roleRef.range) } } : {}),
      ...(broadSubjects ? { broadSubjects: broadSubjects.map((b) => ({ name: b.name, kind: b.kind, audience: b.audience, path: [...p, ...b.path], range: at(b.range) })) } : {}),
    });
  }
  for (const s of result.setDirectives ?? []) out.setDirectives.push({ kind: s.kind, rules: s.rules, reason: s.reason, range: at(s.range) });
  out.documentsChecked += result.documentsChecked;
  out.documentsSkipped += result.documentsSkipped;
  out.documentsUnchecked += result.documentsUnchecked ?? 0;
  out.documentsTemplated += result.documentsTemplated ?? 0;
}

/**
 * A range of the embedded text as a range of the file: each character at its own source (an escape sequence,
 * a line break folded into a space, a block scalar's line without its indentation); a range that starts at the
 * text's end at the end of its last character.
 */
function mapRange(offsets: ScalarOffsets, r: Range): Range {
  const n = offsets.starts.length;
  if (n === 0) return { start: 0, end: 0 };
  const start = r.start < n ? offsets.starts[Math.max(0, r.start)]! : offsets.ends[n - 1]!;
  if (r.end <= r.start) return { start, end: start };
  const end = offsets.ends[Math.min(r.end, n) - 1]!;
  return { start, end: Math.max(start, end) };
}

/** The core objects whose top-level maps hold strings by key: a ConfigMap's and a Secret's `data`. */
const CORE_MAPS = new Set(['data', 'stringData', 'binaryData']);
const METADATA_MAPS = new Set(['labels', 'annotations']);

/**
 * The indexes of the holder's path segments that are map keys, as the platform writes them: the holder's kind
 * knows when platlint checks it; otherwise a ConfigMap's or Secret's `data`, `stringData` and `binaryData` (an
 * object that says `kind: ConfigMap` or `Secret`, or one with `metadata` and no `kind`, as test fixtures write
 * them) and `metadata.labels` and `annotations` are maps, and every other key is written as a field.
 */
export function holderMapKeys(root: unknown, path: Path): number[] {
  const id = identify(root);
  if (id.status === 'kind' && id.kind.schema !== '') return [...mapKeyIndexes(id.kind.schema, path)];
  const out: number[] = [];
  let cur: unknown = root;
  for (let i = 0; i < path.length && cur !== null && typeof cur === 'object'; i++) {
    const seg = path[i]!;
    const o = cur as Record<string, unknown>;
    if (typeof seg === 'string' && i + 1 < path.length && !Array.isArray(cur)) {
      const core = o.kind === 'ConfigMap' || o.kind === 'Secret' || (o.kind === undefined && o.metadata !== null && typeof o.metadata === 'object');
      if ((core && CORE_MAPS.has(seg)) || (i > 0 && path[i - 1] === 'metadata' && METADATA_MAPS.has(seg))) out.push(i + 1);
    }
    cur = o[seg as string];
  }
  return out;
}

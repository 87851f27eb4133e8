// lint/: a text (or a file's bytes) and a configuration in, a LintResult out: reads, checks, places the findings,
// applies the suppression comments, severities and redaction, in that order. No file access.
import { SET_RULE } from '../check/builtin-rules.js';
import { configFor, DEFAULT_CONFIG, effectiveSeverity, type Config } from '../config/config.js';
import { isCheckedPath, kindSchemaFindings, policyTargetFindings, policyTargets, runRules, type PolicyTarget } from '../check/run-rules.js';
import type { RuleFinding } from '../define-rule.js';
import { duplicateKeyReading, identify, uncheckedGroupReading, isSensitivePath, NAMES_PLAT_API_VERSION, type Identification, type KindSpec } from '../kinds/kinds.js';
import { NO_LINES, read, type LineCache, type Lines, type Locator, type Reader, type Reading } from '../parse/reading.js';
import { decodeBytes, stripBom } from '../read/bytes.js';
import { scanTemplates } from '../parse/templates.js';
import { PLACEHOLDER_RULE, replacePlaceholderFindings } from './templates.js';
import { knownRuleIds } from '../check/registry.js';
import type { SchemaFinding } from '../check/schema.js';
import { objectFacts, type LocatedFact } from '../kinds/objects.js';
import { redactor } from '../redact.js';
import { applySuppressions, type SetDirective } from './suppress.js';
import { baseSeverity, place, type DocumentFinding } from './place.js';
import type { Comment, Diagnostic, FileResult, Position, Range, SuppressedDiagnostic } from '../finding.js';
import type { Path } from '../path.js';
import type { PolicySet } from '../check/policies/spec.js';
import { withoutNulls } from '../services/values.js';
import { latin1Text } from '../services/base64.js';
import { embeddedDocuments, type Embedded, type EmbeddedFact, type EmbeddedSetDirective } from './embedded.js';

export { baseSeverity, fixAt } from './place.js';

export interface LintOptions {
  /** Shown in results; `<text>` when unknown. */
  filePath?: string;
  config?: Config;
  /**
   * How the text is read (default `read`, src/parse/reading.ts: the fast line reader where it can, the composer
   * otherwise). The tests pass `readComposed`, the reference reading, and compare.
   */
  reader?: Reader;
  /**
   * Read every non-empty document as this kind instead of identifying it by `apiVersion` and `kind` (the
   * command kinds: `platlint patch --type json` reads each document as a `JSONPatch`).
   */
  kind?: KindSpec;
  /**
   * The lexer reader's lines of the last text linted with it (src/parse/lines.ts): a text linted again after a
   * small change lexes only its changed lines. For the language server, which lints one document after every
   * change; the results are the same without it.
   */
  lineCache?: LineCache;
  /**
   * Called with the text before it is read, inside the file's guard: what it throws becomes the file's
   * `internal/error` finding, as any failure of platlint on the text would (the tests inject failures here).
   */
  onText?: (text: string) => void;
  /**
   * Whether the documents embedded in the text's string values are read (src/lint/embedded.ts; default true).
   * An embedded text is linted with false: embedded documents nest one level.
   */
  embedded?: boolean;
}

/** A finding with its 1-based position. */
export type LocatedDiagnostic = Diagnostic & Position;
export type LocatedSuppressed = SuppressedDiagnostic & Position;

export interface LintResult extends Omit<FileResult, 'diagnostics' | 'suppressed'> {
  diagnostics: LocatedDiagnostic[];
  suppressed: LocatedSuppressed[];
  /** The stored objects of the file (roles, bindings), for the checks over the whole set of files (src/files/across-files.ts). */
  objects?: LocatedFact[];
  /** The fixed text, when `--fix` or `--fix-dry-run` changed the file (never printed: it may hold secrets). */
  output?: string;
  /** How many fixes `--fix` or `--fix-dry-run` applied to the file. */
  fixed?: number;
  /** Suppression comments that name set rules: applied when the set is checked. */
  setDirectives?: (Omit<SetDirective, 'range'> & { range: Range & Position })[];
  errorCount: number;
  warningCount: number;
  fatalErrorCount: number;
}

/** Whether a rule runs at all under a configuration. */
export function enabledIn(config: Config): (ruleId: string) => boolean {
  // one function per configuration, so that the engine can keep the enabled rules per kind (src/check/run-rules.ts)
  let enabled = ENABLED.get(config);
  if (!enabled) {
    enabled = (ruleId) => effectiveSeverity(config, ruleId, baseSeverity(ruleId)) !== null;
    ENABLED.set(config, enabled);
  }
  return enabled;
}

const ENABLED = new WeakMap<Config, (ruleId: string) => boolean>();

/** A stored object's fact with its file ranges, before line and column are known. */
type RangedFact = EmbeddedFact;

function rangedFacts(value: unknown, kind: KindSpec, document: number, at: (path: Path) => Range): RangedFact[] {
  return objectFacts(value, kind).map(({ roleRef, broadSubjects, ...f }) => ({
    ...f,
    document,
    range: at(f.path),
    ...(roleRef ? { roleRef: { ...roleRef, range: at(roleRef.path) } } : {}),
    ...(broadSubjects ? { broadSubjects: broadSubjects.map((b) => ({ ...b, range: at(b.path) })) } : {}),
  }));
}

/** The finding of a plat document that is not checked: a group platlint does not check, or an unknown kind. */
function identificationFinding(id: Extract<Identification, { status: 'unchecked' | 'invalid' }>, document: number, at: Locator['at']): Diagnostic {
  if (id.status === 'unchecked') {
    return {
      ruleId: 'document/unchecked-group',
      severity: baseSeverity('document/unchecked-group'),
      message: `group \`${id.group}\` is not checked by platlint`,
      path: ['apiVersion'],
      range: at(['apiVersion'], 'value'),
      document,
    };
  }
  return { ruleId: 'document/unknown-kind', severity: baseSeverity('document/unknown-kind'), message: id.message, path: [id.field], range: at([id.field], 'value'), document };
}

/** Drops the findings outside what platlint checks of a document (see isCheckedPath in src/check/run-rules.ts). */
function keepChecked(found: DocumentFinding[], value: unknown, kind: KindSpec): void {
  if (kind.items !== '*') return;
  const kept = found.filter((f) => isCheckedPath(value, kind, f.path));
  found.splice(0, found.length, ...kept);
}

/**
 * The indexes of the documents whose parse findings are reported: those identified as plat (a kind, a plat
 * group platlint does not check, an unknown kind of a plat group), and those that could not be read whose text
 * names a plat apiVersion. A document of another tool gets no finding at all: its duplicate keys, tags or
 * syntax are not the platform's business. With a forced kind (`platlint patch`) every document is the user's.
 */
function platDocuments(reading: Reading, source: string, forced: KindSpec | undefined): Set<number> {
  const out = new Set<number>();
  // each document is decided once: a broken one may have a problem per character (every bracket of a deep
  // nesting), and its text is sniffed whole
  const decided = new Set<number>();
  const docs = reading.documents;
  const at = new Map(docs.map((doc, k) => [doc.index, k]));
  for (const d of reading.problems) {
    const i = d.document ?? -1;
    if (decided.has(i)) continue;
    decided.add(i);
    const k = at.get(i);
    const doc = k === undefined ? undefined : docs[k]!;
    let plat: boolean;
    if (forced) plat = true;
    else if (doc && !doc.broken && doc.value !== undefined) plat = identify(doc.value).status !== 'foreign';
    else {
      // a broken document's own range may end at its first bad token: its text runs to the next document
      const text = doc ? source.slice(doc.start, docs[k! + 1]?.start ?? source.length) : source;
      plat = NAMES_PLAT_API_VERSION.test(text);
    }
    if (plat) out.add(i);
  }
  return out;
}

/**
 * A key given twice is refused only where the platform decodes the document strictly (the message the reader
 * gave). Where it is decoded leniently, the platform keeps the last value; where platctl sends the object, platctl
 * keeps the last value and drops the others before the request is sent: a warning naming the line kept and the
 * lines dropped (every repeat of one key in one mapping gets the same message).
 */
function duplicatesAsRead(out: Diagnostic[], document: number, kind: Pick<KindSpec, 'read' | 'lenient' | 'lenientWith'>, value: unknown, lines: Lines): void {
  const reading = duplicateKeyReading(kind, value);
  if (reading === 'refused') return;
  const repeats = out.filter((d) => d.document === document && d.ruleId === 'yaml/duplicate-key' && d.severity === 'error');
  // the repeats of one key in one mapping, by the offset of its first occurrence
  const byFirst = new Map<number, Diagnostic[]>();
  for (const d of repeats) {
    const first = d.related?.[0]?.range?.start ?? d.range.start;
    byFirst.set(first, [...(byFirst.get(first) ?? []), d]);
  }
  for (const [first, group] of byFirst) {
    const kept = group.reduce((a, b) => (b.range.start > a.range.start ? b : a));
    const offsets = [first, ...group.filter((d) => d !== kept).map((d) => d.range.start)];
    // by line (`line 9`), or by line and column where two share a line (a flow mapping: `3:21`)
    const at = offsets.map((o) => lines.linePos(o));
    const keptAt = lines.linePos(kept.range.start);
    const oneLine = new Set([...at, keptAt].map((p) => p.line)).size < at.length + 1;
    const pos = (p: { line: number; col: number }): string => (oneLine ? `${p.line}:${p.col}` : String(p.line));
    const label = (p: { line: number; col: number }): string => `${oneLine ? '' : 'line '}${pos(p)}`;
    const those = at.length === 1 ? `the one at ${label(at[0]!)}` : `those at ${oneLine ? '' : 'lines '}${at.slice(0, -1).map(pos).join(', ')} and ${pos(at.at(-1)!)}`;
    const key = String(kept.path.at(-1));
    const times = group.length === 1 ? 'twice' : `${group.length + 1} times`;
    for (const d of group) {
      d.severity = 'warning';
      d.message =
        reading === 'last'
          ? d.message.replace(/; the platform refuses a field given twice$/, '; the platform keeps the last value')
          : `\`${key}\` is given ${times}; \`${reading}\` keeps the one at ${label(keptAt)} and drops ${those}`;
    }
  }
}

/**
 * A document's value as the platform's decoder reads it into its types: a member set to `null` is not set.
 * The inputs of platlint's own commands are not decoded into types: in a patch, `null` is a value (a merge
 * patch's "delete this field", a JSON patch's `value: null`).
 */
function decoded(value: unknown, kind: KindSpec): unknown {
  return kind.apiVersion === '' ? value : withoutNulls(value);
}

function identifyAs(value: unknown, forced: KindSpec | undefined): Identification {
  return forced ? { status: 'kind', kind: forced } : identify(value);
}

/** The order of findings in a result: by position, then rule and message. */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return a.range.start - b.range.start || a.range.end - b.range.end || a.ruleId.localeCompare(b.ruleId) || a.message.localeCompare(b.message);
}

/**
 * Lints a text: the pure core used by the CLI, the language server and the tests. No file system, no
 * process state, no colour. Never throws: a failure of platlint itself on this text becomes the result's one
 * `internal/error` finding (the other files of a run are still linted).
 */
export function lintText(text: string, options: LintOptions = {}): LintResult {
  return stageText(text, options)();
}

/**
 * Lints a text in two steps, for a batch of files (see PolicyBatch): the text is read and checked now, except
 * for the configuration's policies on the documents of the lexer reader, which wait in `batch`; the function
 * returned finishes the result, once the batch has run. Never throws, like lintText.
 */
export function stageText(text: string, options: LintOptions, batch?: PolicyBatch): () => LintResult {
  const filePath = options.filePath ?? '<text>';
  let finish: () => LintResult;
  try {
    options.onText?.(text);
    finish = lintTextUnguarded(text, options, batch);
  } catch (err) {
    const r = internalErrorResult(filePath, err);
    return () => r;
  }
  return () => {
    try {
      return finish();
    } catch (err) {
      return internalErrorResult(filePath, err);
    }
  };
}

/**
 * The policy checks of the documents of several files, evaluated together (`run`), between the two steps of
 * stageText. The policies of one document are evaluated in a few dozen microseconds once the CEL library's
 * code and the compiled expressions are in the processor's caches, and several times that when the rest of a
 * file's lint ran in between (measured: docs/performance.md, "Policies"): a run's files are
 * linted in jobs of a few dozen (src/files/parallel.ts), each job's policies in one batch.
 */
export class PolicyBatch {
  #waiting: { targets: PolicyTarget[]; policies: PolicySet; enabled: (ruleId: string) => boolean; into: RuleFinding[]; file: { failure?: unknown } }[] = [];

  /** Waits to run the policies on `targets`, adding their findings to `into`; a failure goes to `file`. */
  add(targets: PolicyTarget[], policies: PolicySet, enabled: (ruleId: string) => boolean, into: RuleFinding[], file: { failure?: unknown }): void {
    this.#waiting.push({ targets, policies, enabled, into, file });
  }

  /** Evaluates every waiting policy check; never throws (a failure is its file's, which then finishes with `internal/error`). */
  run(): void {
    for (const w of this.#waiting) {
      if ('failure' in w.file) continue;
      try {
        w.into.push(...policyTargetFindings(w.targets, w.policies, w.enabled));
      } catch (err) {
        w.file.failure = err;
      }
    }
    this.#waiting = [];
  }
}

/**
 * A result for a file platlint failed on (a bug): one `internal/error` finding at 1:1, fatal (no
 * configuration turns it off). The message is the failure's first line, redacted like every message.
 */
export function internalErrorResult(filePath: string, err: unknown): LintResult {
  internalErrorListener?.(filePath, err);
  return fileLevelResult(filePath, internalError(err, 'on this file', 'its findings'));
}

let internalErrorListener: ((filePath: string, err: unknown) => void) | undefined;

/** Told of every internal failure of this thread, with the error itself (`--debug` prints its stack). */
export function onInternalError(listener: ((filePath: string, err: unknown) => void) | undefined): void {
  internalErrorListener = listener;
}

/** An `internal/error` finding (at 1:1, fatal): platlint failed `where`, and `what` is not reported. */
export function internalError(err: unknown, where: string, what: string): Diagnostic {
  const first = (err instanceof Error ? `${err.name === 'Error' ? '' : `${err.name}: `}${err.message}` : String(err)).split('\n')[0]!.slice(0, 300);
  return {
    ruleId: 'internal/error',
    severity: 'error',
    message: `platlint failed ${where} (${first}); ${what} are not reported: please report this`,
    path: [],
    range: { start: 0, end: 0 },
    document: -1,
    fatal: true,
  };
}

/** The first step of stageText (it throws on a failure of platlint); returns the second, which throws too. */
function lintTextUnguarded(text: string, options: LintOptions, batch: PolicyBatch | undefined): () => LintResult {
  const filePath = options.filePath ?? '<text>';
  // the file's own severities (the overrides that match its path, the command line's): see configFor
  const config = configFor(options.config ?? DEFAULT_CONFIG, options.filePath);
  // a document with template syntax in its structure is another tool's input (a Helm chart's template, an Ansible
  // `.j2`): the platform only ever reads what that tool renders. Its text is blanked (line breaks kept: the other
  // documents' offsets stay), so it is not read, nor its comments (its suppression comments are none of
  // platlint's business), and counted (src/parse/templates.ts)
  const unmarked = stripBom(text);
  const templates = options.kind ? undefined : scanTemplates(unmarked);
  const source = templates?.text ?? unmarked;
  // read (src/parse/reading.ts), then checked: identification, schema and rules by path (a command's payload is
  // read as YAML whatever it starts with)
  const reading = (options.reader ?? read)(source, { ...(options.kind ? { payload: true } : {}), ...(options.lineCache ? { lineCache: options.lineCache } : {}) });
  // a text the line reader read is checked now, its policies left to the batch; one the composer reads is
  // composed and checked in the second step (its composed documents are not held while the batch waits)
  const file: { failure?: unknown } = {};
  const checks = reading.reader === 'lines' ? checkDocuments(reading, config, options.kind, batch && { batch, file }) : undefined;
  return () => {
    if ('failure' in file) throw file.failure;
    const r = lintFinish({ reading, filePath, config, forced: options.kind, checks: checks ?? checkDocuments(reading, config, options.kind), options });
    const templated = (templates?.templated ?? 0) + (r.documentsTemplated ?? 0);
    return templated > 0 ? { ...r, documentsTemplated: templated } : r;
  };
}

/**
 * The comments of a text, for its suppression comments: none are looked for in a text that mentions no
 * `platlint-disable` (the common case: the line reader then reads none).
 */
function suppressionComments(reading: Reading): readonly Comment[] {
  return reading.text.includes('platlint-disable') ? reading.comments : [];
}

/** What the first step of stageText read and checked. */
interface FirstStep {
  reading: Reading;
  filePath: string;
  config: Config;
  forced: KindSpec | undefined;
  /** The checks of the reading's documents, their policies done. */
  checks: DocumentChecks;
  options: LintOptions;
}

/**
 * The documents embedded in the strings of a reading's documents (src/lint/embedded.ts), each text linted as a
 * file's text is, with the same reader and the file's configuration; none in a command's payload or an embedded text.
 */
function embeddedOf(reading: Reading, { filePath, config, forced, options }: Omit<FirstStep, 'reading' | 'checks'>): Embedded | undefined {
  if (forced || options.embedded === false) return undefined;
  return embeddedDocuments(reading, (text, reader) => lintText(text, { filePath, config, reader, embedded: false }), options.reader ?? read);
}

/** The second step of stageText: the findings placed (src/lint/place.ts), the result finished. */
function lintFinish(step: FirstStep): LintResult {
  const { reading, filePath, config, forced, checks } = step;
  const source = reading.text;
  const embedded = embeddedOf(reading, step);
  if (!embedded && reading.problems.length === 0 && isClean(checks)) {
    // (its suppression comments are still read: one that suppresses nothing is reported, on its line)
    const lines = source.includes('platlint-disable') ? reading.lines : NO_LINES;
    return finishResult({ filePath, text: source, lines, comments: suppressionComments(reading), raw: [], config, ...documentCounts(checks), extra: factsExtra([]) });
  }
  const platDocs = platDocuments(reading, source, forced);
  // of a document that does not parse, its first syntax error only: the platform's decoder stops there (the
  // rest is often its echo, and a repeated key is found only when the text parses)
  const firstSyntax = new Map<number, Diagnostic>();
  for (const d of reading.problems) {
    if (d.ruleId !== 'yaml/syntax') continue;
    const doc = d.document ?? -1;
    const seen = firstSyntax.get(doc);
    if (!seen || d.range.start < seen.range.start) firstSyntax.set(doc, d);
  }
  const raw = reading.problems.filter((d) => {
    const doc = d.document ?? -1;
    if (!platDocs.has(doc)) return false;
    const first = firstSyntax.get(doc);
    return first === undefined || d === first;
  });
  // a file that does not parse and names no plat group is another tool's (a template, JSON lines …)
  const notParsed = raw.length < reading.problems.length && reading.problems.some((d) => d.ruleId === 'yaml/syntax' && !platDocs.has(d.document ?? -1));
  const facts: RangedFact[] = [];
  for (const doc of reading.documents) {
    const { locator, index } = doc;
    const other = checks.others.get(index);
    if (other) {
      raw.push(identificationFinding(other, index, (path, target) => locator.at(path, target)));
      // an object of a plat group platlint does not check (a CustomResourceDefinition, a webhook configuration)
      // is sent by platctl, which keeps a repeated key's last value; a component's configuration file is not
      if (other.status === 'unchecked') duplicatesAsRead(raw, index, { read: uncheckedGroupReading(other.group) }, undefined, reading.lines);
      continue;
    }
    const c = checks.checked.get(index);
    if (!c) continue; // broken (reported), empty, or another tool's
    duplicatesAsRead(raw, index, c.kind, c.value, reading.lines);
    const found: DocumentFinding[] = doc.ambiguous((path) => isSensitivePath(c.kind, path));
    keepChecked(found, c.value, c.kind); // the items of a List that are not plat get no finding
    found.push(...c.schema, ...c.rules);
    raw.push(...place(found, locator, source, { index, value: c.value, kind: c.kind }));
    facts.push(...rangedFacts(c.value, c.kind, index, (p) => locator.at(p, 'value')));
  }
  if (embedded) {
    raw.push(...embedded.raw);
    facts.push(...embedded.facts);
  }
  return finishResult({
    filePath,
    text: source,
    lines: reading.lines,
    comments: suppressionComments(reading),
    raw,
    config,
    ...withEmbedded(documentCounts(checks), embedded),
    ...(notParsed ? { notParsed } : {}),
    ...(embedded && embedded.suppressed.length > 0 ? { suppressed: embedded.suppressed } : {}),
    extra: factsExtra(facts, embedded?.setDirectives),
  });
}

/** A file's document counts with those of its embedded documents added. */
function withEmbedded(counts: ReturnType<typeof documentCounts>, embedded: Embedded | undefined): ReturnType<typeof documentCounts> & Pick<RawResult, 'documentsEmbedded' | 'documentsTemplated'> {
  if (!embedded) return counts;
  const unchecked = (counts.documentsUnchecked ?? 0) + embedded.documentsUnchecked;
  return {
    documentsChecked: counts.documentsChecked + embedded.documentsChecked,
    documentsSkipped: counts.documentsSkipped + embedded.documentsSkipped,
    ...(unchecked > 0 ? { documentsUnchecked: unchecked } : {}),
    ...(embedded.documentsChecked > 0 ? { documentsEmbedded: embedded.documentsChecked } : {}),
    // an embedded document with template syntax in its own structure is skipped and counted like a file's
    ...(embedded.documentsTemplated > 0 ? { documentsTemplated: embedded.documentsTemplated } : {}),
  };
}

/**
 * The stored objects of a file and the suppression comments left for the set checks (the file's, and those of
 * its embedded texts), positioned.
 */
function factsExtra(facts: readonly RangedFact[], embeddedDirectives: readonly EmbeddedSetDirective[] = []): RawResult['extra'] {
  return (positioned, fileDeferred) => {
    const deferred = embeddedDirectives.length === 0 ? fileDeferred : [...fileDeferred, ...embeddedDirectives.map((d) => ({ ...d, line: positioned(d.range).line }))];
    const objects: LocatedFact[] = facts.map(({ roleRef, broadSubjects, ...f }) => ({
      ...f,
      range: positioned(f.range),
      ...(roleRef ? { roleRef: { ...roleRef, range: positioned(roleRef.range) } } : {}),
      ...(broadSubjects ? { broadSubjects: broadSubjects.map((b) => ({ ...b, range: positioned(b.range) })) } : {}),
    }));
    return {
      ...(objects.length > 0 ? { objects } : {}),
      ...(deferred.length > 0 ? { setDirectives: deferred.map((d) => ({ ...d, range: positioned(d.range) })) } : {}),
    };
  };
}

/** What a lint of one text found, before the configuration, suppression comments and positions are applied. */
export interface RawResult {
  filePath: string;
  /** The file's text (offsets as in the diagnostics' ranges): what the messages are redacted against (src/redact.ts). */
  text: string;
  /** The text's line starts (src/parse/reading.ts), for line and column. */
  lines: Lines;
  /**
   * The text's comments as its reading gives them (offsets alike), where the suppression comments are found;
   * those of a text that mentions no `platlint-disable` may be left out.
   */
  comments: readonly Comment[];
  /** Diagnostics made by this lint, with their default severities; changed in place. */
  raw: Diagnostic[];
  config: Config;
  documentsChecked: number;
  documentsSkipped: number;
  documentsUnchecked?: number;
  /** Of `documentsChecked`, those embedded in string values (src/lint/embedded.ts). */
  documentsEmbedded?: number;
  /** Documents of embedded texts skipped as unrendered templates (the file's own are added by lintTextUnguarded). */
  documentsTemplated?: number;
  notParsed?: boolean;
  /** Findings suppressed already (by the comments of an embedded document's own text), placed in the text. */
  suppressed?: SuppressedDiagnostic[];
  /** More fields of the result, given the file's positions and the suppression comments left for the set checks. */
  extra?: (positioned: (r: Range) => Range & Position, deferred: readonly SetDirective[]) => Partial<LintResult>;
}

/**
 * The last steps of every lint (YAML documents and command lines alike): severities from the configuration,
 * suppression comments, 1-based positions, sorting and counts.
 */
export function finishResult(r: RawResult): LintResult {
  const { config, lines } = r;
  const configured: Diagnostic[] = [];
  for (const d of r.raw) {
    const severity = d.fatal ? d.severity : effectiveSeverity(config, d.ruleId, d.severity);
    if (severity === null) continue;
    d.severity = severity;
    configured.push(d);
  }
  const { kept, suppressed, deferred } = applySuppressions(r.comments, lines, configured, knownRuleIds(config), SET_RULE);
  const lineColumn = (range: Range): Position => {
    const s = lines.linePos(range.start);
    const e = range.end > range.start ? lines.linePos(range.end) : s;
    return { line: s.line, column: s.col, endLine: e.line, endColumn: e.col };
  };
  // related locations get line and column too (SARIF regions, the language server's related information)
  const position = <T extends Diagnostic>(d: T): T & Position => {
    if (d.related) d.related = d.related.map((x) => (x.range ? { ...x, range: { ...x.range, ...lineColumn(x.range) } } : x));
    return Object.assign(d, lineColumn(d.range));
  };
  const diagnostics: LocatedDiagnostic[] = [];
  for (const d of kept) {
    // suppression/* findings are made after the configuration was applied
    const severity = d.ruleId.startsWith('suppression/') ? effectiveSeverity(config, d.ruleId, d.severity) : d.severity;
    if (severity === null) continue;
    d.severity = severity;
    diagnostics.push(position(d));
  }
  diagnostics.sort(compareDiagnostics);
  return summarize({
    filePath: r.filePath,
    diagnostics,
    suppressed: (r.suppressed ? [...suppressed, ...r.suppressed] : suppressed).sort(compareDiagnostics).map(position),
    documentsChecked: r.documentsChecked,
    documentsSkipped: r.documentsSkipped,
    ...(r.documentsUnchecked ? { documentsUnchecked: r.documentsUnchecked } : {}),
    ...(r.documentsEmbedded ? { documentsEmbedded: r.documentsEmbedded } : {}),
    ...(r.documentsTemplated ? { documentsTemplated: r.documentsTemplated } : {}),
    ...(r.notParsed ? { notParsed: true } : {}),
    ...r.extra?.((range) => ({ ...range, ...lineColumn(range) }), deferred),
  }, r.text);
}

/** A checked document: its value as the platform's decoder reads it into its kind's types, its findings by path. */
interface Checked {
  value: unknown;
  kind: KindSpec;
  schema: SchemaFinding[];
  rules: RuleFinding[];
}

/** The checks of a reading's documents. */
interface DocumentChecks {
  /** Checked documents by index. */
  checked: Map<number, Checked>;
  /** Plat documents that are not checked (a group platlint does not check, an unknown kind), by index. */
  others: Map<number, Extract<Identification, { status: 'unchecked' | 'invalid' }>>;
  skipped: number;
}

/** A file's document counts. */
function documentCounts(checks: DocumentChecks): Pick<RawResult, 'documentsChecked' | 'documentsSkipped' | 'documentsUnchecked'> {
  let unchecked = 0;
  for (const id of checks.others.values()) if (id.status === 'unchecked') unchecked++;
  return { documentsChecked: checks.checked.size, documentsSkipped: checks.skipped, ...(unchecked > 0 ? { documentsUnchecked: unchecked } : {}) };
}

/**
 * Identification, schema and rules over the documents of a reading (broken and empty ones are not checked).
 * With `later`, the policies' findings are added to each document's `rules` when the batch runs.
 */
function checkDocuments(reading: Reading, config: Config, forced: KindSpec | undefined, later?: { batch: PolicyBatch; file: { failure?: unknown } }): DocumentChecks {
  const result: DocumentChecks = { checked: new Map(), others: new Map(), skipped: 0 };
  const enabled = enabledIn(config);
  for (const { index, value, broken } of reading.documents) {
    if (broken || value === null || value === undefined) continue;
    const id = identifyAs(value, forced);
    if (id.status === 'foreign') result.skipped++;
    else if (id.status !== 'kind') result.others.set(index, id);
    else {
      const read = decoded(value, id.kind);
      const policies = config.policies;
      const rules = runRules(read, id.kind, enabled, undefined, later ? undefined : policies);
      const schema = kindSchemaFindings(read, id.kind);
      if (enabled(PLACEHOLDER_RULE)) replacePlaceholderFindings(schema, rules, read, id.kind);
      if (later && policies) later.batch.add(policyTargets(read, id.kind, enabled), policies, enabled, rules, later.file);
      result.checked.set(index, { value: read, kind: id.kind, schema, rules });
    }
  }
  return result;
}

/** Whether checked documents are all known kinds with no finding and no stored object (nothing to place). */
function isClean(checks: DocumentChecks): boolean {
  if (checks.others.size > 0) return false;
  for (const c of checks.checked.values()) {
    if (c.schema.length > 0 || c.rules.length > 0 || objectFacts(c.value, c.kind).length > 0) return false;
  }
  return true;
}

/**
 * Counts a file's findings, and redacts their messages (src/redact.ts): every result of a file passes here
 * once. `text` is the linted text, for YAML errors inside secret fields.
 */
function summarize(r: Omit<LintResult, 'errorCount' | 'warningCount' | 'fatalErrorCount'>, text?: string): LintResult {
  if (r.diagnostics.length > 0 || r.suppressed.length > 0 || r.setDirectives) {
    const redact = redactor(text);
    for (const d of r.diagnostics) redact(d);
    for (const d of r.suppressed) redact(d);
    // the reasons of the comments that suppress set findings become those findings' justifications
    for (const d of r.setDirectives ?? []) d.reason = redact({ ruleId: '', message: d.reason, range: d.range, path: [] }).message;
  }
  let errorCount = 0;
  let warningCount = 0;
  let fatalErrorCount = 0;
  for (const d of r.diagnostics) {
    if (d.severity === 'error') errorCount++;
    else warningCount++;
    if (d.fatal) fatalErrorCount++;
  }
  return { ...r, errorCount, warningCount, fatalErrorCount };
}

/** Lints a file's raw bytes (binary, size and encoding checks first). */
export function lintBytes(bytes: Uint8Array, options: LintOptions = {}): LintResult {
  return stageBytes(bytes, options)();
}

/** lintBytes in the two steps of stageText. */
export function stageBytes(bytes: Uint8Array, options: LintOptions, batch?: PolicyBatch): () => LintResult {
  const config = options.config ?? DEFAULT_CONFIG;
  const read = decodeBytes(bytes, config.maxFileSize);
  if (read.text !== undefined) return stageText(read.text, options, batch);
  const r = undecodedResult(options.filePath ?? '<text>', bytes, read.diagnostic, options.kind);
  return () => r;
}

/** How much of an undecodable file is searched for a plat apiVersion. */
const SNIFF_BYTES = 64 * 1024;

/**
 * The result of a file that cannot be read as text (binary, not UTF-8, over the size limit): its `input/*`
 * finding when it could be a plat file (its first 64 KiB, read byte by byte, name a plat apiVersion, or a
 * command kind reads it), otherwise nothing, counted as "not plat and not parsed": a repository holds
 * encrypted secrets, Latin-1 values files and large API descriptions that are none of the platform's business.
 */
export function undecodedResult(filePath: string, bytes: Uint8Array, d: Diagnostic, forced?: KindSpec): LintResult {
  if (forced || NAMES_PLAT_API_VERSION.test(latin1Text(bytes.subarray(0, SNIFF_BYTES)))) {
    return fileLevelResult(filePath, d);
  }
  return { ...summarize({ filePath, diagnostics: [], suppressed: [], documentsChecked: 0, documentsSkipped: 0 }), notParsed: true };
}

/** A result holding one file-level finding (unreadable, binary, too large …). */
export function fileLevelResult(filePath: string, d: Diagnostic): LintResult {
  return summarize({
    filePath,
    diagnostics: [{ ...d, line: 1, column: 1, endLine: 1, endColumn: 1 }],
    suppressed: [],
    documentsChecked: 0,
    documentsSkipped: 0,
  });
}

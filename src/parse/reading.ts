// The reading of a text: `read(text, options) -> Reading`, the one way the rest of platlint learns what a text
// says (its documents and values, syntax problems, where each path of a document is, comments, lines). Behind
// it: the fast line reader (lines.ts, lines-locate.ts: the common case), the composer (compose.ts,
// compose-locate.ts: everything else, and the reference) and Go's JSON rules (json.ts). Which reader reads a
// text is chosen here; a caller that wants the reference reading passes `readComposed` where `read` goes.
import { isScalar } from 'yaml';
import { ambiguousScalars, lineCounterOf, parseText, tokenize, type LintDocument, type ParseResult } from './compose.js';
import { locate, valueNode, type Target } from './compose-locate.js';
import { isJsonText, readJson, type JsonReading } from './json.js';
import { LexDocument } from './lines-locate.js';
import { lexDocuments, lexText, type LexText, type Line, type LineCache } from './lines.js';
import type { ScalarLike } from './scalar-offsets.js';
import { identify, NAMES_PLAT_API_VERSION } from '../kinds/kinds.js';
import type { Comment, Diagnostic, Range } from '../finding.js';
import type { Path } from '../path.js';

export type { Target } from './compose-locate.js';
export { MAYBE_AMBIGUOUS } from './compose.js';
export type { LineCache } from './lines.js';

/** A text's line starts: 1-based line and column (UTF-16 units) of an offset. */
export interface Lines {
  readonly lineStarts: readonly number[];
  linePos(offset: number): { line: number; col: number };
}

/** The lines of a text, a line starting after every line feed. */
export function linesOf(text: string): Lines {
  return lineCounterOf(text);
}

/** The lines of no text (a text that is not read: their positions are never asked). */
export const NO_LINES: Lines = { lineStarts: [], linePos: () => ({ line: 0, col: 0 }) };

/** Where the paths of one document are in the text. */
export interface Locator {
  /**
   * The range a report at `path` underlines: the value, or the key that names it (`target`, and the rules of
   * src/parse/compose-locate.ts: a missing field at its nearest ancestor's key, a block collection or an empty
   * value at its key).
   */
  at(path: Path, target: Target): Range;
  /** The scalar at a path (for a finding inside a string, src/parse/scalar-offsets.ts); null when the path reaches none. */
  scalar(path: Path): ScalarLike | null;
}

/** A finding the reading makes about a document's values: a plain scalar YAML 1.1 and 1.2 read differently. */
export interface AmbiguousScalar {
  ruleId: string;
  message: string;
  path: Path;
  range: Range;
}

/** One document of a text. */
export interface ReadDocument {
  /** Its index among the text's documents (as the composer counts them). */
  index: number;
  /** Its value as the platform's decoder reads it (YAML 1.1 scalars); undefined when it could not be read. */
  value: unknown;
  /** It holds a syntax error: reported (a problem of the reading) and not checked further. */
  broken: boolean;
  /** Where its text starts (the composer's: its range's; the line reader's: its first line's). */
  start: number;
  locator: Locator;
  /** Its plain scalars that YAML 1.2 tools read otherwise than the platform (`isSecret`: their message shows no value). */
  ambiguous(isSecret: (path: Path) => boolean): AmbiguousScalar[];
}

/** What a text says. */
export interface Reading {
  text: string;
  /**
   * Which reader reads it: the fast line reader (it has read the text: its documents and values are there, its
   * locators compose the text only where its lines cannot tell), the composer (which composes the text when
   * it is first asked for anything but the text), or the engine's JSON parser (a valid JSON text whose one
   * document is not plat: see `foreignJson`).
   */
  reader: 'lines' | 'composer' | 'json';
  /** Its documents, in order (a document with no content is left out, or has the value null). */
  readonly documents: readonly ReadDocument[];
  /** Syntax problems, each with the index of its document (-1 for the text). */
  readonly problems: readonly Diagnostic[];
  /** The text's comments, in order, with their offsets (read when first asked). */
  readonly comments: readonly Comment[];
  /** The text's line starts (counted when first asked). */
  readonly lines: Lines;
}

export interface ReadOptions {
  /**
   * The text is a command's payload (`platlint patch`): read as YAML whatever it starts with, and go-yaml's
   * refusals apply to it whatever it names.
   */
  payload?: boolean;
  /**
   * The line reader's lines of the last text read with it: a text read again after a small change lexes only
   * its changed lines (the language server's). The reading is the same without it.
   */
  lineCache?: LineCache;
}

/** How a text is read: `read`, or `readComposed` (the reference). */
export type Reader = (text: string, options?: ReadOptions) => Reading;

/**
 * Reads a text: a valid JSON text whose document is not plat with the engine's JSON parser (`foreignJson`); the
 * plainest YAML with the fast line reader, whose locators compose the text (once) where its lines cannot tell;
 * everything else, and a text that starts with `{` and names a plat apiVersion (read as JSON by the platform),
 * with the composer.
 */
export function read(text: string, options: ReadOptions = {}): Reading {
  const foreign = options.payload ? undefined : foreignJson(text, options);
  if (foreign) return foreign;
  const json = jsonReading(text, options);
  if (json) return composedReading(text, options, json);
  const lexed = lexText(text, options.lineCache);
  if (lexed.values) {
    const split = lexDocuments(lexed.documents!);
    if (split) return linesReading(text, options, lexed, split);
    // the line reader's documents are not the composer's (a text of comments alone): it has nothing to place
    if (lexed.values.every((v) => v === null)) return linesReading(text, options, lexed, undefined);
  }
  return composedReading(text, options, undefined, lexed.tokens);
}

/** Reads a text with the composer only: the reference reading (the same answers as `read`, more slowly). */
export function readComposed(text: string, options: ReadOptions = {}): Reading {
  return composedReading(text, options, jsonReading(text, options));
}

/**
 * How deep a JSON value may nest to be read by `foreignJson`: far below where the composer stops (MAX_DEPTH in
 * src/parse/compose.ts, which reports such a text as not read); real files nest a few dozen levels at most.
 */
const FOREIGN_JSON_DEPTH = 100;

/**
 * The reading of a JSON text (it starts with `{` or `[`) whose one document is not plat, without composing it:
 * a vendored OpenAPI or JSON Schema document of megabytes that mentions plat groups, a package.json. Deciding
 * that a document is not plat must not cost a full YAML reading of it (issue 23: 1.5 s for 1.6 MB). The
 * engine's JSON parser reads such a text tens of times faster than the YAML composer, and its answers
 * are the composer's: a valid JSON text is one YAML document without a syntax problem, comment or anchor, with
 * the same value (keys and strings as written, the last of a repeated key kept: its `apiVersion` and `kind`,
 * and a `List`'s items, identify it alike), except for nesting the composer does not read (`FOREIGN_JSON_DEPTH`).
 * A text that is not one valid JSON value, nests deeper, or whose document identifies as plat (or a plat group
 * platlint does not check) is read as usual: undefined. (Its repeated keys are the composer's problems; a
 * document that is not plat gets no finding, so none are read here.)
 */
function foreignJson(text: string, options: ReadOptions): Reading | undefined {
  let i = 0;
  while (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r') i++;
  if (text[i] !== '{' && text[i] !== '[') return undefined;
  // a bare carriage return is JSON's whitespace but no line break to the composer, which reads the text otherwise
  if (/\r(?!\n)/.test(text)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (identify(value).status !== 'foreign' || nestsDeeper(value, FOREIGN_JSON_DEPTH)) return undefined;
  const composer = new LazyComposer(text, options, undefined, true);
  // the composer's document starts at the line of its first character
  return new ForeignJsonReading(text, new ForeignJsonDocument(value, text.lastIndexOf('\n', i - 1) + 1, () => composer.documentAt(0)));
}

/** Whether a JSON value nests more than `left` objects or arrays deep (recursion stops at `left`). */
function nestsDeeper(value: unknown, left: number): boolean {
  if (left === 0) return true;
  // (indexes and for-in: no array of values made per object, a tenth of the time on a 1.6 MB document)
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const x: unknown = value[i];
      if (x !== null && typeof x === 'object' && nestsDeeper(x, left - 1)) return true;
    }
  } else {
    const o = value as Record<string, unknown>;
    for (const k in o) {
      const x = o[k];
      if (x !== null && typeof x === 'object' && nestsDeeper(x, left - 1)) return true;
    }
  }
  return false;
}

/** What Go's JSON scanner makes of a text the platform reads as JSON (see `read`); undefined for YAML. */
function jsonReading(text: string, options: ReadOptions): JsonReading | undefined {
  return !options.payload && isJsonText(text) && NAMES_PLAT_API_VERSION.test(text) ? readJson(text) : undefined;
}

function compose(text: string, options: ReadOptions, json?: JsonReading, lexemes?: Iterable<string>): ParseResult {
  // a patch (a forced kind) is read by go-yaml whatever it names (platctl patch turns every payload into JSON
  // through the YAML reader): go-yaml's refusals apply to it even without a plat apiVersion
  return parseText(text, tokenize(text, lexemes), options.payload ? true : undefined, json);
}

/** The composer's reading: the text is composed when its documents, problems, comments or lines are first asked for. */
function composedReading(text: string, options: ReadOptions, json?: JsonReading, lexemes?: Iterable<string>): Reading {
  return new ComposedReading(text, options, json, lexemes);
}

class ComposedReading implements Reading {
  readonly reader = 'composer';
  #parsed: ParseResult | undefined;
  #documents: ReadDocument[] | undefined;
  constructor(
    readonly text: string,
    private readonly options: ReadOptions,
    private readonly json: JsonReading | undefined,
    private readonly lexemes: Iterable<string> | undefined,
  ) {}

  get documents(): readonly ReadDocument[] {
    return (this.#documents ??= this.#composed().documents.map((ld) => composedDocument(ld, this.text)));
  }

  get problems(): readonly Diagnostic[] {
    return this.#composed().diagnostics;
  }

  get comments(): readonly Comment[] {
    return this.#composed().comments;
  }

  get lines(): Lines {
    return this.#composed().lineCounter;
  }

  #composed(): ParseResult {
    return (this.#parsed ??= compose(this.text, this.options, this.json, this.lexemes));
  }
}

/** A composed document's locator (src/parse/compose-locate.ts). */
function composedLocator(ld: LintDocument): Locator {
  const fallback = { start: ld.range.start, end: ld.range.start };
  return {
    at: (path, target) => locate(ld.doc, path, target, fallback),
    scalar: (path) => {
      const node = valueNode(ld.doc, path);
      return isScalar(node) ? node : null;
    },
  };
}

function composedDocument(ld: LintDocument, text: string): ReadDocument {
  return {
    index: ld.index,
    value: ld.value,
    broken: ld.broken,
    start: ld.range.start,
    locator: composedLocator(ld),
    ambiguous: (isSecret) => {
      const out: AmbiguousScalar[] = [];
      ambiguousScalars(ld.doc, out, text, isSecret);
      return out;
    },
  };
}

/**
 * The line reader's reading. Its documents are the composer's (`split`, by index), or hold no value to place
 * (then `split` is undefined). It has no problems and no ambiguous scalar: the reader gives up on any text
 * where the composer would find one (src/parse/lines.ts, src/parse/plain-scalars.ts).
 */
function linesReading(text: string, options: ReadOptions, lexed: LexText, split: (() => Line[])[] | undefined): Reading {
  const composer = new LazyComposer(text, options, lexed.tokens);
  const documents: ReadDocument[] = [];
  lexed.values!.forEach((value, index) => {
    const lines = split?.[index];
    if (lines) documents.push(new LinesDocument(index, value, lines, composer));
  });
  return new LinesReading(text, documents, lexed);
}

// (classes, not object literals with getters: a reading is made for every file, and with object literals V8
// grew its young generation: measured on 1,000 files linted three times in one process, 142 MiB peak instead of
// 108 MiB, and 10% more time)

/** The line reader's reading: its comments and lines are made when first asked for. */
class LinesReading implements Reading {
  readonly reader = 'lines';
  readonly problems: readonly Diagnostic[] = [];
  #comments: readonly Comment[] | undefined;
  #lines: Lines | undefined;
  constructor(
    readonly text: string,
    readonly documents: readonly ReadDocument[],
    private readonly lexed: LexText,
  ) {}

  get comments(): readonly Comment[] {
    return (this.#comments ??= this.lexed.comments!());
  }

  get lines(): Lines {
    return (this.#lines ??= linesOf(this.text));
  }
}

/** The reading of a valid JSON text whose document is not plat (see `foreignJson`): no problem, no comment. */
class ForeignJsonReading implements Reading {
  readonly reader = 'json';
  readonly problems: readonly Diagnostic[] = [];
  readonly comments: readonly Comment[] = [];
  readonly documents: readonly ReadDocument[];
  #lines: Lines | undefined;
  constructor(
    readonly text: string,
    document: ReadDocument,
  ) {
    this.documents = [document];
  }

  get lines(): Lines {
    return (this.#lines ??= linesOf(this.text));
  }
}

/**
 * The one document of a JSON text that is not plat: its value from the JSON parser; where its paths are, and its
 * ambiguous scalars, from the composer if ever asked (lint asks neither of a document that is not plat).
 */
class ForeignJsonDocument implements ReadDocument {
  readonly index = 0;
  readonly broken = false;
  constructor(
    readonly value: unknown,
    readonly start: number,
    private readonly composed: () => ReadDocument,
  ) {}

  get locator(): Locator {
    return this.composed().locator;
  }

  ambiguous(isSecret: (path: Path) => boolean): AmbiguousScalar[] {
    return this.composed().ambiguous(isSecret);
  }
}

/** The composed documents of a text the line reader (or the JSON parser) read, composed when first asked for (from the same tokens). */
class LazyComposer {
  #parsed: ParseResult | undefined;
  constructor(
    private readonly text: string,
    private readonly options: ReadOptions,
    private readonly lexemes: string[] | undefined,
    /** The text is JSON: composed as `read` composes JSON (Go's JSON scanner's reading of a text naming a plat apiVersion). */
    private readonly json = false,
  ) {}

  /** The composed document at an index, for what the lines cannot tell (an empty item no key names). */
  locatorAt(index: number): Locator {
    return composedLocator(this.#document(index));
  }

  /** The composed document at an index, whole. */
  documentAt(index: number): ReadDocument {
    return composedDocument(this.#document(index), this.text);
  }

  #document(index: number): LintDocument {
    this.#parsed ??= compose(this.text, this.options, this.json ? jsonReading(this.text, this.options) : undefined, this.lexemes);
    const ld = this.#parsed.documents.find((d) => d.index === index);
    if (!ld) throw new Error(`the composer made no document ${index} of a text read without it`);
    return ld;
  }
}

/** A document the line reader read: placed from its lines (src/parse/lines-locate.ts), composed where they cannot tell. */
class LinesDocument implements ReadDocument, Locator {
  readonly broken = false;
  #doc: LexDocument | undefined;
  #composed: Locator | undefined;
  constructor(
    readonly index: number,
    readonly value: unknown,
    private readonly lines: () => Line[],
    private readonly composer: LazyComposer,
  ) {}

  get start(): number {
    return this.lines()[0]?.start ?? 0;
  }

  get locator(): Locator {
    return this;
  }

  at(path: Path, target: Target): Range {
    return this.#lex().locate(path, target) ?? (this.#composed ??= this.composer.locatorAt(this.index)).at(path, target);
  }

  scalar(path: Path): ScalarLike | null {
    return this.#lex().scalar(path);
  }

  ambiguous(): AmbiguousScalar[] {
    return [];
  }

  #lex(): LexDocument {
    return (this.#doc ??= new LexDocument(this.lines));
  }
}

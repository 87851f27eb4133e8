// Cursor -> data path. The answers are those of the text's composed documents (src/parse/compose-cursor.ts: the
// composer's YAML 1.1 reading, the whole depth of a document), which work on text that does not parse too: the composer still builds the nodes
// it could read, and nothing here throws. A text in the lexer reader's subset (src/parse/lines.ts: the plain
// block YAML most configuration files are) gets the same answers from its lexer tokens' lines
// (src/parse/lines-locate.ts) without the syntax tree or the composer, which cost hundreds of milliseconds on a
// 10,000-line document: hover and completion answer within a lexing of the text.
import { GiveUp } from '../parse/plain-scalars.js';
import { identify, type KindSpec } from '../kinds/kinds.js';
import { LexDocument, type CursorTarget, type LexSource } from '../parse/lines-locate.js';
import { LineCache, lexDocuments, lexText } from '../parse/lines.js';
import { composedDocumentAt, composedDocuments, composedTargetAt, composedTopString, type ComposedDocument } from '../parse/compose-cursor.js';

/** What sits under the cursor: the data path of the field (or list item), on its key or its value, and the source range of the key (or of the value, when there is no key). */
export type { CursorTarget } from '../parse/lines-locate.js';

export interface DocumentAt {
  doc: ComposedDocument;
  /** The document's kind, when its apiVersion and kind name one. */
  kind?: KindSpec;
  apiVersion?: string;
  kindName?: string;
}

/**
 * The last texts read and their documents: hover, completion and code actions on one version of a document read
 * it once (composing a 10,000-line document takes hundreds of milliseconds). Two entries, as for the lexed texts
 * below: a completion reads the version with a marker written in, which must not evict the version itself (the
 * next hover would compose it again: measured 230 ms on an idle server for 10,000 lines). Bounded.
 */
const composedCache: { text: string; docs: ComposedDocument[] }[] = [];

/** Every document of a text, as the composer makes them; never throws (an empty list when the text cannot be read at all). Read-only. */
export function parseDocuments(text: string): ComposedDocument[] {
  const hit = composedCache.find((e) => e.text === text);
  if (hit) return hit.docs;
  const docs = composedDocuments(text);
  composedCache.unshift({ text, docs });
  composedCache.length = Math.min(composedCache.length, 2);
  return docs;
}

/** The document that holds an offset (the last one that starts before it), with what it names. */
export function documentAt(docs: readonly ComposedDocument[], offset: number): DocumentAt | undefined {
  const found = composedDocumentAt(docs, offset);
  if (!found) return undefined;
  const apiVersion = composedTopString(found, 'apiVersion');
  const kindName = composedTopString(found, 'kind');
  const kind = kindOf(apiVersion, kindName);
  return { doc: found, ...(apiVersion !== undefined ? { apiVersion } : {}), ...(kindName !== undefined ? { kindName } : {}), ...(kind ? { kind } : {}) };
}

/** A text in the lexer reader's subset: its documents' lines, and where each document starts and ends. */
export interface LexedText {
  docs: LexDocument[];
  /** Where each document starts (its `---`; the first one at 0, as `documentAt` takes the first one before any). */
  starts: number[];
  /** Where each document ends: the next one's `---`, or the text's end. */
  ends: number[];
  text: string;
}

/**
 * The last texts lexed and their documents, or null when a text is not in the lexer reader's subset: hover
 * on a version and completion (which reads the version with a marker written in it) read each text once. Two
 * entries, so that neither evicts the other; bounded.
 */
const lexedCache: { text: string; lexed: LexedText | null }[] = [];

/** A text's documents from its lexer tokens, or undefined when the text is not in the lexer reader's subset. */
export function lexedText(text: string): LexedText | undefined {
  const hit = lexedCache.find((e) => e.text === text);
  if (hit) return hit.lexed ?? undefined;
  const lexed = lexedOf(text);
  lexedCache.unshift({ text, lexed: lexed ?? null });
  lexedCache.length = Math.min(lexedCache.length, 2);
  return lexed;
}

/**
 * The lines of the last text read here (src/parse/lines.ts LineCache): a hover right after a change lexes the
 * changed lines only, and a completion's marked text its marked line. It holds one text's lines.
 */
const lineCache = new LineCache();

function lexedOf(text: string): LexedText | undefined {
  const read = lexText(text, lineCache);
  if (!read.values || !read.documents) return undefined;
  const lines = lexDocuments(read.documents);
  const starts = lines && documentStarts(text, lines.length);
  if (!lines || !starts) return undefined;
  // the lines split now, so that the entry keeps them and not the text's tokens
  const docs = lines.map((split) => {
    const ls = split();
    return new LexDocument(() => ls);
  });
  return { docs, starts, ends: [...starts.slice(1), text.length], text };
}

/**
 * Where each of a text's `count` documents starts, as the composer counts them: the first at 0, each later one
 * at its `---`. In the lexer reader's subset a line that is `---` alone is a document marker, and every marker
 * starts a document except one before the first document's content (then there are as many markers as
 * documents). Undefined for any other count.
 */
function documentStarts(text: string, count: number): number[] | undefined {
  const markers: number[] = [];
  for (let i = text.indexOf('---'); i !== -1; i = text.indexOf('---', i + 3)) {
    if ((i === 0 || text[i - 1] === '\n') && (i + 3 === text.length || text[i + 3] === '\n')) markers.push(i);
  }
  if (markers.length === count) markers.shift();
  return markers.length === count - 1 ? [0, ...markers] : undefined;
}

/** The lexed document that holds an offset (as `documentAt`: the last one that starts by it), and its source. */
export function lexedDocumentAt(lexed: LexedText, offset: number): { doc: LexDocument; source: LexSource } {
  let k = 0;
  for (let i = 1; i < lexed.starts.length; i++) if (lexed.starts[i]! <= offset) k = i;
  return { doc: lexed.docs[k]!, source: { text: lexed.text, end: lexed.ends[k]! } };
}

/** The kind of a document and what sits under an offset of it (computed when asked). */
export interface Cursor {
  kind?: KindSpec;
  target(): CursorTarget | undefined;
}

/**
 * How hover and completion read a text's lines: `lexedText` (the default) gives the line reader's documents when
 * the text is in its subset; where it gives none, the composed documents answer. (The tests pass one that gives
 * none, and compare.)
 */
export type LineReading = (text: string) => LexedText | undefined;

/**
 * The document at an offset of a text, its kind and the field under the offset: from the lexer's lines when
 * the text is in the lexer reader's subset, else from the composed documents (the same answers).
 */
export function cursorAt(text: string, offset: number, lines: LineReading = lexedText): Cursor | undefined {
  const lexed = lines(text);
  if (lexed) {
    const { doc, source } = lexedDocumentAt(lexed, offset);
    try {
      const kind = kindOf(doc.topString('apiVersion'), doc.topString('kind'));
      const target = doc.targetAt(offset, source);
      return { ...(kind ? { kind } : {}), target: () => target };
    } catch (err) {
      if (!(err instanceof GiveUp)) throw err;
    }
  }
  const at = documentAt(parseDocuments(text), offset);
  if (!at) return undefined;
  return { ...(at.kind ? { kind: at.kind } : {}), target: () => composedTargetAt(at.doc, offset) };
}

function kindOf(apiVersion: string | undefined, kindName: string | undefined): KindSpec | undefined {
  const id = identify({ apiVersion, kind: kindName });
  return id.status === 'kind' ? id.kind : undefined;
}

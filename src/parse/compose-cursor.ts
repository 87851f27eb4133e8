// The editor's questions to a text's composed documents (src/lsp/cursor.ts, src/lsp/completion.ts): which
// document holds an offset, what it names at its top (apiVersion, kind), what sits under an offset, where a
// marked scalar stands. The documents are composed with the composer's YAML 1.1 options (src/parse/compose.ts),
// every one, empty ones too, and whole: unlike the lint's reading, which stops at MAX_DEPTH levels (a lint thread's
// stack), the editor answers inside a document nested thousands of levels deep (test/lsp.test.ts). The answers
// work on text that does not parse (the composer still builds the nodes it could read), and nothing here throws.
// The line reader answers the same questions from its lines (src/parse/lines-locate.ts).
import { isAlias, isMap, isPair, isScalar, isSeq, LineCounter, parseAllDocuments, type Document, type Node, type YAMLMap } from 'yaml';
import type { CursorTarget } from './lines-locate.js';
import type { Range } from '../finding.js';
import type { Path } from '../path.js';

/** A composed document, for the questions below. */
export type ComposedDocument = Document;

const OPTIONS = { version: '1.1', merge: true, uniqueKeys: false, prettyErrors: false, logLevel: 'silent', keepSourceTokens: false } as const;

/** Every document of a text, composed; never throws (none when the text cannot be read at all). */
export function composedDocuments(text: string): ComposedDocument[] {
  try {
    const read = parseAllDocuments(text, { ...OPTIONS, lineCounter: new LineCounter() });
    return Array.isArray(read) ? (read as Document[]) : [];
  } catch {
    return [];
  }
}

/** The document that holds an offset (the last one that starts before it; the first one before any). */
export function composedDocumentAt(docs: readonly ComposedDocument[], offset: number): ComposedDocument | undefined {
  let found: ComposedDocument | undefined;
  for (const d of docs) {
    const r = d.range;
    if (r && r[0] <= offset) found = d;
  }
  return found ?? docs[0];
}

/** The string value of a key of a document's top-level mapping (`apiVersion`, `kind`), when it is one. */
export function composedTopString(doc: ComposedDocument, key: string): string | undefined {
  const contents = doc.contents;
  if (!isMap(contents)) return undefined;
  const pair = contents.items.find((p) => isScalar(p.key) && p.key.value === key);
  return pair && isScalar(pair.value) && typeof pair.value.value === 'string' ? pair.value.value : undefined;
}

function rangeOf(node: unknown): Range | undefined {
  const r = (node as Node | null)?.range;
  return r ? { start: r[0], end: r[1] } : undefined;
}

/** Whether an offset is on a node: a scalar includes the position just after it (the cursor after a word). */
function inside(node: unknown, offset: number): boolean {
  const r = rangeOf(node);
  return !!r && offset >= r.start && (offset < r.end || (offset === r.end && isScalar(node)));
}

function keyName(key: unknown): string | undefined {
  if (isScalar(key)) return key.value === null ? '' : String(key.value);
  return undefined;
}

/** The field or list item under an offset: its path, whether on the key or the value, and the key's range. */
export function composedTargetAt(doc: ComposedDocument, offset: number): CursorTarget | undefined {
  let node: unknown = doc.contents;
  const path: (string | number)[] = [];
  let best: CursorTarget | undefined;
  for (let depth = 0; depth < 128 && node; depth++) {
    if (isAlias(node)) return best;
    if (isMap(node)) {
      let next: unknown;
      for (const pair of node.items) {
        const name = keyName(pair.key);
        if (name === undefined) continue;
        const kr = rangeOf(pair.key);
        if (kr && offset >= kr.start && offset <= kr.end) return { path: [...path, name], on: 'key', range: kr };
        const vr = rangeOf(pair.value);
        if (inside(pair.value, offset)) {
          path.push(name);
          best = { path: [...path], on: 'value', range: kr ?? vr! };
          next = pair.value;
          break;
        }
      }
      if (next === undefined) return best;
      node = next;
    } else if (isSeq(node)) {
      let next: unknown;
      node.items.forEach((item, i) => {
        if (next !== undefined) return;
        const v = isPair(item) ? item.value : item;
        const r = rangeOf(v);
        if (inside(v, offset)) {
          next = v;
          path.push(i);
          best = { path: [...path], on: 'value', range: r! };
        }
      });
      if (next === undefined) return best;
      node = next;
    } else return best;
  }
  return best;
}

/** Where the scalar holding a marker stands (see `composedMarkerPlace`). */
export interface MarkerPlace {
  /** A key of the mapping at `path`, or the value of the field at `path`, or a scalar list item at `path`. */
  at: 'key' | 'value' | 'item';
  path: Path;
  /** The other keys of the mapping (for `key`). */
  present: string[];
  /** The mapping is a list item holding only the marked key (`- le|`): the item may be a scalar too. */
  lone: boolean;
}

function markedKey(key: unknown): string | undefined {
  return isScalar(key) ? String(key.value) : undefined;
}

/**
 * The first scalar of a document whose value holds `marker` (completion writes one where the cursor is): a key
 * of a mapping, a field's value or a list item; an empty document, or one that is that scalar alone, counts as
 * a key of its top level. Undefined when no scalar holds it.
 */
export function composedMarkerPlace(doc: ComposedDocument, marker: string): MarkerPlace | undefined {
  const found = findMarker(doc.contents, marker, [], false);
  if (found) return found;
  if (doc.contents === null || (isScalar(doc.contents) && String(doc.contents.value).includes(marker))) return { at: 'key', path: [], present: [], lone: false };
  return undefined;
}

function findMarker(node: unknown, marker: string, path: (string | number)[], parentSeqItem: boolean): MarkerPlace | undefined {
  if (isMap(node)) {
    const map = node as YAMLMap;
    for (const pair of map.items) {
      const k = markedKey(pair.key);
      if (k === undefined) continue;
      if (k.includes(marker)) {
        const present = map.items.map((p) => markedKey(p.key)).filter((x): x is string => x !== undefined && !x.includes(marker));
        return { at: 'key', path, present, lone: parentSeqItem && map.items.length === 1 };
      }
      if (isScalar(pair.value) && String(pair.value.value).includes(marker)) return { at: 'value', path: [...path, k], present: [], lone: false };
      const inner = findMarker(pair.value, marker, [...path, k], false);
      if (inner) return inner;
    }
  } else if (isSeq(node)) {
    for (let i = 0; i < node.items.length; i++) {
      const item = node.items[i];
      const v = isPair(item) ? item.value : item;
      if (isScalar(v) && String(v.value).includes(marker)) return { at: 'item', path: [...path, i], present: [], lone: false };
      const inner = findMarker(v, marker, [...path, i], true);
      if (inner) return inner;
    }
  }
  return undefined;
}

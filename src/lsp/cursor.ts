// Cursor -> data path, with the `yaml` package's parser (the same YAML 1.1 reading as src/parse.ts). Works on
// text that does not parse: the composer still builds the nodes it could read, and nothing here throws.
import { isAlias, isMap, isPair, isScalar, isSeq, LineCounter, parseAllDocuments, type Document, type Node } from 'yaml';
import { identify, type KindSpec } from '../kinds.js';
import type { Path } from '../path.js';
import type { Range } from '../types.js';

/** What sits under the cursor. */
export interface CursorTarget {
  /** The data path of the field (or list item) under the cursor. */
  path: Path;
  /** On the field's key, or on its value. */
  on: 'key' | 'value';
  /** The source range of the key (or of the value, when there is no key). */
  range: Range;
}

export interface DocumentAt {
  doc: Document;
  /** The document's kind, when its apiVersion and kind name one. */
  kind?: KindSpec;
  apiVersion?: string;
  kindName?: string;
}

const OPTIONS = { version: '1.1', merge: true, uniqueKeys: false, prettyErrors: false, logLevel: 'silent', keepSourceTokens: false } as const;

function rangeOf(node: unknown): Range | undefined {
  const r = (node as Node | null)?.range;
  return r ? { start: r[0], end: r[1] } : undefined;
}

/** Whether an offset is on a node: a scalar includes the position just after it (the cursor after a word). */
function inside(node: unknown, offset: number): boolean {
  const r = rangeOf(node);
  return !!r && offset >= r.start && (offset < r.end || (offset === r.end && isScalar(node)));
}

/**
 * The last text read and its documents: hover, completion and code actions on one version of a document read
 * it once (composing a 10,000-line document takes hundreds of milliseconds). One entry, so it stays bounded.
 */
let last: { text: string; docs: Document[] } | undefined;

/** Every document of a text; never throws (an empty list when the text cannot be read at all). Read-only. */
export function parseDocuments(text: string): Document[] {
  if (last?.text === text) return last.docs;
  let docs: Document[];
  try {
    const read = parseAllDocuments(text, { ...OPTIONS, lineCounter: new LineCounter() });
    docs = Array.isArray(read) ? (read as Document[]) : [];
  } catch {
    docs = [];
  }
  last = { text, docs };
  return docs;
}

/** The document that holds an offset (the last one that starts before it). */
export function documentAt(docs: readonly Document[], offset: number): DocumentAt | undefined {
  let found: Document | undefined;
  for (const d of docs) {
    const r = d.range;
    if (r && r[0] <= offset) found = d;
  }
  found ??= docs[0];
  if (!found) return undefined;
  return { doc: found, ...identity(found) };
}

/** The apiVersion and kind written at the top of a document, and the kind they name. */
export function identity(doc: Document): Omit<DocumentAt, 'doc'> {
  const contents = doc.contents;
  if (!isMap(contents)) return {};
  const read = (key: string): string | undefined => {
    const pair = contents.items.find((p) => isScalar(p.key) && p.key.value === key);
    return pair && isScalar(pair.value) && typeof pair.value.value === 'string' ? pair.value.value : undefined;
  };
  const apiVersion = read('apiVersion');
  const kindName = read('kind');
  const id = identify({ apiVersion, kind: kindName });
  return { ...(apiVersion !== undefined ? { apiVersion } : {}), ...(kindName !== undefined ? { kindName } : {}), ...(id.status === 'kind' ? { kind: id.kind } : {}) };
}

function keyName(key: unknown): string | undefined {
  if (isScalar(key)) return key.value === null ? '' : String(key.value);
  return undefined;
}

/** The field or list item under an offset: its path, whether on the key or the value, and the key's range. */
export function targetAt(doc: Document, offset: number): CursorTarget | undefined {
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

// Completion: keys allowed at the cursor and not yet present, enum values at a value, apiVersion/kind pairs.
// Every item inserts one line: a text with a line break reaches Vim's complete() (Neovim's omnifunc) as a NUL
// byte. Only a client that announced snippet support gets a snippet of two lines (the apiVersion/kind pair);
// the others get the pair as `apiVersion: …` with `kind: …` added on the next line by `additionalTextEdits`
// (when a line follows: see kindLine).
// The place is found by writing a marker where the word under the cursor is (as a key `MARKER:` or as a
// value) and reading that text: the marker's node gives the enclosing mapping's path and its other keys. The
// marked text is read from its lexer tokens' lines when it is in the lexer reader's subset (src/parse/lines-locate.ts,
// the same answers as the composed documents, without composing), else composed.
import { CompletionItemKind, type CompletionItem, InsertTextFormat, type TextEdit } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { GiveUp } from '../parse/plain-scalars.js';
import { composedMarkerPlace } from '../parse/compose-cursor.js';
import { KINDS } from '../kinds/kinds.js';
import type { Path } from '../path.js';
import { documentAt, lexedDocumentAt, lexedText, parseDocuments, type LineReading } from './cursor.js';
import type { SchemaDocs, Sub } from '../files/schema-docs.js';

const MARKER = 'platlintCursor0';
const WORD = /[A-Za-z0-9_.\/-]/;

interface Place {
  /** A key of the mapping at `path`, or the value of the field at `path`, or a scalar list item at `path`. */
  at: 'key' | 'value' | 'item';
  path: Path;
  /** Keys already written in the mapping (for `key`). */
  present: string[];
  /** apiVersion and kind of the document. */
  apiVersion?: string;
  kindName?: string;
  /** The mapping is a list item holding only the marker (`- le|`): the item may be a scalar too. */
  lone: boolean;
}

/** The word under the cursor (letters, digits, `_ . / -`), as offsets. */
function wordAround(text: string, offset: number): { start: number; end: number } {
  let start = offset;
  while (start > 0 && WORD.test(text[start - 1]!)) start--;
  let end = offset;
  while (end < text.length && WORD.test(text[end]!)) end++;
  return { start, end };
}

/** Where the cursor is and what surrounds it, or undefined. */
function placeAt(text: string, offset: number, lines: LineReading): { place: Place; word: { start: number; end: number } } | undefined {
  const word = wordAround(text, offset);
  const lineStart = text.lastIndexOf('\n', word.start - 1) + 1;
  const before = text.slice(lineStart, word.start);
  // nothing to complete inside a comment
  if (/(?:^|\s)#/.test(before)) return undefined;
  // a value when a `key:` precedes the word on its line (flow collections included)
  const isValue = /:(?:\s|$)/.test(before.replace(/^\s*(?:-\s+)*/, ''));
  const after = text.slice(word.end);
  const replacement = isValue ? MARKER : after.startsWith(':') ? MARKER : `${MARKER}:`;
  const marked = text.slice(0, word.start) + replacement + after;
  const lexed = lexedPlace(marked, word.start, lines);
  if (lexed) return { place: lexed, word };
  const docs = parseDocuments(marked);
  const at = documentAt(docs, word.start);
  if (!at) return undefined;
  const found = composedMarkerPlace(at.doc, MARKER);
  if (!found) return undefined;
  return {
    place: { ...found, ...(at.apiVersion && !at.apiVersion.includes(MARKER) ? { apiVersion: at.apiVersion } : {}), ...(at.kindName && !at.kindName.includes(MARKER) ? { kindName: at.kindName } : {}) },
    word,
  };
}

/**
 * The marker's place read from the marked text's lexer lines (the marker written once, at `at`), as
 * `composedMarkerPlace` (src/parse/compose-cursor.ts) finds it in the composed document; undefined when the text is not in the lexer reader's subset
 * or the lines cannot tell (the composed document then answers).
 */
function lexedPlace(marked: string, at: number, lines: LineReading): Place | undefined {
  if (marked.indexOf(MARKER) !== at || marked.includes(MARKER, at + 1)) return undefined;
  const lexed = lines(marked);
  if (!lexed) return undefined;
  const { doc, source } = lexedDocumentAt(lexed, at);
  try {
    const found = doc.scalarPlace(at, source);
    if (!found) return undefined;
    const apiVersion = doc.topString('apiVersion');
    const kindName = doc.topString('kind');
    const place: Omit<Place, 'apiVersion' | 'kindName'> =
      found.at === 'key'
        ? { at: 'key', path: found.path, present: found.keys.filter((k) => !k.includes(MARKER)), lone: found.compactItem && found.keys.length === 1 }
        : { at: found.at, path: found.path, present: [], lone: false };
    return { ...place, ...(apiVersion && !apiVersion.includes(MARKER) ? { apiVersion } : {}), ...(kindName && !kindName.includes(MARKER) ? { kindName } : {}) };
  } catch (err) {
    if (err instanceof GiveUp) return undefined;
    throw err;
  }
}

function scalarText(v: unknown): string {
  if (typeof v === 'string') return /^[A-Za-z0-9_./-]+$/.test(v) && !/^(?:true|false|null|yes|no|on|off|y|n|~|[-+.]?[0-9].*)$/i.test(v) ? v : JSON.stringify(v);
  return JSON.stringify(v);
}

/** What the client can apply, from its capabilities (`textDocument.completion.completionItem`). */
export interface CompletionClient {
  /** The client announced `snippetSupport`: an item may be a snippet, of several lines. */
  snippets?: boolean;
}

/** How the text is read (src/lsp/cursor.ts): its lines (default `lexedText`), else its composed documents. */
export interface CompletionOptions {
  lines?: LineReading;
}

/** Whether an item's text (not its `additionalTextEdits`, which clients apply as edits) holds a line break. */
function breaksLines(item: CompletionItem): boolean {
  const inserted = item.textEdit && 'newText' in item.textEdit ? item.textEdit.newText : (item.insertText ?? item.label);
  return /[\r\n]/.test(inserted);
}

/** Text in a snippet stands for itself. */
const snippetText = (s: string) => s.replace(/[$}\\]/g, (c) => `\\${c}`);

export function completions(document: TextDocument, offset: number, schemas: SchemaDocs, client: CompletionClient = {}, options: CompletionOptions = {}): CompletionItem[] {
  // a snippet only for a client that takes them; a line break only in a snippet
  return itemsAt(document, offset, schemas, client, options.lines ?? lexedText).filter((item) => (item.insertTextFormat === InsertTextFormat.Snippet ? !!client.snippets : !breaksLines(item)));
}

function itemsAt(document: TextDocument, offset: number, schemas: SchemaDocs, client: CompletionClient, lines: LineReading): CompletionItem[] {
  const text = document.getText();
  const found = placeAt(text, offset, lines);
  if (!found) return [];
  const { place, word } = found;
  const range = { start: document.positionAt(word.start), end: document.positionAt(word.end) };
  // inside quotes (JSON, or a quoted YAML scalar): the bare text, the quotes are there already
  const quoted = /["']/.test(text[word.start - 1] ?? '');
  const kind = KINDS.find((k) => k.apiVersion === place.apiVersion && k.kind === place.kindName);
  const items: CompletionItem[] = [];
  const edit = (label: string, newText: string, itemKind: CompletionItemKind, detail?: string, documentation?: string, sort?: string): CompletionItem => ({
    label,
    kind: itemKind,
    textEdit: { range, newText },
    insertTextFormat: InsertTextFormat.PlainText,
    ...(detail ? { detail } : {}),
    ...(documentation ? { documentation: { kind: 'markdown', value: documentation } } : {}),
    ...(sort ? { sortText: sort } : {}),
  });

  // apiVersion and kind of the document itself
  if (place.path.length === 1 && place.at === 'value' && (place.path[0] === 'apiVersion' || place.path[0] === 'kind')) {
    if (place.path[0] === 'apiVersion') {
      const versions = [...new Set(KINDS.filter((k) => !place.kindName || k.kind === place.kindName).map((k) => k.apiVersion))];
      for (const v of versions.length > 0 ? versions : [...new Set(KINDS.map((k) => k.apiVersion))]) items.push(edit(v, v, CompletionItemKind.Module));
    } else {
      const kinds = KINDS.filter((k) => !place.apiVersion || k.apiVersion === place.apiVersion);
      for (const k of [...new Set((kinds.length > 0 ? kinds : KINDS).map((k) => k.kind))]) items.push(edit(k, k, CompletionItemKind.Class));
    }
    return items;
  }

  if (place.at === 'key' && place.path.length === 0 && !kind) {
    // a document without a known kind: offer the apiVersion/kind pairs
    // only where a block key starts its line (`kind` goes on the next line, as far in)
    const lineStart = text.lastIndexOf('\n', word.start - 1) + 1;
    const indent = text.slice(lineStart, word.start);
    if (!place.present.includes('apiVersion') && !place.present.includes('kind') && !quoted && /^[ \t]*$/.test(indent)) {
      const kindEdit = kindLine(document, word.end, indent);
      KINDS.forEach((k, i) => {
        const item = edit(`${k.apiVersion} ${k.kind}`, `apiVersion: ${k.apiVersion}`, CompletionItemKind.Class, 'apiVersion and kind', undefined, `1${String(i).padStart(3, '0')}`);
        if (client.snippets) {
          // the client indents a snippet's later lines as the first one
          items.push({ ...item, textEdit: { range, newText: `apiVersion: ${snippetText(k.apiVersion)}\nkind: ${snippetText(k.kind)}$0` }, insertTextFormat: InsertTextFormat.Snippet });
        } else {
          items.push(kindEdit ? { ...item, additionalTextEdits: [kindEdit(k.kind)] } : item);
        }
      });
    }
    for (const key of ['apiVersion', 'kind']) if (!place.present.includes(key)) items.push(edit(key, `${key}: `, CompletionItemKind.Property, undefined, undefined, `0${key}`));
    return items;
  }
  if (!kind) return items;

  const root = schemas.root(kind.schema);
  if (place.at === 'key') {
    const subs = schemas.at(root, place.path);
    keyItems(subs, place.present, schemas, edit, items, quoted);
    if (place.lone) valueItems(subs, schemas, edit, items, quoted); // `- Met|`: a scalar item of the list
    return items;
  }
  const subs = schemas.at(root, place.path);
  valueItems(subs, schemas, edit, items, quoted);
  if (place.at === 'item' && schemas.shape(subs) === 'object') keyItems(subs, [], schemas, edit, items, quoted);
  return items;
}

/**
 * The edit that adds `kind: <kind>` on the line after the one being completed: at the start of the next line,
 * so that it touches neither the completed word nor the line's end (the text's line break, `\r\n` included, is
 * kept). None when no line follows: the only place left is on the completed word's line, after it, where LSP
 * forbids an edit that touches the main one, and a client that applies additional edits after the main one, at
 * the positions it sent (eglot 1.9), puts it where the main edit moved the text: `kind: …` landed inside the
 * `apiVersion:` line. The pair then inserts the `apiVersion:` line only, and completing `kind` comes next.
 */
function kindLine(document: TextDocument, wordEnd: number, indent: string): ((kind: string) => TextEdit) | undefined {
  const text = document.getText();
  const next = text.indexOf('\n', wordEnd);
  if (next < 0) return undefined;
  const at = document.positionAt(next + 1);
  const eol = text[next - 1] === '\r' ? '\r\n' : '\n';
  return (kind) => ({ range: { start: at, end: at }, newText: `${indent}kind: ${kind}${eol}` });
}

type Edit = (label: string, newText: string, kind: CompletionItemKind, detail?: string, documentation?: string, sort?: string) => CompletionItem;

function keyItems(subs: Sub[], present: readonly string[], schemas: SchemaDocs, edit: Edit, items: CompletionItem[], quoted: boolean): void {
  const { names, required } = schemas.properties(subs);
  names.forEach((name, i) => {
    if (present.includes(name)) return;
    const child = schemas.child(subs, name);
    const shape = schemas.shape(child);
    const description = child.map((s) => s.node.description).find((d): d is string => typeof d === 'string');
    const type = schemas.typeText(child);
    const detail = [type, required.has(name) ? 'required' : undefined].filter(Boolean).join(' · ');
    const newText = quoted ? name : shape === 'object' || shape === 'array' ? `${name}:` : `${name}: `;
    items.push(edit(name, newText, CompletionItemKind.Property, detail || undefined, description, `${required.has(name) ? 0 : 1}${String(i).padStart(3, '0')}`));
  });
}

function valueItems(subs: Sub[], schemas: SchemaDocs, edit: Edit, items: CompletionItem[], quoted: boolean): void {
  schemas.values(subs).forEach((v, i) => {
    const label = typeof v === 'string' ? v : JSON.stringify(v);
    items.push(edit(label, quoted && typeof v === 'string' ? v : scalarText(v), CompletionItemKind.EnumMember, undefined, undefined, `0${String(i).padStart(3, '0')}`));
  });
}

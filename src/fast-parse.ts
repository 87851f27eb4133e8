import { CST, Schema, isScalar } from 'yaml';
import { MAYBE_AMBIGUOUS, NOT_PRINTABLE, unknownEscape } from './parse.js';
import type { ScalarLike } from './services/scalar-offsets.js';

/**
 * A fast reading of the plain YAML most configuration files are made of, straight from the `yaml` package's
 * concrete syntax tree (its lexer and parser), without composing document nodes.
 *
 * Profiling showed composition (node objects, then `toJS`) to be about 40% of a full parse. Composition is
 * also where the `yaml` package finds most syntax errors, so this reader accepts only constructs whose every
 * check it repeats here (block mappings and sequences with one-line scalar keys, flow sequences of scalars,
 * flow mappings of one-line scalars, plain, quoted and block scalars, comments) and gives up on anything
 * else: tabs, carriage returns, anchors, aliases, tags, explicit keys, directives, duplicate keys, any error.
 * Giving up costs nothing but time: the caller then parses the file fully. `test/fast-parse.test.ts` compares
 * the two readings on every fixture and on thousands of mutated files.
 *
 * The findings of a document read here are placed on its syntax tree (`cstLocate`, `cstScalar`) by the rules
 * the composed document follows (src/source-map.ts); `test/placement.test.ts` compares the two on every path
 * of every fixture and of generated files.
 */

export class GiveUp extends Error {}
// one instance, made once: giving up is control flow, and a new Error per throw would capture a stack
// trace each time (measured: ~40 µs per file that gives up)
const GIVE_UP = new GiveUp('the fast reader does not read this text');
const giveUp = (): never => {
  throw GIVE_UP;
};

type Token = CST.Token;
type SourceToken = CST.SourceToken;

/** Scalar tags of the YAML 1.1 schema that resolve plain scalars, in the order the composer tries them. */
const PLAIN_TAGS = new Schema({ schema: 'yaml-1.1' }).tags.filter((t) => t.default === true && 'test' in t && t.test);
const RESOLVE_OPTIONS = { intAsBigInt: false } as never;

/** The value of a plain scalar as the platform reads it (YAML 1.1; timestamps and 1:30 stay strings). */
/** First characters of every YAML 1.1 plain scalar that is not a string (numbers, null, booleans, `<<`). */
// `e` and `E`: the yaml package's YAML 1.1 float pattern also reads `e-2` (as NaN); the full parse does, so these must too
const MAYBE_NOT_STRING = new Set([...'-+.0123456789~nNyYtTfFoO<eE']);

export function resolvePlain(source: string): unknown {
  if (source !== '' && !MAYBE_NOT_STRING.has(source[0]!)) return source;
  // A value YAML 1.2 tools may read differently gets a warning, which needs the full parse's positions.
  if (MAYBE_AMBIGUOUS.test(source)) giveUp();
  for (const tag of PLAIN_TAGS) {
    if (!('test' in tag) || !tag.test!.test(source)) continue;
    if (tag.tag === 'tag:yaml.org,2002:timestamp' || tag.format === 'TIME') return source;
    if (tag.tag === 'tag:yaml.org,2002:merge') giveUp();
    const r = (tag.resolve as (s: string, onError: (m: string) => void, o: never) => unknown)(source, giveUp, RESOLVE_OPTIONS);
    const v = isScalar(r) ? r.value : r; // booleans and null come wrapped, to keep their source form
    return typeof v === 'object' && v !== null ? giveUp() : v;
  }
  return source;
}

/** First characters a plain scalar may not start with (the composer reports them). */
export const BAD_PLAIN_START = new Set([...'\t,%|>@`']);

function scalarValue(token: Token): unknown {
  // The common case, a one-line plain scalar with nothing but white space after it, is its own source text.
  if (
    token.type === 'scalar' &&
    !token.source.includes('\n') &&
    !BAD_PLAIN_START.has(token.source[0] ?? '') &&
    (token.end ?? []).every((t) => t.type === 'newline' || t.type === 'space')
  ) {
    return resolvePlain(token.source);
  }
  // an escape YAML 1.1 lacks (`\/`) is refused by the platform's decoder: the full parse reports it
  if (token.type === 'double-quoted-scalar' && unknownEscape(token.source) !== -1) giveUp();
  const r = CST.resolveAsScalar(token as CST.FlowScalar | CST.BlockScalar, true, giveUp);
  if (!r) return giveUp();
  return r.type === 'PLAIN' ? resolvePlain(r.value) : r.value;
}

/**
 * Repeats the composer's checks of the tokens before a key, item or value (`resolveProps`) for the token
 * kinds accepted here: spaces (never tabs: the caller gives up on them), newlines, comments and one indicator.
 * Returns whether the indicator was found (`FOUND`) and whether a newline was seen (`NEWLINE`), as bits.
 */
function props(tokens: readonly SourceToken[], indicator: string | null, startOnNewline: boolean): number {
  let hasSpace = startOnNewline;
  let found = false;
  let newline = false;
  for (const t of tokens) {
    switch (t.type) {
      case 'space':
        hasSpace = true;
        break;
      case 'newline':
        hasSpace = true;
        newline = true;
        break;
      case 'comment':
        if (!hasSpace) giveUp();
        break;
      default:
        if (t.type !== indicator || found) giveUp();
        found = true;
        hasSpace = false;
    }
  }
  return (found ? FOUND : 0) | (newline ? NEWLINE : 0);
}

/** Bits of what `props` saw (a number, not an object: it runs for every key and item of every file). */
const FOUND = 1;
const NEWLINE = 2;

/** The composer's check for implicit keys: a one-line flow scalar (a newline in its trailing tokens counts). */
function containsNewline(key: Token): boolean {
  if (key.type !== 'scalar' && key.type !== 'single-quoted-scalar' && key.type !== 'double-quoted-scalar') return true;
  return key.source.includes('\n') || (key.end ?? []).some((t) => t.type === 'newline');
}

/** The composer's `resolveEnd` for the tokens after a collection or document: only spaces, newlines, comments. */
function endTokens(tokens: readonly SourceToken[], reqSpace: boolean): void {
  let hasSpace = false;
  for (const t of tokens) {
    if (t.type === 'space' || t.type === 'newline') hasSpace = true;
    else if (t.type !== 'comment' || (reqSpace && !hasSpace)) giveUp();
  }
}

/** Deepest nesting read here (one stack frame a level); deeper documents are left to the full parse. */
export const FAST_MAX_DEPTH = 200;

/**
 * The composer's limit on implicit keys (and go-yaml's, whose scanner gives up on a simple key 1,024
 * characters long): the `:` must start at most 1,024 characters after the key's start.
 */
export const MAX_IMPLICIT_KEY = 1024;

function node(token: Token | undefined | null, depth: number): unknown {
  if (!token) return null;
  if (depth > FAST_MAX_DEPTH) giveUp();
  switch (token.type) {
    case 'scalar':
    case 'single-quoted-scalar':
    case 'double-quoted-scalar':
    case 'block-scalar':
      return scalarValue(token);
    case 'block-map':
      return blockMap(token, depth);
    case 'block-seq':
      return blockSeq(token, depth);
    case 'flow-collection':
      return flowCollection(token);
    default:
      return giveUp();
  }
}

/** The offset of the `:` in a key's separator tokens, or -1. */
function colonOffset(sep: readonly SourceToken[]): number {
  for (const t of sep) if (t.type === 'map-value-ind') return t.offset;
  return -1;
}

function blockMap(bm: CST.BlockMap, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const item of bm.items) {
    const { start, key, sep, value } = item as CST.BlockMap['items'][number] & { key?: Token; sep?: SourceToken[]; value?: Token };
    if (!key || !sep) giveUp();
    if (props(start, null, true) & FOUND) giveUp();
    if (!('indent' in key!) || (key as { indent: number }).indent !== bm.indent || containsNewline(key!)) giveUp();
    if (colonOffset(sep!) - (key as CST.FlowScalar).offset > MAX_IMPLICIT_KEY - 24) giveUp();
    const k = scalarValue(key!);
    // a null key (`~:`, `null:`) is refused by the platform's decoder: the full parse reports it
    if (k === null) giveUp();
    const name = String(k);
    if (name === '<<' || name === '__proto__' || Object.prototype.hasOwnProperty.call(out, name)) giveUp();
    const v = props(sep!, 'map-value-ind', key!.type === 'block-scalar');
    if (!(v & FOUND)) giveUp();
    if (value?.type === 'block-map' && !(v & NEWLINE)) giveUp();
    out[name] = node(value, depth + 1);
  }
  return out;
}

function blockSeq(bs: CST.BlockSequence, depth: number): unknown[] {
  return bs.items.map(({ start, value }) => {
    if (!(props(start, 'seq-item-ind', true) & FOUND)) giveUp();
    return node(value, depth + 1);
  });
}

const isFlowScalar = (t: Token | undefined | null): t is CST.FlowScalar =>
  t !== undefined && t !== null && (t.type === 'scalar' || t.type === 'single-quoted-scalar' || t.type === 'double-quoted-scalar');

/** A one-line flow scalar inside a flow collection, with nothing but spaces after it. */
function flowItemScalar(t: Token | undefined | null): unknown {
  // (a plain scalar starting with `:` is refused by the platform's decoder in a flow collection)
  if (!isFlowScalar(t) || /[\n\r]/.test(t.source) || (t.type === 'scalar' && t.source.startsWith(':'))) giveUp();
  if ((t as CST.FlowScalar).end?.some((x) => x.type !== 'space')) giveUp();
  return scalarValue(t!);
}

/**
 * `[a, "b", 3]` and `{k: v, k2: "v2"}` (or `{}`): flow collections of one-line scalars, items separated by
 * commas, on any number of lines. Nesting, comments, empty items and keys without values give up.
 */
function flowCollection(fc: CST.FlowCollection): unknown {
  const isMap = fc.start.type === 'flow-map-start';
  const end = fc.end;
  if (end.length === 0 || end[0]!.type !== (isMap ? 'flow-map-end' : 'flow-seq-end')) giveUp();
  endTokens(end.slice(1), true);
  const seq: unknown[] = [];
  const map: Record<string, unknown> = {};
  fc.items.forEach((item, i) => {
    const it = item as { start: SourceToken[]; key?: Token; sep?: SourceToken[]; value?: Token };
    let commas = 0;
    for (const t of it.start) {
      if (t.type === 'comma') commas++;
      else if (t.type !== 'space' && t.type !== 'newline') giveUp();
    }
    if (commas !== (i === 0 ? 0 : 1)) giveUp();
    if (!isMap) {
      if (it.key || it.sep) giveUp();
      seq.push(flowItemScalar(it.value));
      return;
    }
    if (!it.sep) giveUp();
    let colon = 0;
    for (const t of it.sep!) {
      if (t.type === 'map-value-ind') colon++;
      else if (t.type !== 'space' && (t.type !== 'newline' || colon === 0)) giveUp();
    }
    if (colon !== 1) giveUp();
    // an empty key (`{: v}`) or a null one is refused by the platform's decoder: the full parse reports it
    if (!it.key || colonOffset(it.sep!) - (it.key as CST.FlowScalar).offset > MAX_IMPLICIT_KEY - 24) giveUp();
    const k = flowItemScalar(it.key);
    if (k === null) giveUp();
    const name = String(k);
    if (name === '<<' || name === '__proto__' || Object.prototype.hasOwnProperty.call(map, name)) giveUp();
    map[name] = it.value ? flowItemScalar(it.value) : null;
  });
  return isMap ? map : seq;
}

/**
 * The values of every document of a text, from its tokens, or undefined when the text uses anything this
 * reader does not check (the caller then composes the same tokens fully).
 */
export function fastValues(text: string, tokens: readonly CST.Token[]): unknown[] | undefined {
  if (text.includes('\t') || text.includes('\r') || NOT_PRINTABLE.test(text)) return undefined;
  const values: unknown[] = [];
  try {
    for (const token of tokens) {
      switch (token.type) {
        case 'document': {
          const p = props(token.start, 'doc-start', true);
          if (p & FOUND && (token.value?.type === 'block-map' || token.value?.type === 'block-seq') && !(p & NEWLINE)) giveUp();
          endTokens(token.end ?? [], false);
          values.push(node(token.value, 0));
          break;
        }
        case 'comment':
        case 'newline':
        case 'space':
          break;
        default:
          giveUp();
      }
    }
  } catch (err) {
    if (err instanceof GiveUp) return undefined;
    throw err;
  }
  return values;
}

/** Thrown by `cstLocate` where only the composed document gives the exact range (an empty item no key names). */
export class NeedsComposition extends Error {}
const NEEDS_COMPOSITION = new NeedsComposition('only the composed document places this');
export const needsComposition = (): never => {
  throw NEEDS_COMPOSITION;
};

type Range = { start: number; end: number };
const tokenRange = (t: { offset: number; source: string }): Range => ({ start: t.offset, end: t.offset + t.source.length });

/** Whether the composer reads a plain scalar (its folded value) as a string: no YAML 1.1 tag's pattern matches it. */
export function plainIsString(value: string): boolean {
  if (value !== '' && !MAYBE_NOT_STRING.has(value[0]!)) return true;
  return !PLAIN_TAGS.some((t) => 'test' in t && t.test!.test(value));
}

/** The range of a key or value written as a one-line flow scalar, as the composer gives it. */
function scalarRange(t: Token | undefined): Range | undefined {
  return isFlowScalarToken(t) ? tokenRange(t as CST.FlowScalar) : undefined;
}

function isFlowScalarToken(t: Token | undefined): boolean {
  return t !== undefined && (t.type === 'scalar' || t.type === 'single-quoted-scalar' || t.type === 'double-quoted-scalar');
}

function keyName(t: Token | undefined): string | undefined {
  if (!isFlowScalarToken(t)) return undefined;
  const k = scalarValue(t!);
  return k === null ? '' : String(k);
}

/**
 * A scalar token resolved as the composer resolves it (its value before tags, style and range [start,
 * valueEnd, nodeEnd]); for a block scalar, the range runs over its header and every line of its content.
 */
function resolved(t: Token): { value: string; type: string | null; range: [number, number, number] } | undefined {
  if (!isFlowScalarToken(t) && t.type !== 'block-scalar') return undefined;
  return CST.resolveAsScalar(t as CST.FlowScalar | CST.BlockScalar, true, needsComposition) ?? undefined;
}

/**
 * The range the composer gives a value written as a scalar or a flow collection: a flow collection runs from
 * its opening to its closing bracket (the fast reader checked that it has one).
 */
function ownRange(t: Token): Range | undefined {
  if (t.type === 'flow-collection') {
    const close = t.end[0];
    return close ? { start: t.offset, end: close.offset + close.source.length } : undefined;
  }
  const r = resolved(t);
  return r ? { start: r.range[0], end: r.range[1] } : undefined;
}

/**
 * What stands for a value when no key names it (`headOf` in src/source-map.ts): a mapping's first key (block
 * or flow), a block sequence's first item's head, any other value's own range.
 */
function head(t: Token | undefined): Range | undefined {
  if (!t) return undefined;
  if (t.type === 'block-map' || (t.type === 'flow-collection' && t.start.type === 'flow-map-start' && t.items.length > 0)) {
    return t.items.length > 0 ? scalarRange((t.items[0] as { key?: Token }).key) : undefined;
  }
  if (t.type === 'block-seq') return t.items.length > 0 ? head(t.items[0]!.value) : undefined;
  // an empty scalar (`- ` with nothing after it) sits where the composer puts it: not known here
  if (t.type === 'scalar' && t.source === '') return undefined;
  return ownRange(t);
}

interface Reached {
  node: Token | undefined;
  key: Range | undefined;
  found: boolean;
}

/** Walks a path through a document's syntax tree as `walk` in src/source-map.ts walks its nodes. */
function reach(doc: CST.Document, path: readonly (string | number)[]): Reached {
  let node: Token | undefined = doc.value;
  let key: Range | undefined;
  for (const seg of path) {
    if (node?.type === 'block-map' || (node?.type === 'flow-collection' && node.start.type === 'flow-map-start')) {
      const item = (node.items as { key?: Token; value?: Token }[]).find((it) => keyName(it.key) === String(seg));
      if (!item) return { node, key, found: false };
      key = scalarRange(item.key);
      node = item.value;
    } else if ((node?.type === 'block-seq' || node?.type === 'flow-collection') && typeof seg === 'number' && node.items[seg] !== undefined) {
      key = undefined;
      node = node.items[seg]!.value;
    } else return { node, key, found: false };
  }
  return { node, key, found: true };
}

/**
 * Maps a data path to the range a report underlines, from the syntax tree of a document the fast reader
 * accepted, by the same rules as `locate` in src/source-map.ts (a missing field falls back to its nearest
 * ancestor's key; a block collection or an empty value is reported at its key). Throws NeedsComposition where
 * the composed nodes are needed for an exact range.
 */
export function cstLocate(doc: CST.Document, path: readonly (string | number)[], target: 'key' | 'value'): Range {
  const { node, key, found } = reach(doc, path);
  const empty = !node || (node.type === 'scalar' && node.source === '');
  const block = node?.type === 'block-map' || node?.type === 'block-seq';
  if (target === 'value' && found && !empty && !block) return ownRange(node!) ?? needsComposition();
  return key ?? head(node) ?? needsComposition();
}

/**
 * The scalar at `path` as the composer would give it to `scalarOffsets` (src/services/scalar-offsets.ts):
 * its value (a string only where the composer's is one), style and range; null when the path reaches no
 * scalar (a finding inside a string is then placed on the whole value, as the composed document does).
 */
export function cstScalar(doc: CST.Document, path: readonly (string | number)[]): ScalarLike | null {
  const { node, found } = reach(doc, path);
  if (!found || !node) return null;
  const r = resolved(node);
  if (!r) return null;
  // a plain scalar is a string for the composer unless a YAML 1.1 tag reads it (a number, a timestamp …)
  const value = r.type === 'PLAIN' && !plainIsString(r.value) ? null : r.value;
  return { value, type: r.type, range: r.range };
}

// parse/: text in, what it says out: documents, values, syntax problems, comments and positions, read by the platform's
// rules. This file is the composer (the reference reader, also the editor's); lines.ts is the fast line reader for the
// plainest YAML (lines-locate.ts places its findings), json.ts reads JSON by Go's rules.
import {
  Composer,
  CST,
  Lexer,
  Parser,
  parse as parseYaml,
  isAlias,
  isScalar,
  isSeq,
  isMap,
  isPair,
  visit,
  LineCounter,
  Scalar,
  type Document,
  type Node,
  type ParseOptions,
  type DocumentOptions,
  type SchemaOptions,
  type YAMLError,
  type Pair,
} from 'yaml';
import type { Comment, Diagnostic, Range } from '../finding.js';
import { NAMES_PLAT_API_VERSION } from '../kinds/kinds.js';
import type { JsonReading } from './json.js';


/** One YAML document of a file, composed once, with its JavaScript value. */
export interface LintDocument {
  index: number;
  doc: Document.Parsed;
  /** The value as the platform's decoder reads it (YAML 1.1 scalars); undefined when the document could not be read. */
  value: unknown;
  /** Range of the document's content. */
  range: Range;
  /** The document holds a syntax error; it is reported and not checked further. */
  broken: boolean;
}

export interface ParseResult {
  documents: LintDocument[];
  diagnostics: Diagnostic[];
  lineCounter: LineCounter;
  /** The comments of the text, in order (see `Tokens`). */
  comments: Comment[];
}

/**
 * The platform decodes YAML with a YAML 1.1 library (go-yaml v2 through its YAML-to-JSON converter): `yes`,
 * `no`, `on`, `off`, `y` and `n` are booleans and `010` is octal. That library keeps timestamps and
 * sexagesimal numbers (`1:30`) as strings: `readValue` reads those back from their source text (cheaper than
 * a custom tag list, which makes the `yaml` package build a new schema for every document).
 */
const PARSE_OPTIONS: ParseOptions & DocumentOptions & SchemaOptions & { logLevel: 'error' } = {
  // The `yaml` package would print its warnings (a collection used as a key …) to standard error.
  logLevel: 'error',
  version: '1.1',
  merge: true,
  uniqueKeys: true,
  prettyErrors: false,
  strict: true,
};

/**
 * A finding that makes the platform's decoder (go-yaml v2 through sigs.k8s.io/yaml) refuse a document, found
 * while reading its value; thrown inside `readValue` and turned into one diagnostic.
 */
class Refusal {
  constructor(
    readonly ruleId: 'yaml/syntax' | 'yaml/alias-limit',
    readonly message: string,
    readonly range: readonly number[] | undefined,
  ) {}
}

/**
 * Deepest nesting read: the `yaml` package composes documents recursively and runs out of stack somewhere past
 * 900 levels (less in a worker thread), at a place that depends on the stack left; a document deeper than
 * this is reported at a fixed place instead, and not composed. (go-yaml accepts up to 10,000 levels.)
 */
export const MAX_DEPTH = 500;

/**
 * The offset of the first node nested deeper than MAX_DEPTH in a document's syntax tree, or -1 (a walk
 * with its own stack: the tree may be deeper than the call stack allows).
 */
function tooDeep(doc: CST.Document): number {
  const stack: [CST.Token | undefined, number][] = [[doc.value, 0]];
  while (stack.length > 0) {
    const [t, depth] = stack.pop()!;
    if (!t || (t.type !== 'block-map' && t.type !== 'block-seq' && t.type !== 'flow-collection')) continue;
    if (depth >= MAX_DEPTH) return t.offset;
    for (const item of t.items as { key?: CST.Token | null; value?: CST.Token }[]) {
      if (item.key) stack.push([item.key, depth + 1]);
      if (item.value) stack.push([item.value, depth + 1]);
    }
  }
  return -1;
}

/** Past MAX_DEPTH levels; a text far deeper is not read past that point. */
const TOO_DEEP = 'the document nests too deeply to be read';

/**
 * go-yaml v2's alias-bomb rule (decode.go): once more than 100 of the nodes decoded came through aliases and
 * more than 1,000 were decoded, the share decoded through aliases may be at most 99% (up to 400,000 nodes),
 * falling to 10% at 4,000,000 nodes.
 */
function excessiveAliasing(decoded: number, throughAliases: number): boolean {
  if (throughAliases <= 100 || decoded <= 1000) return false;
  const allowed = decoded <= 400_000 ? 0.99 : decoded >= 4_000_000 ? 0.1 : 0.99 - (0.89 * (decoded - 400_000)) / 3_600_000;
  return throughAliases / decoded > allowed;
}

/** A mapping key written `<<` (plain) or tagged `!!merge`: the `yaml` package gives it a symbol as its value. */
const isMergeKey = (key: unknown): boolean => isScalar(key) && typeof key.value === 'symbol';

/**
 * Reads a composed document's value the way the platform's decoder does, in one walk in document order
 * (linear in the size of the document, however many aliases it has):
 * - scalars as YAML 1.1 reads them, but timestamps, sexagesimal numbers (`1:30`) and `!!binary` kept as
 *   their text (go-yaml v2 keeps timestamps as strings);
 * - an alias is the value of the last node before it with that anchor (one shared value, never copied);
 *   an alias inside the collection it names is refused ("anchor value contains itself"), and so is a
 *   document whose aliases expand beyond go-yaml's limit ("excessive aliasing");
 * - merge keys as go-yaml v2 applies them: in order, each merged key overwriting what came before it (a
 *   later key overwrites it in turn); of a list of merged mappings, the earlier wins; a merge whose value is
 *   not a mapping, an alias of one, or a list of those is refused;
 * - keys: a mapping or list as a key is refused ("invalid map key"), and so is a null or empty key
 *   (sigs.k8s.io/yaml cannot turn it into a JSON field name); booleans and numbers become their text.
 * Throws Refusal for what the platform refuses. Not `strict` (a text naming no plat apiVersion, see `parseText`),
 * keys and merges the platform refuses are read as the `yaml` package reads them (a null key as "", a
 * collection key as its text), and a refused merge is left out.
 */
function readValue(doc: Document.Parsed, strict: boolean): unknown {
  const anchors = new Map<string, Node>();
  const values = new Map<Node, unknown>();
  /** Nodes each node expands to when decoded (go-yaml's count), by anchored node. */
  const sizes = new Map<Node, number>();
  const open = new Set<Node>();
  let decoded = 1;
  let throughAliases = 0;

  /** Returns the value and adds to `size[0]` the nodes decoding it takes. */
  const read = (node: unknown, depth: number, size: [number]): unknown => {
    if (node === null || node === undefined) {
      size[0]++;
      decoded++;
      return null;
    }
    if (depth > MAX_DEPTH) throw new Refusal('yaml/syntax', TOO_DEEP, (node as Node).range ?? undefined);
    if (isAlias(node)) {
      const target = anchors.get(node.source);
      if (target === undefined) throw new Refusal('yaml/syntax', `alias \`*${quoteSource(node.source)}\` names no anchor before it`, node.range ?? undefined);
      if (open.has(target)) {
        throw new Refusal('yaml/alias-limit', `alias \`*${quoteSource(node.source)}\` refers to a collection that contains it (a recursive alias, which the platform refuses); not linted`, node.range ?? undefined);
      }
      const expanded = sizes.get(target)!;
      decoded += 1 + expanded;
      throughAliases += expanded;
      size[0] += 1 + expanded;
      if (excessiveAliasing(decoded, throughAliases)) {
        throw new Refusal(
          'yaml/alias-limit',
          `document expands its aliases into more than ${throughAliases} nodes (an alias bomb), which the platform refuses; not linted`,
          undefined,
        );
      }
      return values.get(target);
    }
    const n = node as Node;
    decoded++;
    const own: [number] = [1];
    if (n.anchor) anchors.set(n.anchor, n);
    let value: unknown;
    if (isScalar(n)) {
      const v = n.value;
      value = v instanceof Date || n.format === 'TIME' || v instanceof Uint8Array ? n.source : v;
    } else if (isMap(n)) {
      open.add(n);
      const out: Record<string, unknown> = {};
      for (const pair of n.items) {
        if (isMergeKey(pair.key)) merge(out, pair, depth, own);
        else set(out, keyName(pair), read(pair.value, depth + 1, own), own);
      }
      open.delete(n);
      value = out;
    } else if (isSeq(n)) {
      open.add(n);
      const out: unknown[] = [];
      for (const item of n.items) {
        // `!!omap` and `!!pairs` hold key-value pairs: each is a one-key mapping
        if (isPair(item)) {
          const one: Record<string, unknown> = {};
          set(one, keyName(item), read(item.value, depth + 2, own), own);
          out.push(one);
          own[0]++;
        } else out.push(read(item, depth + 1, own));
      }
      open.delete(n);
      value = out;
    } else throw new Refusal('yaml/syntax', 'this node cannot be read', n.range ?? undefined);
    size[0] += own[0];
    if (n.anchor) {
      values.set(n, value);
      sizes.set(n, own[0]);
    }
    return value;
  };

  const keyName = (pair: Pair): string => {
    let key = pair.key as unknown;
    if (isAlias(key)) key = anchors.get(key.source);
    const range = ((pair.key as Node | null)?.range ?? (pair.value as Node | null)?.range ?? undefined) as [number, number] | undefined;
    if (isMap(key) || isSeq(key) || (isScalar(key) && typeof key.value === 'object' && key.value !== null && !(key.value instanceof Date) && !(key.value instanceof Uint8Array))) {
      if (!strict) return String(key);
      throw new Refusal('yaml/syntax', 'a mapping or list used as a mapping key, which the platform\'s decoder refuses ("invalid map key")', range);
    }
    if (!isScalar(key) || key.value === null || key.value === undefined) {
      if (!strict) return '';
      throw new Refusal('yaml/syntax', 'an empty or null mapping key, which the platform\'s decoder refuses (it has no JSON field name)', range);
    }
    const v = key.value;
    const value = v instanceof Date || key.format === 'TIME' || v instanceof Uint8Array ? key.source : v;
    // an anchored key can be aliased later, as a key or a value (`&a a: b` then `c: *a`)
    if (key.anchor) {
      anchors.set(key.anchor, key);
      values.set(key, value);
      sizes.set(key, 1);
    }
    return String(value);
  };

  const set = (out: Record<string, unknown>, name: string, value: unknown, size: [number]): void => {
    size[0]++; // the key
    decoded++;
    if (name === '__proto__') Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
    else out[name] = value;
  };

  const merge = (out: Record<string, unknown>, pair: Pair, depth: number, size: [number]): void => {
    const v = pair.value as unknown;
    const refuse = (at: unknown): never => {
      const r = ((at as Node | null)?.range ?? (pair.key as Node).range ?? undefined) as [number, number] | undefined;
      throw new Refusal('yaml/syntax', 'a merge key (`<<`) whose value is not a mapping, an alias of one, or a list of those, which the platform\'s decoder refuses ("map merge requires map or sequence of maps as the value")', r);
    };
    const isMapping = (x: unknown): boolean => isMap(x) || (isAlias(x) && isMap(anchors.get(x.source)));
    const mergeOne = (x: unknown): void => {
      const m = read(x, depth + 1, size) as Record<string, unknown>;
      for (const k of Object.keys(m)) {
        if (k === '__proto__') Object.defineProperty(out, k, { value: m[k], enumerable: true, writable: true, configurable: true });
        else out[k] = m[k];
      }
    };
    if (!strict && !(isSeq(v) ? v.items.every(isMapping) : isMapping(v))) return;
    if (isSeq(v)) {
      for (const item of v.items) if (!isMapping(item)) refuse(item);
      // go-yaml merges the list from its end: the earlier mappings win
      for (let i = v.items.length - 1; i >= 0; i--) mergeOne(v.items[i]);
    } else if (isMapping(v)) mergeOne(v);
    else refuse(v);
  };

  return read(doc.contents, 0, [0]);
}

/**
 * Characters go-yaml's reader refuses anywhere in a file ("control characters are not allowed"): it accepts
 * tab, line feed, carriage return, the printable ASCII range, NEL and the printable Unicode planes only.
 */
export const NOT_PRINTABLE = /[^\t\n\r\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/u;

/**
 * The `yaml` package's lexer, changed where go-yaml's scanner reads more: a quoted scalar ends only at its
 * closing quote (go-yaml's own writer and many tools continue one on lines at the parent key's indentation
 * or at column 1, where the `yaml` package would end it), and a flow collection's lines may sit at any
 * indentation. A document marker (`---`, `...`) at the start of a line inside either still ends it, as in
 * go-yaml, which refuses that. See docs/yaml-compatibility.md.
 */
class PlatformLexer extends Lexer {}

interface LexerState {
  buffer: string;
  pos: number;
  atEnd: boolean;
  flowLevel: number;
  indentNext: number;
  setNext(state: string): null;
  pushToIndex(i: number, allowEmpty: boolean): Generator<string, number>;
  /** The next document marker line at or after `from` in `buf` (-1: none), reused while the lexer moves on. */
  markerCache?: { buf: string; from: number; at: number };
}

const lexerBase = Lexer.prototype as unknown as { parseFlowCollection(this: LexerState): Generator<string, string | null> };

const DOCUMENT_MARKER_LINE = /\n(?:---|\.\.\.)(?=[ \t\r\n]|$)/g;

Object.defineProperties(PlatformLexer.prototype, {
  parseQuotedScalar: {
    value: function* parseQuotedScalar(this: LexerState): Generator<string, string | null> {
      const buf = this.buffer;
      const quote = buf[this.pos];
      let end = this.pos + 1;
      // the closing quote: in single quotes one that is not doubled, in double quotes one after an even number of backslashes
      for (;;) {
        end = buf.indexOf(quote!, end);
        if (end === -1) break;
        if (quote === "'") {
          if (buf[end + 1] !== "'") break;
          end += 2;
        } else {
          let n = 0;
          while (buf[end - 1 - n] === '\\') n++;
          if (n % 2 === 0) break;
          end++;
        }
      }
      if (end === -1 && !this.atEnd) return this.setNext('quoted-scalar');
      const last = end === -1 ? buf.length : end;
      // searched once and reused while no marker lies between the last search and here: a file of many quoted
      // scalars and no later marker would otherwise be scanned to its end once per scalar (quadratic)
      let cache = this.markerCache;
      if (!cache || cache.buf !== buf || cache.from > this.pos || (cache.at !== -1 && cache.at < this.pos)) {
        DOCUMENT_MARKER_LINE.lastIndex = this.pos;
        const found = DOCUMENT_MARKER_LINE.exec(buf);
        cache = this.markerCache = { buf, from: this.pos, at: found ? found.index : -1 };
      }
      const marker = cache.at === -1 ? undefined : { index: cache.at };
      if (marker && marker.index < last) end = marker.index - (buf[marker.index - 1] === '\r' ? 2 : 1);
      else if (end === -1) end = buf.length;
      yield* this.pushToIndex(end + 1, false);
      return this.flowLevel ? 'flow' : 'doc';
    },
  },
  parseFlowCollection: {
    value: function* parseFlowCollection(this: LexerState): Generator<string, string | null> {
      const indentNext = this.indentNext;
      this.indentNext = 0;
      try {
        return yield* lexerBase.parseFlowCollection.call(this);
      } finally {
        this.indentNext = indentNext;
      }
    },
  },
});

/** The lexemes of a text as the platform's decoder would split it (see PlatformLexer). */
export function lex(text: string): Generator<string> {
  return new PlatformLexer().lex(text);
}

/** The lexer's marks that stand for no text: a document's start, a flow collection's error end, a scalar next. */
const DOC_MARK = '\x02';
const FLOW_END_MARK = '\x18';
const SCALAR_MARK = '\x1f';

/**
 * Collects the comments among lexemes, as the parser tells them (`CST.tokenType`): a lexeme starting with `#`
 * that is not a scalar's text (the one after the scalar mark: a block scalar's content may start with `#`).
 * Feed it every lexeme of a text in order; `base` is the text's offset of the first lexeme.
 */
export class CommentCollector {
  readonly comments: Comment[] = [];
  #offset: number;
  #scalarNext = false;

  constructor(base = 0) {
    this.#offset = base;
  }

  add(lexeme: string): void {
    if (lexeme === DOC_MARK || lexeme === FLOW_END_MARK) return;
    if (lexeme === SCALAR_MARK) {
      this.#scalarNext = true;
      return;
    }
    if (this.#scalarNext) this.#scalarNext = false;
    else if (lexeme.charCodeAt(0) === 35 /* # */) this.comments.push({ text: lexeme, start: this.#offset });
    this.#offset += lexeme.length;
  }
}

/** The comments of lexemes (`lex`) of a text that starts at `base`. */
export function lexemeComments(lexemes: Iterable<string>, base = 0): Comment[] {
  const c = new CommentCollector(base);
  for (const lexeme of lexemes) c.add(lexeme);
  return c.comments;
}

/**
 * The comments of a text, as the composer reads them (its lexer's): the suppression comments, and where the
 * editor may write one.
 */
export function readComments(text: string): Comment[] {
  return lexemeComments(lex(text));
}

/** A `%YAML` or `%TAG` directive problem, or an undeclared tag handle, that go-yaml's parser refuses. */
function directiveProblems(tokens: readonly CST.Token[], text: string, out: Diagnostic[]): Set<number> {
  const broken = new Set<number>();
  if (!text.includes('%')) return broken;
  let pending: CST.Directive[] = [];
  let index = 0;
  const refuse = (doc: number, at: number, length: number, message: string) => {
    broken.add(doc);
    out.push({ ruleId: 'yaml/syntax', severity: 'error', message: `Parsing error: ${message}`, path: [], range: { start: at, end: at + length }, document: doc, fatal: true });
  };
  /** The directives before a document (or before the end: go-yaml then expects a document), checked. */
  const directives = (): Set<string> => {
    const handles = new Set(['!', '!!']);
    let version = false;
    for (const d of pending) {
      const [name, arg] = d.source.replace(/\s+#.*$/, '').trim().split(/[ \t]+/);
      const length = d.source.trimEnd().length;
      if (name === '%YAML') {
        if (version) refuse(index, d.offset, length, 'a second %YAML directive for one document, which the platform\'s decoder refuses ("found duplicate %YAML directive")');
        else if (arg !== '1.1') refuse(index, d.offset, length, `\`%YAML ${arg ?? ''}\`: the platform's decoder reads YAML 1.1 only and refuses any other version ("found incompatible YAML document")`);
        version = true;
      } else if (name === '%TAG') {
        if (arg !== undefined && handles.has(arg) && arg !== '!' && arg !== '!!') refuse(index, d.offset, length, `a second %TAG directive for the handle \`${arg}\`, which the platform's decoder refuses`);
        if (arg !== undefined) handles.add(arg);
      } else refuse(index, d.offset, length, `unknown directive \`${name}\`, which the platform's decoder refuses (it knows %YAML and %TAG only)`);
    }
    pending = [];
    return handles;
  };
  for (const token of tokens) {
    if (token.type === 'directive') {
      pending.push(token);
      continue;
    }
    if (token.type !== 'document') continue;
    const handles = directives();
    // a %TAG handle holds for the document it precedes only: go-yaml refuses it in a later one
    if (text.includes('%TAG')) {
      const check = (props: readonly CST.SourceToken[] | undefined) => {
        for (const t of props ?? []) {
          if (t.type !== 'tag') continue;
          const handle = /^!(?:[\w-]*!)?/.exec(t.source)?.[0] ?? '!';
          if (!handles.has(handle)) refuse(index, t.offset, t.source.length, `the tag handle \`${handle}\` is not declared by a %TAG directive of this document (a %TAG directive holds for the next document only), which the platform's decoder refuses`);
        }
      };
      check(token.start);
      CST.visit(token, (item) => {
        check(item.start);
        check(item.sep);
      });
    }
    index++;
  }
  if (pending.length > 0) directives();
  return broken;
}

/** Escapes go-yaml's scanner knows in double-quoted scalars (YAML 1.1: no `\/`), and escaped line breaks. */
const GO_ESCAPE = /\\([^])/g;
const GO_ESCAPES = new Set([...'0abt\tnvfre "\'\\NLP_xuU\n\r']);

/**
 * go-yaml reads an anchor or alias name as the letters, digits, `-` and `_` after `&` or `*`, and refuses
 * it when that run is empty or followed by anything but a blank or one of `?:,]}%@\``. (After `&an:x` it
 * reads the anchor `an` and the scalar `:x`, where the `yaml` package reads the anchor `an:x`: see
 * docs/yaml-compatibility.md.)
 */
const GO_ANCHOR = /^[&*][0-9A-Za-z_-]+(?:$|[?:,\]}%@`])/;

/** The offset of the first escape in a double-quoted scalar's source that go-yaml does not know, or -1. */
export function unknownEscape(source: string): number {
  if (!source.includes('\\')) return -1;
  GO_ESCAPE.lastIndex = 0;
  for (const m of source.matchAll(GO_ESCAPE)) if (!GO_ESCAPES.has(m[1]!)) return m.index!;
  return -1;
}

interface TokenProblem {
  offset: number;
  length: number;
  message: string;
}

/**
 * What go-yaml's scanner refuses in a document's tokens that the `yaml` package accepts (YAML 1.2 syntax
 * that YAML 1.1 lacks): anchors and aliases with characters other than letters, digits, `-` and `_`; the
 * `\/` escape; a plain scalar starting with `:` in a flow collection; an implicit key of a flow mapping
 * that runs over a line break. Walked with its own stack (see MAX_DEPTH), which visits nested collections out of
 * text order: the problem kept is the first in the text, where go-yaml's scanner stops.
 */
/** Why go-yaml refuses an anchor or alias name (`source` with its `&` or `*`). */
function nameProblem(what: 'anchor' | 'alias', source: string): string {
  return source.length === 1
    ? `an ${what} \`${source}\` with no name, which the platform's decoder refuses`
    : `the ${what} \`${quoteSource(source)}\` has characters other than letters, digits, \`-\` and \`_\`, which the platform's decoder refuses`;
}

function tokenProblem(doc: CST.Document): TokenProblem | undefined {
  const stack: [CST.Token | undefined | null, boolean][] = [[doc.value, false]];
  const props = (tokens: readonly CST.SourceToken[] | undefined): TokenProblem | undefined => {
    for (const t of tokens ?? []) {
      if (t.type === 'anchor' && !GO_ANCHOR.test(t.source)) {
        return { offset: t.offset, length: t.source.length, message: nameProblem('anchor', t.source) };
      }
    }
    return undefined;
  };
  let found: TokenProblem | undefined;
  const keep = (problem: TokenProblem | undefined): void => {
    if (problem && (!found || problem.offset < found.offset)) found = problem;
  };
  keep(props(doc.start));
  while (stack.length > 0) {
    const [t, inFlow] = stack.pop()!;
    // a token after the problem found so far holds no earlier one
    if (!t || (found && 'offset' in t && t.offset > found.offset)) continue;
    switch (t.type) {
      case 'alias':
        if (!GO_ANCHOR.test(t.source)) keep({ offset: t.offset, length: t.source.length, message: nameProblem('alias', t.source) });
        break;
      case 'scalar':
        if (inFlow && t.source.startsWith(':')) keep({ offset: t.offset, length: 1, message: 'a plain scalar starting with `:` inside a flow collection, which the platform\'s decoder (YAML 1.1) refuses' });
        break;
      case 'double-quoted-scalar': {
        const at = unknownEscape(t.source);
        if (at !== -1) keep({ offset: t.offset + at, length: 2, message: `the escape \`${t.source.slice(at, at + 2)}\` is not one the platform's decoder (YAML 1.1) knows` });
        break;
      }
      case 'block-map':
      case 'block-seq':
      case 'flow-collection': {
        const flow = t.type === 'flow-collection';
        for (const item of t.items as { start: CST.SourceToken[]; key?: CST.Token | null; sep?: CST.SourceToken[]; value?: CST.Token }[]) {
          const before = found;
          keep(props(item.start) ?? props(item.sep));
          if (found !== before) break;
          if (flow && item.key && item.sep && !item.start.some((x) => x.type === 'explicit-key-ind')) {
            let newline = 'source' in item.key && typeof item.key.source === 'string' && /[\n\r]/.test(item.key.source);
            for (const x of item.sep) {
              if (x.type === 'map-value-ind') break;
              if (x.type === 'newline') newline = true;
            }
            if (newline && item.sep.some((x) => x.type === 'map-value-ind')) {
              const before = found;
              keep({ offset: item.key.offset, length: 0, message: 'an implicit key of a flow mapping that runs over a line break, which the platform\'s decoder refuses' });
              if (found !== before) break;
            }
          }
          if (item.key) stack.push([item.key, flow || inFlow]);
          if (item.value) stack.push([item.value, flow || inFlow]);
        }
        break;
      }
      default:
        break;
    }
  }
  return found;
}

/** The first character go-yaml's reader refuses, as a diagnostic of the document holding it. */
function controlCharacter(text: string, documents: readonly Document.Parsed[], out: Diagnostic[]): number | undefined {
  const m = NOT_PRINTABLE.exec(text);
  if (!m) return undefined;
  const at = m.index;
  let index = documents.findIndex((d) => at < d.range[2]);
  if (index === -1) index = Math.max(0, documents.length - 1);
  const code = m[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
  out.push({
    ruleId: 'yaml/syntax',
    severity: 'error',
    message: `Parsing error: the control character U+${code} is not allowed; the platform's decoder refuses the file ("control characters are not allowed")`,
    path: [],
    range: { start: at, end: at + m[0].length },
    document: index,
    fatal: true,
  });
  return index;
}

/** Plain scalars whose reading may differ between YAML 1.1 and 1.2. */
export const MAYBE_AMBIGUOUS = /^(?:[yYnN]|[Yy]es|YES|[Nn]o|NO|[Oo]n|ON|[Oo]ff|OFF|[-+]?0[0-7_]+|[-+]?0b[01_]+|[-+]?0o[0-7]+|[-+]?[0-9][0-9_]*_[0-9_]*|[-+]?(?:[0-9][0-9_]*)?\.[0-9_]*_[0-9_]*|[-+]?0x[0-9a-fA-F_]*_[0-9a-fA-F_]*)$/;

/** A quick, over-inclusive text scan for words that MAYBE_AMBIGUOUS could match (bounded by non-word characters). */
const CANDIDATE = /(?<![\w.-])(?:[yYnN]|[Yy]es|YES|[Nn]o|NO|[Oo]n|ON|[Oo]ff|OFF|[-+]?0[0-7_]+|[-+]?0[bo][0-7_]+|[-+]?[0-9.][0-9_.]*_[0-9_.]*|[-+]?0x[0-9a-fA-F_]*_[0-9a-fA-F_]*)(?![\w.-])/g;

function typeOfValue(v: unknown): string {
  return typeof v === 'string' ? 'a string' : typeof v === 'boolean' ? 'a boolean' : typeof v === 'number' ? 'a number' : String(v);
}

function describe(v: unknown): string {
  if (typeof v === 'string') return `the string "${v}"`;
  if (typeof v === 'boolean') return `boolean ${v}`;
  if (typeof v === 'number') return `the number ${v}`;
  return String(v);
}

/** Reports every repeated key of every mapping at the repeat, naming the key and its first line. */
function duplicateKeys(doc: Document.Parsed, index: number, out: Diagnostic[], lines: LineCounter): void {
  visit(doc, {
    Map(_key, map, ancestors) {
      const seen = new Map<string, Pair>();
      for (const pair of map.items) {
        if (!isScalar(pair.key)) continue;
        const name = String(pair.key.value);
        const first = seen.get(name);
        if (!first) {
          seen.set(name, pair);
          continue;
        }
        const [start, end] = pair.key.range ?? [0, 0];
        const firstRange = (first.key as Scalar).range ?? [0, 0];
        const path = [...dataPath([...ancestors, map, pair]), name];
        out.push({
          ruleId: 'yaml/duplicate-key',
          severity: 'error',
          message: `duplicate key \`${name}\` (first given at line ${lines.linePos(firstRange[0]).line}); the platform refuses a field given twice`,
          path,
          range: { start, end },
          document: index,
          related: [{ path, message: 'first given here', range: { start: firstRange[0], end: firstRange[1] } }],
        });
      }
    },
  });
}

/** At most this many characters of the file's text in a message (see quoteSource). */
const QUOTE_MAX = 40;

/**
 * A piece of the file's text as a message quotes it: one line (a line feed or a carriage return ends it; the line
 * breaks and blanks before it are skipped), at most QUOTE_MAX characters, `…` where it was cut. A token the reader could not
 * read may run over the rest of the file (a quote left open, lines ended by bare carriage returns), and a line may
 * hold a secret: the message says where the token starts, not what the file holds. (Every message is redacted
 * afterwards too: src/redact.ts.)
 */
export function quoteSource(source: string): string {
  const from = source.search(/[^\r\n \t]/);
  if (from === -1) return source.slice(0, QUOTE_MAX);
  const rest = source.slice(from);
  const br = rest.search(/[\r\n]/);
  const line = br === -1 ? rest : rest.slice(0, br);
  if (line.length <= QUOTE_MAX && br === -1) return line;
  if (line.length <= QUOTE_MAX) return `${line}…`;
  // never half of a surrogate pair
  const cut = /[\ud800-\udbff]/.test(line[QUOTE_MAX - 2]!) ? QUOTE_MAX - 2 : QUOTE_MAX - 1;
  return `${line.slice(0, cut)}…`;
}

/**
 * A message of the `yaml` package with the piece of text it quotes after its first `: ` (`Not a YAML token: …`,
 * `Unexpected scalar token in YAML stream: "…"` as a JSON string, `Unresolved tag: …`) cut by quoteSource.
 */
function clipQuoted(message: string): string {
  const colon = message.indexOf(': ');
  if (colon === -1) return message;
  const head = message.slice(0, colon + 2);
  const tail = message.slice(colon + 2);
  if (/^"(?:[^"\\]|\\.)*"$/s.test(tail)) {
    try {
      return head + JSON.stringify(quoteSource(JSON.parse(tail) as string));
    } catch {
      // not a JSON string after all: cut as written
    }
  }
  return head + quoteSource(tail);
}

function yamlErrorDiagnostic(err: YAMLError, index: number, severity: 'error' | 'warning'): Diagnostic {
  const [start, end] = err.pos;
  const raw = clipQuoted(err.message.replace(/\s+at line \d+, column \d+:?[\s\S]*$/, ''));
  const message = /maximum call stack/i.test(raw) ? 'the document nests too deeply to be read' : raw;
  const fatal = severity === 'error';
  return {
    ruleId: severity === 'error' ? 'yaml/syntax' : 'yaml/warning',
    severity,
    message: (fatal ? 'Parsing error: ' : '') + lowerFirst(message),
    path: [],
    range: { start, end: Math.max(end, start) },
    document: index,
    ...(fatal ? { fatal: true } : {}),
  };
}

function lowerFirst(s: string): string {
  return s.length > 1 && /^[A-Z][a-z]/.test(s) ? s[0]!.toLowerCase() + s.slice(1) : s;
}

/** The data path of a node from its chain of ancestors (a mapping key stands for the field it names). */
function dataPath(chain: readonly unknown[]): (string | number)[] {
  const out: (string | number)[] = [];
  for (let i = 0; i < chain.length - 1; i++) {
    const a = chain[i];
    if (isSeq(a)) out.push(a.items.indexOf(chain[i + 1] as never));
    else if (isPair(a)) out.push(isScalar(a.key) ? String(a.key.value ?? '') : '?');
  }
  return out;
}

/** Finds plain scalars that YAML 1.1 (the platform) and YAML 1.2 (most editors and tools) read differently. */
export function ambiguousScalars(
  doc: Document.Parsed,
  out: Pick<Diagnostic, 'ruleId' | 'message' | 'path' | 'range'>[],
  text: string,
  isSecret: (path: readonly (string | number)[]) => boolean = () => false,
): void {
  // Most documents hold no candidate at all: a regular-expression scan of their text is far cheaper than a walk.
  // (the document's own text only: a search running on to the end of the file would make a file of many
  // documents quadratic)
  const [start, , end] = doc.range;
  CANDIDATE.lastIndex = 0;
  if (!CANDIDATE.test(text.slice(start, end))) return;
  visit(doc, {
    Scalar(_key, node: Scalar, ancestors) {
      if (node.type !== Scalar.PLAIN || typeof node.source !== 'string' || !MAYBE_AMBIGUOUS.test(node.source)) return;
      const v12 = parseYaml(node.source, { version: '1.2' }) as unknown;
      if (Object.is(v12, node.value)) return;
      const [start, end] = node.range ?? [0, 0];
      const path = dataPath([...ancestors, node]);
      const hint = typeof node.value === 'boolean' ? ` or write \`${node.value}\`` : '';
      const message = isSecret(path)
        ? `this value is read as ${typeOfValue(node.value)} by the platform (YAML 1.1) but as ${typeOfValue(v12)} by YAML 1.2 tools; quote it`
        : `\`${node.source}\` is ${describe(node.value)} for the platform (YAML 1.1) but ${describe(v12)} for YAML 1.2 tools; quote it${hint}`;
      out.push({ ruleId: 'yaml/ambiguous-scalar', message, path, range: { start, end } });
    },
  });
}

/**
 * The line starts of a text as the parser counts them (`tokenize`): after every line feed. For texts the
 * parser did not count (the lexer reader's, which hold no carriage return; the suppressions file's JSON).
 */
export function lineCounterOf(text: string): LineCounter {
  const lc = new LineCounter();
  lc.addNewLine(0);
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lc.addNewLine(i + 1);
  return lc;
}

/** A text's concrete syntax tree (the `yaml` package's lexer and parser), with its line starts. */
export interface Tokens {
  tokens: CST.Token[];
  lineCounter: LineCounter;
  /** The comments of the text, in order, with their offsets (`CommentCollector`). */
  comments: Comment[];
  /** Where the parser stopped, at a nesting too deep to read (the last token is then an error token there). */
  truncatedAt?: number;
}

export function tokenize(text: string, lexemes: Iterable<string> = lex(text)): Tokens {
  const lineCounter = new LineCounter();
  const parser = new Parser(lineCounter.addNewLine);
  const state = parser as unknown as { stack: unknown[]; offset: number };
  // the lexemes of `text` (made here, or earlier by src/parse/lines.ts), parsed as `Parser#parse` would
  lineCounter.addNewLine(0);
  const tokens: CST.Token[] = [];
  const comments = new CommentCollector();
  const it = lexemes[Symbol.iterator]();
  for (let r = it.next(); !r.done; r = it.next()) {
    comments.add(r.value);
    for (const t of parser.next(r.value)) tokens.push(t);
    // The parser closes nested collections recursively: far past MAX_DEPTH (where parseText stops
    // composing) it would run out of stack. The rest of such a text is not parsed (its comments are still
    // collected: the lexer does not nest).
    if (state.stack.length > MAX_DEPTH + 20) {
      tokens.push({ type: 'error', offset: state.offset, source: '', message: TOO_DEEP });
      for (let q = it.next(); !q.done; q = it.next()) comments.add(q.value);
      return { tokens, lineCounter, comments: comments.comments, truncatedAt: state.offset };
    }
  }
  for (const t of parser.end()) tokens.push(t);
  return { tokens, lineCounter, comments: comments.comments };
}

/**
 * Composes every document of a file once, keeping node ranges; never throws on bad input. Takes the tokens
 * of an earlier `tokenize` of the same text, so a file is lexed and parsed only once. Besides the `yaml`
 * package's own errors, reports what the platform's decoder (go-yaml v2) refuses and the `yaml` package
 * accepts (docs/yaml-compatibility.md).
 */
export function parseText(text: string, pre: Tokens = tokenize(text), strict = NAMES_PLAT_API_VERSION.test(text), json?: JsonReading): ParseResult {
  const { lineCounter, comments } = pre;
  const diagnostics: Diagnostic[] = [];
  const documents: LintDocument[] = [];
  if (json && !json.ok) {
    // JSON the platform's JSON scanner refuses (src/parse/json.ts): one finding, where that scanner stops (the
    // YAML reader's own errors, if any, are about a text the platform never reads as YAML)
    const { offset, length, message } = json.problem;
    const hint = ' (a text that starts with `{` is read as JSON)';
    diagnostics.push({ ruleId: 'yaml/syntax', severity: 'error', message: `Parsing error: ${message}${hint}`, path: [], range: { start: offset, end: offset + length }, document: 0, fatal: true });
    return { documents, diagnostics, lineCounter, comments };
  }
  // What the platform's decoder refuses beyond the `yaml` package's own errors is looked for (`strict`) only in
  // a text that names a plat apiVersion: another tool's file (a tsconfig.json with comments) is not read by the
  // platform. (src/lint/lint.ts also drops every parse finding of a document that is not plat; this spares the work.)
  // Valid JSON is read by Go's JSON scanner, not go-yaml: go-yaml's refusals (the escape `\/`, a key and its `:`
  // on two lines, characters YAML forbids) do not apply to it.
  const yamlRules = strict && !json;
  const refused = yamlRules ? directiveProblems(pre.tokens, text, diagnostics) : new Set<number>();
  // a document nested too deeply is composed without its content (and reported): see MAX_DEPTH
  const composer = new Composer(PARSE_OPTIONS);
  const list: Document.Parsed[] = [];
  // The composer's errors are Error objects whose stack traces no one reads: a broken text may have one per
  // character (every bracket of a deep nesting), and capturing their stacks would cost more than composing.
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  // Of a run of tokens the parser could not place between two documents (`]]]]…` after a broken one), the first
  // is reported: only a document's first syntax error is (src/lint/lint.ts), and the others cost a finding each.
  let afterError = false;
  try {
    for (const token of pre.tokens) {
      if (token.type === 'error' && (token.offset === pre.truncatedAt || afterError)) continue; // reported below, or after the first
      if (token.type !== 'space' && token.type !== 'newline' && token.type !== 'comment') afterError = token.type === 'error';
      const deep = token.type === 'document' ? tooDeep(token) : -1;
      for (const d of composer.next(deep === -1 ? token : ({ ...token, value: undefined } as CST.Document))) list.push(d as Document.Parsed);
      if (token.type !== 'document') continue;
      // the composer holds the document it was just given until the next one: its index is the count so far
      const index = list.length;
      const problem = deep !== -1 ? { offset: deep, length: 0, message: TOO_DEEP } : yamlRules ? tokenProblem(token) : undefined;
      if (!problem) continue;
      refused.add(index);
      const { offset, length, message } = problem;
      diagnostics.push({ ruleId: 'yaml/syntax', severity: 'error', message: `Parsing error: ${message}`, path: [], range: { start: offset, end: offset + length }, document: index, fatal: true });
    }
    for (const d of composer.end()) list.push(d as Document.Parsed);
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
  if (pre.truncatedAt !== undefined) {
    const at = pre.truncatedAt;
    diagnostics.push({ ruleId: 'yaml/syntax', severity: 'error', message: `Parsing error: ${TOO_DEEP}`, path: [], range: { start: at, end: at }, document: list.length, fatal: true });
  }
  const control = yamlRules ? controlCharacter(text, list, diagnostics) : undefined;
  if (control !== undefined) refused.add(control);
  list.forEach((doc, index) => {
    for (const w of doc.warnings) {
      // a directive go-yaml refuses is reported above, as an error
      if (w.code === 'BAD_DIRECTIVE' && refused.has(index)) continue;
      diagnostics.push(yamlErrorDiagnostic(w, index, 'warning'));
    }
    let broken = refused.has(index);
    let duplicates = false;
    for (const e of doc.errors) {
      if (e.code === 'DUPLICATE_KEY') duplicates = true;
      else {
        diagnostics.push(yamlErrorDiagnostic(e, index, 'error'));
        broken = true;
      }
    }
    if (duplicates) duplicateKeys(doc, index, diagnostics, lineCounter);
    const [start, , end] = doc.range;
    if (doc.contents === null) return;
    let value: unknown;
    if (!broken) {
      try {
        value = readValue(doc, strict);
      } catch (err) {
        const refusal = err instanceof Refusal ? err : err instanceof RangeError && /call stack/i.test(err.message) ? new Refusal('yaml/syntax', TOO_DEEP, undefined) : undefined;
        if (!refusal) throw err;
        broken = true;
        const [from = start, to = from] = refusal.range ?? [start, start];
        diagnostics.push({
          ruleId: refusal.ruleId,
          severity: 'error',
          message: refusal.ruleId === 'yaml/syntax' ? `Parsing error: ${refusal.message}` : refusal.message,
          path: [],
          range: { start: from, end: Math.max(from, to) },
          document: index,
          fatal: true,
        });
      }
    }
    documents.push({ index, doc, value, range: { start, end }, broken });
  });
  return { documents, diagnostics, lineCounter, comments };
}

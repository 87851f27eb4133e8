import { GiveUp, plainIsString, resolvePlain } from './plain-scalars.js';
import { isScalarToken, partRange, scalar, SCALAR, type BlockScalar, type Line } from './lines.js';
import type { Path } from '../path.js';
import type { ScalarLike } from './scalar-offsets.js';
import type { Target } from './compose-locate.js';
import type { Range } from '../finding.js';

/**
 * Places findings on a document the lexer reader read (src/parse/lines.ts), from its lines of tokens, by the
 * rules of `locate` and `valueNode` in src/parse/compose-locate.ts, so that a file with a finding is placed without the
 * syntax tree or composed nodes. The reader has checked the document's shape, so its structure is found here
 * by indentation alone, and only where a path leads: a mapping's keys and a sequence's items are listed the
 * first time a path goes through them (a finding in a document of 10,000 lines lists a few collections, not
 * every one). Every answer equals the composed document's: test/placement.test.ts compares them on every path
 * of every fixture and of generated files.
 */

/** A value of the document: written on its key's or item's line, a block collection, or nothing. */
type Node = Inline | BlockMap | BlockSeq | Empty;

/** A value written after `key: ` or `- `: a scalar, or a flow sequence or flow mapping of scalars. */
interface Inline {
  type: 'inline';
  line: number;
  /** The index of its first part in the line. */
  at: number;
}

/** A block mapping whose first key is part `from` of line `line` (0, or 1 after `- `), its keys at column `indent`. */
interface BlockMap {
  type: 'map';
  line: number;
  from: number;
  indent: number;
  keys?: Map<string, { key: Range; value: Node }>;
  /** The keys in order, once hover or completion asked for them. */
  entries?: [string, { key: Range; value: Node }][];
}

/** A block sequence whose items are the `- ` lines at column `indent`, from line `line`. */
interface BlockSeq {
  type: 'seq';
  line: number;
  indent: number;
  items?: Node[];
}

/** A pair of a flow mapping: its key's name and range, its value's range and token. */
interface FlowPair {
  name: string;
  key: Range;
  value: Range;
  token: string;
}

/** `key:` with nothing after it: no range of its own. */
interface Empty {
  type: 'empty';
}

const EMPTY: Empty = { type: 'empty' };

/**
 * What hover and completion read beyond a document's lines: the text they are of (the blank and comment lines
 * between them decide where a collection ends), and where the document ends (the next document's `---`, or the
 * text's end).
 */
export interface LexSource {
  text: string;
  end: number;
}

/** What sits under an offset: the path of the field or list item, on its key or its value, and the key's range (the value's for a list item). */
export interface CursorTarget {
  path: Path;
  on: 'key' | 'value';
  range: Range;
}

/**
 * Where a scalar stands: a key of the mapping at `path` (with the names of that mapping's keys, and whether the
 * mapping is a list item written `- key: …`), or the value of the field at `path`, or the list item at `path`.
 */
export type ScalarPlace = { at: 'key'; path: Path; keys: string[]; compactItem: boolean } | { at: 'value' | 'item'; path: Path };

/** How deep `targetAt` of src/lsp/cursor.ts walks into the composed nodes (it answers with what it found above). */
const CURSOR_DEPTH = 128;

const GIVE_UP = new GiveUp('only the composed document knows');
const giveUp = (): never => {
  throw GIVE_UP;
};

/** The index of the last of `xs` (in increasing `start` order) that starts at or before `offset`, or -1. */
function lastStartingBy<T>(xs: readonly T[], start: (x: T) => number, offset: number): number {
  let lo = 0;
  let hi = xs.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (start(xs[mid]!) <= offset) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** A document's lines, and its value's structure as far as paths have led. */
export class LexDocument {
  private root?: Node;
  constructor(private readonly lines: () => Line[]) {}

  private get ls(): Line[] {
    return this.lines();
  }

  private rootNode(): Node {
    return (this.root ??= this.block(0));
  }

  /** The block collection starting at a line: a sequence when the line starts with `- `. */
  private block(line: number): Node {
    const l = this.ls[line]!;
    return l.parts[0]!.t === '-' ? { type: 'seq', line, indent: l.indent } : { type: 'map', line, from: 0, indent: l.indent };
  }

  /** The value of the key at part `at` of a line, in a mapping at column `indent` (the reader's `map` and `nested`). */
  private valueAfterKey(line: number, at: number, indent: number): Node {
    if (at + 2 < this.ls[line]!.parts.length) return { type: 'inline', line, at: at + 2 };
    const next = this.ls[line + 1];
    if (!next || next.indent < indent) return EMPTY;
    if (next.indent > indent) return this.block(line + 1);
    return next.parts[0]!.t === '-' ? { type: 'seq', line: line + 1, indent } : EMPTY;
  }

  /** A block mapping's keys: its first key's line, then every later line at its column that is not `- `, until one less indented. */
  private keysOf(map: BlockMap): NonNullable<BlockMap['keys']> {
    if (map.keys) return map.keys;
    const keys: NonNullable<BlockMap['keys']> = new Map();
    const add = (line: number, at: number) => {
      const l = this.ls[line]!;
      const part = l.parts[at]!;
      keys.set(String(scalar(part.t)), { key: partRange(l, part), value: this.valueAfterKey(line, at, map.indent) });
    };
    add(map.line, map.from);
    for (let i = map.line + 1; i < this.ls.length; i++) {
      const l = this.ls[i]!;
      if (l.indent < map.indent) break;
      // deeper lines, and a sequence at the key's own column, belong to the value of the key before them
      if (l.indent === map.indent && l.parts[0]!.t !== '-') add(i, 0);
    }
    return (map.keys = keys);
  }

  /** A block sequence's items: every `- ` line at its column, until a line less indented or a key at that column. */
  private itemsOf(seq: BlockSeq): Node[] {
    if (seq.items) return seq.items;
    const items: Node[] = [];
    for (let i = seq.line; i < this.ls.length; i++) {
      const l = this.ls[i]!;
      if (l.indent < seq.indent || (l.indent === seq.indent && l.parts[0]!.t !== '-')) break;
      if (l.indent > seq.indent) continue;
      // `- key: value` starts a mapping whose keys are at the first key's column
      const first = l.parts[1]!;
      items.push(isScalarToken(first.t) && l.parts[2]?.t === ':' ? { type: 'map', line: i, from: 1, indent: first.col } : { type: 'inline', line: i, at: 1 });
    }
    return (seq.items = items);
  }

  /**
   * The parts of an inline value: a scalar's one (a block scalar's runs over its content's lines), or a flow
   * collection's from `[` or `{` to its closing bracket, with a flow sequence's items or a flow mapping's pairs.
   */
  private inline(node: Inline): { range: Range; scalar?: string; block?: BlockScalar; items?: Range[]; tokens?: string[]; pairs?: FlowPair[] } {
    const line = this.ls[node.line]!;
    const parts = line.parts;
    const open = parts[node.at]!;
    if (open.block) return { range: partRange(line, open), scalar: open.t, block: open.block };
    if (open.t !== '[' && open.t !== '{') return { range: partRange(line, open), scalar: open.t };
    const close = parts[parts.length - 1]!;
    const range = { start: line.start + open.col, end: line.start + close.col + 1 };
    if (open.t === '{') {
      // `{k: v, …}`: key, `:`, value, `,` or `}` (the reader's `flowMap`)
      const pairs: FlowPair[] = [];
      for (let j = node.at + 1; j < parts.length - 1; j += 4) {
        const key = parts[j]!;
        const value = parts[j + 2]!;
        pairs.push({ name: String(scalar(key.t)), key: partRange(line, key), value: partRange(line, value), token: value.t });
      }
      return { range, pairs };
    }
    const items: Range[] = [];
    const tokens: string[] = [];
    for (let j = node.at + 1; j < parts.length - 1; j += 2) {
      items.push(partRange(line, parts[j]!));
      tokens.push(parts[j]!.t);
    }
    return { range, items, tokens };
  }

  /** Walks a path as `walk` in src/parse/compose-locate.ts does: the node reached, the key that named it, whether all of it was found. */
  private reach(path: Path): { node: Node | Range; token?: string; key: Range | undefined; found: boolean } {
    let node: Node = this.rootNode();
    let key: Range | undefined;
    for (let k = 0; k < path.length; k++) {
      const seg = path[k]!;
      if (node.type === 'map') {
        const entry = this.keysOf(node).get(String(seg));
        if (!entry) return { node, key, found: false };
        key = entry.key;
        node = entry.value;
      } else if (node.type === 'seq') {
        const item = typeof seg === 'number' ? this.itemsOf(node)[seg] : undefined;
        if (!item) return { node, key, found: false };
        key = undefined;
        node = item;
      } else if (node.type === 'inline') {
        // a flow collection's items and values are scalars: a path goes one step into it, and stops there
        const { items, tokens, pairs } = this.inline(node);
        if (pairs) {
          const pair = pairs.find((p) => p.name === String(seg));
          if (!pair) return { node, key, found: false };
          return { node: pair.value, token: pair.token, key: pair.key, found: k === path.length - 1 };
        }
        const item = typeof seg === 'number' ? items?.[seg] : undefined;
        if (!item) return { node, key, found: false };
        return { node: item, token: tokens![seg as number]!, key: undefined, found: k === path.length - 1 };
      } else return { node, key, found: false };
    }
    return { node, key, found: true };
  }

  /** What stands for a node when no key names it (`headOf`): its own range, a mapping's first key, a sequence's first item's. */
  private head(node: Node): Range | undefined {
    switch (node.type) {
      case 'inline': {
        // (a flow mapping's first key too; a flow sequence is its own range)
        const { range, pairs } = this.inline(node);
        return pairs?.[0]?.key ?? range;
      }
      case 'map':
        return this.keysOf(node).values().next().value?.key;
      case 'seq': {
        const first = this.itemsOf(node)[0];
        return first && this.head(first);
      }
      default:
        return undefined;
    }
  }

  /**
   * The range a report at `path` underlines: the value when it is written on its line and `target` is the
   * value, otherwise the key naming it (a missing field: its nearest ancestor's key; a block collection or an
   * empty value: its key). Undefined where only the composed document knows (an empty value no key names).
   */
  locate(path: Path, target: Target): Range | undefined {
    const { node, key, found } = this.reach(path);
    // an item of a flow sequence (no key names it), or a value of a flow mapping
    if ('start' in node) return target === 'value' && found ? node : key ?? node;
    if (target === 'value' && found && node.type === 'inline') return this.inline(node).range;
    return key ?? this.head(node);
  }

  /**
   * The scalar at `path` as the composer would give it to `scalarOffsets` (src/parse/scalar-offsets.ts): its
   * value (a string only where the composer's is one), style and range; null when the path reaches no scalar
   * (a finding inside a string is then placed on the whole value, as the composed document does).
   */
  scalar(path: Path): ScalarLike | null {
    const reached = this.reach(path);
    if (!reached.found) return null;
    let range: Range;
    let t: string | undefined;
    let block: BlockScalar | undefined;
    if ('start' in reached.node) {
      range = reached.node;
      t = reached.token;
    } else if (reached.node.type === 'inline') {
      ({ range, scalar: t, block } = this.inline(reached.node));
    } else return null;
    if (block) return { value: block.value, type: block.folded ? 'BLOCK_FOLDED' : 'BLOCK_LITERAL', range: [range.start, range.end, range.end] };
    if (t === undefined || t === '{' || t === '[') return null;
    return scalarLike(t, range);
  }

  // ---- hover and completion (src/lsp/hover.ts, src/lsp/completion.ts): the composed document's answers ----
  //
  // `targetAt` in src/lsp/cursor.ts walks the composed nodes by their ranges. A scalar's range is its text (the
  // cursor just after it included), a flow collection's runs to its closing bracket, an empty value's is the
  // point after its `:` and the spaces after that. A block collection's runs from its first key or `-` to the
  // end its last value has in the syntax tree, which is where the blank and comment lines after it count: the
  // parser gives a comment line more indented than the innermost collection to the scalar before it (when only
  // blank lines are between), and the lines it does not give away stay with the innermost collection, or move
  // out to the enclosing ones while they are less indented than the comments (see `endOf`). test/lsp-lex.test.ts
  // compares every answer with the composed document's at many places of every fixture and of generated files.
  // A method throws GiveUp where only the composed document can answer (a key the `yaml` package reads as a
  // date or a sexagesimal number, which the lexer reader keeps as text).

  /** The field or list item under an offset, as `targetAt` in src/lsp/cursor.ts finds it in the composed document. */
  targetAt(offset: number, source: LexSource): CursorTarget | undefined {
    if (this.ls.length === 0) return undefined;
    let node: Node = this.rootNode();
    const path: (string | number)[] = [];
    let best: CursorTarget | undefined;
    for (let depth = 0; depth < CURSOR_DEPTH; depth++) {
      if (node.type === 'map') {
        // keys and values follow each other in the text: only the last key starting by the offset can hold it
        const entries = this.entriesOf(node);
        let i = lastStartingBy(entries, (e) => e[1].key.start, offset);
        if (i < 0) return best;
        // a block scalar's range ends where the next line starts: the key before holds that point (its value comes first)
        if (i > 0 && entries[i]![1].key.start === offset && this.blockEndsAt(entries[i - 1]![1].value, offset)) i--;
        const [name, { key, value }] = entries[i]!;
        if (offset <= key.end) return { path: [...path, this.checkedName(name, key, source)], on: 'key', range: key };
        if (!this.holds(value, offset, source, key)) return best;
        path.push(this.checkedName(name, key, source));
        best = { path: [...path], on: 'value', range: key };
        node = value;
      } else if (node.type === 'seq') {
        const items = this.itemsOf(node);
        const i = lastStartingBy(items, (item) => (item.type === 'empty' ? giveUp() : this.startOf(item)), offset);
        if (i < 0) return best;
        const item = items[i]!;
        if (!this.holds(item, offset, source)) return best;
        path.push(i);
        best = { path: [...path], on: 'value', range: this.rangeOf(item, source) };
        node = item;
      } else if (node.type === 'inline') {
        // a flow collection's items and values are scalars (a scalar's range takes the offset just after it)
        const { items, pairs } = this.inline(node);
        if (pairs) {
          // the pairs in order, each key then its value, as the composed walk visits them
          for (const { name, key, value } of pairs) {
            if (offset >= key.start && offset <= key.end) return { path: [...path, this.checkedName(name, key, source)], on: 'key', range: key };
            if (offset >= value.start && offset <= value.end) return { path: [...path, this.checkedName(name, key, source)], on: 'value', range: key };
          }
          return best;
        }
        const j = items ? items.findIndex((r) => offset >= r.start && offset <= r.end) : -1;
        if (j < 0) return best;
        return { path: [...path, j], on: 'value', range: items![j]! };
      } else return best;
    }
    return best;
  }

  /**
   * The scalar written over an offset and where it stands, as completion finds its marker in the composed
   * document (`findMarker` in src/lsp/completion.ts); undefined when no scalar of the document is there.
   */
  scalarPlace(offset: number, source: LexSource): ScalarPlace | undefined {
    const li = this.lineAt(offset);
    const line = this.ls[li];
    if (!line) return undefined;
    const j = line.parts.findIndex((p) => {
      const r = partRange(line, p);
      return (isScalarToken(p.t) || p.block !== undefined) && r.start <= offset && offset < r.end;
    });
    if (j < 0) return undefined;
    const start = line.start + line.parts[j]!.col;
    const target = this.targetAt(start, source);
    if (!target) return undefined;
    if (line.parts[j + 1]?.t === ':') {
      if (target.on !== 'key' || target.range.start !== start) return undefined;
      const path = target.path.slice(0, -1);
      const map = this.reach(path);
      if (!map.found || 'start' in map.node) return undefined;
      if (map.node.type === 'inline') {
        // a flow mapping's key (a flow mapping that is a list item stands as `- key: …` does)
        const pairs = this.inline(map.node).pairs;
        if (!pairs) return undefined;
        const keys = pairs.map((p) => this.checkedName(p.name, p.key, source));
        return { at: 'key', path, keys, compactItem: typeof path[path.length - 1] === 'number' };
      }
      if (map.node.type !== 'map') return undefined;
      const keys = this.entriesOf(map.node).map(([name, e]) => this.checkedName(name, e.key, source));
      return { at: 'key', path, keys, compactItem: map.node.from === 1 };
    }
    // the value or list item reached must be this scalar
    const reached = this.reach(target.path);
    const node = reached.node;
    const at = 'start' in node ? node.start : node.type === 'inline' ? this.startOf(node) : -1;
    if (!reached.found || at !== start) return undefined;
    return { at: typeof target.path[target.path.length - 1] === 'number' ? 'item' : 'value', path: target.path };
  }

  /** The string written as the value of a top-level key (`apiVersion`, `kind`), as the composer reads it; undefined when it is not a string. */
  topString(key: string): string | undefined {
    if (this.ls.length === 0) return undefined;
    const root = this.rootNode();
    if (root.type !== 'map') return undefined;
    const value = this.keysOf(root).get(key)?.value;
    if (value?.type !== 'inline') return undefined;
    const { scalar: t, block } = this.inline(value);
    if (block) return block.value;
    if (t === undefined) return undefined;
    if (t[0] !== SCALAR) return scalar(t) as string;
    return plainIsString(t.slice(1)) ? t.slice(1) : undefined;
  }

  /** Whether a value is a block scalar ending at an offset. */
  private blockEndsAt(node: Node, offset: number): boolean {
    if (node.type !== 'inline') return false;
    const { block, range } = this.inline(node);
    return block !== undefined && range.end === offset;
  }

  /** A block mapping's keys in order, with their names (cached with the keys). */
  private entriesOf(map: BlockMap): [string, { key: Range; value: Node }][] {
    return (map.entries ??= [...this.keysOf(map)]);
  }

  /**
   * A key's name as the composer gives it (String of its value): the lexer reader's, except for a plain key the
   * `yaml` package reads as a date or a sexagesimal number (the reader keeps those as text).
   */
  private checkedName(name: string, key: Range, source: LexSource): string {
    const first = source.text[key.start];
    if (first === '"' || first === "'") return name;
    const text = source.text.slice(key.start, key.end);
    if (!plainIsString(text) && typeof resolvePlain(text) === 'string') giveUp();
    return name;
  }

  /** The index of the line an offset is on or after (the last line starting by it), or -1. */
  private lineAt(offset: number): number {
    return lastStartingBy(this.ls, (l) => l.start, offset);
  }

  /** Where a node starts: its first part, a mapping's first key, a sequence's first `-`. */
  private startOf(node: Inline | BlockMap | BlockSeq): number {
    const line = this.ls[node.line]!;
    if (node.type === 'inline') return line.start + line.parts[node.at]!.col;
    if (node.type === 'map') return line.start + line.parts[node.from]!.col;
    return line.start + node.indent;
  }

  /** A node's range as the composer gives it (its start, and the end of its value). */
  private rangeOf(node: Node, source: LexSource): Range {
    if (node.type === 'inline') return this.inline(node).range;
    if (node.type === 'map' || node.type === 'seq') return { start: this.startOf(node), end: this.endOf(node, source) };
    return giveUp(); // an empty item is not in the reader's subset
  }

  /**
   * Whether a value holds an offset (`inside` in src/lsp/cursor.ts): a scalar also the offset just after it, an
   * empty value (of the key `key`) only the point where the composer puts it.
   */
  private holds(node: Node, offset: number, source: LexSource, key?: Range): boolean {
    if (node.type === 'empty') return key !== undefined && offset === this.afterColon(key, source);
    if (node.type === 'inline') {
      const { range, scalar } = this.inline(node);
      return offset >= range.start && (scalar !== undefined ? offset <= range.end : offset < range.end);
    }
    const r = this.rangeOf(node, source);
    return offset >= r.start && offset < r.end;
  }

  /** A collection's last value (with its key, in a mapping). */
  private lastOf(node: BlockMap | BlockSeq): { value: Node; key?: Range } {
    if (node.type === 'seq') return { value: this.itemsOf(node).at(-1)! };
    const [, entry] = this.entriesOf(node).at(-1)!;
    return entry;
  }

  /**
   * Where a block collection's range ends (its range[1]): where its last value ends in the syntax tree. Every
   * collection that ends on the same line ends with that line's value: a scalar or flow sequence, whose end runs
   * over its line break and over the comment lines the parser gives it (more indented than the innermost
   * collection, with nothing but blank lines before them), or an empty value, which ends where it is unless a
   * comment follows it (then its key holds all the lines after it, to the next line's first character). The
   * other blank and comment lines stay with the innermost collection, and move out of each collection that is
   * at column 0 or more indented than all of their comments; a collection they stay in ends after them (and
   * after the next line's indentation), and so do the collections around it that end with it.
   */
  private endOf(node: BlockMap | BlockSeq, source: LexSource): number {
    const chain: (BlockMap | BlockSeq)[] = [node];
    let last = this.lastOf(node);
    while (last.value.type === 'map' || last.value.type === 'seq') {
      chain.push(last.value);
      last = this.lastOf(last.value);
    }
    const { text } = source;
    const value = last.value;
    const li = value.type === 'inline' ? value.line : this.lineAt(last.key!.start);
    const next = this.ls[li + 1];
    const gapEnd = next ? next.start : source.end;
    // a scalar or flow sequence ends over its line break; a block scalar over its content's last line break
    const block = value.type === 'inline' ? this.inline(value) : undefined;
    const nl = block?.block ? block.range.end - 1 : text.indexOf('\n', this.ls[li]!.start);
    const afterLast = nl < 0 || nl >= gapEnd ? gapEnd : nl + 1;
    // the end of the tokens before the next line's first part (its indentation is one of them)
    const tokensEnd = next ? next.start + next.indent : source.end;
    /** Calls `f` with each blank (indent -1) or comment line between the last line and the next: its indentation and where it ends (after its line break). */
    const gap = (f: (indent: number, end: number) => void) => {
      for (let pos = afterLast; pos < gapEnd; ) {
        let e = text.indexOf('\n', pos);
        if (e < 0 || e >= gapEnd) e = gapEnd;
        let i = pos;
        while (text[i] === ' ') i++;
        if (i < e && text[i] !== '#') giveUp(); // not a blank or comment line: not what the lines were read from
        const indent = i < e ? i - pos : -1;
        pos = e < gapEnd ? e + 1 : e;
        f(indent, pos);
      }
    };
    if (value.type === 'empty') {
      const at = this.afterColon(last.key!, source);
      let commented = text[at] === '#';
      gap((indent) => {
        if (indent >= 0) commented = true;
      });
      return commented ? tokensEnd : at;
    }
    if (value.type !== 'inline') return giveUp();
    // comment lines right after a block scalar: the parser places them otherwise (not worked out here)
    if (block?.block) gap((indent) => indent >= 0 && giveUp());
    const innermost = chain[chain.length - 1]!.indent;
    let end = afterLast;
    // the lines left over: none, blank ones only, or the deepest comment's indentation among them
    let left: 'none' | 'blank' | number = 'none';
    gap((indent, lineEnd) => {
      if (indent < 0) {
        if (left === 'none') left = 'blank';
      } else if (typeof left !== 'number' && indent > innermost) {
        end = lineEnd;
        left = 'none';
      } else left = Math.max(typeof left === 'number' ? left : -1, indent);
    });
    if (typeof left === 'number') {
      for (let j = chain.length - 1; j >= 1; j--) {
        const indent = chain[j]!.indent;
        if (indent > 0 && left >= indent) return tokensEnd;
      }
    }
    return end;
  }

  /** Where the composer puts the empty value of a key: after the key's `:` and the spaces after it. */
  private afterColon(key: Range, source: LexSource): number {
    const line = this.ls[this.lineAt(key.start)]!;
    const at = line.parts.findIndex((p) => line.start + p.col === key.start);
    const colon = line.parts[at + 1];
    if (at < 0 || colon?.t !== ':') return giveUp();
    let p = line.start + colon.col + 1;
    while (source.text[p] === ' ') p++;
    return p;
  }
}

function scalarLike(t: string, r: Range): ScalarLike {
  const range = [r.start, r.end, r.end] as const;
  if (t[0] === '"') return { value: t.slice(1, -1), type: 'QUOTE_DOUBLE', range };
  if (t[0] === "'") return { value: t.slice(1, -1).replace(/''/g, "'"), type: 'QUOTE_SINGLE', range };
  const source = t[0] === SCALAR ? t.slice(1) : t;
  // a plain scalar is a string for the composer unless a YAML 1.1 tag reads it (a number, a timestamp …)
  return { value: plainIsString(source) ? source : null, type: 'PLAIN', range };
}

import { plainIsString } from './fast-parse.js';
import { isScalarToken, partRange, scalar, SCALAR, type Line } from './lex-read.js';
import type { Path } from './path.js';
import type { ScalarLike } from './services/scalar-offsets.js';
import type { Target } from './source-map.js';
import type { Range } from './types.js';

/**
 * Places findings on a document the lexer reader read (src/lex-read.ts), from its lines of tokens, by the
 * rules of `locate` and `valueNode` in src/source-map.ts, so that a file with a finding is placed without the
 * syntax tree or composed nodes. The reader has checked the document's shape, so its structure is found here
 * by indentation alone, and only where a path leads: a mapping's keys and a sequence's items are listed the
 * first time a path goes through them (a finding in a document of 10,000 lines lists a few collections, not
 * every one). Every answer equals the composed document's: test/placement.test.ts compares them on every path
 * of every fixture and of generated files.
 */

/** A value of the document: written on its key's or item's line, a block collection, or nothing. */
type Node = Inline | BlockMap | BlockSeq | Empty;

/** A value written after `key: ` or `- `: a scalar, a flow sequence of scalars, or `{}`. */
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
}

/** A block sequence whose items are the `- ` lines at column `indent`, from line `line`. */
interface BlockSeq {
  type: 'seq';
  line: number;
  indent: number;
  items?: Node[];
}

/** `key:` with nothing after it: no range of its own. */
interface Empty {
  type: 'empty';
}

const EMPTY: Empty = { type: 'empty' };

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

  /** The parts of an inline value: a scalar's one, or a flow collection's from `[` or `{` to its closing bracket. */
  private inline(node: Inline): { range: Range; scalar?: string; items?: Range[]; tokens?: string[] } {
    const line = this.ls[node.line]!;
    const parts = line.parts;
    const open = parts[node.at]!;
    if (open.t !== '[' && open.t !== '{') return { range: partRange(line, open), scalar: open.t };
    const close = parts[parts.length - 1]!;
    const items: Range[] = [];
    const tokens: string[] = [];
    for (let j = node.at + 1; j < parts.length - 1; j += 2) {
      items.push(partRange(line, parts[j]!));
      tokens.push(parts[j]!.t);
    }
    return { range: { start: line.start + open.col, end: line.start + close.col + 1 }, ...(open.t === '[' ? { items, tokens } : {}) };
  }

  /** Walks a path as `walk` in src/source-map.ts does: the node reached, the key that named it, whether all of it was found. */
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
        // a flow sequence's items are scalars: a path goes one step into it, and stops at the item
        const { items, tokens } = this.inline(node);
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
      case 'inline':
        return this.inline(node).range;
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
    if ('start' in node) return node; // an item of a flow sequence
    if (target === 'value' && found && node.type === 'inline') return this.inline(node).range;
    return key ?? this.head(node);
  }

  /**
   * The scalar at `path` as the composer would give it to `scalarOffsets` (src/services/scalar-offsets.ts): its
   * value (a string only where the composer's is one), style and range; null when the path reaches no scalar
   * (a finding inside a string is then placed on the whole value, as the composed document does).
   */
  scalar(path: Path): ScalarLike | null {
    const reached = this.reach(path);
    if (!reached.found) return null;
    let range: Range;
    let t: string | undefined;
    if ('start' in reached.node) {
      range = reached.node;
      t = reached.token;
    } else if (reached.node.type === 'inline') {
      ({ range, scalar: t } = this.inline(reached.node));
    } else return null;
    if (t === undefined || t === '{' || t === '[') return null;
    return scalarLike(t, range);
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

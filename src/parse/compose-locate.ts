import { isAlias, isMap, isPair, isScalar, isSeq, isCollection, visit, type Alias, type Document, type Node, type Pair } from 'yaml';
import type { Path } from '../path.js';
import type { Range } from '../finding.js';

/** What a report points at: the key of the field, or its value. */
export type Target = 'key' | 'value';

interface Step {
  node: Node | null;
  keyRange?: Range;
}

function rangeOf(node: Node | null | undefined): Range | undefined {
  if (!node || !node.range) return undefined;
  return { start: node.range[0], end: node.range[1] };
}

function keyText(key: unknown): string | undefined {
  // a merge key's value is a symbol
  if (isScalar(key)) return key.value === null ? '' : typeof key.value === 'symbol' ? '<<' : String(key.value);
  return undefined;
}

/** Each alias's node, by document, found in one walk (`Alias#resolve` walks the whole document each time). */
const aliasTargets = new WeakMap<Document, Map<Alias, Node>>();

function targetsOf(doc: Document): Map<Alias, Node> {
  let targets = aliasTargets.get(doc);
  if (targets) return targets;
  const found = new Map<Alias, Node>();
  const anchors = new Map<string, Node>();
  // an alias names the last node before it with that anchor, in document order
  visit(doc, {
    Node(_key, node) {
      if (isAlias(node)) {
        const target = anchors.get(node.source);
        if (target) found.set(node, target);
      } else if (node.anchor) anchors.set(node.anchor, node);
    },
  });
  aliasTargets.set(doc, (targets = found));
  return targets;
}

function deref(doc: Document, node: unknown): Node | null {
  let cur = node;
  for (let i = 0; i < 16 && isAlias(cur); i++) cur = targetsOf(doc).get(cur);
  return (cur as Node | null) ?? null;
}

/**
 * Finds the pair of a mapping for a key, following YAML merge keys (`<<: *base`) like the decoder does. A key
 * given twice is found at its last copy: the value the decoders keep (platctl, and the lenient readers).
 */
function findPair(doc: Document, map: Node, key: string, depth = 0): Pair | undefined {
  if (!isMap(map) || depth > 8) return undefined;
  let merged: Pair | undefined;
  let own: Pair | undefined;
  for (const pair of map.items) {
    const k = keyText(pair.key);
    if (k === key) {
      own = pair;
      continue;
    }
    if (k === '<<' && !merged) {
      const src = deref(doc, pair.value);
      const sources = isSeq(src) ? src.items.map((n) => deref(doc, n)) : [src];
      for (const s of sources) {
        const found = s ? findPair(doc, s, key, depth + 1) : undefined;
        if (found) {
          merged = found;
          break;
        }
      }
    }
  }
  return own ?? merged;
}

/** Walks a path through a document's nodes; returns one step per segment reached (step 0 is the root). */
function walk(doc: Document, path: Path): Step[] {
  const steps: Step[] = [{ node: deref(doc, doc.contents) }];
  let cur = steps[0]!.node;
  for (const seg of path) {
    if (!cur) break;
    if (isMap(cur)) {
      const pair = findPair(doc, cur, String(seg));
      if (!pair) break;
      const keyRange = isScalar(pair.key) ? rangeOf(pair.key) : undefined;
      cur = deref(doc, pair.value);
      steps.push({ node: cur, keyRange });
    } else if (isSeq(cur) && typeof seg === 'number') {
      const item = cur.items[seg];
      if (item === undefined) break;
      cur = deref(doc, isPair(item) ? item.value : item);
      steps.push({ node: cur });
    } else break;
  }
  return steps;
}

function isBlockCollection(node: Node | null): boolean {
  return isCollection(node) && !node.flow;
}

function isEmpty(node: Node | null): boolean {
  if (!node) return true;
  const r = rangeOf(node);
  return !r || r.end <= r.start;
}

/** The range that stands for a node when no key names it: a mapping's first key, otherwise the node itself. */
function headOf(node: Node | null): Range | undefined {
  if (isMap(node) && node.items.length > 0 && isScalar(node.items[0]!.key)) return rangeOf(node.items[0]!.key as Node);
  if (isSeq(node) && node.items.length > 0 && !node.flow) return headOf(node.items[0] as Node);
  return rangeOf(node);
}

/**
 * Maps a data path to the source range a report should underline. A path that does not exist (a missing
 * field) falls back to the key of its nearest existing ancestor; a value written as a block collection or
 * left empty is reported at its key.
 */
export function locate(doc: Document, path: Path, target: Target, fallback: Range): Range {
  const steps = walk(doc, path);
  const found = steps.length === path.length + 1;
  const step = steps[steps.length - 1]!;
  const wantKey = target === 'key' || !found || isBlockCollection(step.node) || isEmpty(step.node);
  if (!wantKey) return rangeOf(step.node) ?? fallback;
  return step.keyRange ?? headOf(step.node) ?? fallback;
}

/** The source range of the value at a path, when it exists (used to map offsets inside strings, e.g. CEL). */
export function valueNode(doc: Document, path: Path): Node | null {
  const steps = walk(doc, path);
  return steps.length === path.length + 1 ? steps[steps.length - 1]!.node : null;
}

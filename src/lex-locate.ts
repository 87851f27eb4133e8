import { plainIsString } from './fast-parse.js';
import type { Spot } from './lex-read.js';
import type { Path } from './path.js';
import type { ScalarLike } from './services/scalar-offsets.js';
import type { Target } from './source-map.js';
import type { Range } from './types.js';

/**
 * Places findings on a document read by the lexer reader (src/lex-read.ts), from its spots, by the rules of
 * `locate` in src/source-map.ts, so that a file with a finding is placed without the syntax tree or composed
 * nodes. Every answer equals the composed document's: a test lints every fixture and many generated files
 * both ways (test/placement.test.ts). Undefined where the spots cannot tell (the caller then asks the
 * composed document).
 */

interface Reached {
  spot: Spot;
  /** The key naming the last spot reached, when a mapping key did. */
  key: Range | undefined;
  /** Whether every segment of the path was found. */
  found: boolean;
}

/** Walks a path through a document's spots as `walk` in src/source-map.ts walks its nodes. */
function reach(root: Spot, path: Path): Reached {
  let spot = root;
  let key: Range | undefined;
  for (const seg of path) {
    if (spot.keys) {
      const entry = spot.keys.get(String(seg));
      if (!entry) return { spot, key, found: false };
      key = entry.key;
      spot = entry.value;
    } else if (spot.items && typeof seg === 'number' && spot.items[seg] !== undefined) {
      key = undefined;
      spot = spot.items[seg]!;
    } else return { spot, key, found: false };
  }
  return { spot, key, found: true };
}

/**
 * What stands for a value when no key names it (`headOf` in src/source-map.ts): its own range when written
 * inline (a scalar, a flow sequence, `{}`), a block mapping's first key, a block sequence's first item's head.
 */
function head(spot: Spot): Range | undefined {
  if (spot.range) return spot.range;
  if (spot.keys) {
    for (const entry of spot.keys.values()) return entry.key;
    return undefined;
  }
  if (spot.items && spot.items.length > 0) return head(spot.items[0]!);
  return undefined;
}

/**
 * The range a report at `path` underlines: the value when it is written inline and `target` is the value,
 * otherwise the key naming it (a missing field: its nearest ancestor's key; a block collection or an empty
 * value: its key). Undefined where only the composed document knows (an empty value no key names).
 */
export function spotLocate(root: Spot, path: Path, target: Target): Range | undefined {
  const { spot, key, found } = reach(root, path);
  // a spot without a range is a block collection or an empty value: both are reported at their key
  if (target === 'value' && found && spot.range) return spot.range;
  return key ?? head(spot);
}

/**
 * The scalar at `path` as the composer would give it to `scalarOffsets` (src/services/scalar-offsets.ts):
 * its value (a string only where the composer's is one), style and range; null when the path reaches no
 * scalar (a finding inside a string is then placed on the whole value, as the composed document does).
 */
export function spotScalar(root: Spot, path: Path): ScalarLike | null {
  const { spot, found } = reach(root, path);
  if (!found || spot.scalar === undefined || !spot.range) return null;
  const t = spot.scalar;
  const range = [spot.range.start, spot.range.end, spot.range.end] as const;
  const q = t[0];
  if (q === '"') return { value: t.slice(1, -1), type: 'QUOTE_DOUBLE', range };
  if (q === "'") return { value: t.slice(1, -1).replace(/''/g, "'"), type: 'QUOTE_SINGLE', range };
  const source = t.slice(1);
  // a plain scalar is a string for the composer unless a YAML 1.1 tag reads it (a number, a timestamp …)
  return { value: plainIsString(source) ? source : null, type: 'PLAIN', range };
}

import { objItems, str, type Obj } from '../../src/services/values.js';

/** The operations of RFC 6902. */
export const OPS = ['add', 'remove', 'replace', 'move', 'copy', 'test'] as const;
export type Op = (typeof OPS)[number];

/** Operations whose `path` is written with add semantics: `-` (the end of an array) may close it. */
export const ADDS_AT_PATH: ReadonlySet<string> = new Set(['add', 'move', 'copy']);

/**
 * The segments of a JSON pointer as the platform's patch library (evanphx/json-patch v4) reads them, decoded
 * (`~1` → `/`, `~0` → `~`); `''` is the whole document (no segments). Undefined when the library can never
 * resolve the text: a non-empty pointer without any `/` (the schema reports that). The library splits at `/`
 * and drops what comes before the first one, so `spec/replicas` reads as `/replicas`; it keeps any other `~`
 * as it is (`patch/json-patch-pointer-syntax` warns about both).
 */
export function segments(pointer: string): string[] | undefined {
  if (pointer === '') return [];
  const at = pointer.indexOf('/');
  if (at < 0) return undefined;
  return pointer
    .slice(at + 1)
    .split('/')
    .map((s) => s.replace(/~[01]/g, (e) => (e === '~1' ? '/' : '~')));
}

/** The operations of a JSON patch that name a known `op`, with their index. */
export function* operations(value: unknown): Generator<{ i: number; op: Op; operation: Obj }> {
  for (const [i, operation] of objItems(value)) {
    const op = str(operation.op);
    if (op !== undefined && (OPS as readonly string[]).includes(op)) yield { i, op: op as Op, operation };
  }
}

/** The pointers of an operation that the operation uses: `path` always, `from` for move and copy. */
export function* pointers(op: Op, operation: Obj): Generator<{ field: 'path' | 'from'; text: string; segs: string[] }> {
  for (const field of op === 'move' || op === 'copy' ? (['path', 'from'] as const) : (['path'] as const)) {
    const text = str(operation[field]);
    const segs = text === undefined ? undefined : segments(text);
    if (text !== undefined && segs !== undefined) yield { field, text, segs };
  }
}

import type { Path } from '../../src/path.js';
import { obj, objItems, type Obj } from '../../src/services/values.js';

/** The policies of a document: the Policy itself, or each item of a PolicyList, with its path. */
export function policies(value: unknown, kind: string): [Path, Obj][] {
  const doc = obj(value);
  if (doc === undefined) return [];
  if (kind === 'PolicyList') return objItems(doc.items).map(([i, p]) => [['items', i], p]);
  return [[[], doc]];
}

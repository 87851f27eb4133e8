/** A data path: field names and map keys as strings, list indexes as numbers. */
export type Path = readonly (string | number)[];

const PLAIN_FIELD = /^[A-Za-z_][A-Za-z0-9_-]*$/;
/** A command-line flag, the first segment of a `PlatletFlags` path: `--max-pods`. */
const FLAG = /^--?[A-Za-z0-9][A-Za-z0-9_-]*$/;

/**
 * Renders a path in the platform's field.Path notation: struct fields dotted, list items indexed, map keys
 * in brackets without quotes: `jwt[0].issuer.url`, `spec.extra[scopes]`,
 * `metadata.annotations[example.com/team]`. `isMapKey(i)` says whether segment `i` (a string) is a map key:
 * the kind's schema knows (src/kinds/field-path.ts renders a finding's path with it). A key that is not a map key
 * is written dotted when it is a plain identifier and in brackets otherwise (a free-form embedded object's
 * `example.com/x`, a strategic merge patch's `$patch`), so that a path never reads as two. A command line's
 * paths start with the flag: `--register-with-taints[1]`.
 */
export function formatPath(path: Path, isMapKey?: (index: number) => boolean): string {
  let out = '';
  path.forEach((seg, i) => {
    if (typeof seg === 'number') out += `[${seg}]`;
    else if (isMapKey?.(i)) out += `[${seg}]`;
    else if (out === '' && i === 0 && FLAG.test(seg)) out = seg;
    else if (PLAIN_FIELD.test(seg)) out += out === '' ? seg : `.${seg}`;
    else out += `[${seg}]`;
  });
  return out;
}

/** Decodes an Ajv instance path (a JSON Pointer) into a Path; numeric segments become indexes when the data there is a list. */
export function fromPointer(pointer: string, root: unknown): Path {
  if (pointer === '') return [];
  const out: (string | number)[] = [];
  let cur: unknown = root;
  for (const raw of pointer.slice(1).split('/')) {
    const seg = raw.includes('~') ? raw.replace(/~1/g, '/').replace(/~0/g, '~') : raw;
    if (Array.isArray(cur) && /^(0|[1-9][0-9]*)$/.test(seg)) {
      const i = Number(seg);
      out.push(i);
      cur = cur[i];
    } else {
      out.push(seg);
      cur = cur !== null && typeof cur === 'object' ? (cur as Record<string, unknown>)[seg] : undefined;
    }
  }
  return out;
}

/** Encodes a path as a JSON Pointer (RFC 6901). */
export function toPointer(path: Path): string {
  return path.map((s) => '/' + String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

/** Reads the value at a path, or undefined. */
export function getAt(root: unknown, path: Path): unknown {
  let cur = root;
  for (const seg of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string | number, unknown>)[seg];
  }
  return cur;
}

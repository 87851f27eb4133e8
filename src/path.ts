/** A data path: field names and map keys as strings, list indexes as numbers. */
export type Path = readonly (string | number)[];

const PLAIN_FIELD = /^[A-Za-z_][A-Za-z0-9_-]*$/;
/** A command-line flag, the first segment of a `PlatletFlags` path: `--max-pods`. */
const FLAG = /^--?[A-Za-z0-9][A-Za-z0-9_-]*$/;

/**
 * Renders a path in the platform's field.Path notation: `jwt[0].issuer.url`; a key that is not a plain
 * identifier (map keys such as `example.com/team`) is written in brackets: `extra[example.com/team]`. A
 * command line's paths start with the flag: `--register-with-taints[1]`.
 */
export function formatPath(path: Path): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else if (out === '' && FLAG.test(seg)) out = seg;
    else if (PLAIN_FIELD.test(seg)) out += out === '' ? seg : `.${seg}`;
    else out += `[${seg}]`;
  }
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

/**
 * POSIX paths without Node.js, for the browser's host (src/browser-host.ts): the part of `node:path`'s
 * `posix` the engine uses, with `/` as the working folder. test/posix-path.test.ts compares them with
 * `node:path`'s on a table of paths.
 */
import type { HostPath } from './host.js';

/** The working folder of a host without one. */
const CWD = '/';

function resolve(...paths: string[]): string {
  let joined = '';
  for (let i = paths.length - 1; i >= 0 && !joined.startsWith('/'); i--) {
    const p = paths[i]!;
    if (p !== '') joined = joined === '' ? p : `${p}/${joined}`;
  }
  if (!joined.startsWith('/')) joined = `${CWD}/${joined}`;
  const out: string[] = [];
  for (const segment of joined.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') out.pop();
    else out.push(segment);
  }
  return `/${out.join('/')}`;
}

function relative(from: string, to: string): string {
  const a = resolve(from).split('/').filter((s) => s !== '');
  const b = resolve(to).split('/').filter((s) => s !== '');
  let same = 0;
  while (same < a.length && same < b.length && a[same] === b[same]) same++;
  return [...a.slice(same).map(() => '..'), ...b.slice(same)].join('/');
}

function dirname(path: string): string {
  if (path === '') return '.';
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
  const slash = trimmed.lastIndexOf('/');
  if (slash < 0) return '.';
  if (slash === 0) return '/';
  return trimmed.slice(0, slash);
}

export const POSIX_PATH: HostPath = {
  sep: '/',
  isAbsolute: (path) => path.startsWith('/'),
  relative,
  resolve,
  dirname,
};

/**
 * A POSIX path's `file:` URL, as `url.pathToFileURL` makes it: the path resolved, `%`, `\\`, line breaks and tabs
 * escaped first, then the URL's own escaping of a path (spaces, `#`, `?`, other characters than ASCII), and
 * `[`, `]`, `^`, `|`, which Node.js escapes too.
 */
export function posixFileUrl(path: string): string {
  const url = new URL('file://');
  url.pathname = resolve(path).replace(/%/g, '%25').replace(/\\/g, '%5C').replace(/\n/g, '%0A').replace(/\r/g, '%0D').replace(/\t/g, '%09');
  return url.href.replace(/[[\]^|]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

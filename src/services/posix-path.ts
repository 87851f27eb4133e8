/**
 * POSIX paths without Node.js, for the browser's host (src/browser-host.ts): the part of `node:path`'s
 * `posix` the engine uses, with `/` as the working folder. test/browser-host.test.ts compares them with
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
  return trimmed.slice(0, slash).replace(/\/+$/, '') || '/';
}

export const POSIX_PATH: HostPath = {
  sep: '/',
  isAbsolute: (path) => path.startsWith('/'),
  relative,
  resolve,
  dirname,
};

/** A POSIX path's `file:` URL (as `url.pathToFileURL` writes it: the path resolved, `%`, `#`, `?` and controls escaped). */
export function posixFileUrl(path: string): string {
  return `file://${encodeURI(resolve(path)).replace(/[#?]/g, (c) => encodeURIComponent(c))}`;
}

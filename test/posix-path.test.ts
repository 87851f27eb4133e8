// The browser host's POSIX paths (src/services/posix-path.ts) are node:path's, with `/` as the working folder.
import { posix } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { POSIX_PATH, posixFileUrl } from '../src/services/posix-path.js';

const PATHS = ['', '.', '..', '/', '//', 'a', 'a/', './a', '../a', 'a/b', 'a//b', 'a/./b', 'a/../b', 'a/b/..', '/a', '/a/', '/a/b/c.yaml', '/a/../../b', '//a//b//', 'a/b/../../..', '/x/platlint.config.yaml', 'deploy/authz.yaml', '.hidden/x'];

describe('POSIX paths without Node.js', () => {
  it("resolve, relative, dirname and isAbsolute are node:path's posix ones", () => {
    const ours = (p: string) => [POSIX_PATH.resolve(p), POSIX_PATH.dirname(p), POSIX_PATH.isAbsolute(p)];
    const node = (p: string) => [posix.resolve('/', p), posix.dirname(p), posix.isAbsolute(p)];
    expect(PATHS.map(ours)).toEqual(PATHS.map(node));
    const pairs = PATHS.flatMap((a) => PATHS.map((b) => [a, b] as const));
    expect(pairs.map(([a, b]) => POSIX_PATH.relative(a, b))).toEqual(pairs.map(([a, b]) => posix.relative(posix.resolve('/', a), posix.resolve('/', b))));
    expect(POSIX_PATH.resolve('/base', 'a.yaml')).toBe('/base/a.yaml');
    expect(POSIX_PATH.resolve('/base', '/abs.yaml')).toBe('/abs.yaml');
  });

  it("file URLs are url.pathToFileURL's", () => {
    const paths = ['/a/b.yaml', '/with space/é.yaml', '/per%cent', '/hash#?q', '/back\\slash', '/tab\tnew\nline', '/[brackets]^|`{}', '/"quote"<>'];
    expect(paths.map(posixFileUrl)).toEqual(paths.map((p) => pathToFileURL(p).href));
  });
});

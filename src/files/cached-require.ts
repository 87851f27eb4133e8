import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Script } from 'node:vm';

/**
 * require() for the CommonJS files platlint loads on demand (the CEL library, the schema validators), with
 * V8's code cache: when the build left `<file>.cache` beside a file (dist/), V8 compiles the file from it
 * instead of parsing it again, which makes a one-file run noticeably faster. Without a cache file (source
 * checkouts, tests) this is plain require(). A cache V8 rejects (another Node version) costs nothing but
 * the read: the file compiles as usual.
 *
 * The build's warm-up run (bin/platlint.js with PLATLINT_WRITE_CODE_CACHE set) loads files through here
 * and then writes the caches with {@link writeCodeCaches}.
 */
const loaded = new Map<string, unknown>();
const scripts = new Map<string, Script>();
const writing = (): boolean => Boolean(process.env.PLATLINT_WRITE_CODE_CACHE);

export function cachedRequire(from: string, specifier: string): unknown {
  const req = createRequire(from);
  const file = req.resolve(specifier);
  const hit = loaded.get(file);
  if (hit !== undefined) return hit;
  const cacheFile = `${file}.cache`;
  const cached = !writing() && /\.c?js$/.test(file) && existsSync(cacheFile) ? readFileSync(cacheFile) : undefined;
  if (!cached && !(writing() && file.endsWith('.cjs'))) {
    const exports = req(file) as unknown;
    loaded.set(file, exports);
    return exports;
  }
  const script = new Script(Module.wrap(readFileSync(file, 'utf8')), { filename: file, ...(cached ? { cachedData: cached } : {}) });
  const module = { exports: {} as unknown };
  const wrapper = script.runInThisContext() as (exports: unknown, require: NodeJS.Require, module: unknown, filename: string, dirname: string) => void;
  wrapper.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  loaded.set(file, module.exports);
  if (writing()) scripts.set(file, script);
  return module.exports;
}

/** Writes the code cache of every file loaded through {@link cachedRequire} in this process (the build's warm-up run). */
export function writeCodeCaches(): void {
  for (const [file, script] of scripts) writeFileSync(`${file}.cache`, script.createCachedData());
}

// Loads one of platlint's CommonJS bundles (dist/cli.cjs) with the V8 code cache the build wrote beside it
// (<file>.cache), when V8 accepts it: start-up then skips most parsing and compiling. Without a cache, or
// with one from another Node version, the bundle compiles as usual. Used by bin/platlint.js and by the
// lint worker threads (src/files/parallel.ts).
'use strict';
const { readFileSync } = require('node:fs');
const Module = require('node:module');
const { dirname } = require('node:path');
const { Script } = require('node:vm');

/** Runs the bundle as a CommonJS module; returns its exports and the compiled script (for createCachedData). */
function loadBundle(file, { useCache = true } = {}) {
  const source = readFileSync(file, 'utf8');
  let cachedData;
  try {
    cachedData = useCache ? readFileSync(`${file}.cache`) : undefined;
  } catch {
    // no cache: compile as usual
  }
  const script = new Script(Module.wrap(source), { filename: file, ...(cachedData ? { cachedData } : {}) });
  const module = { exports: {} };
  script.runInThisContext().call(module.exports, module.exports, Module.createRequire(file), module, file, dirname(file));
  return { exports: module.exports, script };
}

module.exports = { loadBundle };

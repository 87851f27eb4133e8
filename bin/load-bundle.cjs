// Loads one of platlint's CommonJS bundles (dist/cli.cjs) with the V8 code cache the build wrote beside it
// (<file>.cache), when V8 accepts it: start-up then skips most parsing and compiling. Without a cache, or
// with one from another Node version, the bundle compiles as usual. Used by bin/platlint.js and by the
// lint worker threads (src/files/parallel.ts); bin/platlint-language-server.js sets the same V8 flags, under which
// the build made the caches of the files both load on demand (validators, the CEL library).
'use strict';
const { readFileSync } = require('node:fs');
const Module = require('node:module');
const { dirname } = require('node:path');
const { setFlagsFromString } = require('node:v8');
const { Script } = require('node:vm');

// V8's optimizing compiler without inlining, and a function optimized after twice the default work, for the
// process and its lint threads, set before a bundle is compiled: V8 accepts a code cache only under the flags it
// was made with, and the build makes the caches through this loader. A run of a few hundred files is mostly
// warm-up. With inlining the optimizer spent ~2 s of CPU compiling per 1,000 files (192 compilations, a rule's
// check 30-67 ms each, many again after a deoptimization), on the second core that a lint thread wants: without
// it the seed-42 corpus takes 2.08 s instead of 2.77 (5,000 files) and 0.24 s instead of 0.29 (100), the steady
// state unchanged (0.36 ms a file). Optimizing later (an interrupt budget of 264 KB instead of 132) compiles
// fewer functions before their types settle: 1,000 files 14% faster, 100 files 5%, 5,000 unchanged (paired
// runs). docs/performance.md, "Bulk runs".
// Only under the V8 they were measured with (Node 20's, 11.x): V8 prints "Error: unrecognized flag" on standard
// error for a flag it does not know, and another V8 may tier its code otherwise; there V8's defaults stay.
const V8_FLAGS = '--no-turbo-inlining --interrupt-budget=264000';
const MEASURED_V8 = /^11\./;
let flagsSet = false;

/** Sets V8_FLAGS for this process (once): before any of platlint's bundles or their cached files is compiled. */
function setV8Flags() {
  if (flagsSet) return;
  flagsSet = true;
  if (MEASURED_V8.test(process.versions.v8)) setFlagsFromString(V8_FLAGS);
}

/** Runs the bundle as a CommonJS module; returns its exports and the compiled script (for createCachedData). */
function loadBundle(file, { useCache = true } = {}) {
  setV8Flags();
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

module.exports = { loadBundle, setV8Flags };

#!/usr/bin/env node
// Thin launcher: the bundled CLI does the work; anything it fails to catch becomes one line and exit 2.
// The bundle is compiled with the V8 code cache the build made beside it (bin/load-bundle.cjs). The files
// the bundle loads on demand (the CEL library, schema validators) use their own caches the same way
// (src/files/cached-require.ts).
// CommonJS (bin/package.json), not an ES module: the ES module loader cost ~6 ms of every start.
'use strict';
const { existsSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const { loadBundle } = require('./load-bundle.cjs');
const bundle = join(__dirname, '..', 'dist', 'cli.cjs');

function loadCli() {
  if (!existsSync(bundle)) throw new Error('platlint is not built (run npm run build)');
  // the build's warm-up run compiles without the old cache and writes a new one below
  const { exports, script } = loadBundle(bundle, { useCache: !process.env.PLATLINT_WRITE_CODE_CACHE });
  return { cli: exports, script };
}

async function run() {
  const { cli, script } = loadCli();
  const code = await cli.main(process.argv.slice(2));
  // a write error other than a closed pipe (a full disk) makes it 2 (src/cli/cli.ts main), even after this
  process.exitCode = code;
  // the build's warm-up run: the cache now holds every function this run compiled
  if (process.env.PLATLINT_WRITE_CODE_CACHE) {
    writeFileSync(`${bundle}.cache`, script.createCachedData());
    cli.writeCodeCaches();
  }
}

/**
 * Exits once standard output and standard error have taken everything written to them (a write's callback comes
 * after the writes before it), with process.exitCode, which a write error may still set. Left to itself, the
 * process waits at its end for V8's background jobs (optimizations of functions it will never run again): ~10 ms
 * of a 100-file run (docs/performance.md, "Start-up").
 */
function exitOnceFlushed() {
  let left = 2;
  let failed = false;
  const done = (err) => {
    failed ||= Boolean(err);
    if (--left > 0) return;
    // after a failed write, its stream's error handler (src/cli/cli.ts guardStream) runs first
    if (failed) setImmediate(() => process.exit());
    else process.exit();
  };
  for (const stream of [process.stdout, process.stderr]) {
    if (stream.destroyed || stream.writableEnded) done();
    else stream.write('', done);
  }
}

run()
  .catch((err) => {
    const debug = process.argv.includes('--debug');
    const msg = String(err && err.message).split('\n')[0];
    process.stderr.write(debug && err && err.stack ? `${err.stack}\n` : `platlint: internal error: ${msg}\n`);
    process.exitCode = 2;
  })
  .then(exitOnceFlushed);

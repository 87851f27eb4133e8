#!/usr/bin/env node
// Thin launcher: the bundled CLI does the work; anything it fails to catch becomes one line and exit 2.
// The bundle is compiled with the V8 code cache the build made beside it (dist/cli.cjs.cache), when V8
// accepts it: start-up then skips most parsing and compiling. Without it the bundle compiles as usual. The
// files the bundle loads on demand (the CEL library, schema validators) use their own caches the same way
// (src/services/cached-require.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';

const bundle = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'cli.cjs');
const cacheFile = `${bundle}.cache`;

function loadCli() {
  let source;
  try {
    source = readFileSync(bundle, 'utf8');
  } catch {
    throw Object.assign(new Error('platlint is not built (run npm run build)'), { code: 'PLATLINT_NOT_BUILT' });
  }
  let cachedData;
  try {
    cachedData = process.env.PLATLINT_WRITE_CODE_CACHE ? undefined : readFileSync(cacheFile);
  } catch {
    // no cache: compile as usual
  }
  const script = new Script(Module.wrap(source), { filename: bundle, ...(cachedData ? { cachedData } : {}) });
  const module = { exports: {} };
  script.runInThisContext().call(module.exports, module.exports, createRequire(bundle), module, bundle, dirname(bundle));
  return { cli: module.exports, script };
}

try {
  const { cli, script } = loadCli();
  process.exitCode = await cli.main(process.argv.slice(2));
  // the build's warm-up run: the cache now holds every function this run compiled
  if (process.env.PLATLINT_WRITE_CODE_CACHE) {
    writeFileSync(cacheFile, script.createCachedData());
    cli.writeCodeCaches();
  }
} catch (err) {
  const debug = process.argv.includes('--debug');
  const msg = String(err && err.message).split('\n')[0];
  process.stderr.write(debug && err && err.stack ? `${err.stack}\n` : `platlint: internal error: ${msg}\n`);
  process.exitCode = 2;
}

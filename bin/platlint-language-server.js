#!/usr/bin/env node
// Thin launcher of the language server: the bundle (dist/lsp.cjs) does the work. `--stdio` is the transport.
// CommonJS (bin/package.json), as bin/platlint.js.
'use strict';
// the V8 flags the command line runs with (bin/load-bundle.cjs): the code caches of the validators and the CEL
// library that the server loads were made under them. A change's latency is the same with them (a 10,000-line
// document, 30 changes in each of 4 paired runs: median 27 ms without, 28.5 with)
require('./load-bundle.cjs').setV8Flags();
let server;
try {
  server = require('../dist/lsp.cjs');
} catch (err) {
  const msg = err && err.code === 'MODULE_NOT_FOUND' ? 'platlint is not built (run npm run build)' : String(err && err.message).split('\n')[0];
  process.stderr.write(`platlint-language-server: ${msg}\n`);
  process.exit(2);
}
try {
  const code = server.main(process.argv.slice(2));
  if (code !== 0) process.exitCode = code;
} catch (err) {
  process.stderr.write(`platlint-language-server: internal error: ${String(err && err.message).split('\n')[0]}\n`);
  process.exitCode = 2;
}

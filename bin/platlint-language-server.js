#!/usr/bin/env node
// Thin launcher of the language server: the bundle (dist/lsp.cjs) does the work. `--stdio` is the transport.
// CommonJS (bin/package.json), as bin/platlint.js.
'use strict';
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

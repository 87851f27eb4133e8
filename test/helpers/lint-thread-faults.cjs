// Failures the tests inject into the language server's lints (src/lsp/server.ts ServerOptions: `onText` for the
// lints on the server's thread, this module's path as `lintThreadOnText` for its lint thread), chosen by the
// text linted:
// - a text holding FAIL_MARKER fails its lint, as a bug of platlint would (the document's internal/error);
// - a text holding EXIT_MARKER makes the lint thread exit with code 70, as a crash would (on the server's own
//   thread it is linted as usual);
// - a text holding `SLOW_MARKER <file>` (to the end of its line) blocks its lint until that file exists (at
//   most a minute), so that a test can order requests against a lint that is still running without timing.
'use strict';
const { existsSync } = require('node:fs');
const { isMainThread } = require('node:worker_threads');

const FAIL_MARKER = 'FAIL-MARKER';
const EXIT_MARKER = 'EXIT-MARKER';
const SLOW_MARKER = 'SLOW-UNTIL';
const SLOW_LIMIT_MS = 60_000;

function onText(text) {
  if (text.includes(FAIL_MARKER)) throw new Error('injected fault');
  if (text.includes(EXIT_MARKER) && !isMainThread) process.exit(70);
  const slow = new RegExp(`${SLOW_MARKER} (.+)$`, 'm').exec(text);
  if (slow) {
    // a synchronous sleep, as a long lint is: the thread answers nothing meanwhile
    const cell = new Int32Array(new SharedArrayBuffer(4));
    const end = Date.now() + SLOW_LIMIT_MS;
    while (!existsSync(slow[1]) && Date.now() < end) Atomics.wait(cell, 0, 0, 5);
  }
}

module.exports = { FAIL_MARKER, EXIT_MARKER, SLOW_MARKER, onText };

// The `onText` of the language server's lint thread in npm run bench:lsp ("a new lint thread"): a lint of a text
// holding the marker makes the thread exit, as a crash would (src/lsp/server.ts ServerOptions lintThreadOnText).
'use strict';
const { isMainThread } = require('node:worker_threads');

exports.MARKER = 'BENCH-EXIT-MARKER';
exports.onText = (text) => {
  if (!isMainThread && text.includes(exports.MARKER)) process.exit(70);
};

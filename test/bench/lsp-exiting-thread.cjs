// The built language server (as bin/platlint-language-server.js --stdio starts it) whose lint thread exits on a
// text holding exit-on-marker.cjs's marker: npm run bench:lsp measures what the next lint costs then.
'use strict';
const { join } = require('node:path');

require('../../dist/lsp.cjs').startServer(undefined, { lintThreadOnText: join(__dirname, 'exit-on-marker.cjs') });

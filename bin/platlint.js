#!/usr/bin/env node
// Thin launcher: the bundled CLI does the work; anything it fails to catch becomes one line and exit 2.
try {
  const { main } = await import('../dist/cli.js');
  process.exitCode = await main(process.argv.slice(2));
} catch (err) {
  const debug = process.argv.includes('--debug');
  const msg = err && err.code === 'ERR_MODULE_NOT_FOUND' ? 'platlint is not built (run npm run build)' : String(err && err.message).split('\n')[0];
  process.stderr.write(debug && err && err.stack ? `${err.stack}\n` : `platlint: internal error: ${msg}\n`);
  process.exitCode = 2;
}

// npm run playground (after playground/build.mjs): serves the built playground on the loopback address with Node's
// http module and prints its address. Usage: node playground/serve.mjs [--dir DIR] [--port N]
// (default dist/playground and port 8025, or any free port when that one is taken and no --port was given).
// Only GET and HEAD of the folder's files; nothing is logged, nothing is fetched.
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

/** A server of the files below `dir` (index.html for a folder); listening once the promise resolves, with its URL. */
export function serve(dir, port, host = '127.0.0.1') {
  const base = resolve(dir);
  const server = createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    let path;
    try {
      path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    let file = resolve(base, `.${path}`);
    if (file !== base && !file.startsWith(base + sep)) {
      res.writeHead(403).end();
      return;
    }
    let stat;
    try {
      stat = statSync(file);
      if (stat.isDirectory()) {
        file = join(file, 'index.html');
        stat = statSync(file);
      }
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    res.writeHead(200, {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Content-Length': stat.size,
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  });
  return new Promise((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      resolveListen({ server, url: `http://${host}:${address.port}/` });
    });
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const arg = (name) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const dir = resolve(arg('--dir') ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'playground'));
  try {
    statSync(join(dir, 'index.html'));
  } catch {
    process.stderr.write(`playground: no ${join(dir, 'index.html')}: run npm run playground:build first\n`);
    process.exit(2);
  }
  const given = arg('--port');
  let listening;
  try {
    listening = await serve(dir, given === undefined ? 8025 : Number(given));
  } catch (err) {
    if (given !== undefined || err.code !== 'EADDRINUSE') throw err;
    listening = await serve(dir, 0);
  }
  process.stdout.write(`platlint playground: ${listening.url}\n`);
}

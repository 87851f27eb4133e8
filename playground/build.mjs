// npm run playground:build: the playground, a static site in dist/playground/ (or --out DIR): index.html, the
// page's script and style, its worker, and platlint's browser bundle (dist/browser/platlint.mjs, which
// `npm run build` makes: built first when it is missing) copied beside them as platlint.js. Every file is
// referred to by a relative address, so the folder works from any static server, at any path.
// The examples menu holds fixtures/examples, embedded here. Prints each file's size, plain and gzip-compressed.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const outArg = process.argv.indexOf('--out');
const out = outArg > 0 && process.argv[outArg + 1] ? resolve(process.argv[outArg + 1]) : join(root, 'dist', 'playground');

const engine = join(root, 'dist', 'browser', 'platlint.mjs');
if (!existsSync(engine)) {
  process.stderr.write('playground: dist/browser/platlint.mjs is missing: running npm run build first\n');
  execFileSync(process.execPath, [join(root, 'src', 'tools', 'build.mjs')], { stdio: 'inherit' });
}

/** The examples: every YAML or JSON file of fixtures/examples with its folder's platlint.config.yaml ('' for none). */
function examples() {
  const base = join(root, 'fixtures', 'examples');
  const list = [];
  const walk = (dir, config) => {
    const configFile = join(dir, 'platlint.config.yaml');
    const here = existsSync(configFile) ? readFileSync(configFile, 'utf8') : config;
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path, here);
      else if (/\.(ya?ml|json)$/.test(entry.name) && entry.name !== 'platlint.config.yaml') {
        list.push({ name: relative(base, path).split('\\').join('/'), text: readFileSync(path, 'utf8'), config: here });
      }
    }
  };
  walk(base, '');
  // the files of the top folder first, then those of its folders
  return list.sort((a, b) => a.name.split('/').length - b.name.split('/').length || (a.name < b.name ? -1 : 1));
}

const site = {
  name: 'playground-site',
  setup(b) {
    // the worker imports the browser bundle as any page would: from the file beside it
    b.onResolve({ filter: /^platlint\/browser$/ }, () => ({ path: './platlint.js', external: true }));
    b.onResolve({ filter: /^platlint-playground:examples$/ }, (args) => ({ path: args.path, namespace: 'playground' }));
    b.onLoad({ filter: /.*/, namespace: 'playground' }, () => ({ contents: `export const EXAMPLES = ${JSON.stringify(examples())};`, loader: 'js' }));
  },
};

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const result = await build({
  entryPoints: { playground: join(here, 'src', 'main.ts'), worker: join(here, 'src', 'worker.ts') },
  outdir: out,
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
  plugins: [site],
});
copyFileSync(engine, join(out, 'platlint.js'));
copyFileSync(join(here, 'index.html'), join(out, 'index.html'));
copyFileSync(join(here, 'style.css'), join(out, 'playground.css'));
copyFileSync(join(here, 'favicon.svg'), join(out, 'favicon.svg'));

// The licences of the packages bundled into the page (CodeMirror, Lezer and what they use), whose minified
// code no longer carries them.
const packages = new Map();
for (const input of Object.keys(result.metafile.inputs)) {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
  if (m && !packages.has(m[1])) packages.set(m[1], join(root, 'node_modules', m[1]));
}
const notices = [...packages.keys()].sort().map((name) => {
  const dir = packages.get(name);
  const { version, license } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const file = readdirSync(dir).find((f) => /^licen[cs]e/i.test(f));
  return `${name} ${version} (${license})\n\n${file ? readFileSync(join(dir, file), 'utf8').trim() : ''}\n`;
});
writeFileSync(
  join(out, 'THIRD-PARTY-NOTICES.txt'),
  `The playground's page bundles these packages (platlint.js, platlint's browser bundle, is platlint's own build).\n\n${notices.join(`\n${'-'.repeat(72)}\n\n`)}`,
);

// sizes: what a browser downloads (the notices are not loaded by the page)
const loaded = ['index.html', 'playground.js', 'worker.js', 'platlint.js', 'playground.css', 'favicon.svg'];
let js = [0, 0];
let total = [0, 0];
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
for (const f of loaded) {
  const bytes = readFileSync(join(out, f));
  const gz = gzipSync(bytes, { level: 9 }).length;
  if (f.endsWith('.js')) js = [js[0] + bytes.length, js[1] + gz];
  total = [total[0] + bytes.length, total[1] + gz];
  process.stdout.write(`  ${f.padEnd(16)} ${kib(bytes.length).padStart(11)}  ${kib(gz).padStart(10)} gzip\n`);
}
process.stdout.write(`playground: ${relative(process.cwd(), out) || '.'} (JavaScript ${kib(js[0])}, ${kib(js[1])} gzip; total ${kib(total[0])}, ${kib(total[1])} gzip)\n`);

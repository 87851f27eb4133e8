// npm run package:vscode: the extension bundled with esbuild into dist/extension.js, the built language server
// copied into server/ (the root's `npm run build` makes it), and both packed into a .vsix with @vscode/vsce.
// Nothing is fetched: the extension has no dependencies of its own left to install (vsce's `dependencies: false`).
// Usage: node editors/vscode/build.mjs [--out FILE.vsix]   (default: editors/vscode/platlint-VERSION.vsix)
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { createVSIX } from '@vscode/vsce';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const manifest = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8'));
const outArg = process.argv.indexOf('--out');
const out = outArg > 0 && process.argv[outArg + 1] ? resolve(process.argv[outArg + 1]) : join(here, `${manifest.name}-${manifest.version}.vsix`);

// The language server as the platlint package runs it: its launcher, its bundles and what they load (the
// validators, the CEL library, the kinds' CEL types) and the JSON Schemas that hover and completion read.
const serverFiles = ['dist/lsp.cjs', 'dist/lsp-worker.cjs', 'dist/cel-js.cjs', 'dist/kind-types.json', 'dist/validators', 'schemas'];
for (const file of serverFiles) {
  if (!existsSync(join(root, file))) {
    process.stderr.write(`package:vscode: ${file} is missing: run npm run build first\n`);
    process.exit(2);
  }
}
const server = join(here, 'server');
rmSync(server, { recursive: true, force: true });
for (const file of serverFiles) cpSync(join(root, file), join(server, file), { recursive: true });
// .cjs: the launcher is CommonJS (bin/package.json says so for bin/), and the name keeps it so wherever it lands
mkdirSync(join(server, 'bin'), { recursive: true });
cpSync(join(root, 'bin', 'platlint-language-server.js'), join(server, 'bin', 'platlint-language-server.cjs'));
// the loader whose V8 flags the launcher sets (the code caches of dist/ were made under them)
cpSync(join(root, 'bin', 'load-bundle.cjs'), join(server, 'bin', 'load-bundle.cjs'));

// The licence of the package, when the repository has its file (vsce wants one in the .vsix)
const license = existsSync(join(root, 'LICENSE'));
rmSync(join(here, 'LICENSE'), { force: true });
if (license) cpSync(join(root, 'LICENSE'), join(here, 'LICENSE'));

// `vscode` is the editor's API, given to the extension at run time; everything else goes into the bundle.
await build({
  entryPoints: [join(here, 'src', 'extension.ts')],
  outfile: join(here, 'dist', 'extension.js'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: ['vscode'],
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
});

await createVSIX({
  cwd: here,
  packagePath: out,
  dependencies: false,
  prepublish: false,
  skipLicense: !license,
  // the manifest names no repository: the package is installed from its file, not from a marketplace
  allowMissingRepository: true,
});

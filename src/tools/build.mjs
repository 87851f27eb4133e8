// npm run build: generated validators, then one esbuild bundle per entry point, then type declarations.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const node = process.execPath;

execFileSync(node, [join(root, 'src/tools/build-validators.mjs')], { stdio: 'inherit' });
rmSync(join(root, 'dist'), { recursive: true, force: true });

// The CEL types of every kind a policy may check, made once here from the schemas (src/tools/kind-types.ts)
// instead of at the start of every run with policies (src/policies/kind-types.ts reads the table).
const kindTypesTool = join(root, 'dist', 'tools', 'kind-types.cjs');
await build({
  entryPoints: [join(root, 'src/tools/kind-types.ts')],
  outfile: kindTypesTool,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  logLevel: 'warning',
  banner: { js: "var __platlintUrl = require('node:url').pathToFileURL(__filename).href;" },
  define: { 'import.meta.url': '__platlintUrl' },
});
execFileSync(node, [kindTypesTool, join(root, 'src', 'generated', 'kind-types.json')], { stdio: 'inherit' });
rmSync(join(root, 'dist', 'tools'), { recursive: true, force: true });

// CommonJS code inside an ES module bundle (and Ajv's standalone validators) still calls require().
const banner = { js: "import { createRequire as __platlintRequire } from 'node:module'; const require = __platlintRequire(import.meta.url);" };
const common = { bundle: true, platform: 'node', format: 'esm', target: 'node20', sourcemap: false, legalComments: 'none', logLevel: 'warning', banner };
// The CLI and the language server are one CommonJS file each with every dependency inside: start-up reads
// one module instead of hundreds, and bin/platlint.js compiles the CLI with V8's code cache (below).
// `import.meta.url` becomes the file's URL. The language server reads the JSON Schemas for hover and
// completion from ../schemas (the package ships them).
const standalone = {
  ...common,
  format: 'cjs',
  banner: { js: "var __platlintUrl = require('node:url').pathToFileURL(__filename).href;" },
  minify: true,
  define: { 'import.meta.url': '__platlintUrl', __PLATLINT_VALIDATORS_DIR__: '"./validators/"', __PLATLINT_CEL_MODULE__: '"./cel-js.cjs"', __PLATLINT_KIND_TYPES__: '"./kind-types.json"' },
};
await build({ ...standalone, entryPoints: [join(root, 'src/cli.ts')], outfile: join(root, 'dist/cli.cjs') });
await build({ ...standalone, entryPoints: [join(root, 'src/lsp/server.ts')], outfile: join(root, 'dist/lsp.cjs') });
// The language server's lint thread (src/lsp/lint-thread.ts starts it from beside dist/lsp.cjs): the engine
// without the protocol library, so that a new thread loads only what a lint needs.
await build({ ...standalone, entryPoints: [join(root, 'src/lsp/lint-worker.ts')], outfile: join(root, 'dist/lsp-worker.cjs') });
// The library keeps its dependencies external, as a library should.
await build({ ...common, entryPoints: [join(root, 'src/index.ts')], outfile: join(root, 'dist/lib/index.js'), packages: 'external', define: { __PLATLINT_VALIDATORS_DIR__: '"../validators/"', __PLATLINT_CEL_MODULE__: '"../cel-js.cjs"', __PLATLINT_KIND_TYPES__: '"../kind-types.json"' } });
// The CEL library is its own CommonJS file, required on first use (src/services/cel.ts): a run over files
// without CEL expressions never loads it.
await build({ entryPoints: [join(root, 'node_modules/@marcbachmann/cel-js/lib/index.js')], outfile: join(root, 'dist/cel-js.cjs'), bundle: true, platform: 'node', format: 'cjs', target: 'node20', minify: true, legalComments: 'none', logLevel: 'warning' });
// The validator modules stay separate files, loaded on demand by both bundles.
cpSync(join(root, 'src/generated/validators'), join(root, 'dist/validators'), { recursive: true });
cpSync(join(root, 'src/generated/kind-types.json'), join(root, 'dist/kind-types.json'));

execFileSync(node, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' });

// V8's code cache of the CLI bundle, made by one run over the bundled examples so that it holds the functions
// a lint run compiles: bin/platlint.js hands it to V8, which then skips most parsing and compiling at start-up
// (~18 ms of ~100 ms here). A cache from another Node version is rejected by V8 and the bundle compiles as usual.
// The run uses the example policies' configuration, so that the cache holds the code of policies too.
// The examples include files with mistakes, so the run exits 1; only 2 (an internal error) fails the build.
const warmUp = spawnSync(node, [join(root, 'bin/platlint.js'), '--config', join(root, 'fixtures/examples/policies/platlint.config.yaml'), '--format', 'json', join(root, 'fixtures/examples')], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, PLATLINT_WRITE_CODE_CACHE: '1' },
});
if (warmUp.status !== 0 && warmUp.status !== 1) throw new Error(`the code-cache warm-up run failed (exit ${warmUp.status})`);

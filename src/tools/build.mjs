// npm run build: generated validators, then one esbuild bundle per entry point, then type declarations.
import { execFileSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const node = process.execPath;

execFileSync(node, [join(root, 'src/tools/build-validators.mjs')], { stdio: 'inherit' });
rmSync(join(root, 'dist'), { recursive: true, force: true });

// CommonJS code inside an ES module bundle (and Ajv's standalone validators) still calls require().
const banner = { js: "import { createRequire as __platlintRequire } from 'node:module'; const require = __platlintRequire(import.meta.url);" };
const common = { bundle: true, platform: 'node', format: 'esm', target: 'node20', sourcemap: false, legalComments: 'none', logLevel: 'warning', banner };
// The CLI is one file with every dependency inside: start-up reads one module instead of hundreds.
await build({ ...common, entryPoints: [join(root, 'src/cli.ts')], outfile: join(root, 'dist/cli.js'), minify: true, define: { __PLATLINT_VALIDATORS_DIR__: '"./validators/"', __PLATLINT_CEL_MODULE__: '"./cel-js.cjs"' } });
// The library keeps its dependencies external, as a library should.
await build({ ...common, entryPoints: [join(root, 'src/index.ts')], outfile: join(root, 'dist/lib/index.js'), packages: 'external', define: { __PLATLINT_VALIDATORS_DIR__: '"../validators/"', __PLATLINT_CEL_MODULE__: '"../cel-js.cjs"' } });
// The CEL library is its own CommonJS file, required on first use (src/services/cel.ts): a run over files
// without CEL expressions never loads it.
await build({ entryPoints: [join(root, 'node_modules/@marcbachmann/cel-js/lib/index.js')], outfile: join(root, 'dist/cel-js.cjs'), bundle: true, platform: 'node', format: 'cjs', target: 'node20', minify: true, legalComments: 'none', logLevel: 'warning' });
// The validator modules stay separate files, loaded on demand by both bundles.
cpSync(join(root, 'src/generated/validators'), join(root, 'dist/validators'), { recursive: true });

execFileSync(node, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' });

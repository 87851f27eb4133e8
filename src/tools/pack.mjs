// npm's lifecycle scripts of the package (package.json `scripts`): `node src/tools/pack.mjs prepare|prepack|postpack`.
//
// - prepare: `npm ci` or `npm install` in a checkout, and npm's preparation of a git dependency: builds.
// - prepack: `npm pack` and `npm publish`: builds, then takes `prepare` out of package.json while npm packs it.
// - postpack: puts package.json back as it was.
//
// Why the tarball's package.json has no `prepare`: the tarball holds the built dist/ and not the sources, so its
// `prepare` could never run, yet npm 11 lists a `prepare` script of a package installed from a tarball or from
// git among the "install scripts not yet covered by allowScripts" (a warning on every install).
// A git dependency is packed without prepack: npm (pacote) clones the repository into a folder of its own, runs
// `npm install` there, which runs `prepare` with _PACOTE_NO_PREPARE_ in the environment, then runs `prepare` once
// more and packs the folder. After building, `prepare` takes itself out of that folder's package.json (the folder
// is npm's, thrown away once packed), so that npm does not build a second time. npm still names the `prepare`
// script of a git dependency in its allowScripts warning: it reads the manifest before the preparation, and the
// script does run on that install. In a checkout of platlint, package.json is changed only during `npm pack`.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const manifest = join(root, 'package.json');
// package.json as it was before prepack, until postpack (in node_modules/: never committed nor packed)
const saved = join(root, 'node_modules', '.cache', 'platlint-pack', 'package.json');

function build() {
  execFileSync(process.execPath, [join(root, 'src/tools/build.mjs')], { stdio: 'inherit' });
}

/** Writes package.json without its `prepare` script. */
function dropPrepare(text) {
  const pkg = JSON.parse(text);
  delete pkg.scripts.prepare;
  writeFileSync(manifest, `${JSON.stringify(pkg, null, 2)}\n`);
}

/** Puts back the package.json that prepack saved, if any (a pack that ended before postpack left it). */
function restore() {
  if (!existsSync(saved)) return;
  writeFileSync(manifest, readFileSync(saved));
  rmSync(saved);
}

const step = process.argv[2];
if (step === 'prepare') {
  build();
  if (process.env._PACOTE_NO_PREPARE_ !== undefined) dropPrepare(readFileSync(manifest, 'utf8'));
} else if (step === 'prepack') {
  restore();
  build();
  const text = readFileSync(manifest, 'utf8');
  mkdirSync(dirname(saved), { recursive: true });
  writeFileSync(saved, text);
  dropPrepare(text);
} else if (step === 'postpack') {
  restore();
} else {
  throw new Error(`usage: node src/tools/pack.mjs prepare|prepack|postpack (got ${JSON.stringify(step)})`);
}

// `--cache` written by two processes at once (platlint runs in parallel CI jobs on one checkout): saving the
// same cache file never leaves a file that does not parse, nor a temporary file. Real processes: npm run
// test:clients.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CACHE_NAME } from '../../src/files/cache.js';
import { platlint, spawnPlatlint } from '../helpers/cli.js';
import { ROOT } from '../helpers/fixtures.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'platlint-cache-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const ROLE = (name: string) => `apiVersion: rbac.authorization.plat.io/v1\nkind: Role\nmetadata:\n  name: ${name}\n  namespace: ns\nrules:\n- apiGroups: [""]\n  resources: [pods]\n  verbs: [get]\n`;

describe('parallel runs', () => {
  it('two processes saving the same cache 50 times each never leave a file that does not parse', async () => {
    const lib = join(dir, 'cache.mjs');
    await build({ entryPoints: [join(ROOT, 'src/files/cache.ts')], bundle: true, platform: 'node', format: 'esm', outfile: lib, logLevel: 'silent' });
    const cachePath = join(dir, 'shared', DEFAULT_CACHE_NAME);
    const sources = join(dir, 'src');
    mkdirSync(sources);
    for (let i = 0; i < 20; i++) writeFileSync(join(sources, `f${i}.yaml`), ROLE(`f${i}`));
    const worker = join(dir, 'worker.mjs');
    writeFileSync(
      worker,
      `import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openCache } from ${JSON.stringify(lib)};
const [cachePath, sources, name] = process.argv.slice(2);
const key = { version: '0.1.0', config: { rules: {}, ignores: [], baseDir: '/' } };
let hits = 0;
for (let i = 0; i < 50; i++) {
  const c = openCache(cachePath, key);
  for (let j = 0; j < 4; j++) {
    const path = join(sources, 'f' + ((i * 4 + j + (name === 'a' ? 0 : 7)) % 20) + '.yaml');
    const bytes = readFileSync(path);
    if (c.get(path, bytes)) { hits++; continue; }
    c.set(path, bytes, { filePath: path, diagnostics: [], suppressed: [], documentsChecked: 1, documentsSkipped: 0, errorCount: 0, warningCount: 0, fatalErrorCount: 0, by: name, i, padding: 'x'.repeat(20000) });
  }
  c.save();
  if (c.problems.length) { console.error(c.problems.join('\\n')); process.exit(3); }
}
console.log(hits);
`,
    );
    const runWorker = (name: string) =>
      new Promise<{ code: number | null; out: string; err: string }>((done) => {
        const child = spawn(process.execPath, [worker, cachePath, sources, name], { stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        let err = '';
        child.stdout.on('data', (d: Buffer) => (out += d));
        child.stderr.on('data', (d: Buffer) => (err += d));
        child.on('close', (code) => done({ code, out, err }));
      });
    let running = true;
    let reads = 0;
    const reader = (async () => {
      while (running) {
        let text: string | undefined;
        try {
          text = readFileSync(cachePath, 'utf8');
        } catch {
          /* not written yet */
        }
        if (text !== undefined) {
          reads++;
          expect(() => JSON.parse(text)).not.toThrow();
          expect(text.startsWith('{"platlint-cache":1,')).toBe(true);
        }
        await new Promise((r) => setTimeout(r, 1));
      }
    })();
    const [a, b] = await Promise.all([runWorker('a'), runWorker('b')]);
    running = false;
    await reader;
    expect(a).toMatchObject({ code: 0, err: '' });
    expect(b).toMatchObject({ code: 0, err: '' });
    expect(reads).toBeGreaterThan(0);
    const data = JSON.parse(readFileSync(cachePath, 'utf8')) as { runs: Record<string, { files: Record<string, { result: { by: string } }> }> };
    const entries = Object.values(Object.values(data.runs)[0]!.files);
    expect(entries.length).toBeGreaterThan(0);
    expect(Number(a.out) + Number(b.out)).toBeGreaterThan(0);
    // no temporary file left behind
    expect(readdirSync(join(dir, 'shared'))).toEqual([DEFAULT_CACHE_NAME]);
  });
});

describe('builds', () => {
  it('a cache written by one build is not read by another of the same version: each keeps its own run', async () => {
    writeFileSync(join(dir, 'role.yaml'), ROLE('a'));
    const runs = () => Object.keys((JSON.parse(readFileSync(join(dir, DEFAULT_CACHE_NAME), 'utf8')) as { runs: object }).runs);
    // the built program (its build: a hash of the sources, src/tools/build.mjs), twice: one run key
    expect(spawnPlatlint(['--cache', 'role.yaml'], { cwd: dir }).code).toBe(0);
    expect(spawnPlatlint(['--cache', 'role.yaml'], { cwd: dir }).code).toBe(0);
    expect(runs()).toHaveLength(1);
    // the same version run from the sources (these tests): another build, another run key
    expect((await platlint(['--cache', 'role.yaml'], { cwd: dir })).code).toBe(0);
    expect(runs()).toHaveLength(2);
  });
});

// `--cache`: hits only for the same bytes, run key and version; corrupt or foreign files never crash; a cached
// run gives what an uncached one gives. (Parallel writers in two processes: test/clients/cache-processes.test.ts.)
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cacheFilePath, DEFAULT_CACHE_NAME, LIMITS, openCache, runKey, type CacheKey } from '../src/files/cache.js';
import { DEFAULT_CONFIG, type Config } from '../src/config/config.js';
import { fileLevelResult, lintBytes, type LintResult } from '../src/lint/lint.js';
import { checkSet } from '../src/files/across-files.js';
import { ROOT, yamlFiles } from './helpers/fixtures.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'platlint-cache-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const config: Config = { ...DEFAULT_CONFIG, baseDir: '/' };
const KEY: CacheKey = { version: '0.1.0', config };
const enc = (s: string) => new TextEncoder().encode(s);

const ROLE = (name: string) => `apiVersion: rbac.authorization.plat.io/v1\nkind: Role\nmetadata:\n  name: ${name}\n  namespace: ns\nrules:\n- apiGroups: [""]\n  resources: [pods]\n  verbs: [get]\n`;
const BAD = 'apiVersion: apiserver.config.plat.io/v1\nkind: TracingConfiguration\nendpoint: localhost:4317\nsamplingRatePerMilion: 3\n';

/** Writes a file in the scratch folder and returns its path and bytes. */
function file(name: string, text: string): { path: string; bytes: Uint8Array } {
  const path = join(dir, name);
  writeFileSync(path, text);
  return { path, bytes: readFileSync(path) };
}

function lint(path: string, bytes: Uint8Array, cfg: Config = config): LintResult {
  return lintBytes(bytes, { filePath: path, config: cfg });
}

describe('openCache', () => {
  it('hits for the same bytes, misses for other bytes, and keeps the result as it was', () => {
    const cachePath = join(dir, DEFAULT_CACHE_NAME);
    const f = file('tracing.yaml', BAD);
    const result = lint(f.path, f.bytes);
    expect(result.diagnostics.map((d) => `${d.ruleId} ${d.line}:${d.column}`)).toEqual(['schema/unknown-field 4:1']);
    const c1 = openCache(cachePath, KEY);
    expect(c1.get(f.path, f.bytes)).toBeUndefined();
    c1.set(f.path, f.bytes, result);
    c1.save();
    expect(c1.problems).toEqual([]);

    const c2 = openCache(cachePath, KEY);
    expect(c2.get(f.path, f.bytes)).toEqual(result);
    expect(c2.get(f.path, new Uint8Array(f.bytes))).toEqual(result); // same bytes, another buffer
    expect(c2.get(f.path, enc(BAD + '# changed\n'))).toBeUndefined();
    expect(c2.get(join(dir, 'other.yaml'), f.bytes)).toBeUndefined();
    expect(c2.stats).toEqual({ hits: 2, misses: 2 });
    // a hit is a copy: the set checks add findings to results in place
    c2.get(f.path, f.bytes)!.diagnostics.push(result.diagnostics[0]!);
    expect(c2.get(f.path, f.bytes)!.diagnostics).toHaveLength(1);
  });

  it('a configuration, settings or version change misses; each run key keeps its own entries', () => {
    const cachePath = join(dir, DEFAULT_CACHE_NAME);
    const f = file('tracing.yaml', BAD);
    const c = openCache(cachePath, KEY);
    c.set(f.path, f.bytes, lint(f.path, f.bytes));
    c.save();
    const off: Config = { ...config, rules: { 'schema/unknown-field': 'off' } };
    const others: CacheKey[] = [
      { ...KEY, config: off },
      { ...KEY, config: { ...config, ignores: ['vendor/**'] } },
      { ...KEY, config: { ...config, maxFileSize: 1000 } },
      { ...KEY, version: '0.2.0' },
      { ...KEY, settings: { kind: 'JSONPatch' } },
      { ...KEY, settings: { fix: 'dry-run' } },
    ];
    for (const k of others) expect(openCache(cachePath, k).get(f.path, f.bytes), JSON.stringify(k)).toBeUndefined();
    // the run key ignores what does not change results (where the configuration came from) and key order
    expect(runKey({ ...KEY, config: { ...config, baseDir: '/elsewhere', filePath: '/elsewhere/platlint.config.yaml' } })).toBe(runKey(KEY));
    expect(runKey({ ...KEY, config: { ...config, rules: { a: 'off', b: 'warn' } } })).toBe(runKey({ ...KEY, config: { ...config, rules: { b: 'warn', a: 'off' } } }));
    // a run under another configuration stores its own result beside the first one
    const cOff = openCache(cachePath, { ...KEY, config: off });
    const quiet = lint(f.path, f.bytes, off);
    expect(quiet.diagnostics).toEqual([]);
    cOff.set(f.path, f.bytes, quiet);
    cOff.save();
    expect(openCache(cachePath, { ...KEY, config: off }).get(f.path, f.bytes)).toEqual(quiet);
    expect(openCache(cachePath, KEY).get(f.path, f.bytes)!.diagnostics.map((d) => d.ruleId)).toEqual(['schema/unknown-field']);
  });

  it('drops entries of changed and deleted files on save', () => {
    const cachePath = join(dir, DEFAULT_CACHE_NAME);
    const a = file('a.yaml', ROLE('a'));
    const b = file('b.yaml', ROLE('b'));
    const c1 = openCache(cachePath, KEY);
    c1.set(a.path, a.bytes, lint(a.path, a.bytes));
    c1.set(b.path, b.bytes, lint(b.path, b.bytes));
    c1.save();
    const stored = () => Object.keys((JSON.parse(readFileSync(cachePath, 'utf8')) as { runs: Record<string, { files: object }> }).runs[runKey(KEY)]!.files).sort();
    expect(stored()).toEqual([a.path, b.path]);
    rmSync(b.path);
    const a2 = file('a.yaml', ROLE('a2'));
    const c2 = openCache(cachePath, KEY);
    expect(c2.get(a2.path, a2.bytes)).toBeUndefined(); // changed
    c2.save();
    expect(stored()).toEqual([]);
  });

  it('does not store fixed text or unreadable files', () => {
    const cachePath = join(dir, DEFAULT_CACHE_NAME);
    const f = file('tracing.yaml', BAD);
    const c = openCache(cachePath, KEY);
    c.set(f.path, f.bytes, { ...lint(f.path, f.bytes), output: 'fixed', fixed: 1 });
    c.set(f.path, f.bytes, fileLevelResult(f.path, { ruleId: 'input/unreadable', severity: 'error', message: 'cannot read the file (EACCES)', path: [], range: { start: 0, end: 0 }, document: -1, fatal: true }));
    c.save();
    expect(openCache(cachePath, KEY).get(f.path, f.bytes)).toBeUndefined();
  });

  /** Waits for the clock's next millisecond (the cache orders runs and entries by Date.now()). */
  const nextMillisecond = () => {
    const start = Date.now();
    while (Date.now() === start);
  };

  it('stays within its size bounds', () => {
    const cachePath = join(dir, DEFAULT_CACHE_NAME);
    const saved = { ...LIMITS };
    try {
      LIMITS.entriesPerRun = 3;
      LIMITS.runs = 2;
      for (let i = 0; i < 5; i++) {
        const f = file(`r${i}.yaml`, ROLE(`r${i}`));
        const c = openCache(cachePath, KEY);
        c.set(f.path, f.bytes, lint(f.path, f.bytes));
        c.save();
      }
      for (const version of ['a', 'b', 'c']) {
        // each run in a millisecond of its own: runs are kept by when they were last used
        nextMillisecond();
        const f = file('r4.yaml', ROLE('r4'));
        const c = openCache(cachePath, { ...KEY, version });
        c.set(f.path, f.bytes, lint(f.path, f.bytes));
        c.save();
      }
      const data = JSON.parse(readFileSync(cachePath, 'utf8')) as { runs: Record<string, { files: object }> };
      expect(Object.keys(data.runs).sort()).toEqual([runKey({ ...KEY, version: 'b' }), runKey({ ...KEY, version: 'c' })].sort());
      LIMITS.runs = 8;
      const c = openCache(cachePath, KEY);
      for (let i = 0; i < 5; i++) {
        const f = file(`r${i}.yaml`, ROLE(`r${i}`));
        c.set(f.path, f.bytes, lint(f.path, f.bytes));
      }
      c.save();
      const after = JSON.parse(readFileSync(cachePath, 'utf8')) as { runs: Record<string, { files: object }> };
      expect(Object.keys(after.runs[runKey(KEY)]!.files)).toHaveLength(3);
      LIMITS.entryBytes = 100; // a result larger than one entry may be is not stored
      const big = file('big.yaml', BAD);
      const c2 = openCache(cachePath, KEY);
      c2.set(big.path, big.bytes, lint(big.path, big.bytes));
      c2.save();
      expect(openCache(cachePath, KEY).get(big.path, big.bytes)).toBeUndefined();
    } finally {
      Object.assign(LIMITS, saved);
    }
  });
});

describe('damaged and foreign cache files', () => {
  function stored(cachePath: string): { hit: LintResult | undefined; f: { path: string; bytes: Uint8Array } } {
    const f = file('tracing.yaml', BAD);
    const c = openCache(cachePath, KEY);
    const hit = c.get(f.path, f.bytes);
    c.set(f.path, f.bytes, lint(f.path, f.bytes));
    c.save();
    expect(c.problems).toEqual([]);
    return { hit, f };
  }

  it('reads a truncated cache as empty and writes a whole one', () => {
    const cachePath = join(dir, DEFAULT_CACHE_NAME);
    const { f } = stored(cachePath);
    const whole = readFileSync(cachePath, 'utf8');
    for (const cut of [whole.length - 1, Math.floor(whole.length / 2), 10, 1]) {
      writeFileSync(cachePath, whole.slice(0, cut));
      const c = openCache(cachePath, KEY);
      expect(c.get(f.path, f.bytes), `cut at ${cut}`).toBeUndefined();
      c.set(f.path, f.bytes, lint(f.path, f.bytes));
      c.save();
      expect(c.problems).toEqual([]);
      expect(readFileSync(cachePath, 'utf8').length).toBe(whole.length);
      expect(openCache(cachePath, KEY).get(f.path, f.bytes)).toEqual(lint(f.path, f.bytes));
    }
  });

  it('reads an empty file, another format version or a wrong shape as empty', () => {
    const cachePath = join(dir, DEFAULT_CACHE_NAME);
    const f = file('tracing.yaml', BAD);
    const h = (s: string) => {
      writeFileSync(cachePath, s);
      return openCache(cachePath, KEY).get(f.path, f.bytes);
    };
    expect(h('')).toBeUndefined();
    expect(h('{"platlint-cache":2,"runs":{}}')).toBeUndefined();
    expect(h('{"platlint-cache":1,"runs":[1,2,3]}')).toBeUndefined();
    expect(h(`{"platlint-cache":1,"runs":{"${runKey(KEY)}":{"used":1,"files":{"${f.path}":{"sha256":3,"at":1,"result":null}}}}}`)).toBeUndefined();
    expect(h(`{"platlint-cache":1,"runs":{"${runKey(KEY)}":"x"}}`)).toBeUndefined();
    const c = openCache(cachePath, KEY);
    c.set(f.path, f.bytes, lint(f.path, f.bytes));
    c.save();
    expect(openCache(cachePath, KEY).get(f.path, f.bytes)).toBeDefined();
  });

  it('never overwrites a file that is not a platlint cache', () => {
    for (const foreign of ['[{"filePath":"a.yaml"}]', '{"eslint":true}', 'not json at all', '\u0000\u0001\u0002binary']) {
      const cachePath = join(dir, 'package.json');
      writeFileSync(cachePath, foreign);
      const f = file('tracing.yaml', BAD);
      const c = openCache(cachePath, KEY);
      expect(c.get(f.path, f.bytes)).toBeUndefined();
      c.set(f.path, f.bytes, lint(f.path, f.bytes));
      c.save();
      expect(readFileSync(cachePath, 'utf8')).toBe(foreign);
      expect(c.problems).toEqual([`${cachePath} is not a platlint cache; it is left as it is and no cache is written`]);
    }
  });

  it('reports a cache it cannot write without throwing', () => {
    writeFileSync(join(dir, 'plain-file'), 'x');
    const cachePath = join(dir, 'plain-file', 'cache');
    const f = file('tracing.yaml', BAD);
    const c = openCache(cachePath, KEY);
    c.set(f.path, f.bytes, lint(f.path, f.bytes));
    expect(() => c.save()).not.toThrow();
    expect(c.problems).toHaveLength(1);
    expect(c.problems[0]).toMatch(new RegExp(`^cannot write the cache ${cachePath} \\((ENOTDIR|EEXIST)\\)$`));
  });
});

describe('cacheFilePath', () => {
  it('defaults to .platlintcache in the working folder; a folder holds one; anything else is the file', () => {
    mkdirSync(join(dir, 'caches'));
    expect(cacheFilePath(dir)).toBe(join(dir, '.platlintcache'));
    expect(cacheFilePath(dir, 'caches')).toBe(join(dir, 'caches', '.platlintcache'));
    expect(cacheFilePath(dir, 'new-folder/')).toBe(join(dir, 'new-folder', '.platlintcache'));
    expect(cacheFilePath(dir, 'caches/lint.json')).toBe(join(dir, 'caches', 'lint.json'));
    expect(cacheFilePath(dir, '/abs/cache')).toBe('/abs/cache');
  });
});

describe('a cached run', () => {
  it('gives the results of an uncached run, set checks included', () => {
    const inputs = yamlFiles(join(ROOT, 'fixtures/examples')).map((p) => ({ path: p, bytes: readFileSync(p) as Uint8Array }));
    // the same Role in two files: a set check (set/duplicate-object) over cached objects
    inputs.push(file('dup-1.yaml', ROLE('same')), file('dup-2.yaml', ROLE('same')));
    const cachePath = join(dir, DEFAULT_CACHE_NAME);
    const deployments = [new Set(inputs.slice(-2).map((i) => i.path))]; // the two files are applied together
    const run = (cache: ReturnType<typeof openCache> | undefined) => {
      const results = inputs.map(({ path, bytes }) => {
        const hit = cache?.get(path, bytes);
        if (hit) return hit;
        const r = lint(path, bytes);
        cache?.set(path, bytes, r);
        return r;
      });
      cache?.save();
      return checkSet(results, { config, cwd: ROOT, deployments });
    };
    const uncached = run(undefined);
    const first = openCache(cachePath, KEY);
    const cold = run(first);
    expect(first.stats).toEqual({ hits: 0, misses: inputs.length });
    const second = openCache(cachePath, KEY);
    const warm = run(second);
    expect(second.stats).toEqual({ hits: inputs.length, misses: 0 });
    expect(cold).toEqual(uncached);
    expect(warm).toEqual(uncached);
    expect(JSON.stringify(warm)).toBe(JSON.stringify(uncached));
    expect(warm.some((r) => r.objects && r.objects.length > 0)).toBe(true);
    expect(warm.filter((r) => r.diagnostics.some((d) => d.ruleId === 'set/duplicate-object')).map((r) => r.filePath.split('/').pop())).toEqual(['dup-1.yaml', 'dup-2.yaml']);
    expect(warm.reduce((n, r) => n + r.errorCount, 0)).toBeGreaterThan(0);
  });
});

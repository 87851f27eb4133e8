// The bulk-speed corpus of the bench (test/bench/corpus.mjs, issue 26): the same files for a seed on every machine
// (its size and defect count pinned, so that numbers measured on it stay comparable), and every defect it plants is
// one platlint reports as an error, in exactly the files it planted them in.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintFiles } from '../src/files/lint-files.js';
// @ts-expect-error: the bench's generator is plain JavaScript
import { generateCorpus, writeCorpus } from './bench/corpus.mjs';

interface CorpusFile {
  name: string;
  text: string;
  defect: string | null;
}

describe('the seed-42 bench corpus', () => {
  it('is the same 5,000 files on every machine: 22.8 MB, 820,909 lines, 269 with a defect', () => {
    const files = generateCorpus({ seed: 42, files: 5000 }) as CorpusFile[];
    expect(files.length).toBe(5000);
    expect(files.reduce((n, f) => n + Buffer.byteLength(f.text), 0)).toBe(22_810_618);
    expect(files.reduce((n, f) => n + f.text.split('\n').length - 1, 0)).toBe(820_909);
    expect(files.filter((f) => f.defect).length).toBe(269);
    // the first files of a seed are the same whatever the total (the bench's 1- and 100-file rows)
    expect((generateCorpus({ seed: 42, files: 100 }) as CorpusFile[]).map((f) => f.text)).toEqual(files.slice(0, 100).map((f) => f.text));
  });

  it('has an error in exactly the files given a defect, of the rule that defect breaks', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'platlint-corpus-'));
    try {
      const { defects } = writeCorpus(dir, { seed: 42, files: 600 }) as { defects: string[] };
      const byName = new Map((generateCorpus({ seed: 42, files: 600 }) as CorpusFile[]).map((f) => [f.name, f.defect]));
      const results = await lintFiles([dir], { cwd: dir, configFile: false, concurrency: 'off' });
      const withErrors = results.filter((r) => r.errorCount > 0).map((r) => r.filePath.slice(dir.length + 1).split('\\').join('/'));
      expect(defects.length).toBeGreaterThan(20);
      expect(withErrors.sort()).toEqual([...defects].sort());
      // each kind of defect, and the rule whose error it is
      const RULE_OF: Record<string, string> = {
        'unknown field (resource for resources)': 'schema/unknown-field',
        'a removed version': 'document/unknown-kind',
        'unknown audit level': 'schema/enum',
        'CEL expression that does not compile': 'cel/compiles',
        'aescbc key of the wrong length': 'encryption/key-length',
        'webhook timeout over 30s': 'authz/webhook-timeout-max',
        'a quantity that is not a number': 'schema/type',
      };
      for (const r of results.filter((x) => x.errorCount > 0)) {
        const defect = byName.get(r.filePath.slice(dir.length + 1).split('\\').join('/'))!;
        expect(r.diagnostics.filter((d) => d.severity === 'error').map((d) => d.ruleId), defect).toContain(RULE_OF[defect]);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

// The fast reader may only ever say "these are the values" when the full parse agrees exactly and finds no
// YAML error or warning. Checked on every fixture and example, and on thousands of mutated copies of them
// (characters deleted, duplicated, swapped, and YAML punctuation inserted), from a fixed seed.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fastValues } from '../src/fast-parse.js';
import { parseText, tokenize } from '../src/parse.js';
import { commandKind } from '../src/kinds.js';
import { lintText } from '../src/lint.js';
import { ROOT } from './helpers/fixtures.js';

function allYaml(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? allYaml(p) : /\.(ya?ml|json)$/.test(n) ? [p] : [];
  });
}

/** What the full parse says of a text: its document values, or 'error' when it reports any YAML problem. */
function fullReading(text: string): unknown[] | 'error' {
  const r = parseText(text);
  if (r.diagnostics.length > 0 || r.documents.some((d) => d.broken || d.doc.warnings.length > 0)) return 'error';
  return r.documents.map((d) => (d.value === undefined ? null : d.value));
}

/** Where both readers agree, the fast one may also give up; it must never disagree. */
function check(text: string): 'agreed' | 'gave-up' {
  const fast = fastValues(text, tokenize(text).tokens);
  if (fast === undefined) return 'gave-up';
  const full = fullReading(text);
  expect(full, text).not.toBe('error');
  expect(fast.filter((v) => v !== null), text).toEqual((full as unknown[]).filter((v) => v !== null));
  return 'agreed';
}

const corpus = allYaml(join(ROOT, 'fixtures'))
  .map((f) => readFileSync(f, 'utf8'))
  .filter((t) => !t.includes('\0'));

describe('fast reader', () => {
  it('agrees with the full parse on every fixture, and reads most of them', () => {
    const outcomes = corpus.map(check);
    const agreed = outcomes.filter((o) => o === 'agreed').length;
    expect(agreed / outcomes.length).toBeGreaterThan(0.6);
  });

  it('never disagrees on mutated files', () => {
    let seed = 20261122;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const inserts = [':', '-', ' ', '  ', '\n', '#', '"', "'", '[', ']', ',', '{', '|', '>', '&a ', '*a', '!!str ', '? ', '---\n', '...\n', '\t', 'on', '0'];
    let agreed = 0;
    let total = 0;
    // about 6,000 mutated files, however many fixtures there are (the suite's time stays bounded)
    const rounds = Math.ceil(6000 / corpus.length);
    for (let round = 0; round < rounds; round++) {
      for (const text of corpus) {
        let t = text;
        const edits = 1 + rand(3);
        for (let e = 0; e < edits; e++) {
          const at = rand(t.length + 1);
          switch (rand(4)) {
            case 0:
              t = t.slice(0, at) + t.slice(at + 1 + rand(3));
              break;
            case 1:
              t = t.slice(0, at) + t.slice(at, at + 1) + t.slice(at);
              break;
            case 2: {
              const b = rand(t.length + 1);
              t = t.slice(0, Math.min(at, b)) + t.slice(Math.max(at, b), Math.max(at, b) + 1) + t.slice(Math.min(at, b) + 1);
              break;
            }
            default:
              t = t.slice(0, at) + inserts[rand(inserts.length)] + t.slice(at);
          }
        }
        total++;
        if (check(t) === 'agreed') {
          agreed++;
          expect(lintText(t), t).toEqual(lintText(t, { fastReader: false }));
        }
      }
    }
    expect(total).toBeGreaterThan(5000);
    expect(agreed).toBeGreaterThan(total / 10);
  });
});

describe('results through the fast reader', () => {
  it('equal the results of composing every document, on every fixture (patches read as their `# lint-as:` kind)', () => {
    for (const text of corpus) {
      const as = /^#\s*lint-as:\s*(\S+)\s*$/m.exec(text)?.[1];
      const options = as ? { kind: commandKind(as) } : {};
      expect(lintText(text, options), text.slice(0, 200)).toEqual(lintText(text, { ...options, fastReader: false }));
    }
  });
});

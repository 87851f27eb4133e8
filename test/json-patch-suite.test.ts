// The public JSON Patch test suite (npm `json-patch-test-suite`, files tests.json and spec_tests.json) through
// `platlint patch --type json`: every case's patch, as written in the suite's file (duplicate members kept), is
// linted as a JSONPatch, and its findings are compared with the table below. A case not in the table must give
// no finding at all.
//
// What the table holds, and why:
// - Cases the suite applies (`expected`, or neither `expected` nor `error`): no error, except where the
//   platform's patch library (evanphx/json-patch v4, used by the API server) refuses what RFC 6902 allows,
//   whatever the document: `add` at the root path (`doc is missing path`), and `replace` at the root with a
//   scalar (the library takes only an object or a list there). Members RFC 6902 ignores get a warning.
// - Malformed operations (missing `op`, `path` or `from`, an unknown `op`, a missing `value`, a duplicate
//   member, an ignored member): all found, without the document. An error where the platform refuses the patch
//   (a `move`/`copy` without `from`, an unknown `op`); a warning where it applies it anyway (a missing `value`
//   is read as null, a `value` on `move` or `remove` is ignored, and of a duplicate member the last is kept:
//   `platctl patch` sends a JSON patch unchanged and sets no field validation, which the API server then takes
//   as Warn: it keeps the last member and answers with a warning).
// - Out of scope: errors that depend on the target document (a path that does not exist, an index past the
//   end of an array, `1e0` as an array index, a failing `test`, an object member added to an array). platlint
//   lints the patch without the object it applies to, so these cases must give no finding; the one that still
//   gets a warning is a negative index, which the platform reads from the end of the array and RFC 6901 does
//   not have.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isMap, isSeq, parseDocument, type Node } from 'yaml';
import { commandKind } from '../src/kinds/kinds.js';
import { lintText } from '../src/lint/lint.js';
import { formatPath } from '../src/path.js';
import { jsonFindings, platlint } from './helpers/cli.js';

const require = createRequire(import.meta.url);
const SUITE = dirname(require.resolve('json-patch-test-suite/package.json'));

interface Case {
  file: string;
  index: number;
  comment: string;
  /** The patch as written in the suite's file. */
  text: string;
  outcome: 'applies' | 'error';
  /** The suite's reason for an error case. */
  error: string;
  disabled: boolean;
}

function cases(file: string): Case[] {
  const source = readFileSync(join(SUITE, file), 'utf8');
  const doc = parseDocument(source, { uniqueKeys: false });
  if (!isSeq(doc.contents)) throw new Error(`${file}: not a list`);
  return doc.contents.items.map((item, index) => {
    if (!isMap(item)) throw new Error(`${file}#${index}: not a mapping`);
    const patch = item.get('patch', true) as Node | undefined;
    if (!patch?.range) throw new Error(`${file}#${index}: no patch`);
    const text = source.slice(patch.range[0], patch.range[1]);
    const comment = String(item.get('comment') ?? '');
    return { file, index, comment, text, outcome: item.has('error') ? 'error' : 'applies', error: String(item.get('error') ?? ''), disabled: (item.get('disabled') as unknown) === true };
  });
}

const ALL = [...cases('tests.json'), ...cases('spec_tests.json')];

/** Findings (`severity rule path line:col`) of the cases that have some, by `file#index` (comment checked too). */
const EXPECTED: Record<string, { comment: string; findings: string[] }> = {
  // applied by RFC 6902, refused by the platform's patch library whatever the document
  'tests.json#10': { comment: 'Toplevel scalar values OK?', findings: ['error patch/json-patch-root-path [0].path 1:28'] },
  'tests.json#59': { comment: 'replacing the root of the document is possible with add', findings: ['error patch/json-patch-root-path [0].path 1:24'] },
  // applied, with an ignored member
  'tests.json#41': { comment: 'spurious patch properties', findings: ['warning patch/json-patch-unknown-member [0].spurious 1:45'] },
  'spec_tests.json#11': { comment: 'A.11.  Ignoring Unrecognized Elements', findings: ['warning patch/json-patch-unknown-member [0].xyz 2:50'] },
  // an error that depends on the document (the array's length), and a negative index RFC 6901 does not have
  'tests.json#16': { comment: '', findings: ['warning patch/json-patch-index-canonical [0].path 1:24'] },
  // malformed operations
  'tests.json#70': { comment: "missing 'value' parameter to add", findings: ['warning patch/json-patch-missing-value [0].value 1:5'] },
  'tests.json#71': { comment: "missing 'value' parameter to replace", findings: ['warning patch/json-patch-missing-value [0].value 1:5'] },
  'tests.json#72': { comment: "missing 'value' parameter to test", findings: ['warning patch/json-patch-missing-value [0].value 1:5'] },
  'tests.json#73': { comment: 'missing value parameter to test - where undef is falsy', findings: ['warning patch/json-patch-missing-value [0].value 1:5'] },
  'tests.json#74': { comment: 'missing from parameter to copy', findings: ['error schema/required [0].from 1:5'] },
  'tests.json#75': { comment: 'missing from parameter to move', findings: ['error schema/required [0].from 1:5', 'error patch/json-patch-root-path [0].path 1:27'] },
  'tests.json#76': { comment: 'duplicate ops', findings: ['warning patch/json-patch-unused-field [0].value 1:34', 'warning yaml/duplicate-key [0].op 2:20'] },
  'tests.json#77': { comment: 'unrecognized op should fail', findings: ['error schema/enum [0].op 1:9'] },
  'spec_tests.json#13': { comment: 'A.13 Invalid JSON Patch Document', findings: ['warning patch/json-patch-unused-field [0].value 2:34', 'warning yaml/duplicate-key [0].op 2:50'] },
};

/** The cases the suite applies but the platform's patch library refuses whatever the document. */
const PLATFORM_REFUSES = new Set(['tests.json#10', 'tests.json#59']);
/** The error cases whose operation is malformed (found without the document). */
const MALFORMED = new Set(['tests.json#70', 'tests.json#71', 'tests.json#72', 'tests.json#73', 'tests.json#74', 'tests.json#75', 'tests.json#76', 'tests.json#77', 'spec_tests.json#13']);

function lint(text: string): string[] {
  return lintText(text, { kind: commandKind('JSONPatch') }).diagnostics.map((d) => `${d.severity} ${d.ruleId} ${formatPath(d.path) || '-'} ${d.line}:${d.column}`);
}

describe('json-patch-test-suite', () => {
  it('has the cases the table was written for', () => {
    expect(ALL.length).toBe(95);
    for (const [key, { comment }] of Object.entries(EXPECTED)) {
      const c = ALL.find((x) => `${x.file}#${x.index}` === key);
      expect(c?.comment, key).toBe(comment);
    }
  });

  for (const c of ALL) {
    const key = `${c.file}#${c.index}`;
    it(`${key} ${c.outcome}${c.disabled ? ' (disabled in the suite)' : ''}: ${c.comment || c.text.replace(/\s+/g, ' ').slice(0, 60)}`, () => {
      const found = lint(c.text);
      expect(found).toEqual(EXPECTED[key]?.findings ?? []);
      const errors = found.filter((f) => f.startsWith('error '));
      if (c.outcome === 'applies' && !PLATFORM_REFUSES.has(key)) expect(errors).toEqual([]);
      if (MALFORMED.has(key)) expect(c.outcome).toBe('error');
      if (MALFORMED.has(key)) expect(found.length).toBeGreaterThan(0);
    });
  }

  it('knows every malformed operation of the suite by its reason (a missing value or from, an unknown or repeated op)', () => {
    const malformed = ALL.filter((c) => /missing '(value|from)' parameter|unrecognized op|two 'op' members/i.test(c.error));
    expect(malformed.map((c) => `${c.file}#${c.index}`).sort()).toEqual([...MALFORMED].sort());
  });

  it('gives the same findings through the command line (`platlint patch --type json`)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'platlint-json-patch-suite-'));
    const sample = ['tests.json#0', 'tests.json#40', 'tests.json#41', 'tests.json#59', 'tests.json#70', 'tests.json#75', 'tests.json#77', 'spec_tests.json#11', 'spec_tests.json#16'];
    const files = sample.map((key) => {
      const c = ALL.find((x) => `${x.file}#${x.index}` === key)!;
      const file = join(dir, `${key.replace(/[.#]/g, '-')}.json`);
      writeFileSync(file, c.text);
      return { key, file, text: c.text };
    });
    const r = await platlint(['patch', '--type', 'json', '--format', 'json', ...files.map((f) => f.file)]);
    expect(r.code).toBe(1); // errors among them
    const results = JSON.parse(r.stdout) as { filePath: string; messages: unknown[] }[];
    for (const f of files) {
      const one = results.filter((x) => x.filePath.endsWith(f.file.slice(dir.length)));
      const viaCli = jsonFindings(JSON.stringify(one));
      expect(viaCli, f.key).toEqual(lint(f.text).map((x) => x.slice(x.indexOf(' ') + 1)));
    }
  });
});

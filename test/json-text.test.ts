// A text that starts with `{` is read by the platform's JSON scanner, not by go-yaml (src/parse/json.ts): what
// JSON refuses is a `yaml/syntax` error there, and go-yaml's own refusals do not apply to it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isJsonText, readJson, readJsonValue, type JsonNode } from '../src/parse/json.js';
import { lintText } from '../src/lint/lint.js';
import { ROOT } from './helpers/fixtures.js';
import { platlint } from './helpers/cli.js';
import { NAMES_PLAT_API_VERSION } from '../src/kinds/kinds.js';
import { read, readComposed } from './helpers/readers.js';

const DIR = join('fixtures', 'json');
const fixture = (name: string) => readFileSync(join(ROOT, DIR, name), 'utf8');

/** Every finding of a fixture as `rule line:column message`, checked the same with the fast readers off. */
function findings(name: string): string[] {
  const text = fixture(name);
  const result = lintText(text, { filePath: name });
  expect(result, 'the fast readers change nothing').toEqual(lintText(text, { filePath: name, reader: readComposed }));
  return result.diagnostics.map((d) => `${d.ruleId} ${d.line}:${d.column} ${d.message}`);
}

const HINT = ' (a text that starts with `{` is read as JSON)';

describe('fixtures/json: JSON the platform reads', () => {
  it('accepts `\\/`, a YAML 1.2 escape go-yaml refuses but JSON has', () => {
    expect(findings('escaped-slash.json')).toEqual([]);
  });
  it('accepts a key whose `:` is on the next line, which go-yaml refuses in a flow mapping', () => {
    expect(findings('key-on-its-own-line.json')).toEqual([]);
  });
  it('still refuses `\\/` in YAML, where go-yaml reads the text', () => {
    const r = lintText('apiVersion: audit.plat.io/v1\nkind: Policy\nrules:\n  - level: None\n    nonResourceURLs: ["\\/healthz"]\n');
    expect(r.diagnostics.map((d) => `${d.ruleId} ${d.line}:${d.column}`)).toEqual(['yaml/syntax 5:24']);
  });
});

describe('fixtures/json: JSON the platform refuses, at the character where its scanner stops', () => {
  it('a comma before `]`', () => {
    expect(findings('trailing-comma.json')).toEqual([`yaml/syntax 6:3 Parsing error: invalid character ']' looking for beginning of value${HINT}`]);
  });
  it('a `#` comment', () => {
    expect(findings('comment.json')).toEqual([`yaml/syntax 5:5 Parsing error: invalid character '#' looking for beginning of object key string${HINT}`]);
  });
  it('single-quoted strings (the value is never shown)', () => {
    expect(findings('single-quotes.json')).toEqual([`yaml/syntax 4:14 Parsing error: invalid character '\\'' looking for beginning of object key string${HINT}`]);
  });
  it('through the command line: one error, exit 1', async () => {
    const r = await platlint(['--format', 'json', join(DIR, 'trailing-comma.json')]);
    expect(r.code).toBe(1);
    const [res] = JSON.parse(r.stdout) as { messages: { ruleId: string; line: number; column: number; endLine: number; endColumn: number }[] }[];
    expect(res!.messages.map((m) => `${m.ruleId} ${m.line}:${m.column}-${m.endLine}:${m.endColumn}`)).toEqual(['yaml/syntax 6:3-6:4']);
  });
});

describe('which texts are JSON', () => {
  it('only a text whose first non-space character is `{` (a list or a comment first is YAML)', () => {
    expect(isJsonText('  \n{"a": 1}')).toBe(true);
    expect(isJsonText('\u00a0{"a": 1}')).toBe(true);
    expect(isJsonText('[{"a": 1}]')).toBe(false);
    expect(isJsonText('# c\n{"a": 1}')).toBe(false);
  });
  it('a text naming no plat apiVersion is not held to JSON (another tool\'s file, a tsconfig.json with comments)', () => {
    expect(lintText('{\n  // c\n  "compilerOptions": {},\n}\n').diagnostics).toEqual([]);
  });
  it('a patch payload is not: platctl patch reads it as YAML, so a trailing comma is accepted and `\\/` refused', async () => {
    const input = '{"apiVersion": "rbac.authorization.plat.io/v1", "kind": "Role", "metadata": {"annotations": {"a": "\\/x"}},}\n';
    const r = await platlint(['patch', '--type', 'merge', '--format', 'json', '--stdin-filename', 'p.json', '-'], { input });
    const messages = JSON.parse(r.stdout)[0].messages as { ruleId: string; line: number; column: number; message: string }[];
    expect(messages.map((m) => `${m.ruleId} ${m.line}:${m.column} ${m.message}`)).toEqual([
      "yaml/syntax 1:100 Parsing error: the escape `\\/` is not one the platform's decoder (YAML 1.1) knows",
    ]);
  });
});

describe('readJson: Go\'s scanner, its messages and offsets', () => {
  const problem = (text: string) => {
    const r = readJson(text);
    return r.ok ? `ok ${r.values}` : `${r.problem.offset}+${r.problem.length} ${r.problem.message}`;
  };
  it('reads valid values and streams of them', () => {
    expect(problem('{"a": [1, -0.5e+3, true, false, null, "\\u00e9\\"\\n"], "b": {}}')).toBe('ok 1');
    expect(problem('{"a": 1}\n{"b": 2}\n')).toBe('ok 2');
    expect(problem(' {}\t\r\n')).toBe('ok 1');
  });
  it('stops where Go stops, with its words', () => {
    expect(problem('{"a": 1,}')).toBe(`8+1 invalid character '}' looking for beginning of object key string`);
    expect(problem('{"a" 1}')).toBe(`5+1 invalid character '1' after object key`);
    expect(problem('{"a": 1 "b": 2}')).toBe(`8+1 invalid character '"' after object key:value pair`);
    expect(problem('{"a": [1 2]}')).toBe(`9+1 invalid character '2' after array element`);
    expect(problem('{"a": 01}')).toBe(`7+1 invalid character '1' after object key:value pair`);
    expect(problem('{"a": -x}')).toBe(`7+1 invalid character 'x' in numeric literal`);
    expect(problem('{"a": 1.}')).toBe(`8+1 invalid character '}' after decimal point in numeric literal`);
    expect(problem('{"a": 1e}')).toBe(`8+1 invalid character '}' in exponent of numeric literal`);
    expect(problem('{"a": tru}')).toBe(`9+1 invalid character '}' in literal true (expecting 'e')`);
    expect(problem('{"a": "\\x"}')).toBe(`8+1 invalid character 'x' in string escape code`);
    expect(problem('{"a": "\\u00g0"}')).toBe(`11+1 invalid character 'g' in \\u hexadecimal character escape`);
    expect(problem('{"a": "x\ty"}')).toBe(`8+1 invalid character '\\t' in string literal`);
    expect(problem('{"a": NaN}')).toBe(`6+1 invalid character 'N' looking for beginning of value`);
    expect(problem('{"a": 1} x')).toBe(`9+1 invalid character 'x' after top-level value`);
    expect(problem('\f{}')).toBe(`0+1 invalid character '\\f' looking for beginning of value`);
    expect(problem('{"a": 1\u200b}')).toBe(`7+1 invalid character '\\u200b' after object key:value pair`);
    expect(problem('{"a": "😀" x}')).toBe(`11+1 invalid character 'x' after object key:value pair`);
  });
  it('reports the end of an unfinished text at its end', () => {
    expect(problem('{"a": [1, 2')).toBe('11+0 unexpected end of JSON input');
    expect(problem('{"a": "b')).toBe('8+0 unexpected end of JSON input');
  });
  it('reads nesting far deeper than the call stack allows, and stops at Go\'s limit', () => {
    expect(problem('{"a": ' + '['.repeat(9000) + ']'.repeat(9000) + '}')).toBe('ok 1');
    expect(problem('{"a": ' + '['.repeat(10001))).toBe('10005+1 exceeded max depth');
  });
});

describe('readJsonValue: one value by Go\'s rules, with offsets (the baseline file is read with it)', () => {
  /** A node as `type@start-end` with its value, members and items. */
  const show = (v: JsonNode): unknown => {
    const at = `${v.type}@${v.start}-${v.end}`;
    if (v.type === 'object') return [at, v.entries.map((e) => [`${JSON.stringify(e.key)}@${e.start}-${e.end}`, show(e.value)])];
    if (v.type === 'array') return [at, v.items.map(show)];
    return [at, v.value];
  };
  const read = (text: string) => {
    const r = readJsonValue(text);
    return r.ok ? show(r.value) : `${r.stop.expected}@${r.stop.at} (Go: ${r.stop.problem.offset} ${r.stop.problem.message})`;
  };
  it('gives every value, key and member its offsets, the end exclusive', () => {
    expect(read(' {"a": [1, -0.5e+3, true, null], "b\\u00e9": {"c": "x\\"\\/y"}, "d": false}\n')).toEqual([
      'object@1-72',
      [
        ['"a"@2-5', ['array@7-31', [['number@8-9', 1], ['number@11-18', -500], ['literal@20-24', true], ['literal@26-30', null]]]],
        ['"bé"@33-42', ['object@44-59', [['"c"@45-48', ['string@50-58', 'x"/y']]]]],
        ['"d"@61-64', ['literal@66-71', false]],
      ],
    ]);
  });
  it('keeps a key given twice (the caller decides), and decodes strings as JSON.parse does', () => {
    expect(read('{"k": 1, "k": 2}')).toEqual(['object@0-16', [['"k"@1-4', ['number@6-7', 1]], ['"k"@9-12', ['number@14-15', 2]]]]);
    expect(read('"\\ud83d\\ude00 \\ud800"')).toEqual(['string@0-21', JSON.parse('"\\ud83d\\ude00 \\ud800"')]);
  });
  it('reads one value only: a second one is where a reader of one value stops', () => {
    expect(read('{} {}')).toBe(`end@3 (Go: 3 invalid character '{' after top-level value)`);
  });
  it('says where Go stops, and where a reader taking the longest valid token stops, with what it expected', () => {
    expect(read('{"a": 1,}')).toBe(`key@8 (Go: 8 invalid character '}' looking for beginning of object key string)`);
    expect(read('{"a" 1}')).toBe(`colon@5 (Go: 5 invalid character '1' after object key)`);
    expect(read('[1 2]')).toBe(`comma-or-bracket@3 (Go: 3 invalid character '2' after array element)`);
    expect(read('{"a": 1 "b": 2}')).toBe(`comma-or-brace@8 (Go: 8 invalid character '"' after object key:value pair)`);
    // a number cut short ends before its invalid part; a literal or a `-` cut short is an unexpected value
    expect(read('{"a": 1.}')).toBe(`comma-or-brace@7 (Go: 8 invalid character '}' after decimal point in numeric literal)`);
    expect(read('[1.5e+]')).toBe(`comma-or-bracket@4 (Go: 6 invalid character ']' in exponent of numeric literal)`);
    expect(read('1.')).toBe('end@1 (Go: 2 unexpected end of JSON input)');
    expect(read('[-x]')).toBe(`value@1 (Go: 2 invalid character 'x' in numeric literal)`);
    expect(read('[tru]')).toBe(`value@1 (Go: 4 invalid character ']' in literal true (expecting 'e'))`);
    // a bad escape stops at its letter
    expect(read('"\\u00g0"')).toBe(`escape@2 (Go: 5 invalid character 'g' in \\u hexadecimal character escape)`);
    expect(read('"\\x"')).toBe(`escape@2 (Go: 2 invalid character 'x' in string escape code)`);
    expect(read('"a\nb"')).toBe(`string-end@2 (Go: 2 invalid character '\\n' in string literal)`);
    expect(read('"a')).toBe('string-end@2 (Go: 2 unexpected end of JSON input)');
    expect(read('')).toBe('value@0 (Go: 0 unexpected end of JSON input)');
  });
  it('reads nesting far deeper than the call stack allows, and stops at Go\'s limit', () => {
    expect(readJsonValue('['.repeat(9000) + ']'.repeat(9000)).ok).toBe(true);
    expect(read('['.repeat(10001))).toBe('shallower@10000 (Go: 10000 exceeded max depth)');
  });
});

/**
 * An OpenAPI document of about `bytes` characters, as vendored next to plat files: `swagger: "2.0"` and no
 * `apiVersion` at the top, plat groups in every definition, and an `apiVersion` field naming a plat group in
 * its examples (so that the text also names a plat apiVersion, which makes it JSON to the platform's reader).
 */
function openApi(bytes: number, head: Record<string, unknown> = { swagger: '2.0' }): string {
  const definitions: Record<string, unknown> = {};
  const groups = ['apps.plat.io', 'batch.plat.io', 'rbac.authorization.plat.io'];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const group = groups[i % groups.length]!;
    const def = {
      description: `Thing${i} is a made-up resource; its manifests start \`apiVersion: ${group}/v1\``,
      type: 'object',
      properties: { apiVersion: { type: 'string' }, kind: { type: 'string' }, replicas: { type: 'integer', format: 'int32' } },
      'x-plat-group-version-kind': [{ group, kind: `Thing${i}`, version: 'v1' }],
    };
    definitions[`io.plat.api.v1.Thing${i}`] = def;
    size += JSON.stringify(def).length * 1.6;
  }
  return JSON.stringify({ ...head, info: { title: 'Plat', version: 'v1.31.0' }, definitions }, null, 2) + '\n';
}

describe('a JSON text that is not plat: read by the JSON parser, not composed', () => {
  /** The reader that reads a text, after checking that linting it gives what the reference reading gives. */
  const readerOf = (text: string): string => {
    expect(lintText(text, { filePath: 'x.json' }), 'the fast readers change nothing').toEqual(lintText(text, { filePath: 'x.json', reader: readComposed }));
    return read(text).reader;
  };

  it('a vendored OpenAPI document that names plat groups and a plat apiVersion in its examples', () => {
    const text = openApi(200_000);
    expect(NAMES_PLAT_API_VERSION.test(text)).toBe(true);
    expect(readerOf(text)).toBe('json');
    const r = lintText(text);
    expect([r.diagnostics, r.documentsChecked, r.documentsSkipped, r.notParsed]).toEqual([[], 0, 1, undefined]);
    // an array, an apiVersion of another group, a List of objects of other groups, a repeated key whose last value is not plat
    expect(readerOf('[{"apiVersion": "rbac.authorization.plat.io/v1", "kind": "Role"}]')).toBe('json');
    expect(readerOf(openApi(20_000, { apiVersion: 'apps/v1', kind: 'Deployment' }))).toBe('json');
    expect(readerOf('{"apiVersion": "v1", "kind": "List", "items": [{"apiVersion": "v1", "kind": "ConfigMap"}]}')).toBe('json');
    expect(readerOf('{"apiVersion": "rbac.authorization.plat.io/v1", "kind": "Role", "apiVersion": "apps/v1"}')).toBe('json');
  });

  it('a plat document, wherever its apiVersion is, and a List with a plat item, are read whole', () => {
    const role = (annotations: string) => `{"kind": "Role", "metadata": {"name": "r", "annotations": {"note": "${annotations}"}}, "rules": [{"verbs": ["wacth"]}], "apiVersion": "rbac.authorization.plat.io/v1"}`;
    expect(readerOf(role('x'.repeat(300_000)))).toBe('composer');
    expect(lintText(role('x')).diagnostics.length).toBeGreaterThan(0);
    expect(readerOf(`{"apiVersion": "v1", "kind": "List", "items": [{"apiVersion": "v1", "kind": "ConfigMap"}, ${role('x')}]}`)).toBe('composer');
    // a plat group platlint does not check is counted, so read whole too
    expect(readerOf('{"apiVersion": "apps.plat.io/v1", "kind": "Deployment"}')).not.toBe('json');
    expect(readerOf('{"apiVersion": "apps/v1", "apiVersion": "rbac.authorization.plat.io/v1", "kind": "Role"}')).toBe('composer');
  });

  it('a text that is not one valid JSON value, or nests deeper than the composer reads, is read as before', () => {
    expect(readerOf('{"swagger": "2.0",}')).not.toBe('json');
    expect(readerOf('{"a": 1}\n{"b": 2}\n')).not.toBe('json');
    expect(readerOf('{"a": 1} # a comment\n')).not.toBe('json');
    expect(readerOf(`{"a": ${'['.repeat(99)}${']'.repeat(99)}}`)).toBe('json');
    expect(readerOf(`{"a": ${'['.repeat(100)}${']'.repeat(100)}}`)).not.toBe('json');
    // too deep for the composer: a file not plat and not parsed, as before
    const deep = `{"a": ${'['.repeat(600)}${']'.repeat(600)}}`;
    expect(readerOf(deep)).not.toBe('json');
    expect(lintText(deep).notParsed).toBe(true);
  });

  it('characters YAML reads otherwise inside strings, keys of any length, suppression comments named in a string', () => {
    const texts = [
      `{"a": "x\u0085y\u2028z\ufeff\u007f\u0090\ud800", "b": "\\/\\u0000", "${'k'.repeat(2000)}": 1}`,
      '{\n\t"a": 1,\r\n"b" :\n[\n-1\n], "": null, "__proto__": {"apiVersion": "rbac.authorization.plat.io/v1"}, "<<": 1}',
      '{"note": "# platlint-disable-next-line schema/type -- not a comment"}',
    ];
    for (const text of texts) expect(readerOf(text), text.slice(0, 40)).toBe('json');
  });

  it('a bare carriage return, JSON\'s whitespace but no line break to the composer: read as before', () => {
    // the composer reads `1\r` as the string "1\r", `\r"kind"` as a plain key: its reading differs from JSON's
    expect(readerOf('{\n\t"a": 1,\r"b" :\n[\n-1\n]}')).not.toBe('json');
    expect(readerOf('{\r  "apiVersion": "authorization.plaio/v1",\r  "kind": "SubjectAccessReview"\r}\r')).not.toBe('json');
  });

  it('gives its document the composer\'s start, and the composer\'s locator when asked', () => {
    const text = ' \r\n\t{"openapi": "3.0.0",\n "info": {"title": "x"}}\n';
    const [fast] = read(text).documents;
    const [full] = readComposed(text).documents;
    expect([fast!.start, fast!.value]).toEqual([full!.start, full!.value]);
    expect(fast!.locator.at(['info', 'title'], 'value')).toEqual(full!.locator.at(['info', 'title'], 'value'));
  });
});

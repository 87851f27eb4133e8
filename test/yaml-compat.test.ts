// Each case of docs/yaml-compatibility.md where the `yaml` package and the platform's decoder (go-yaml v2
// through sigs.k8s.io/yaml) disagree has a fixture in fixtures/yaml/: its `# expect:` lines give the
// findings (`rule line:column`, or `nothing`), the same with the fast readers on and off.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintText } from '../src/lint/lint.js';
import { ROOT } from './helpers/fixtures.js';
import { readComposed } from './helpers/readers.js';

const DIR = join(ROOT, 'fixtures', 'yaml');
const files = readdirSync(DIR).filter((f) => f.endsWith('.yaml')).sort();

function expected(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split('\n')) {
    const m = /^# expect: (.+)$/.exec(line);
    if (!m) continue;
    if (m[1] !== 'nothing') out.push(m[1]!.trim());
  }
  return out.sort();
}

describe('fixtures/yaml: the platform decoder\'s reading', () => {
  it('has fixtures, each with its expectation', () => {
    expect(files.length).toBeGreaterThan(10);
    for (const f of files) expect(readFileSync(join(DIR, f), 'utf8'), f).toMatch(/^# expect: /m);
  });
  it.each(files)('%s', (f) => {
    const text = readFileSync(join(DIR, f), 'utf8');
    const result = lintText(text, { filePath: f });
    expect(result, 'the fast readers change nothing').toEqual(lintText(text, { filePath: f, reader: readComposed }));
    expect(result.diagnostics.map((d) => `${d.ruleId} ${d.line}:${d.column}`).sort()).toEqual(expected(text));
  });
  it('is listed in docs/yaml-compatibility.md, fixture by fixture', () => {
    const doc = readFileSync(join(ROOT, 'docs', 'yaml-compatibility.md'), 'utf8');
    for (const f of files) expect(doc, f).toContain(`fixtures/yaml/${f}`);
  });
});

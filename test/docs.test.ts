// docs/rules/ is generated from the rules' metadata and fixtures: this fails when a page is stale or left over. And
// the codes of problems with platlint's own files (not rules) are documented for `platlint explain`.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OWN_FILE_CODES } from '../src/check/builtin-rules.js';
import { allRules, renderRuleDocs, rulePagePath } from '../src/check/rule-docs.js';
import { DOCS_BASE, ruleDocsUrl } from '../src/report/rule-url.js';
import { ruleExamples } from '../src/tools/rule-examples.mjs';
import { ROOT } from './helpers/fixtures.js';

/** Every file under `dir`, as paths relative to it with `/`. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'))
    .sort();
}

describe('docs/rules/ (npm run docs writes it)', () => {
  const expected = renderRuleDocs((id) => ruleExamples(ROOT, id));
  const dir = join(ROOT, 'docs', 'rules');

  it('holds exactly the generated files: the index and one page per rule, none left over', () => {
    expect(filesUnder(dir)).toEqual([...expected.keys()].sort());
    expect(existsSync(join(ROOT, 'docs', 'rules.md')), 'docs/rules.md, the single page of old').toBe(false);
  });

  it('is up to date (run npm run docs)', () => {
    const stale = [...expected].filter(([path, text]) => !existsSync(join(dir, path)) || readFileSync(join(dir, path), 'utf8') !== text).map(([path]) => path);
    expect(stale).toEqual([]);
  });

  it('has each rule at docs/rules/<area>/<name>.md, the page its link in the reports names', () => {
    for (const { id } of allRules()) {
      expect(rulePagePath(id)).toMatch(/^[a-z0-9-]+\/[a-z0-9-]+\.md$/);
      expect(expected.has(rulePagePath(id)), id).toBe(true);
      expect(ruleDocsUrl(id)).toBe(`${DOCS_BASE}/${rulePagePath(id)}`);
    }
    expect(rulePagePath('schema/unknown-field')).toBe('schema/unknown-field.md');
    expect(expected.get('schema/unknown-field.md')).toContain('\n# schema/unknown-field\n\nA field is not part of the kind.\n');
  });

  it("shows a rule module's first fixtures, linked, and the findings the invalid one's snapshot pins", () => {
    const page = expected.get('authz/webhook-timeout-max.md')!;
    expect(page).toContain('Fails ([`invalid/too-long-and-zero.yaml`](../../../fixtures/rules/authz/webhook-timeout-max/invalid/too-long-and-zero.yaml)):\n\n```yaml\n# expect: authz/webhook-timeout-max authorizers[0].webhook.timeout 9:16\n');
    expect(page).toContain('```text\n9:16-9:21 error authz/webhook-timeout-max authorizers[0].webhook.timeout: timeout is 1m15s; the maximum is 30s\n20:16-20:18 error authz/webhook-timeout-max authorizers[1].webhook.timeout: timeout is 0s; it must be above 0 and at most 30s\n```\n');
    expect(page).toContain('Passes ([`valid/bounds.yaml`](../../../fixtures/rules/authz/webhook-timeout-max/valid/bounds.yaml)):\n\n```yaml\n');
    // command-line fixtures are shown too, in their own language
    expect(expected.get('flags/deprecated.md')).toContain('Passes ([`valid/config-file.service`](../../../fixtures/rules/flags/deprecated/valid/config-file.service)):\n\n```ini\n[Unit]\n');
  });

  it('lists every rule in the index, under its area, linked to its page', () => {
    const index = expected.get('README.md')!;
    for (const { id, meta } of allRules()) expect(index, id).toContain(`| [\`${id}\`](${rulePagePath(id)}) | ${meta.severity}`);
    expect(index).toContain('\n## schema\n');
    expect(index).toContain('| [`document/unchecked-group`](document/unchecked-group.md) | warning (off by default) | stable | all | The document belongs to a plat group platlint does not check. |');
  });
});

it("every code of a problem with platlint's own files that the source gives is documented (platlint explain)", () => {
  const codes = new Set<string>();
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      // (the table itself aside: each code it documents must be one the source gives)
      else if (p.endsWith('.ts') && e.name !== 'builtin-rules.ts') for (const m of readFileSync(p, 'utf8').matchAll(/'((?:config|baseline)\/[a-z-]+)'/g)) codes.add(m[1]!);
    }
  };
  walk(join(ROOT, 'src'));
  expect([...codes].sort()).toEqual(Object.keys(OWN_FILE_CODES).sort());
});

// The documentation: docs/rules/ is generated from the rules' metadata and fixtures (this fails when a page is stale
// or left over); every relative link of README.md and of the pages under docs/ resolves, anchors included; the
// README stays a front door and its example output is what platlint prints. And the codes of problems with
// platlint's own files (not rules) are documented for `platlint explain`.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OWN_FILE_CODES } from '../src/check/builtin-rules.js';
import { allRules, renderRuleDocs, rulePagePath } from '../src/check/rule-docs.js';
import { DOCS_BASE, ruleDocsUrl } from '../src/report/rule-url.js';
import { ruleExamples } from '../src/tools/rule-examples.mjs';
import { platlint } from './helpers/cli.js';
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

// ---------------------------------------------------------------------------------------------------------------
// Links

/** The Markdown files whose links are checked: README.md and every page under docs/ (the generated ones too). */
const PAGES = ['README.md', ...filesUnder(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** The text of a Markdown file outside fenced code blocks, one entry per line (fenced lines are empty). */
function proseLines(text: string): string[] {
  let fence: string | undefined;
  return text.split('\n').map((line) => {
    const m = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fence === undefined && m) {
      fence = m[1]!;
      return '';
    }
    if (fence !== undefined) {
      if (line.trim().startsWith(fence[0]!.repeat(fence.length)) && line.trim().replace(/[`~]/g, '') === '') fence = undefined;
      return '';
    }
    return line;
  });
}

/**
 * GitHub's anchor of a heading (github-slugger, which github.com's Markdown renderer uses): the heading's text as
 * rendered (no backticks or emphasis marks; a link's text), lower case, every character that is not a letter, a
 * mark, a digit, `_`, `-` or a space removed, each space a `-`; a repeated slug gets `-1`, `-2` ….
 */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const line of proseLines(text)) {
    const m = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const rendered = m[1]!.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*]/g, '');
    const base = rendered.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/** The targets of the inline links of a Markdown text (outside code), with the line each is on. */
function links(text: string): { target: string; line: number }[] {
  const out: { target: string; line: number }[] = [];
  proseLines(text).forEach((line, i) => {
    const prose = line.replace(/(`+)[^`]*?\1/g, '');
    for (const m of prose.matchAll(/\]\(\s*(?:<([^>]*)>|([^)\s]*))(?:\s+"[^"]*")?\s*\)/g)) out.push({ target: m[1] ?? m[2]!, line: i + 1 });
  });
  return out;
}

describe('the links of README.md and docs/', () => {
  it('finds the pages, their links and their headings', () => {
    expect(PAGES).toContain('docs/usage.md');
    expect(PAGES).toContain('docs/rules/schema/unknown-field.md');
    expect(links('see [a](b.md#c) and `[not](a link)`\n```\n[nor](this)\n```\n[x](<y z.md>)')).toEqual([
      { target: 'b.md#c', line: 1 },
      { target: 'y z.md', line: 5 },
    ]);
    expect([...anchors('# Node agent command lines: `platlint flags`\n## Not rules: problems with platlint\'s own files\n## A\n## A\n## [Link](x) *em* 2.0')]).toEqual([
      'node-agent-command-lines-platlint-flags',
      'not-rules-problems-with-platlints-own-files',
      'a',
      'a-1',
      'link-em-20',
    ]);
  });

  it('resolve: each relative link names a file or folder of the repository, and its #anchor a heading of that page', () => {
    const broken: string[] = [];
    const anchorsOf = new Map<string, Set<string>>();
    for (const page of PAGES) {
      for (const { target, line } of links(readFileSync(join(ROOT, page), 'utf8'))) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
        const [path, anchor] = target.split('#', 2) as [string, string | undefined];
        const file = path === '' ? join(ROOT, page) : join(ROOT, dirname(page), decodeURIComponent(path));
        const where = `${page}:${line} ${target}`;
        if (!file.startsWith(ROOT + sep) || !existsSync(file)) {
          broken.push(`${where}: no such file`);
          continue;
        }
        if (anchor === undefined) continue;
        if (!file.endsWith('.md') || statSync(file).isDirectory()) {
          broken.push(`${where}: an anchor on a file that is not Markdown`);
          continue;
        }
        if (!anchorsOf.has(file)) anchorsOf.set(file, anchors(readFileSync(file, 'utf8')));
        if (!anchorsOf.get(file)!.has(anchor)) broken.push(`${where}: no such heading`);
      }
    }
    expect(broken).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The README

describe('README.md', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

  it('is a front door: under 300 lines, the rest in docs/', () => {
    expect(readme.split('\n').length).toBeLessThan(300);
  });

  it('keeps the two commands that work on a fresh clone: lint the bundled examples, run the tests', () => {
    expect(readme).toContain('\n```sh\nnpm ci && node bin/platlint.js fixtures/examples\n```\n');
    expect(readme).toContain('\n```sh\nnpm ci && npm test\n```\n');
  });

  it('shows what platlint prints for the example it runs', async () => {
    const at = readme.indexOf('<!-- output:');
    expect(at).toBeGreaterThan(0);
    const m = /```sh\n\$ npx platlint (.*)\n```\n\n```text\n([\s\S]*?)\n```\n/.exec(readme.slice(at))!;
    const r = await platlint(m[1]!.split(' '), { cwd: ROOT });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(`${m[2]}\n`);
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

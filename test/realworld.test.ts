import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/fixtures.js';
import { platlint } from './helpers/cli.js';

/**
 * Files from public repositories (fixtures/realworld/README.md names each source, commit and licence), renamed
 * to plat groups and otherwise as their authors wrote them. Every finding platlint makes on them is pinned
 * here, and each error is one the platform would raise (the README says why for each): a change that adds a
 * finding on these files, or loses one, shows in review. Node agent command lines (`flags/`) and patches
 * (`patches/<type>/`) are no documents of a kind: they are linted by `platlint flags` and `platlint patch --type
 * <type>`, as their users would run them, and pinned in the same file. Templates whose names say so (an Ansible
 * role's `*.yaml.j2`, a `*.yaml.tmpl`) are not found by a folder search: they are named on the command line, as a
 * user who lints them would name them (the command line reads a file once, however often it comes).
 */
const DIR = join('fixtures', 'realworld');
const PATCH_TYPES = ['json', 'merge', 'strategic'] as const;
/** Names of templates that a folder search leaves out. */
const NAMED_TEMPLATE = /\.(j2|tmpl)$/;

/** The files below a folder of the corpus, relative to the repository root, in a stable order. */
function filesUnder(sub: string): string[] {
  const dir = join(DIR, sub);
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(ROOT, join(e.parentPath, e.name)))
    .sort();
}

interface JsonResult {
  filePath: string;
  messages: { ruleId: string; severity: number; line: number; column: number; path: string; message: string }[];
}

describe('real files from public repositories', () => {
  it('has the corpus the README describes', () => {
    const files = readdirSync(join(ROOT, DIR), { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && /\.(ya?ml|json)$/.test(e.name));
    expect(files.length).toBeGreaterThanOrEqual(60);
  });

  it('gives exactly the pinned findings (errors only where the platform refuses the file)', async () => {
    const runs = [
      ['--format', 'json', DIR, ...filesUnder('').filter((f) => NAMED_TEMPLATE.test(f))],
      ['flags', '--format', 'json', ...filesUnder('flags')],
      ...PATCH_TYPES.map((type) => ['patch', '--type', type, '--format', 'json', ...filesUnder(join('patches', type))]),
    ];
    const lines: string[] = [];
    for (const args of runs) {
      const r = await platlint(args);
      expect(r.stderr, args.join(' ')).toBe('');
      const results = JSON.parse(r.stdout) as JsonResult[];
      const found = results.flatMap((res) =>
        res.messages.map((m) => {
          const file = res.filePath.slice(res.filePath.indexOf(DIR) + DIR.length + 1);
          return `${file}:${m.line}:${m.column} ${m.severity === 2 ? 'error' : 'warning'} ${m.ruleId} ${m.path || '-'}: ${m.message}`;
        }),
      );
      expect(r.code, args.join(' ')).toBe(found.some((l) => / error /.test(l)) ? 1 : 0);
      lines.push(...found);
    }
    await expect(lines.join('\n') + '\n').toMatchFileSnapshot(join(ROOT, DIR, 'findings.txt'));
  });
});

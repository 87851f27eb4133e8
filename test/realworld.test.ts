import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/fixtures.js';
import { platlint } from './helpers/cli.js';

/**
 * Files from public repositories (fixtures/realworld/README.md names each source, commit and licence), renamed
 * to plat groups and otherwise as their authors wrote them. Every finding platlint makes on them is pinned
 * here, and each error is one the platform would raise (the README says why for each): a change that adds a
 * finding on these files, or loses one, shows in review.
 */
const DIR = join('fixtures', 'realworld');

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
    const r = platlint(['--format', 'json', DIR]);
    expect(r.stderr).toBe('');
    const results = JSON.parse(r.stdout) as JsonResult[];
    const lines = results.flatMap((res) =>
      res.messages.map((m) => {
        const file = res.filePath.slice(res.filePath.indexOf(DIR) + DIR.length + 1);
        return `${file}:${m.line}:${m.column} ${m.severity === 2 ? 'error' : 'warning'} ${m.ruleId} ${m.path || '-'}: ${m.message}`;
      }),
    );
    expect(r.code).toBe(lines.some((l) => / error /.test(l)) ? 1 : 0);
    await expect(lines.join('\n') + '\n').toMatchFileSnapshot(join(ROOT, DIR, 'findings.txt'));
  });
});

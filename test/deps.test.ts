// The import rules of .dependency-cruiser.cjs (npm run deps checks the real tree): each kind of violation
// planted in a small tree of its own is caught, and named by its rule and its two files.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from './helpers/fixtures.js';

const config = createRequire(import.meta.url)(join(ROOT, '.dependency-cruiser.cjs')) as { forbidden: unknown[]; options: Record<string, unknown> };
const dir = mkdtempSync(join(tmpdir(), 'platlint-deps-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The violations of a tree of files (path -> text), as `rule from -> to`. */
async function violations(files: Record<string, string>): Promise<string[]> {
  const root = mkdtempSync(join(dir, 'tree-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  // the rules' paths are relative to the folder cruised from (baseDir), as for npm run deps
  const result = await cruise(['src', 'rules'].filter((d) => Object.keys(files).some((f) => f.startsWith(`${d}/`))), {
    validate: true,
    ruleSet: { forbidden: config.forbidden } as never,
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    baseDir: root,
  }, { extensions: ['.ts', '.js'] });
  const output = result.output as { summary: { violations: { rule: { name: string }; from: string; to: string }[] } };
  return output.summary.violations.map((v) => `${v.rule.name} ${v.from} -> ${v.to}`).sort();
}

describe('the import rules', () => {
  it('accept imports down the stages, and type imports alike', async () => {
    expect(await violations({
      'src/lint/lint.ts': "import { check } from '../check/run-rules.js';\nimport type { Path } from '../path.js';\nexport const lint = (p: Path) => check(p);\n",
      'src/check/run-rules.ts': "import { RULES } from '../../rules/index.js';\nexport const check = (p: unknown) => [RULES, p];\n",
      'rules/index.ts': "import { parse } from '../src/parse/compose.js';\nexport const RULES = [parse];\n",
      'src/parse/compose.ts': "import { kind } from '../kinds/kinds.js';\nimport { Parser } from 'yaml';\nexport const parse = [kind, Parser];\n",
      'src/tools/build.ts': "import { parse } from 'yaml';\nexport const build = parse;\n",
      'src/kinds/kinds.ts': 'export const kind = 1;\n',
      'src/path.ts': 'export type Path = string[];\n',
      'src/files/read-file.ts': "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n",
    })).toEqual([]);
  });

  it('refuse an import up a stage, between stages side by side, a circle, a Node.js built-in in the core, the build scripts, the yaml package outside parse/', async () => {
    expect(await violations({
      'src/parse/compose.ts': "import { lint } from '../lint/lint.js';\nexport const parse = lint;\n",
      'src/lint/lint.ts': 'export const lint = 1;\n',
      'src/report/json.ts': "import { flags } from '../flags/lint.js';\nexport const json = flags;\n",
      'src/flags/lint.ts': 'export const flags = 1;\n',
      'src/kinds/a.ts': "import { b } from './b.js';\nexport const a = () => b;\n",
      'src/kinds/b.ts': "import { a } from './a.js';\nexport const b = () => a;\n",
      'src/check/schema.ts': "import { readFileSync } from 'node:fs';\nexport const schema = readFileSync;\n",
      'src/services/formats.ts': "import { build } from '../tools/build.js';\nexport const formats = build;\n",
      'src/tools/build.ts': 'export const build = 1;\n',
      'src/lsp/cursor.ts': "import { parseAllDocuments } from 'yaml';\nexport const cursor = parseAllDocuments;\n",
      'src/config/config.ts': "import type { LineCounter } from 'yaml';\nexport type Lines = LineCounter;\n",
    })).toEqual([
      'core-without-node src/check/schema.ts -> fs',
      'no-circular src/kinds/a.ts -> src/kinds/b.ts',
      'no-tools src/services/formats.ts -> src/tools/build.ts',
      'side-by-side-report src/report/json.ts -> src/flags/lint.ts',
      'up-from-parse src/parse/compose.ts -> src/lint/lint.ts',
      'yaml-only-in-parse src/config/config.ts -> yaml',
      'yaml-only-in-parse src/lsp/cursor.ts -> yaml',
    ]);
  });
});

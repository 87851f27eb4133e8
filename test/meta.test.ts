// Rule modules and their registry stay in step: ids match file paths, every file is registered, metadata is
// complete, kinds exist.
import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULES } from '../rules/index.js';
import { BUILTIN_RULES } from '../src/check/builtin-rules.js';
import { COMMAND_KINDS, KINDS } from '../src/kinds/kinds.js';
import { ROOT } from './helpers/fixtures.js';

const RULES_DIR = join(ROOT, 'rules');
const ruleFiles = readdirSync(RULES_DIR)
  .filter((a) => statSync(join(RULES_DIR, a)).isDirectory())
  .flatMap((a) =>
    readdirSync(join(RULES_DIR, a))
      // index.ts registers an area's rules; `_name.ts` files are helpers shared by rules of the area
      .filter((f) => f.endsWith('.ts') && f !== 'index.ts' && !f.startsWith('_'))
      .map((f) => join(a, f)),
  )
  .map((f) => f.split(sep).join('/').replace(/\.ts$/, ''))
  .sort();

describe('rule registry', () => {
  it('registers every rule file, and only those, sorted by id within each area', () => {
    expect(RULES.map((r) => r.id).sort()).toEqual(ruleFiles);
  });
  it('has unique ids, none in the engine areas', () => {
    const ids = RULES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id.split('/')[0], id).not.toMatch(/^(yaml|document|schema|input|suppression|set)$/);
    for (const id of Object.keys(BUILTIN_RULES)) expect(ids).not.toContain(id);
  });
  for (const rule of RULES) {
    it(`${rule.id}: metadata is complete and its kinds exist`, () => {
      expect(rule.meta.description).toMatch(/^[A-Z`].*\.$/);
      expect(rule.meta.description).not.toContain('\n');
      expect(rule.meta.docs.rationale.length).toBeGreaterThan(20);
      expect(rule.meta.docs.remediation.length).toBeGreaterThan(10);
      expect(rule.meta.docs.spec).toMatch(/^[123]-[a-z-]+\.md/);
      expect(rule.kinds.length).toBeGreaterThan(0);
      for (const k of rule.kinds) expect([...KINDS, ...COMMAND_KINDS].some((x) => x.kind === k), k).toBe(true);
    });
  }
  it('lists files relative to rules/', () => {
    expect(relative(ROOT, RULES_DIR)).toBe('rules');
  });
});

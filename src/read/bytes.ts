// read/: a file's bytes in, its text out (UTF-8, BOM, size limit, binary), or the one finding that says why it cannot be read.
import type { Diagnostic } from '../finding.js';

/** Files larger than this are not linted (override with `maxFileSize`). */
export const DEFAULT_MAX_FILE_SIZE = 8 * 1024 * 1024;

export type ReadOutcome = { text: string; diagnostic?: undefined } | { text?: undefined; diagnostic: Diagnostic };

function fileProblem(ruleId: string, message: string): Diagnostic {
  return { ruleId, severity: 'error', message, path: [], range: { start: 0, end: 0 }, document: -1, fatal: true };
}

/** The `input/too-large` finding of a file of `size` bytes over `maxFileSize`; `how` says how to raise the limit. */
export function tooLarge(size: number, maxFileSize: number, how = '--max-file-size'): Diagnostic {
  return fileProblem('input/too-large', `file is ${size} bytes; the limit is ${maxFileSize} bytes (raise it with ${how})`);
}

const decoders = new Map<string, InstanceType<typeof TextDecoder>>();

/** One strict decoder per encoding, reused across files (decode() without `stream` keeps no state). */
function decoder(encoding: string): InstanceType<typeof TextDecoder> {
  let d = decoders.get(encoding);
  if (!d) decoders.set(encoding, (d = new TextDecoder(encoding, { fatal: true, ignoreBOM: true })));
  return d;
}

/**
 * Turns a file's bytes into text the parser can read, or into one `input/*` diagnostic saying why it cannot
 * be linted: a binary file (a NUL byte), a file over the size limit, or bytes that are not UTF-8.
 * A UTF-8 byte-order mark is dropped; a UTF-16 one selects UTF-16, as the platform's YAML decoder does.
 */
export function decodeBytes(bytes: Uint8Array, maxFileSize = DEFAULT_MAX_FILE_SIZE): ReadOutcome {
  if (bytes.length > maxFileSize) return { diagnostic: tooLarge(bytes.length, maxFileSize) };
  let encoding = 'utf-8';
  let offset = 0;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) offset = 3;
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) (encoding = 'utf-16le'), (offset = 2);
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) (encoding = 'utf-16be'), (offset = 2);
  const body = bytes.subarray(offset);
  if (encoding === 'utf-8' && body.indexOf(0) !== -1) {
    return { diagnostic: fileProblem('input/binary', 'file is binary (it contains a NUL byte); not linted') };
  }
  try {
    const text = decoder(encoding).decode(body);
    if (encoding !== 'utf-8' && text.includes('\0')) {
      return { diagnostic: fileProblem('input/binary', 'file is binary (it contains a NUL character); not linted') };
    }
    return { text };
  } catch {
    return {
      diagnostic: fileProblem('input/encoding', `file is not valid ${encoding.toUpperCase()} text; save it as UTF-8`),
    };
  }
}

/** Strips a byte-order mark from text that came in as a string (standard input, the language server). */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

import { base64 as BASE64 } from '../tools/formats.mjs';

/**
 * Go's base64 decoder skips line breaks anywhere (a key wrapped over lines in a block scalar): the text the
 * decoder reads, once the schema's `base64` format (which allows them) has accepted it.
 */
function unwrapped(text: string): string {
  return text.includes('\n') || text.includes('\r') ? text.replace(/[\r\n]/g, '') : text;
}

/** The number of bytes a standard, padded base64 text decodes to, or undefined when it is not base64. */
export function base64Length(text: string): number | undefined {
  if (!BASE64.test(text)) return undefined;
  const t = unwrapped(text);
  const pad = t.endsWith('==') ? 2 : t.endsWith('=') ? 1 : 0;
  return (t.length / 4) * 3 - pad;
}

/** Decodes standard, padded base64, or undefined when the text is not base64. */
export function decodeBase64(text: string): Buffer | undefined {
  return BASE64.test(text) ? Buffer.from(unwrapped(text), 'base64') : undefined;
}

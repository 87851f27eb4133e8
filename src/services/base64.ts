import { base64 as BASE64 } from './formats.mjs';

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
export function decodeBase64(text: string): Uint8Array | undefined {
  return BASE64.test(text) ? base64Bytes(unwrapped(text)) : undefined;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const SEXTETS = new Map([...ALPHABET].map((c, i) => [c, i]));

/**
 * The bytes of base64 text made of the standard alphabet with `=` only at its end (callers check that), as
 * Node.js's `Buffer.from(text, 'base64')` decodes it: every four characters are three bytes, and a shorter
 * tail gives the bytes its bits fill (two characters one byte, three characters two); padding is not required.
 */
export function base64Bytes(text: string): Uint8Array {
  const chars = text.replace(/=+$/, '');
  const out = new Uint8Array(Math.floor((chars.length * 6) / 8));
  let bits = 0;
  let held = 0;
  let n = 0;
  for (const c of chars) {
    held = ((held << 6) | (SEXTETS.get(c) ?? 0)) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[n++] = (held >> bits) & 0xff;
    }
  }
  return out;
}

/** A byte per character (U+0000 to U+00FF), as Node.js's `latin1` encoding reads bytes. */
export function latin1Text(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 0x2000) out += String.fromCharCode(...bytes.subarray(i, i + 0x2000));
  return out;
}

const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** The bytes read as UTF-8, an invalid sequence read as U+FFFD and a byte-order mark kept, as Node.js's `utf8` encoding reads them. */
export function utf8Text(bytes: Uint8Array): string {
  return utf8.decode(bytes);
}

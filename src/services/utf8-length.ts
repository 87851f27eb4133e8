/**
 * The length of a text in UTF-8 bytes, as `Buffer.byteLength` counts it without Node.js: a lone surrogate
 * counts as the three bytes of U+FFFD, which replaces it. test/node-equivalents.test.ts compares the two.
 */
export function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

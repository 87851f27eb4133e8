import { describe, expect, it } from 'vitest';
import { base64Bytes, latin1Text, utf8Text } from '../src/services/base64.js';
import { utf8Length } from '../src/services/utf8-length.js';
import { BROWSER_HOST } from '../src/browser-host.js';
import { NODE_HOST } from '../src/files/node-host.js';
import { rng } from './helpers/generated-docs.js';

// The engine's pure stand-ins for what it took from Node.js, compared with Node.js's own.
describe('UTF-8 lengths without Node.js', () => {
  it("counts UTF-8 bytes as Buffer.byteLength does (utf8Length)", () => {
    const texts = ['', 'abc', 'é', '日本', '😀', 'a\ud800', '\ud800a', '\udc00', '\ud800\ud800\udc00', '\udbff\udfff', '\u07ff\u0800\uffff', '| a | `b` |\n'];
    expect(texts.map(utf8Length)).toEqual(texts.map((t) => Buffer.byteLength(t)));
  });
});

describe('base64 and byte texts without Buffer', () => {
  // a fixed pseudo-random sequence (test/helpers/generated-docs.ts)
  const r = rng(0x9e3779b9);
  const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

  it("decodes base64 as Buffer.from(text, 'base64') does, with and without padding, at every tail length", () => {
    const texts = ['', 'A', 'AB', 'ABC', 'ABCD', 'QUJDR', 'QQ==', 'QUI=', 'MIIB', 'MA==', 'A=', 'A==', '////', '+/+/+'];
    for (let i = 0; i < 5000; i++) {
      let t = '';
      const n = r(40);
      for (let j = 0; j < n; j++) t += ALPHABET[r(64)];
      texts.push(t + '='.repeat(r(3)));
    }
    expect(texts.map((t) => [...base64Bytes(t)])).toEqual(texts.map((t) => [...Buffer.from(t, 'base64')]));
  });

  it("reads bytes as Buffer's latin1 and utf8 do (invalid UTF-8, a byte-order mark)", () => {
    const samples: Uint8Array[] = [new Uint8Array([]), new Uint8Array([0xef, 0xbb, 0xbf, 0x61]), new Uint8Array([0xc3]), new Uint8Array([0xe2, 0x82]), new Uint8Array([0xf0, 0x9f, 0x98, 0x80]), new Uint8Array([0xed, 0xa0, 0x80]), new Uint8Array([0xf4, 0x90, 0x80, 0x80]), new Uint8Array(70_000).fill(0xe9)];
    for (let i = 0; i < 3000; i++) samples.push(Uint8Array.from({ length: r(24) }, () => r(256)));
    const buf = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.length);
    expect(samples.map(latin1Text)).toEqual(samples.map((b) => buf(b).toString('latin1')));
    expect(samples.map(utf8Text)).toEqual(samples.map((b) => buf(b).toString('utf8')));
  });
});

describe("the browser host's SHA-256 (the fingerprints of SARIF results)", () => {
  it("is node:crypto's (the Node.js host's) on texts of every length around the block size and on non-ASCII texts", () => {
    const texts: string[] = [];
    for (let n = 0; n <= 130; n++) texts.push('x'.repeat(n));
    texts.push('é', '日本語のテキスト', '😀 emoji', 'lone \ud800 surrogate', '\u0000nul', JSON.stringify(['platlint/v1', 'a.yaml', 'schema/type', 0, '/spec', 'message']));
    expect(texts.map(BROWSER_HOST.sha256Hex)).toEqual(texts.map(NODE_HOST.sha256Hex));
    expect(BROWSER_HOST.sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

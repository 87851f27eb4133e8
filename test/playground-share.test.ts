// The playground's share links (playground/src/share.ts): the file's name and text and the configuration's text go
// into the URL's fragment, deflated and in base64url, and come back out unchanged.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeShare, encodeShare, fromBase64Url, toBase64Url, type SharedState } from '../playground/src/share.js';
import { ROOT } from './helpers/fixtures.js';

const example = (name: string) => readFileSync(join(ROOT, 'fixtures', 'examples', name), 'utf8');

describe('share links', () => {
  it('give back the state they were made of: the examples, empty texts, any Unicode, line breaks as they were', async () => {
    const states: SharedState[] = [
      { filename: 'mistakes-rbac.yaml', text: example('mistakes-rbac.yaml'), config: '' },
      { filename: 'policies/invalid/authorization-webhooks.yaml', text: example('policies/invalid/authorization-webhooks.yaml'), config: example('policies/platlint.config.yaml') },
      { filename: '', text: '', config: '' },
      { filename: 'ünïcode ✓.json', text: '{"a": "😀 \\u0000 \u2028 \uFEFF"}\r\n\tkey: "#v1.x"\r', config: 'rules:\n  "schema/*": "off"\n' },
      { filename: 'lone-surrogates.yaml', text: 'a: "\uD800"\n', config: '' },
    ];
    for (const state of states) {
      const fragment = await encodeShare(state);
      expect(fragment).toMatch(/^#v1\.[A-Za-z0-9_-]*$/);
      // (JSON.stringify writes a lone surrogate as an escape, so even that comes back as it was)
      expect(await decodeShare(fragment)).toEqual(state);
      expect(await decodeShare(fragment.slice(1))).toEqual(await decodeShare(fragment));
    }
  });

  it('are the deflated JSON {n, f, c} of the state (RFC 1951 raw deflate, base64url without padding)', async () => {
    const state = { filename: 'a.yaml', text: 'kind: Role\n', config: 'rules: {}\n' };
    const fragment = await encodeShare(state);
    const json = inflateRawSync(Buffer.from(fragment.slice('#v1.'.length), 'base64url')).toString('utf8');
    expect(JSON.parse(json)).toEqual({ n: 'a.yaml', f: 'kind: Role\n', c: 'rules: {}\n' });
  });

  it('compress what repeats: a link is shorter than the text it holds', async () => {
    const text = example('rbac-roles.yaml');
    expect((await encodeShare({ filename: 'rbac-roles.yaml', text, config: '' })).length).toBeLessThan(text.length);
    const many = Array.from({ length: 100 }, () => text).join('---\n');
    expect((await encodeShare({ filename: 'many.yaml', text: many, config: '' })).length).toBeLessThan(many.length / 50);
  });

  it('a fragment that is not a share link, or a damaged one, gives nothing', async () => {
    const good = await encodeShare({ filename: 'a.yaml', text: 'kind: Role\n', config: '' });
    const notJson = `#v1.${deflateRawSync('kind: Role').toString('base64url')}`;
    for (const fragment of ['', '#', '#top', '#v2.abc', '#v1.', '#v1.@@@', '#v1.a', good.slice(0, good.length - 6), notJson, `#v1.${Buffer.from('{"n":1}').toString('base64url')}`]) {
      expect({ fragment, state: await decodeShare(fragment) }).toEqual({ fragment, state: undefined });
    }
  });

  it('base64url round trip over every byte value, as Node.js writes it', () => {
    const bytes = Uint8Array.from({ length: 70000 }, (_, i) => (i * 7919) % 256);
    const text = toBase64Url(bytes);
    expect(text).toBe(Buffer.from(bytes).toString('base64url'));
    expect(fromBase64Url(text)).toEqual(bytes);
    expect(fromBase64Url('a+b/')).toBeUndefined();
  });
});

// The platform's URL parser (Go net/url Parse) as src/services/go-url.ts reads it: what it refuses and the parts
// the platform's validation looks at (scheme, user info, host, query, fragment).
import { describe, expect, it } from 'vitest';
import { parseGoUrl, quotedUrl } from '../src/services/go-url.js';

function parts(text: string) {
  const r = parseGoUrl(text);
  if (!r.ok) throw new Error(`${text}: ${r.problem}`);
  return r.url;
}

describe('URLs read as the platform reads them', () => {
  it('finds the parts', () => {
    expect(parts('HTTPS://u:p@sso.example.com:8443/realms/a?x=1#top')).toEqual({
      scheme: 'https', opaque: '', user: true, host: 'sso.example.com:8443', path: '/realms/a', rawQuery: 'x=1', fragment: 'top',
    });
    expect(parts('unix:///var/run/kms.sock')).toMatchObject({ scheme: 'unix', host: '', path: '/var/run/kms.sock' });
    expect(parts('unix://')).toMatchObject({ scheme: 'unix', host: '', path: '' });
    expect(parts('localhost:4317')).toMatchObject({ scheme: 'localhost', opaque: '4317' });
    expect(parts('https:opaque')).toMatchObject({ scheme: 'https', opaque: 'opaque' });
    expect(parts('https://a.example/?')).toMatchObject({ rawQuery: '' });
    expect(parts('https://a.example/??')).toMatchObject({ rawQuery: '?' });
    expect(parts('https://@a.example')).toMatchObject({ user: true, host: 'a.example' });
  });
  it('accepts what the platform accepts', () => {
    for (const ok of [
      'https://a.example/b c', // a space in the path
      'https://a.example:', // an empty port
      'https://a.example:99999', // any number of digits
      'https://[::1]:8443/',
      'https://[fe80::1%25eth0]/',
      'https://[::ffff:192.0.2.1]/',
      'https://a%C3%A9.example/', // escapes of bytes above 0x7f in a host
      'https://a.example/#\u0001', // a control character in the fragment
      'https://a.example/%41?q=%zz', // the query is not unescaped
      '/relative/path',
    ]) expect(parseGoUrl(ok).ok, ok).toBe(true);
  });
  it('refuses what the platform refuses', () => {
    const problem = (text: string) => {
      const r = parseGoUrl(text);
      return r.ok ? undefined : r.problem;
    };
    expect(problem('https://a.example:https/')).toBe('`:https` after the host is not a port');
    expect(problem('https://a.example/\u0001')).toBe('it contains a control character');
    expect(problem('https://a.example/%zz')).toBe('`%zz` is not a valid `%` escape');
    expect(problem('https://a.example/#%z')).toBe('its fragment: `%z` is not a valid `%` escape');
    expect(problem('https://a b.example')).toBe('its host has a space, which a host may not hold');
    expect(problem('https://{x}.example')).toBe('its host has `{`, which a host may not hold');
    expect(problem('https://a%41.example')).toBe('`%41` may not be escaped in a host');
    expect(problem('https://[::1')).toBe('its host has `[` without a closing `]`');
    expect(problem('https://[::1]x/')).toBe('`x` after the host is not a port');
    expect(problem('https://[192.0.2.1]/')).toBe('`[192.0.2.1]` is not an IPv6 address');
    expect(problem(':no-scheme')).toBe('it has no scheme before `:`');
    expect(problem('a:b/c:d')).toBeUndefined(); // a scheme, opaque
    expect(problem('1a:b')).toBe('its first path segment has a `:`');
    expect(problem('https://us er:pw@a.example')).toBe('its user info has a character it may not hold');
  });
});

describe('URLs in messages', () => {
  it('are quoted unless they hold user info (a password) or a control character', () => {
    expect(quotedUrl('url', 'https://a.example')).toBe('url `https://a.example`');
    expect(quotedUrl('url', 'https://admin:s3cret@a.example')).toBe('url');
    expect(quotedUrl('endpoint', 'dns://a\u0001')).toBe('endpoint');
    expect(quotedUrl('url', 'https://a.example/?next=//x@y')).toBe('url `https://a.example/?next=//x@y`');
  });
});

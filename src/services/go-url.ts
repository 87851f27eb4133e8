/**
 * A URL read the way the platform's URL parser (Go's `net/url` `Parse`) reads it: what it refuses and the parts
 * it finds. The platform's validation parses issuer and discovery URLs, KMS endpoints, tracing endpoints and
 * egress tunnel URLs this way, so a rule that mirrors a check of the platform reads the text through this and
 * not through the WHATWG `URL` class (which accepts and rejects other texts: a port above 65535, a space in a
 * path, a bad `%` escape, an opaque `scheme:text`).
 */
export interface GoUrl {
  /** Lower-cased scheme; empty when there is none. */
  scheme: string;
  /** The text after `scheme:` when it does not start with `/` (`mailto:x`); empty otherwise. */
  opaque: string;
  /** Whether an `@` introduced user info (even an empty one). */
  user: boolean;
  /** Host with port, as written (escapes not decoded). */
  host: string;
  /** The path as written. */
  path: string;
  /** The text after the first `?`, without the fragment. */
  rawQuery: string;
  /** The text after the first `#`. */
  fragment: string;
}

export type GoUrlResult = { ok: true; url: GoUrl } | { ok: false; problem: string };

const ALNUM = /[A-Za-z0-9]/;
/** Characters a host may hold besides letters and digits (sub-delimiters, `:`, brackets and the unreserved marks). */
const HOST_MARKS = new Set("!$&'()*+,;=:[]<>\"-_.~");
const USERINFO_MARKS = new Set("-._:~!$&'()*+,;=%@");

function isHex(c: string | undefined): boolean {
  return c !== undefined && /[0-9A-Fa-f]/.test(c);
}

function code(s: string): string {
  return s === ' ' ? 'a space' : `\`${s}\``;
}

/** Why the `%` escapes (and, for a host, the characters) of a part are refused, or undefined. */
function escapeProblem(s: string, host: boolean): string | undefined {
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '%') {
      if (!isHex(s[i + 1]) || !isHex(s[i + 2])) return `\`${s.slice(i, i + 3)}\` is not a valid \`%\` escape`;
      // In a host, only bytes above 0x7f may be escaped, and `%25` (a zone's `%`).
      if (host && parseInt(s[i + 1]!, 16) < 8 && s.slice(i, i + 3) !== '%25') return `\`${s.slice(i, i + 3)}\` may not be escaped in a host`;
      i += 2;
    } else if (host && c.charCodeAt(0) < 0x80 && !ALNUM.test(c) && !HOST_MARKS.has(c)) {
      return `its host has ${code(c)}, which a host may not hold`;
    }
  }
  return undefined;
}

/** Whether the text after a host is empty or `:` followed by digits only (any number of them). */
function validOptionalPort(port: string): boolean {
  return port === '' || /^:[0-9]*$/.test(port);
}

/** Whether the text is an IPv6 address (with an optional embedded IPv4 address at its end). */
function isIPv6(text: string): boolean {
  let s = text;
  const v4 = /(?:^|:)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(s);
  if (v4) {
    if (v4[1]!.split('.').some((p) => Number(p) > 255 || (p.length > 1 && p.startsWith('0')))) return false;
    s = s.slice(0, s.length - v4[1]!.length) + '0:0'; // the IPv4 address takes the place of two groups
  }
  const halves = s.split('::');
  if (halves.length > 2) return false;
  const part = (h: string) => (h === '' ? [] : h.split(':'));
  const head = part(halves[0]!);
  const tail = halves.length === 2 ? part(halves[1]!) : [];
  if (![...head, ...tail].every((g) => /^[0-9A-Fa-f]{1,4}$/.test(g))) return false;
  const n = head.length + tail.length;
  return halves.length === 2 ? n < 8 : n === 8;
}

/** Why a host (with its port) is refused, or undefined. */
function hostProblem(host: string): string | undefined {
  if (host.startsWith('[')) {
    const close = host.lastIndexOf(']');
    if (close < 0) return 'its host has `[` without a closing `]`';
    const port = host.slice(close + 1);
    if (!validOptionalPort(port)) return `\`${port}\` after the host is not a port`;
    const literal = host.slice(1, close);
    const zone = literal.indexOf('%25');
    const address = zone < 0 ? literal : literal.slice(0, zone);
    if (!isIPv6(address)) return `\`[${literal}]\` is not an IPv6 address`;
  } else {
    const colon = host.lastIndexOf(':');
    if (colon >= 0 && !validOptionalPort(host.slice(colon))) return `\`${host.slice(colon)}\` after the host is not a port`;
  }
  return escapeProblem(host, true);
}

/** Reads a URL as the platform's URL parser does; `problem` says why the platform refuses it. */
export function parseGoUrl(text: string): GoUrlResult {
  const fail = (problem: string): GoUrlResult => ({ ok: false, problem });
  const hash = text.indexOf('#');
  const beforeFragment = hash < 0 ? text : text.slice(0, hash);
  const fragment = hash < 0 ? '' : text.slice(hash + 1);
  if (/[\x00-\x1f\x7f]/.test(beforeFragment)) return fail('it contains a control character');

  let scheme = '';
  let rest = beforeFragment;
  for (let i = 0; i < beforeFragment.length; i++) {
    const c = beforeFragment[i]!;
    if (/[A-Za-z]/.test(c)) continue;
    if (/[0-9+.-]/.test(c)) {
      if (i === 0) break;
      continue;
    }
    if (c === ':') {
      if (i === 0) return fail('it has no scheme before `:`');
      scheme = beforeFragment.slice(0, i).toLowerCase();
      rest = beforeFragment.slice(i + 1);
    }
    break;
  }

  let rawQuery = '';
  if (rest.endsWith('?') && rest.indexOf('?') === rest.length - 1) rest = rest.slice(0, -1);
  else {
    const q = rest.indexOf('?');
    if (q >= 0) {
      rawQuery = rest.slice(q + 1);
      rest = rest.slice(0, q);
    }
  }

  const url: GoUrl = { scheme, opaque: '', user: false, host: '', path: '', rawQuery, fragment };
  if (!rest.startsWith('/')) {
    if (scheme !== '') {
      url.opaque = rest;
      return fragmentChecked(url);
    }
    const segment = rest.split('/')[0]!;
    if (segment.includes(':')) return fail('its first path segment has a `:`');
  }
  if ((scheme !== '' || !rest.startsWith('///')) && rest.startsWith('//')) {
    let authority = rest.slice(2);
    rest = '';
    const slash = authority.indexOf('/');
    if (slash >= 0) {
      rest = authority.slice(slash);
      authority = authority.slice(0, slash);
    }
    const at = authority.lastIndexOf('@');
    const host = at < 0 ? authority : authority.slice(at + 1);
    const problem = hostProblem(host);
    if (problem !== undefined) return fail(problem);
    if (at >= 0) {
      const userinfo = authority.slice(0, at);
      // The user info may hold a password: never quote it.
      if ([...userinfo].some((c) => !ALNUM.test(c) && !USERINFO_MARKS.has(c))) return fail('its user info has a character it may not hold');
      if (escapeProblem(userinfo, false) !== undefined) return fail('its user info has an invalid `%` escape');
      url.user = true;
    }
    url.host = host;
  }
  const pathProblem = escapeProblem(rest, false);
  if (pathProblem !== undefined) return fail(pathProblem);
  url.path = rest;
  return fragmentChecked(url);
}

function fragmentChecked(url: GoUrl): GoUrlResult {
  const problem = escapeProblem(url.fragment, false);
  return problem === undefined ? { ok: true, url } : { ok: false, problem: `its fragment: ${problem}` };
}

/** Whether a URL text carries user info (`//user:password@host`), which may hold a password: such a text is never quoted. */
export function hasUserInfo(text: string): boolean {
  return /^[^/?#]*\/\/[^/?#]*@/.test(text);
}

/** A URL as a message quotes it: in backquotes after `name`, or `name` alone when it holds user info or a control character. */
export function quotedUrl(name: string, text: string): string {
  return hasUserInfo(text) || /[\x00-\x1f\x7f]/.test(text) ? name : `${name} \`${text}\``;
}

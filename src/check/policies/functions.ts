/**
 * Evaluating implementations of the platform's CEL extension functions for policies. The platform's
 * environments (src/services/cel-env.ts) only declare them; a policy evaluates, so each declared function is
 * either implemented here, or not offered at all: a policy that calls one is a configuration error at the
 * call (UNAVAILABLE, checked by src/check/policies/compile.ts).
 *
 * Values are the library's: ints are bigint, doubles number, lists arrays, maps plain objects or Maps,
 * optionals the library's Optional.
 */
import type { CelLibrary } from '../../services/cel-env.js';
import { re2ToJs } from '../../services/cel-checks.js';
import { parseGoUrl, type GoUrl } from '../../services/go-url.js';
import { host } from '../../services/host.js';
import { charge, PolicyEvalError } from './budget.js';

export { PolicyEvalError };

/**
 * Functions and namespaces platlint does not evaluate, by the name a call uses: a policy calling one is a
 * configuration error, positioned at the call. The IP, CIDR, quantity, semver and format libraries and the
 * `format()` of the strings extension have rich semantics of their own that platlint does not reproduce.
 */
export const UNAVAILABLE: Readonly<Record<string, string>> = Object.fromEntries([
  ...['ip', 'isIP', 'family', 'isUnspecified', 'isLoopback', 'isLinkLocalMulticast', 'isLinkLocalUnicast', 'isGlobalUnicast', 'isCanonical'].map((f) => [f, 'the IP library']),
  ...['cidr', 'isCIDR', 'containsIP', 'containsCIDR', 'masked', 'prefixLength'].map((f) => [f, 'the CIDR library']),
  ...['quantity', 'isQuantity', 'sign', 'isInteger', 'asInteger', 'asApproximateFloat', 'add', 'sub'].map((f) => [f, 'the quantity library']),
  ...['semver', 'isSemver', 'major', 'minor', 'patch'].map((f) => [f, 'the semver library']),
  ...['isGreaterThan', 'isLessThan', 'compareTo'].map((f) => [f, 'the quantity and semver libraries']),
  ...['named', 'validate', 'dns1123Label', 'dns1123Subdomain', 'dns1035Label', 'qualifiedName', 'dns1123LabelPrefix', 'dns1123SubdomainPrefix', 'dns1035LabelPrefix', 'labelValue', 'uri', 'uuid', 'byte', 'date', 'datetime'].map((f) => [
    f,
    'the format library',
  ]),
  ['format', "the strings extension's format()"],
  ['transformMapEntry', 'transformMapEntry()'],
]);

/** A URL value (`url(s)`), opaque to CEL. */
export class UrlValue {
  constructor(readonly url: GoUrl) {}
}

type Handler = (...args: never[]) => unknown;

/** Implementations by the signature src/services/cel-env.ts declares. */
export function implementations(lib: CelLibrary): Record<string, Handler> {
  const { Optional } = lib;
  return {
    // strings extension, version 2
    'string.charAt(int): string': (s: string, i: bigint) => {
      const cps = [...s];
      const n = Number(i);
      if (n < 0 || n > cps.length) throw new PolicyEvalError('index_out_of_bounds', 'charAt() index out of range');
      return cps[n] ?? '';
    },
    'string.replace(string, string): string': (s: string, from: string, to: string) => replace(s, from, to, -1),
    'string.replace(string, string, int): string': (s: string, from: string, to: string, n: bigint) => replace(s, from, to, Number(n)),
    'plat.StringsNamespace.quote(string): string': (_ns: unknown, s: string) => quote(s),
    // sets extension
    'plat.SetsNamespace.contains(list<A>, list<A>): bool': (_ns: unknown, a: unknown[], b: unknown[]) => (charge(a.length * b.length), b.every((x) => a.some((y) => celEquals(x, y)))),
    'plat.SetsNamespace.equivalent(list<A>, list<A>): bool': (_ns: unknown, a: unknown[], b: unknown[]) =>
      (charge(a.length * b.length), b.every((x) => a.some((y) => celEquals(x, y))) && a.every((x) => b.some((y) => celEquals(x, y)))),
    'plat.SetsNamespace.intersects(list<A>, list<A>): bool': (_ns: unknown, a: unknown[], b: unknown[]) => (charge(a.length * b.length), b.some((x) => a.some((y) => celEquals(x, y)))),
    // lists extension, version 3
    'list<A>.distinct(): list<A>': (l: unknown[]) => {
      charge(l.length * l.length);
      const out: unknown[] = [];
      for (const x of l) if (!out.some((y) => celEquals(x, y))) out.push(x);
      return out;
    },
    'list<A>.reverse(): list<A>': (l: unknown[]) => [...l].reverse(),
    'list<A>.sort(): list<A>': (l: unknown[]) => (charge(l.length * Math.ceil(Math.log2(l.length + 1))), [...l].sort(compare)),
    'list<A>.slice(int, int): list<A>': (l: unknown[], from: bigint, to: bigint) => {
      const a = Number(from);
      const b = Number(to);
      if (a < 0 || b < a || b > l.length) throw new PolicyEvalError('index_out_of_bounds', 'slice() indexes out of range');
      return l.slice(a, b);
    },
    'list<dyn>.flatten(): list<dyn>': (l: unknown[]) => flatten(l, 1),
    'list<dyn>.flatten(int): list<dyn>': (l: unknown[], depth: bigint) => {
      if (depth < 0n) throw new PolicyEvalError('invalid_argument', 'flatten() depth must not be negative');
      return flatten(l, Number(depth));
    },
    'plat.ListsNamespace.range(int): list<int>': (_ns: unknown, n: bigint) => {
      const count = Number(n);
      if (count < 0) throw new PolicyEvalError('invalid_argument', 'lists.range() takes a count of zero or more');
      charge(count); // before making the list: a huge count stops here
      return Array.from({ length: count }, (_, i) => BigInt(i));
    },
    'list<A>.first(): optional<A>': (l: unknown[]) => (l.length > 0 ? Optional.of(l[0]) : Optional.none()),
    'list<A>.last(): optional<A>': (l: unknown[]) => (l.length > 0 ? Optional.of(l[l.length - 1]) : Optional.none()),
    // the platform's list library
    'list<A>.isSorted(): bool': (l: unknown[]) => l.every((x, i) => i === 0 || compare(l[i - 1], x) <= 0),
    'list<A>.sum(): A': (l: unknown[]) => {
      if (l.length === 0) return 0n;
      if (typeof l[0] === 'bigint') return (l as bigint[]).reduce((a, b) => a + b, 0n);
      if (typeof l[0] === 'number') return (l as number[]).reduce((a, b) => a + b, 0);
      throw new PolicyEvalError('no_matching_overload', 'sum() adds ints or doubles');
    },
    'list<A>.min(): A': (l: unknown[]) => extreme(l, -1),
    'list<A>.max(): A': (l: unknown[]) => extreme(l, 1),
    'list<A>.indexOf(A): int': (l: unknown[], x: unknown) => BigInt(l.findIndex((y) => celEquals(x, y))),
    'list<A>.lastIndexOf(A): int': (l: unknown[], x: unknown) => {
      for (let i = l.length - 1; i >= 0; i--) if (celEquals(x, l[i])) return BigInt(i);
      return -1n;
    },
    'list<A>.includes(A): bool': (l: unknown[], x: unknown) => l.some((y) => celEquals(x, y)),
    // regex library (patterns are literals, checked and compiled once: see safeRegex)
    'matches(string, string): bool': (s: string, p: string) => safeRegex(p).test(s),
    'string.find(string): string': (s: string, p: string) => safeRegex(p).exec(s)?.[0] ?? '',
    'string.findAll(string): list<string>': (s: string, p: string) => findAll(s, p, -1),
    'string.findAll(string, int): list<string>': (s: string, p: string, n: bigint) => findAll(s, p, Number(n)),
    // URL library
    'url(string): plat.URL': (s: string) => {
      const u = absoluteUrl(s);
      if (!u) throw new PolicyEvalError('invalid_argument', 'url() takes an absolute URI or an absolute path');
      return new UrlValue(u);
    },
    'isURL(string): bool': (s: string) => absoluteUrl(s) !== undefined,
    'plat.URL.getScheme(): string': (u: UrlValue) => u.url.scheme,
    'plat.URL.getHost(): string': (u: UrlValue) => u.url.host,
    'plat.URL.getHostname(): string': (u: UrlValue) => hostPort(u.url.host).hostname,
    'plat.URL.getPort(): string': (u: UrlValue) => hostPort(u.url.host).port,
    'plat.URL.getEscapedPath(): string': (u: UrlValue) => u.url.path,
    'plat.URL.getQuery(): map<string, list<string>>': (u: UrlValue) => query(u.url.rawQuery),
    // optional library additions
    'OptionalNamespace.ofNonZeroValue(A): optional<A>': (_ns: unknown, v: unknown) => (isZero(v) ? Optional.none() : Optional.of(v)),
    'OptionalNamespace.unwrap(list<dyn>): list<dyn>': (_ns: unknown, l: unknown[]) => unwrap(lib, l),
    'list<dyn>.unwrapOpt(): list<dyn>': (l: unknown[]) => unwrap(lib, l),
  };
}

function replace(s: string, from: string, to: string, n: number): string {
  if (n === 0) return s;
  let out = '';
  let at = 0;
  let done = 0;
  if (from === '') {
    // as Go's strings.Replace: the replacement goes before every code point and at the end
    const cps = [...s];
    for (let i = 0; i <= cps.length && (n < 0 || done < n); i++, done++) out += to + (cps[i] ?? '');
    return out + cps.slice(done).join('');
  }
  for (;;) {
    const i = s.indexOf(from, at);
    if (i < 0 || (n >= 0 && done >= n)) break;
    out += s.slice(at, i) + to;
    at = i + from.length;
    done++;
  }
  return out + s.slice(at);
}

function quote(s: string): string {
  const esc: Record<string, string> = { '\x07': '\\a', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\v': '\\v', '\\': '\\\\', '"': '\\"' };
  return `"${[...s].map((c) => esc[c] ?? c).join('')}"`;
}

function flatten(l: unknown[], depth: number): unknown[] {
  const out: unknown[] = [];
  for (const x of l) {
    if (Array.isArray(x) && depth > 0) out.push(...flatten(x, depth - 1));
    else out.push(x);
  }
  charge(out.length);
  return out;
}

/** CEL's ordering of ints, doubles, strings and bools (ints and doubles compare across types). */
function compare(a: unknown, b: unknown): number {
  if ((typeof a === 'bigint' || typeof a === 'number') && (typeof b === 'bigint' || typeof b === 'number')) return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  throw new PolicyEvalError('no_matching_overload', 'the list holds values that have no order');
}

function extreme(l: unknown[], sign: number): unknown {
  if (l.length === 0) throw new PolicyEvalError('invalid_argument', 'min() and max() need a list with items');
  return l.reduce((a, b) => (compare(b, a) * sign > 0 ? b : a));
}

/** CEL equality: numbers across int and double, lists and maps by their items. */
export function celEquals(a: unknown, b: unknown): boolean {
  if ((typeof a === 'bigint' || typeof a === 'number') && (typeof b === 'bigint' || typeof b === 'number')) return a == b; // eslint-disable-line eqeqeq
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => celEquals(x, b[i]));
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && celEquals((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
  }
  return false;
}

function isZero(v: unknown): boolean {
  if (v === null || v === undefined || v === '' || v === 0 || v === 0n || v === false) return true;
  if (Array.isArray(v)) return v.length === 0;
  if (v instanceof Map) return v.size === 0;
  return typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype && Object.keys(v).length === 0;
}

function unwrap(lib: CelLibrary, l: unknown[]): unknown[] {
  const out: unknown[] = [];
  for (const x of l) {
    if (!(x instanceof lib.Optional)) throw new PolicyEvalError('no_matching_overload', 'unwrap() takes a list of optionals');
    if (x.hasValue()) out.push(x.value());
  }
  return out;
}

const regexes = new Map<string, RegExp>();
let linear: boolean | undefined;

/**
 * A pattern compiled for V8's linear-time engine (the `l` flag; the platform's RE2 is linear too), so that no
 * text can make a match take exponential time. Patterns are string literals of the policy, checked when the
 * configuration is loaded (src/check/policies/compile.ts): this only fails for a pattern built at run time.
 */
export function safeRegex(pattern: string): RegExp {
  let re = regexes.get(pattern);
  if (!re) {
    const problem = regexProblem(pattern);
    if (problem) throw new PolicyEvalError('invalid_argument', 'invalid regular expression');
    const t = re2ToJs(pattern) as { js: string; flags: string };
    re = new RegExp(t.js, `${t.flags}l`);
    if (regexes.size > 1000) regexes.clear();
    regexes.set(pattern, re);
  }
  re.lastIndex = 0;
  return re;
}

/** Why a pattern cannot be used by a policy: RE2 refuses it, or the linear-time engine cannot run it. Undefined when it can. */
export function regexProblem(pattern: string): string | undefined {
  const t = re2ToJs(pattern);
  if ('problem' in t) return t.problem;
  if (!linearEngine()) return 'this Node.js has no linear-time regular expression engine (V8 `--enable-experimental-regexp-engine`), which policies need for regular expressions';
  try {
    new RegExp(t.js, `${t.flags}l`);
  } catch {
    return 'platlint cannot run this pattern in linear time (its JavaScript form needs backtracking)';
  }
  return undefined;
}

/** Whether the `l` flag (V8's linear-time engine) is available: the host turns it on once where it can. */
function linearEngine(): boolean {
  linear ??= host().linearRegExp();
  return linear;
}

function findAll(s: string, p: string, n: number): string[] {
  if (n === 0) return [];
  const re = safeRegex(p);
  const global = new RegExp(re.source, `${re.flags}g`);
  const out: string[] = [];
  for (let m = global.exec(s); m && (n < 0 || out.length < n); m = global.exec(s)) {
    out.push(m[0]);
    if (m[0] === '') global.lastIndex++;
    charge(1);
  }
  return out;
}

/** The last string absoluteUrl read, and its URL: `isURL(x) && url(x)` (the usual guard) reads `x` once. */
let lastUrl: { text: string; url: GoUrl | undefined } | undefined;

function absoluteUrl(s: string): GoUrl | undefined {
  if (lastUrl?.text === s) return lastUrl.url;
  const r = parseGoUrl(s);
  const url = r.ok && (r.url.scheme !== '' || r.url.path.startsWith('/')) ? r.url : undefined;
  lastUrl = { text: s, url };
  return url;
}

function hostPort(host: string): { hostname: string; port: string } {
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    return { hostname: host.slice(1, end < 0 ? undefined : end), port: end >= 0 && host[end + 1] === ':' ? host.slice(end + 2) : '' };
  }
  const colon = host.lastIndexOf(':');
  return colon < 0 ? { hostname: host, port: '' } : { hostname: host.slice(0, colon), port: host.slice(colon + 1) };
}

function query(raw: string): Record<string, string[]> {
  const out: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  const decode = (t: string) => {
    try {
      return decodeURIComponent(t.replace(/\+/g, ' '));
    } catch {
      return t;
    }
  };
  for (const part of raw.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const k = decode(eq < 0 ? part : part.slice(0, eq));
    (out[k] ??= []).push(decode(eq < 0 ? '' : part.slice(eq + 1)));
  }
  return out;
}

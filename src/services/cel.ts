/**
 * The CEL service: compiles and type-checks an expression in the platform's environment for its site, once
 * per (variable, expression) and run. The library comes from the host on first use only, so a run over files
 * without CEL never pays for it (src/files/node-host.ts loads it then; the browser bundle has it inside).
 */
import type { Environment } from '@marcbachmann/cel-js';
import { buildEnvironments, type CelLibrary, type CelVariable } from './cel-env.js';
import { methodNameRange, platformFields, platformProblem, rangeOf, type FieldLookup } from './cel-checks.js';
import { host } from './host.js';

export type { CelVariable } from './cel-env.js';

/** What an expression site must evaluate to. */
export type CelResultType = 'bool' | 'string' | 'string-or-list';

export type CelOutcome =
  /** Compiles; `type` in CEL notation (`bool`, `list(string)`, `dyn`). */
  | { status: 'ok'; type: string }
  /** A syntax or type error at 0-based offsets in the expression (end exclusive). */
  | { status: 'error'; message: string; start: number; end: number }
  /**
   * Valid CEL that the library cannot handle (a gap of the library, not a mistake): optional list or map
   * entries, `has()` on a field of a computed value, a `format()` argument list of mixed types, protobuf
   * message literals, or a failure of the library itself. `start`/`end` point at the construct.
   */
  | { status: 'unsupported'; message: string; start?: number; end?: number };

export interface CelService {
  /** Compiles and type-checks an expression seeing one variable (cached, least recently used evicted first). */
  check(variable: CelVariable, expression: string): CelOutcome;
}

let lib: CelLibrary | undefined;
let envs: Record<CelVariable, Environment> | undefined;
/**
 * The compile cache, least recently used first (a hit moves its entry to the end). Bounded, as the language
 * server lives for a whole editing session and sees every expression typed, letter by letter: 2,000 entries
 * hold every distinct expression of a large repository's policies many times over (a file rarely has more
 * than a few dozen, and a rule checks each expression once per variable), a miss costs one compile (well under a
 * millisecond for a typical expression), and 2,000 outcomes with their keys take a few hundred kilobytes. The
 * characters of the keys are bounded too, so that a few huge expressions cannot hold megabytes each.
 */
const cache = new Map<string, CelOutcome>();
/** The most entries the compile cache keeps. */
export const CEL_CACHE_ENTRIES = 2000;
/** The most characters of expressions the compile cache keeps (one million: 500 per entry on average). */
export const CEL_CACHE_CHARS = 1_000_000;
let cachedChars = 0;
let compiles = 0;

/** How many outcomes the compile cache holds, and the characters of their keys (for tests). */
export function celCacheSize(): { entries: number; chars: number } {
  return { entries: cache.size, chars: cachedChars };
}

function remember(key: string, out: CelOutcome): void {
  cache.set(key, out);
  cachedChars += key.length;
  while (cache.size > CEL_CACHE_ENTRIES || (cachedChars > CEL_CACHE_CHARS && cache.size > 1)) {
    const oldest = cache.keys().next().value as string;
    cache.delete(oldest);
    cachedChars -= oldest.length;
  }
}

function environments(): Record<CelVariable, Environment> {
  envs ??= buildEnvironments(celLibrary());
  return envs;
}

/** The CEL library, loaded on first use (policies build their own environments from it: src/check/policies/env.ts). */
export function celLibrary(): CelLibrary {
  lib ??= host().celLibrary();
  return lib;
}

/** Whether the CEL library has been loaded in this process (for start-up tests). */
export function celLoaded(): boolean {
  return lib !== undefined;
}

/** How many expressions were compiled (cache misses) in this process. */
export function celCompileCount(): number {
  return compiles;
}

/** A type in CEL's own notation: `list<string>` → `list(string)`, `optional<dyn>` → `optional_type(dyn)`, type parameters → `dyn`. */
export function celTypeName(type: string): string {
  let t = type.replace(/(?<![A-Za-z0-9_.])[A-Z](?![A-Za-z0-9_.])/g, 'dyn');
  t = t.replace(/\blist\b(?!<)/g, 'list<dyn>').replace(/\bmap\b(?!<)/g, 'map<dyn, dyn>');
  t = t.replace(/\boptional</g, 'optional_type<');
  return t.replace(/</g, '(').replace(/>/g, ')');
}

/**
 * The types a site needs (for messages) when a result type is wrong for it, or undefined when it fits.
 * `bool` sites take exactly bool (a `dyn` is refused, as the platform does); `string` sites take string or
 * dyn; `string-or-list` sites take string, a list of strings, or dyn.
 */
export function resultTypeProblem(type: string, expected: CelResultType): string | undefined {
  if (expected === 'bool') return type === 'bool' ? undefined : '`bool`';
  if (expected === 'string') return type === 'string' || type === 'dyn' ? undefined : '`string`';
  return ['string', 'dyn', 'list(string)', 'list(dyn)'].includes(type) ? undefined : '`string` or `list(string)`';
}

const OPERATORS = new Set(['==', '!=', '<', '<=', '>', '>=', '+', '-', '*', '/', '%', 'in', '&&', '||']);

type ErrorNode = { op?: string; args?: unknown; range?: { start: number; end: number }; start?: number; end?: number };

/** The range to underline for a library error: the operator of a binary node, the name of a call. */
function errorRange(src: string, node: ErrorNode | undefined, fallback: { start: number; end: number } | undefined): { start: number; end: number } {
  const r = fallback ?? (node ? rangeOf(node as never) : { start: 0, end: src.length });
  if (!node || !Array.isArray(node.args)) return r;
  if (node.op && OPERATORS.has(node.op) && node.args.length === 2) {
    const [l, rt] = node.args as ErrorNode[];
    if (l && rt) {
      const from = rangeOf(l as never).end;
      const at = src.indexOf(node.op, from);
      if (at >= 0 && at < rangeOf(rt as never).start) return { start: at, end: at + node.op.length };
    }
  }
  if (node.op === 'call' && typeof node.args[0] === 'string') return { start: r.start, end: r.start + node.args[0].length };
  if (node.op === 'rcall' && typeof node.args[0] === 'string') return methodNameRange(src, node as never, node.args[0]);
  return r;
}

function lower(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1);
}

const names = new WeakMap<Environment, Set<string>>();
function functionNames(env: Environment): Set<string> {
  let set = names.get(env);
  if (!set) names.set(env, (set = new Set(env.getDefinitions().functions.map((f) => f.name))));
  return set;
}

/** The library's messages in the words the platform uses. */
function errorMessage(code: string, summary: string, node: ErrorNode | undefined, env: Environment, syntax = false): string {
  const text = summary.split('\n')[0]!.trim();
  const key = /^No such key: (.*)$/.exec(text);
  if (code === 'no_such_key' && key) return `undefined field \`${key[1]}\``;
  const unknown = /^Unknown variable: (.*)$/.exec(text);
  if (code === 'unknown_variable' && unknown) return `undeclared reference to \`${unknown[1]}\``;
  if (code === 'no_matching_overload' && node && Array.isArray(node.args) && typeof node.args[0] === 'string') {
    const name = node.args[0];
    if (!functionNames(env).has(name)) return `undeclared reference to \`${name}\``;
  }
  const op = /^no such overload: (.+?) (==|!=|<=|>=|<|>|\+|-|\*|\/|%|in) (.+)$/.exec(text);
  if (op) return `found no matching overload for \`${op[2]}\` applied to \`(${celTypeName(op[1]!)}, ${celTypeName(op[3]!)})\``;
  if (text.startsWith('has() invalid argument')) return '`has()` takes a field selection, such as `has(claims.email)`';
  const ch = /^Unexpected character: '?(.*?)'?$/.exec(text);
  if (ch) return `syntax error: unexpected character \`${ch[1]}\``;
  if (text === 'Unexpected token: EOF') return 'syntax error: unexpected end of expression';
  const withTypes = text.replace(/'([^']*)'/g, (_m, t: string) => `\`${t.replace(/<[^']*>|\b[A-Z]\b/g, (x) => celTypeName(x))}\``);
  return syntax ? `syntax error: ${lower(withTypes)}` : lower(withTypes);
}

/**
 * The offsets of the `?` of optional list and map entries (`[?x]`, `{?k: v}`, `[a, ?b]`): valid for the
 * platform, not parsed by the library. A `?` counts when it opens an element of a list literal or an entry of a
 * map literal, not an argument of a call or an optional index (`claims[?'x']`, which the library parses).
 */
function optionalEntries(src: string): number[] {
  const out: number[] = [];
  const stack: string[] = [];
  let quote = '';
  let last = ''; // the last significant character outside strings
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) (quote = ''), (last = c);
      continue;
    }
    if (c === '"' || c === "'") {
      quote = c;
      continue;
    }
    if (/\s/.test(c)) continue;
    if (c === '[') stack.push(/[\w)\]'"]/.test(last) ? 'index' : 'list');
    else if (c === '{') stack.push('map');
    else if (c === '(') stack.push('call');
    else if (c === ')' || c === ']' || c === '}') stack.pop();
    else if (c === '?' && (last === '[' || last === '{' || last === ',') && (stack.at(-1) === 'list' || stack.at(-1) === 'map')) out.push(i);
    last = c;
  }
  return out;
}

type Unsupported = Extract<CelOutcome, { status: 'unsupported' }>;

/**
 * Whether a parse error is a gap of the library rather than a mistake: syntax cel-go parses that the library
 * does not. Each case is recognised narrowly, so that a real syntax error stays an error.
 */
function unsupportedSyntax(env: Environment, src: string, at: number): Unsupported | undefined {
  const entries = optionalEntries(src);
  if (entries.length > 0 && entries[0]! <= at && parseErrorAt(env, withoutEntries(src, entries)) === undefined) {
    return { status: 'unsupported', message: 'platlint cannot parse optional list and map entries (`[?x]`, `{?k: v}`)', start: entries[0]!, end: entries[0]! + 1 };
  }
  // `google.protobuf.Timestamp{seconds: 1}`: a message literal of a well-known type
  const msg = /google\.protobuf\.[A-Za-z]+\s*$/.exec(src.slice(0, at));
  if (src[at] === '{' && msg) return { status: 'unsupported', message: 'platlint cannot parse protobuf message literals such as `google.protobuf.Timestamp{...}`', start: msg.index, end: at + 1 };
  return undefined;
}

/** The text with the `?` of optional entries blanked (same length, so offsets stay). */
function withoutEntries(src: string, entries: number[]): string {
  let plain = src;
  for (const p of entries) plain = `${plain.slice(0, p)} ${plain.slice(p + 1)}`;
  return plain;
}

export type AstNode = { op: string; args: unknown; range?: { start: number; end: number }; start?: number; end?: number; evaluate?: unknown };

/** Every node of a checked expression's tree (shared with src/check/policies/compile.ts). */
export function* walk(root: unknown): Generator<AstNode> {
  const stack: unknown[] = [root];
  while (stack.length) {
    const n = stack.pop();
    if (Array.isArray(n)) for (const x of n) stack.push(x);
    else if (n !== null && typeof n === 'object' && typeof (n as AstNode).op === 'string') {
      yield n as AstNode;
      stack.push((n as AstNode).args);
    }
  }
}

function within(inner: { start: number; end: number } | undefined, outer: AstNode): boolean {
  const r = rangeOf(outer as never);
  return inner !== undefined && inner.start >= r.start && inner.end <= r.end;
}

/**
 * Whether a type-check error is a gap of the library: `has()` on a field of a computed value (cel-go takes any
 * field selection, `has({'a': 1}.a)`, `has(claims.items[0].name)`), and the argument list of `format()`, which
 * cel-go exempts from the same-type rule for list literals (`'%s: %d'.format([name, count])`).
 */
function unsupportedCheck(ast: unknown, code: string | undefined, node: ErrorNode | undefined, range: { start: number; end: number } | undefined): Unsupported | undefined {
  const at = range ?? (node ? rangeOf(node as never) : undefined);
  if (code === 'invalid_macro_argument' && at) {
    for (const n of walk(ast)) {
      if (n.op !== 'call' || !Array.isArray(n.args) || n.args[0] !== 'has') continue;
      const arg = (n.args[1] as AstNode[] | undefined)?.[0];
      if (!arg || arg.op !== '.' || !within(at, arg)) continue;
      return { status: 'unsupported', message: 'platlint cannot check `has()` on a field of a computed value', ...rangeOf(n as never) };
    }
  }
  if ((code === 'heterogeneous_list_element' || code === 'heterogeneous_map_value' || code === 'heterogeneous_map_key') && at) {
    for (const n of walk(ast)) {
      if (n.op !== 'rcall' || !Array.isArray(n.args) || n.args[0] !== 'format') continue;
      const list = (n.args[2] as AstNode[] | undefined)?.[0];
      if (!list || list.op !== 'list' || !within(at, list)) continue;
      return { status: 'unsupported', message: 'platlint cannot check a `format()` argument list whose items have different types', ...rangeOf(list as never) };
    }
  }
  return undefined;
}

/**
 * Syntax cel-go parses and the library does not, rewritten to an equivalent the library parses, or undefined:
 * a name written from the root scope (`.claims`: the platform's environments have no container, so it is the
 * same name; the dot becomes a space, so offsets stay), and a float without a digit before its point (`.5`
 * becomes `0.5`: offsets after it move by one, `shift` maps them back).
 */
function rewrite(env: Environment, src: string, at: number): { src: string; at: number; shift: number } | undefined {
  if (src[at] !== '.' || !/(^|[\s([{,?:!&|=<>+\-*/%])$/.test(src.slice(0, at))) return undefined;
  const rest = src.slice(at);
  let out: { src: string; at: number; shift: number } | undefined;
  if (/^\.\s*[A-Za-z_]/.test(rest)) out = { src: `${src.slice(0, at)} ${src.slice(at + 1)}`, at, shift: 0 };
  else if (/^\.\d/.test(rest)) out = { src: `${src.slice(0, at)}0${src.slice(at)}`, at, shift: 1 };
  if (!out) return undefined;
  // the rewrite must get the parser past this point (a later construct may need its own rewrite)
  const next = parseErrorAt(env, out.src);
  return next === undefined || next > at + out.shift ? out : undefined;
}

/** Where the library's parser stops on a text, or undefined when it parses. */
function parseErrorAt(env: Environment, src: string): number | undefined {
  try {
    env.parse(src);
    return undefined;
  } catch (err) {
    return (err as { range?: { start: number } }).range?.start ?? 0;
  }
}

/** How many rewrites (`rewrite`, blanked optional entries) one expression may take: each parses the whole text. */
const MAX_REWRITES = 16;

function compile(variable: CelVariable, src: string): CelOutcome {
  compiles++;
  return compileIn(environments()[variable], src).outcome;
}

/** A compiled expression: its outcome, and on success the library's program (evaluable, its tree checked). */
export interface CelCompiled {
  outcome: CelOutcome;
  program?: ReturnType<Environment['parse']>;
}

/**
 * Compiles and type-checks an expression in an environment, with the platform's checks over the tree
 * (src/services/cel-checks.ts); `fields` gives the fields of the environment's object types. The platform's
 * environments use it through celService; policies (src/check/policies/compile.ts) with environments of their own.
 * `platformChecks` false leaves the platform's checks out, for an expression known to pass them (a policy
 * compiled again in a thread that lints, after the configuration loader compiled it without a problem): they
 * only find problems and change nothing in the tree.
 */
export function compileIn(env: Environment, src: string, fields: FieldLookup = platformFields, rewrites = 0, platformChecks = true): CelCompiled {
  if (src.trim() === '') return { outcome: { status: 'error', message: 'expression has only white space', start: 0, end: src.length } };
  let parsed: ReturnType<Environment['parse']>;
  try {
    parsed = env.parse(src);
  } catch (err) {
    const e = err as { code?: string; summary?: string; message?: string; range?: { start: number; end: number } };
    const r = e.range ?? { start: 0, end: src.length };
    const gap = unsupportedSyntax(env, src, r.start);
    if (gap) return { outcome: gap };
    // optional entries before a real syntax error: report the error at its own place
    const entries = optionalEntries(src);
    if (entries.length > 0 && entries[0]! <= r.start) {
      const plain = withoutEntries(src, entries);
      const next = parseErrorAt(env, plain);
      if (next !== undefined && next > r.start && rewrites < MAX_REWRITES) return { outcome: compileIn(env, plain, fields, rewrites + 1, platformChecks).outcome };
    }
    const same = rewrites < MAX_REWRITES ? rewrite(env, src, r.start) : undefined;
    if (rewrites >= MAX_REWRITES && src[r.start] === '.') {
      return { outcome: { status: 'unsupported', message: 'platlint cannot check an expression with this many names from the root scope (`.claims`) or floats written `.5`', start: r.start, end: r.start + 1 } };
    }
    if (same) {
      const compiled = compileIn(env, same.src, fields, rewrites + 1, platformChecks);
      const out = compiled.outcome;
      if (out.status === 'ok' || same.shift === 0) return compiled;
      const back = (p: number | undefined) => (p === undefined || p <= same.at ? p : p - same.shift);
      return { outcome: out.status === 'error' ? { ...out, start: back(out.start)!, end: back(out.end)! } : { ...out, start: back(out.start), end: back(out.end) } };
    }
    return { outcome: { status: 'error', message: errorMessage(e.code ?? 'parse', e.summary ?? e.message ?? 'syntax error', undefined, env, true), ...clamp(src, r) } };
  }
  const res = parsed.check();
  if (!res.valid) {
    const e = res.error as unknown as { code?: string; summary?: string; message?: string; node?: ErrorNode; range?: { start: number; end: number } };
    const gap = unsupportedCheck(parsed.ast, e?.code, e?.node, e?.range);
    if (gap) return { outcome: gap };
    return { outcome: { status: 'error', message: errorMessage(e?.code ?? 'type', e?.summary ?? e?.message ?? 'type error', e?.node, env), ...clamp(src, errorRange(src, e?.node, e?.range)) } };
  }
  const problem = platformChecks ? platformProblem(parsed.ast, src, env, celTypeName, fields) : undefined;
  if (problem) return { outcome: { status: 'error', message: problem.message, ...clamp(src, problem) } };
  return { outcome: { status: 'ok', type: celTypeName(res.type ?? 'dyn') }, program: parsed };
}

function clamp(src: string, r: { start: number; end: number }): { start: number; end: number } {
  // an error at the end of the input (`claims.iss ==`) points at its last character, not past it
  const last = src.trimEnd().length;
  if (r.start >= last && last > 0) return { start: last - 1, end: last };
  const start = Math.max(0, Math.min(r.start, src.length));
  const end = Math.max(start, Math.min(r.end, src.length));
  return { start, end: end === start && start < src.length ? start + 1 : end };
}

/** The process-wide service: one cache for every rule and document of a run. */
export const celService: CelService = {
  check(variable, expression) {
    const key = `${variable}\u0000${expression}`;
    let out = cache.get(key);
    if (out) {
      // the most recently used goes last, the first to be evicted is the least recently used
      cache.delete(key);
      cache.set(key, out);
    } else {
      environments(); // a library that cannot load is an internal error, not a finding
      try {
        out = compile(variable, expression);
      } catch (err) {
        // A library failure on an odd input is a finding, never a crash of the run; and since it is the
        // library that failed, not a proven mistake in the expression, it is a warning (cel/unsupported-syntax).
        out = { status: 'unsupported', message: `platlint's CEL library failed on this expression (${err instanceof Error ? lower(err.message.split('\n')[0]!) : String(err)})` };
      }
      remember(key, out);
    }
    return out;
  },
};

/**
 * Checks run over a type-checked CEL syntax tree, for what the platform rejects and the library accepts
 * (../shared/research/cel.md, section 5b): `cel.bind`, functions the platform does not declare, bad duration
 * and timestamp literals, regular expressions RE2 refuses, wrong argument types on `dyn` receivers, `has()`
 * on an undefined field, and indexing an object type.
 */
import type { Environment } from '@marcbachmann/cel-js';
import { parseDuration } from './duration.js';
import { NOT_IN_PLATFORM, OBJECT_FIELDS } from './cel-env.js';

/** A finding inside the expression: 0-based offsets, end exclusive. */
export interface CelProblem {
  message: string;
  start: number;
  end: number;
}

interface Node {
  op: string;
  args: unknown;
  range?: { start: number; end: number };
  start?: number;
  end?: number;
  input?: string;
  checkedType?: { name: string; kind: string; fields?: unknown };
}

function isNode(v: unknown): v is Node {
  return v !== null && typeof v === 'object' && typeof (v as Node).op === 'string' && 'args' in (v as object);
}

export function rangeOf(n: Node): { start: number; end: number } {
  return n.range ?? { start: n.start ?? 0, end: n.end ?? n.start ?? 0 };
}

function children(n: Node): Node[] {
  const out: Node[] = [];
  const visit = (v: unknown, depth: number) => {
    if (depth > 3) return;
    if (isNode(v)) out.push(v);
    else if (Array.isArray(v)) for (const x of v) visit(x, depth + 1);
  };
  visit(n.args, 0);
  return out;
}

/** The offset of `.name` after a receiver, for pointing at a method name. */
export function methodNameRange(src: string, n: Node, name: string): { start: number; end: number } {
  const r = rangeOf(n);
  const recv = Array.isArray(n.args) && isNode(n.args[1]) ? rangeOf(n.args[1]) : r;
  const re = new RegExp(`\\.\\s*(${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})\\b`, 'y');
  for (let i = recv.end; i < r.end; i++) {
    re.lastIndex = i;
    const m = re.exec(src);
    if (m) {
      const at = i + m[0].length - name.length;
      return { start: at, end: at + name.length };
    }
  }
  return r;
}

function stringLiteral(n: unknown): string | undefined {
  return isNode(n) && n.op === 'value' && typeof n.args === 'string' ? n.args : undefined;
}

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-](\d{2}):(\d{2}))$/;

/** Whether a text is an RFC 3339 timestamp with a real calendar date. */
export function isTimestamp(text: string): boolean {
  const m = RFC3339.exec(text);
  if (!m) return false;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6]].map(Number) as number[];
  if (mo! < 1 || mo! > 12 || d! < 1 || h! > 23 || mi! > 59 || s! > 59) return false;
  const days = [31, (y! % 4 === 0 && y! % 100 !== 0) || y! % 400 === 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo! - 1]!;
  if (d! > days) return false;
  if (m[9] !== undefined && (Number(m[9]) > 23 || Number(m[10]) > 59)) return false;
  return true;
}

/** RE2's POSIX classes as the characters of a JavaScript class. */
const POSIX_CLASSES: Record<string, string> = {
  alnum: '0-9A-Za-z',
  alpha: 'A-Za-z',
  ascii: '\\x00-\\x7F',
  blank: '\\t ',
  cntrl: '\\x00-\\x1F\\x7F',
  digit: '0-9',
  graph: '!-~',
  lower: 'a-z',
  print: ' -~',
  punct: '!-/:-@[-`{-~',
  space: '\\t\\n\\v\\f\\r ',
  upper: 'A-Z',
  word: '0-9A-Za-z_',
  xdigit: '0-9A-Fa-f',
};

const RE2_ESCAPES = new Set('aftnrvbBAzdDsSwWpPQExC0123456789'.split(''));

/** Why RE2 (the platform's regular expression engine) refuses a pattern, or undefined when it accepts it. */
export function re2Problem(pattern: string): string | undefined {
  const t = re2ToJs(pattern);
  return 'problem' in t ? t.problem : undefined;
}

/**
 * An RE2 pattern as a JavaScript pattern of the same meaning (`\A` → `^`, `(?i)` … dropped, `\Q…\E` quoted,
 * POSIX classes approximated), or why RE2 refuses it.
 */
export function re2ToJs(pattern: string): { js: string; flags: string } | { problem: string } {
  const t = translate(pattern);
  return typeof t === 'string' ? { problem: t } : t;
}

function translate(pattern: string): string | { js: string; flags: string } {
  const perl = /\(\?(?:[=!]|<[=!]|>)/.exec(pattern);
  if (perl) return `invalid or unsupported Perl syntax: \`${perl[0]}\``;
  let js = '';
  let jsFlags = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      const e = pattern[i + 1];
      if (e === undefined) return 'trailing backslash at end of expression';
      if (/[1-9]/.test(e) && !inClass) return `invalid escape sequence: \`\\${e}\``;
      if (/[a-zA-Z]/.test(e) && !RE2_ESCAPES.has(e)) return `invalid escape sequence: \`\\${e}\``;
      if (e === 'A') js += '^';
      else if (e === 'z') js += '$';
      else if (e === 'C') js += '[^]';
      else if (e === 'Q') {
        const close = pattern.indexOf('\\E', i + 2);
        const lit = pattern.slice(i + 2, close < 0 ? undefined : close);
        js += lit.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
        i = close < 0 ? pattern.length : close + 1;
        continue;
      } else if (e === 'E') js += '';
      else js += c + e;
      i++;
      continue;
    }
    if (inClass) {
      const posix = /^\[:(\^?)([a-z]+):\]/.exec(pattern.slice(i));
      if (posix) {
        const chars = POSIX_CLASSES[posix[2]!];
        if (chars === undefined) return `invalid character class range: \`${posix[0]}\``;
        // a negated POSIX class has no JavaScript form inside a class: its evaluation is approximated
        js += posix[1] === '^' ? '\\s\\S' : chars;
        i += posix[0].length - 1;
        continue;
      }
      if (c === ']') inClass = false;
      js += c;
      continue;
    }
    if (c === '[') {
      inClass = true;
      js += c;
      if (pattern[i + 1] === '^') (js += '^'), i++;
      if (pattern[i + 1] === ']') (js += '\\]'), i++;
      continue;
    }
    if (c === '(' && pattern[i + 1] === '?') {
      const named = /^\(\?P?<([A-Za-z0-9_]+)>/.exec(pattern.slice(i));
      if (named) {
        js += `(?<${named[1]}>`;
        i += named[0].length - 1;
        continue;
      }
      const flags = /^\(\?([imsU-]*)(:|\))/.exec(pattern.slice(i));
      if (flags && flags[1] !== '' && !/-$/.test(flags[1]!)) {
        // a flag group at the very start applies to the whole pattern; elsewhere it is approximated away
        if (js === '' && flags[2] === ')') for (const f of flags[1]!.replace(/-.*$/, '')) if ('ims'.includes(f) && !jsFlags.includes(f)) jsFlags += f;
        js += flags[2] === ':' ? '(?:' : '';
        i += flags[0].length - 1;
        continue;
      }
      if (pattern[i + 2] === ':') {
        js += '(?:';
        i += 2;
        continue;
      }
      return `missing argument to repetition operator or invalid group: \`${pattern.slice(i, i + 3)}\``;
    }
    if ((c === '*' || c === '+' || c === '?') && /[*+?]$/.test(js) && !/\\[*+?]$/.test(js)) {
      // `a*?` is a lazy repetition; a third operator, or `**`, is a nested repetition.
      if (!(c === '?' && !/[*+?]\?$/.test(js))) return `invalid nested repetition operator: \`${js.slice(-1)}${c}\``;
    }
    js += c;
  }
  try {
    new RegExp(js);
  } catch (err) {
    const msg = err instanceof Error ? err.message.replace(/^Invalid regular expression: \/.*\/[a-z]*: /, '') : String(err);
    return `invalid regular expression: ${msg.charAt(0).toLowerCase()}${msg.slice(1)}`;
  }
  return { js, flags: jsFlags };
}

const INT64_MAX = 9223372036854775807n;

const REGEX_FUNCTIONS = new Set(['matches', 'find', 'findAll']);

interface Overload {
  params: string[];
}

/** Method overloads by name (macros excluded), from the environment's definitions; cached per environment. */
const overloadCache = new WeakMap<Environment, Map<string, Overload[]>>();
function methodOverloads(env: Environment): Map<string, Overload[]> {
  let m = overloadCache.get(env);
  if (!m) {
    m = new Map();
    for (const f of env.getDefinitions().functions) {
      if (!f.receiverType) continue;
      const params = f.params.map((p) => p.type);
      if (params.includes('ast')) continue;
      m.set(f.name, [...(m.get(f.name) ?? []), { params }]);
    }
    overloadCache.set(env, m);
  }
  return m;
}

/** Whether an argument of a checked type can be passed where a parameter type is declared. */
function accepts(param: string, arg: string): boolean {
  if (arg === 'dyn' || param === 'dyn' || /^[A-Z]$/.test(param)) return true;
  if (param === arg) return true;
  const p = /^(list|map|optional)(?:<(.*)>)?$/.exec(param);
  const a = /^(list|map|optional)(?:<(.*)>)?$/.exec(arg);
  if (p && a && p[1] === a[1]) return true; // element types: leave to the library
  return false;
}

/** The fields of an object type of an environment (field name → CEL type), or undefined for any other type. */
export type FieldLookup = (type: string) => Readonly<Record<string, string>> | undefined;

/** The object types of the platform's environments (src/services/cel-env.ts). */
export const platformFields: FieldLookup = (type) => OBJECT_FIELDS[type];

/**
 * The platform-specific checks over a type-checked tree; the first problem found, or undefined. `fields` knows
 * the environment's object types (for `has()` on an undefined field and indexing an object).
 */
export function platformProblem(root: unknown, src: string, env: Environment, display: (t: string) => string, fields: FieldLookup = platformFields): CelProblem | undefined {
  const stack: unknown[] = [root];
  const negated = new Set<Node>();
  while (stack.length) {
    const n = stack.pop();
    if (!isNode(n)) continue;
    // int literals are 64-bit; the one literal above the maximum that is valid is the minimum's magnitude after `-`
    if (n.op === '-_' && isNode(n.args)) negated.add(n.args);
    if (n.op === 'value' && typeof n.args === 'bigint' && n.args > INT64_MAX && !(negated.has(n) && n.args === INT64_MAX + 1n)) {
      return { message: `integer literal \`${n.args}\` is out of range: ints are 64-bit`, ...rangeOf(n) };
    }
    const p = check(n, src, env, display, fields);
    if (p) return p;
    const kids = children(n);
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
  }
  return undefined;
}

function check(n: Node, src: string, env: Environment, display: (t: string) => string, fields: FieldLookup): CelProblem | undefined {
  if (n.op === 'rcall' && Array.isArray(n.args)) {
    const [name, recv, args] = n.args as [string, Node, Node[]];
    const recvType = recv?.checkedType?.name;
    if (name === 'bind' && isNode(recv) && recv.op === 'id' && recv.args === 'cel') {
      return { message: 'undeclared reference to `cel.bind`: the platform does not offer the bindings extension', start: rangeOf(n).start, end: methodNameRange(src, n, name).end };
    }
    if (NOT_IN_PLATFORM.has(name) && name !== 'bind' && recvType === 'bytes') {
      return { message: `undeclared reference to \`${name}\`: the platform has no \`bytes.${name}()\``, ...methodNameRange(src, n, name) };
    }
    if (name === 'string' && recvType === 'bytes') {
      return { message: 'undeclared reference to `string`: write `string(value)` to convert bytes', ...methodNameRange(src, n, name) };
    }
    if (REGEX_FUNCTIONS.has(name)) {
      const pat = stringLiteral(args?.[0]);
      const why = pat === undefined ? undefined : re2Problem(pat);
      if (why) return { message: `invalid regular expression \`${pat}\`: ${why}`, ...rangeOf(args[0]!) };
    }
    if (recvType === 'dyn' && Array.isArray(args)) {
      const overloads = methodOverloads(env).get(name);
      if (overloads) {
        const types = args.map((a) => a.checkedType?.name ?? 'dyn');
        const fits = overloads.some((o) => o.params.length === types.length && o.params.every((pt, i) => accepts(pt, types[i]!)));
        if (!fits) {
          return { message: `found no matching overload for \`${name}\` applied to \`dyn.(${types.map(display).join(', ')})\``, ...methodNameRange(src, n, name) };
        }
      }
    }
  }
  if (n.op === 'call' && Array.isArray(n.args)) {
    const [name, args] = n.args as [string, Node[]];
    const lit = stringLiteral(args?.[0]);
    if (name === 'duration' && lit !== undefined && args.length === 1 && parseDuration(lit) === undefined) {
      return { message: `\`${lit}\` is not a duration; write it like \`30s\`, \`1m30s\` or \`2h\``, ...rangeOf(args[0]!) };
    }
    if (name === 'timestamp' && lit !== undefined && args.length === 1 && !isTimestamp(lit)) {
      return { message: `\`${lit}\` is not an RFC 3339 timestamp such as \`2024-01-31T12:00:00Z\``, ...rangeOf(args[0]!) };
    }
    if (name === 'matches' && args?.length === 2) {
      const pat = stringLiteral(args[1]);
      const why = pat === undefined ? undefined : re2Problem(pat);
      if (why) return { message: `invalid regular expression \`${pat}\`: ${why}`, ...rangeOf(args[1]!) };
    }
    if (name === 'has' && isNode(args?.[0]) && args[0].op === '.') {
      const [obj, field] = args[0].args as [Node, string];
      const declared = objectFields(fields, selectionType(obj, fields));
      if (declared && !Object.prototype.hasOwnProperty.call(declared, field)) return { message: `undefined field \`${field}\``, ...fieldRange(src, args[0]) };
    }
  }
  if ((n.op === '[]' || n.op === '[?]') && Array.isArray(n.args)) {
    const obj = n.args[0] as Node;
    const t = obj?.checkedType?.name;
    if (t && objectFields(fields, t)) return { message: `no index operator on \`${display(t)}\`; select a field with \`.\``, ...rangeOf(n) };
  }
  return undefined;
}

/** The object type of a selection chain (`request.resourceAttributes`); `has()` leaves inner nodes unchecked. */
function selectionType(n: Node | undefined, fields: FieldLookup): string | undefined {
  if (!n) return undefined;
  if (n.checkedType) return n.checkedType.name;
  if (n.op === '.' && Array.isArray(n.args)) {
    const [obj, field] = n.args as [Node, string];
    const t = selectionType(obj, fields);
    const declared = t === undefined ? undefined : fields(t);
    return declared && Object.prototype.hasOwnProperty.call(declared, field) ? declared[field] : undefined;
  }
  return undefined;
}

function fieldRange(src: string, sel: Node): { start: number; end: number } {
  const r = rangeOf(sel);
  const field = (sel.args as [Node, string])[1];
  const at = src.lastIndexOf(field, r.end);
  return at >= r.start ? { start: at, end: at + field.length } : r;
}

function objectFields(fields: FieldLookup, type: string | undefined): Readonly<Record<string, string>> | undefined {
  return type === undefined ? undefined : fields(type);
}

// Generated plat documents with findings at many places, written in many YAML styles, for the tests that
// compare the ways findings are placed (test/placement.test.ts). Deterministic: one seed gives one corpus.
import { parseText } from '../../src/parse/compose.js';

export interface Rng {
  (n: number): number;
  pick<T>(xs: readonly T[]): T;
  chance(p: number): boolean;
}

/** A small deterministic generator (a linear congruential one: the corpus must not change between runs). */
export function rng(seed: number): Rng {
  let s = seed >>> 0;
  const next = ((n: number) => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return (s >>> 8) % n;
  }) as Rng;
  next.pick = <T>(xs: readonly T[]) => xs[next(xs.length)]!;
  next.chance = (p: number) => next(1000) < p * 1000;
  return next;
}

type Value = null | boolean | number | string | Value[] | { [k: string]: Value };

const isMap = (v: Value): v is { [k: string]: Value } => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Strings a plain scalar may hold and stay that string (YAML 1.1 and 1.2 alike), checked by parsing them. */
function plainSafe(s: string): boolean {
  if (!/^[A-Za-z_/][^\n\r\t#'"{}[\],&*!|>%@`]*$/.test(s) || /[: ]$/.test(s) || s.includes(': ') || s.includes(' #')) return false;
  const r = parseText(`k: ${s}\n`);
  return r.diagnostics.length === 0 && (r.documents[0]?.value as { k?: unknown } | undefined)?.k === s;
}

const EMOJI = ['😀', '🚀', '𝒳', '🌍'];

/** Rules a generated suppression comment names (used or not: an unused one is reported). */
const SUPPRESSIBLE = ['schema/unknown-field', 'schema/unknown-field-ignored', 'schema/type', 'schema/enum', 'schema/required', 'cel/compiles'];

/**
 * Writes values as YAML, choosing a style for every node at random. A `plain` writer keeps to what the lexer
 * reader reads (quoted keys and values, flow sequences and flow mappings of scalars, comments); the other one
 * also writes anchors and aliases, block scalars and multi-line quoted strings.
 */
export class Writer {
  private anchors = 0;
  /** Anchored scalars by their text: a later equal scalar may be written as an alias of it. */
  private anchored = new Map<string, string>();
  constructor(
    private readonly r: Rng,
    private readonly plain: boolean,
  ) {}

  private comment(): string {
    if (this.r.chance(0.1)) return `# platlint-disable-next-line ${this.r.pick(SUPPRESSIBLE)} -- generated ${this.r.pick(EMOJI)}`;
    return this.r.chance(0.5) ? `# note ${this.r(100)}` : `# ${this.r.pick(EMOJI)} ünïcode ${this.r.pick(EMOJI)}`;
  }

  private key(k: string): string {
    const style = this.r(10);
    if (style === 0 || !plainSafe(k)) return JSON.stringify(k);
    if (style === 1) return `'${k.replace(/'/g, "''")}'`;
    return k;
  }

  /** A scalar on one line (flow contexts included). */
  private flowScalar(v: Value, inFlow: boolean): string {
    if (typeof v !== 'string') return v === null ? this.r.pick(['null', '~']) : String(v);
    if (this.anchored.has(v) && this.r.chance(0.3)) return `*${this.anchored.get(v)}`;
    let out: string;
    const style = this.r(6);
    if (style === 0 || !plainSafe(v) || (inFlow && /[:,]/.test(v))) out = JSON.stringify(v);
    else if (style === 1) out = `'${v.replace(/'/g, "''")}'`;
    else out = v;
    if (!inFlow && !this.plain && this.r.chance(0.08)) {
      const name = `a${this.anchors++}`;
      this.anchored.set(v, name);
      out = `&${name} ${out}`;
    }
    return out;
  }

  private canFlow(v: Value): boolean {
    if (Array.isArray(v)) return v.every((x) => x === null || typeof x !== 'object');
    if (isMap(v)) return Object.values(v).every((x) => x === null || typeof x !== 'object');
    return false;
  }

  private flow(v: Value): string {
    if (Array.isArray(v)) return `[${v.map((x) => this.flowScalar(x, true)).join(', ')}]`;
    const m = v as { [k: string]: Value };
    return `{${Object.entries(m).map(([k, x]) => `${this.key(k)}: ${this.flowScalar(x, true)}`).join(', ')}}`;
  }

  /** The lines of a value after `key:` or `- ` (`head` is that prefix, at `indent`). */
  private value(head: string, v: Value, indent: number, out: string[]): void {
    if (v !== null && typeof v === 'object') {
      const empty = Array.isArray(v) ? v.length === 0 : Object.keys(v).length === 0 && (!this.plain || this.r.chance(0.5));
      if (empty || (this.canFlow(v) && this.r.chance(0.35))) {
        out.push(`${head} ${this.flow(v)}${this.trailing()}`);
        return;
      }
      out.push(`${head}${this.trailing()}`);
      this.block(v, indent + 2, out);
      return;
    }
    if (typeof v === 'string' && !this.plain && v.length > 0 && !/^\s|\s$/.test(v) && !/[\u0000-\u001f]/.test(v) && this.r.chance(0.15)) {
      // a block scalar: literal keeps the lines, folded (`>`) joins the words of a long line's halves
      const inner = ' '.repeat(indent + 2);
      if (this.r.chance(0.5) || !v.includes(' ')) {
        out.push(`${head} |-${this.trailing()}`);
        for (const line of v.split('\n')) out.push(line === '' ? '' : `${inner}${line}`);
      } else {
        const words = v.split(' ');
        const half = Math.max(1, words.length >> 1);
        out.push(`${head} >-`);
        out.push(`${inner}${words.slice(0, half).join(' ')}`);
        if (words.length > half) out.push(`${inner}${words.slice(half).join(' ')}`);
      }
      return;
    }
    if (typeof v === 'string' && v.includes('\n')) {
      out.push(`${head} ${JSON.stringify(v)}`);
      return;
    }
    out.push(`${head} ${this.flowScalar(v, false)}${this.trailing()}`);
  }

  private trailing(): string {
    return this.r.chance(0.1) ? `  ${this.comment()}` : '';
  }

  /** A block collection at `indent`. */
  block(v: Value, indent: number, out: string[]): void {
    const pad = ' '.repeat(indent);
    if (Array.isArray(v)) {
      for (const item of v) {
        if (this.r.chance(0.06)) out.push(`${pad}${this.comment()}`);
        if (isMap(item) && Object.keys(item).length > 0 && !(this.canFlow(item) && this.r.chance(0.3))) {
          // a compact mapping: its first key on the dash's line
          const lines: string[] = [];
          this.block(item, indent + 2, lines);
          out.push(`${pad}- ${lines[0]!.slice(indent + 2)}`, ...lines.slice(1));
        } else this.value(`${pad}-`, item, indent, out);
      }
      return;
    }
    for (const [k, x] of Object.entries(v as { [k: string]: Value })) {
      if (this.r.chance(0.06)) out.push(`${pad}${this.comment()}`);
      if (this.r.chance(0.03)) out.push('');
      this.value(`${pad}${this.key(k)}:`, x, indent, out);
    }
  }

  document(v: Value): string {
    const out: string[] = [];
    if (this.r.chance(0.2)) out.push(this.comment());
    if (this.r.chance(0.05)) out.push(`# platlint-disable ${this.r.pick(SUPPRESSIBLE)} -- generated`);
    this.block(v, 0, out);
    return out.join('\n') + '\n';
  }
}

/** Paths of every node of a value (mapping keys and list indexes), the root first. */
function nodes(v: Value, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(at);
  if (Array.isArray(v)) v.forEach((x, i) => nodes(x, [...at, i], out));
  else if (isMap(v)) for (const [k, x] of Object.entries(v)) nodes(x, [...at, k], out);
  return out;
}

function getAt(v: Value, path: readonly (string | number)[]): Value {
  let cur: Value = v;
  for (const seg of path) cur = (cur as Record<string | number, Value>)[seg]!;
  return cur;
}

/**
 * Changes a value in place so that it has findings: a key renamed (an unknown field), a field removed (a
 * required one), a value of another type, a value out of its enum or pattern, a broken CEL expression.
 */
export function mutate(doc: Value, r: Rng): void {
  const expressions = nodes(doc).filter((p) => /expression$/i.test(String(p[p.length - 1])) && typeof getAt(doc, p) === 'string');
  if (expressions.length > 0 && r.chance(0.4)) {
    // a CEL expression broken at a random place
    const path = r.pick(expressions);
    const parent = getAt(doc, path.slice(0, -1)) as Record<string | number, Value>;
    const value = getAt(doc, path) as string;
    const at = r(value.length + 1);
    parent[path[path.length - 1]!] = value.slice(0, at) + r.pick([' &&', ')', ' ==', '.', ' in [', " + '😀'"]) + value.slice(at);
    return;
  }
  const all = nodes(doc).filter((p) => p.length > 0 && !(p.length === 1 && (p[0] === 'apiVersion' || p[0] === 'kind')));
  if (all.length === 0) return;
  const path = r.pick(all);
  const parent = getAt(doc, path.slice(0, -1));
  const last = path[path.length - 1]!;
  const value = getAt(doc, path);
  switch (r(7)) {
    case 0:
      if (isMap(parent)) {
        // renamed, keeping its place among the keys
        const entries = Object.entries(parent).map(([k, x]) => [k === last ? `${k}${r.pick(['x', 'Typo', '_'])}` : k, x] as const);
        for (const k of Object.keys(parent)) delete parent[k];
        for (const [k, x] of entries) parent[k] = x;
      }
      return;
    case 1:
      if (isMap(parent)) delete parent[last as string];
      else if (Array.isArray(parent)) parent.splice(last as number, 1);
      return;
    case 2:
      (parent as Record<string | number, Value>)[last] = r.pick<Value>([42, true, 'not-a-list 😀', ['a', 'b'], { nested: 'map' }, null, '']);
      return;
    case 3:
      if (typeof value === 'string') (parent as Record<string | number, Value>)[last] = value.length > 1 ? value.toUpperCase() + ' 𝒳' : 'BAD';
      return;
    case 4:
      if (typeof value === 'string') (parent as Record<string | number, Value>)[last] = value.toLowerCase().replace(/s$/, '');
      return;
    case 5:
      if (isMap(value)) value[r.pick(['unknownField', 'extra', 'metadata', 'spec'])] = r.pick<Value>(['x', 1, { a: 'b' }]);
      return;
    default:
      if (Array.isArray(value)) value.push(r.pick<Value>(['added', 7, { k: 'v' }]));
  }
}

/** Text-level variants: Windows line ends, tabs before comments and on blank lines. */
export function variant(text: string, r: Rng): string {
  switch (r(10)) {
    case 0:
      return text.replace(/\n/g, '\r\n');
    case 1:
      return text.replace(/  # /g, '\t# ');
    case 2:
      return text.replace(/\n\n/g, '\n\t\n');
    default:
      return text;
  }
}

/** Other documents a file may hold: not plat, a plat group platlint does not check, an unknown kind. */
export const OTHER_DOCUMENTS = [
  'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n',
  'apiVersion: networking.plat.io/v1\nkind: Ingress\nmetadata:\n  name: web\n',
  'apiVersion: rbac.authorization.plat.io/v1\nkind: Rolez\nmetadata:\n  name: web\n',
  'apiVersion: audit.plat.io/v1\nrules:\n  - level: None\n',
  '# only a comment\n',
];

/**
 * A corpus of generated files from base documents (values): each written `variants` times in random styles,
 * most with one to three mutations, some joined with other documents into one file.
 */
export function generatedCorpus(bases: readonly unknown[], variants: number, seed: number): string[] {
  const r = rng(seed);
  const out: string[] = [];
  for (const base of bases) {
    for (let k = 0; k < variants; k++) {
      const doc = structuredClone(base) as Value;
      const mutations = r(10) === 0 ? 0 : 1 + r(3);
      for (let m = 0; m < mutations; m++) mutate(doc, r);
      let text = new Writer(r, r.chance(0.5)).document(doc);
      if (r.chance(0.25)) {
        const parts = [text, r.pick(OTHER_DOCUMENTS)];
        if (r.chance(0.5)) parts.reverse();
        text = (r.chance(0.3) ? '---\n' : '') + parts.join(r.chance(0.5) ? '---\n' : '--- # next\n');
      }
      out.push(variant(text, r));
    }
  }
  return out;
}

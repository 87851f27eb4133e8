/**
 * The paths of policies (`forEach`, `reportAt`), written in the platform's field-path notation: struct fields
 * dotted, list items and map keys in brackets (`authorizers[*].webhook`, `metadata.labels[app]`,
 * `rules[0].verbs`), `[*]` standing for every item of a list or value of a map. A path is checked against the
 * kind's types when the configuration is loaded (a misspelt field is an error at its character), then walked
 * over each document.
 */
import type { Path } from '../../path.js';
import { closestMatches } from '../../services/suggest.js';
import type { KindTypes } from './spec.js';

export type Segment =
  | { kind: 'field'; name: string; start: number; end: number }
  | { kind: 'key'; key: string; start: number; end: number }
  | { kind: 'index'; index: number; start: number; end: number }
  | { kind: 'all'; start: number; end: number };

export interface PathProblem {
  message: string;
  start: number;
  end: number;
}

const FIELD = /[A-Za-z0-9_$-]+/y;

/** Parses a path; `[*]` is allowed only when `wildcards`. The empty path is the starting point itself. */
export function parsePath(text: string, wildcards: boolean): { segments: Segment[] } | { problem: PathProblem } {
  const segments: Segment[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '[') {
      const close = text.indexOf(']', i + 1);
      if (close < 0) return { problem: { message: 'an opening `[` has no closing `]`', start: i, end: i + 1 } };
      const inner = text.slice(i + 1, close);
      if (inner === '') return { problem: { message: 'empty brackets: write an index, a map key, or `*`', start: i, end: close + 1 } };
      if (inner === '*') {
        if (!wildcards) return { problem: { message: '`[*]` belongs in `forEach`; `reportAt` names one place', start: i, end: close + 1 } };
        segments.push({ kind: 'all', start: i, end: close + 1 });
      } else if (/^(0|[1-9][0-9]*)$/.test(inner)) segments.push({ kind: 'index', index: Number(inner), start: i, end: close + 1 });
      else segments.push({ kind: 'key', key: inner, start: i + 1, end: close });
      i = close + 1;
      continue;
    }
    if (c === '.') {
      if (segments.length === 0) return { problem: { message: 'a path starts with a field name, not `.`', start: i, end: i + 1 } };
      i++;
    } else if (segments.length > 0) return { problem: { message: `unexpected \`${c}\`: fields follow a \`.\`, items and keys go in brackets`, start: i, end: i + 1 } };
    FIELD.lastIndex = i;
    const m = FIELD.exec(text);
    if (!m) return { problem: { message: 'a field name is expected here', start: i, end: Math.min(i + 1, text.length) || i } };
    segments.push({ kind: 'field', name: m[0], start: i, end: i + m[0].length });
    i += m[0].length;
  }
  return { segments };
}

/** The element type of `list<T>` / value type of `map<K, T>`, or undefined. */
function inner(type: string): { container: 'list' | 'map'; element: string } | undefined {
  const list = /^list<(.*)>$/.exec(type);
  if (list) return { container: 'list', element: list[1]! };
  const map = /^map<[^,<>]*,\s*(.*)>$/.exec(type);
  if (map) return { container: 'map', element: map[1]! };
  return undefined;
}

/** The CEL type a path leads to from `from` (an object type, a list or map type, or dyn), or where it goes wrong. */
export function typeAt(types: KindTypes, from: string, segments: readonly Segment[]): { type: string } | { problem: PathProblem } {
  let t = from;
  for (const s of segments) {
    if (t === 'dyn') continue;
    const fields = types.types[t];
    const c = inner(t);
    if (s.kind === 'field') {
      if (!fields) {
        const how = c?.container === 'map' ? `; a map's keys go in brackets: \`[${s.name}]\`` : c?.container === 'list' ? '; a list takes `[index]` or `[*]`' : '';
        return { problem: { message: `\`${s.name}\` cannot be selected from a value of type \`${t}\`${how}`, start: s.start, end: s.end } };
      }
      if (!Object.prototype.hasOwnProperty.call(fields, s.name)) {
        const near = closestMatches(s.name, Object.keys(fields));
        return { problem: { message: `\`${s.name}\` is not a field of \`${t}\`${near.length ? `; did you mean \`${near[0]}\`?` : ''}`, start: s.start, end: s.end } };
      }
      t = fields[s.name]!;
    } else if (s.kind === 'key' || s.kind === 'index' || s.kind === 'all') {
      if (s.kind === 'key' && fields) return { problem: { message: `\`${t}\` is an object: select its field with \`.${s.key}\``, start: s.start, end: s.end } };
      if (!c || (s.kind === 'key' && c.container === 'list')) return { problem: { message: `a value of type \`${t}\` has no ${s.kind === 'key' ? 'keys' : 'items'}`, start: s.start, end: s.end } };
      t = c.element;
    }
  }
  return { type: t };
}

/** The static data path of segments without wildcards (for `reportAt`). */
export function staticPath(segments: readonly Segment[]): Path {
  return segments.map((s) => (s.kind === 'field' ? s.name : s.kind === 'key' ? s.key : s.kind === 'index' ? s.index : '*'));
}

/** A data path kept backwards, from the item to the root: built per item for free, made a Path only when reported (pathOf). */
export type PathLink = { readonly parent: PathLink; readonly key: string | number } | undefined;

/** The data path of a link, from the root. */
export function pathOf(link: PathLink): Path {
  const out: (string | number)[] = [];
  for (let l = link; l !== undefined; l = l.parent) out.push(l.key);
  return out.reverse();
}

/**
 * Every value a path reaches in a value (`[*]` over list items and map values), each with its data path as a
 * link: the runner of policies walks every item of every document, and needs the path of an item only when it
 * reports it.
 */
export function itemsAt(value: unknown, segments: readonly Segment[]): { self: unknown; at: PathLink }[] {
  const out: { self: unknown; at: PathLink }[] = [];
  eachItem(value, segments, (self, at) => void out.push({ self, at }));
  return out;
}

/** Calls `visit` with each value a path reaches in a value, in the order of itemsAt, as it reaches it. */
export function eachItem(value: unknown, segments: readonly Segment[], visit: (self: unknown, at: PathLink) => void): void {
  const walk = (v: unknown, i: number, at: PathLink): void => {
    if (v === undefined || v === null) return;
    if (i === segments.length) return visit(v, at);
    const s = segments[i]!;
    if (typeof v !== 'object') return;
    if (s.kind === 'all') {
      if (Array.isArray(v)) for (let k = 0; k < v.length; k++) walk(v[k], i + 1, { parent: at, key: k });
      else if (v instanceof Map) for (const [k, x] of v.entries()) walk(x, i + 1, { parent: at, key: k as string });
      else for (const k of Object.keys(v)) walk((v as Record<string, unknown>)[k], i + 1, { parent: at, key: k });
    } else if (s.kind === 'index') {
      if (Array.isArray(v)) walk(v[s.index], i + 1, { parent: at, key: s.index });
    } else {
      const key = s.kind === 'field' ? s.name : s.key;
      if (!Array.isArray(v) && Object.prototype.hasOwnProperty.call(v, key)) walk((v as Record<string, unknown>)[key], i + 1, { parent: at, key });
    }
  };
  walk(value, 0, undefined);
}

import { Schema, isScalar } from 'yaml';
import { MAYBE_AMBIGUOUS } from './compose.js';

/**
 * What the fast line reader (src/parse/lines.ts) and its locator (src/parse/lines-locate.ts) share with the composer: how a
 * plain scalar resolves (YAML 1.1, as the `yaml` package reads it for the platform), the characters a plain
 * scalar may not start with, the limits on nesting and implicit keys, and `GiveUp`, thrown where a fast reader
 * does not read a text (its caller then composes it).
 */

export class GiveUp extends Error {}
// one instance, made once: giving up is control flow, and a new Error per throw would capture a stack
// trace each time (measured: ~40 µs per file that gives up)
const GIVE_UP = new GiveUp('the fast reader does not read this text');
const giveUp = (): never => {
  throw GIVE_UP;
};

/** Scalar tags of the YAML 1.1 schema that resolve plain scalars, in the order the composer tries them. */
const PLAIN_TAGS = new Schema({ schema: 'yaml-1.1' }).tags.filter((t) => t.default === true && 'test' in t && t.test);
const RESOLVE_OPTIONS = { intAsBigInt: false } as never;

/** First characters of every YAML 1.1 plain scalar that is not a string (numbers, null, booleans, `<<`). */
// `e` and `E`: the yaml package's YAML 1.1 float pattern also reads `e-2` (as NaN); the full parse does, so these must too
const MAYBE_NOT_STRING = new Set([...'-+.0123456789~nNyYtTfFoO<eE']);

/**
 * The resolutions of the plain scalars that may not be strings, by source (GIVE_UP where the fast readers give up):
 * most are keys and words a repository repeats (`name`, `namespace`, `nonResourceURLs`, `true`, `1`), each
 * otherwise tested against every YAML 1.1 pattern again. Bounded: emptied when full.
 */
const RESOLVED = new Map<string, unknown>();
const RESOLVED_MAX = 4096;

/** The value of a plain scalar as the platform reads it (YAML 1.1; timestamps and 1:30 stay strings). */
export function resolvePlain(source: string): unknown {
  if (source !== '' && !MAYBE_NOT_STRING.has(source[0]!)) return source;
  let v = RESOLVED.get(source);
  if (v === undefined) {
    try {
      v = resolveMaybeNotString(source);
    } catch (err) {
      if (err !== GIVE_UP) throw err;
      v = GIVE_UP;
    }
    if (RESOLVED.size >= RESOLVED_MAX) RESOLVED.clear();
    // (a copy of its own: a key cut from a file's text would keep the whole text alive, see ownCopy in lines.ts)
    RESOLVED.set(source.length < 13 ? source : ` ${source}`.slice(1), v);
  }
  return v === GIVE_UP ? giveUp() : v;
}

function resolveMaybeNotString(source: string): unknown {
  // A value YAML 1.2 tools may read differently gets a warning, which needs the full parse's positions.
  if (MAYBE_AMBIGUOUS.test(source)) giveUp();
  for (const tag of PLAIN_TAGS) {
    if (!('test' in tag) || !tag.test!.test(source)) continue;
    if (tag.tag === 'tag:yaml.org,2002:timestamp' || tag.format === 'TIME') return source;
    if (tag.tag === 'tag:yaml.org,2002:merge') giveUp();
    const r = (tag.resolve as (s: string, onError: (m: string) => void, o: never) => unknown)(source, giveUp, RESOLVE_OPTIONS);
    const v = isScalar(r) ? r.value : r; // booleans and null come wrapped, to keep their source form
    return typeof v === 'object' && v !== null ? giveUp() : v;
  }
  return source;
}

/** Whether the composer reads a plain scalar (its folded value) as a string: no YAML 1.1 tag's pattern matches it. */
export function plainIsString(value: string): boolean {
  if (value !== '' && !MAYBE_NOT_STRING.has(value[0]!)) return true;
  return !PLAIN_TAGS.some((t) => 'test' in t && t.test!.test(value));
}

/** First characters a plain scalar may not start with (the composer reports them). */
export const BAD_PLAIN_START = new Set([...'\t,%|>@`']);

/** Deepest nesting the fast readers read (one stack frame a level); deeper documents are left to the full parse. */
export const FAST_MAX_DEPTH = 200;

/**
 * The composer's limit on implicit keys (and go-yaml's, whose scanner gives up on a simple key 1,024
 * characters long): the `:` must start at most 1,024 characters after the key's start.
 */
export const MAX_IMPLICIT_KEY = 1024;

import {
  Composer,
  Parser,
  parse as parseYaml,
  type CST,
  isScalar,
  isSeq,
  isMap,
  isPair,
  visit,
  LineCounter,
  Scalar,
  type Document,
  type ParseOptions,
  type DocumentOptions,
  type SchemaOptions,
  type ToJSOptions,
  type YAMLError,
  type Pair,
  type Alias,
} from 'yaml';
import type { Diagnostic, Range } from './types.js';

/** Most aliases a document may expand before it is treated as an alias bomb (the `yaml` package's own default). */
export const MAX_ALIAS_COUNT = 100;

/** One YAML document of a file, composed once, with its JavaScript value. */
export interface LintDocument {
  index: number;
  doc: Document.Parsed;
  /** The value as the platform's decoder reads it (YAML 1.1 scalars); undefined when the document could not be read. */
  value: unknown;
  /** Range of the document's content. */
  range: Range;
  /** The document holds a syntax error; it is reported and not checked further. */
  broken: boolean;
}

export interface ParseResult {
  documents: LintDocument[];
  diagnostics: Diagnostic[];
  lineCounter: LineCounter;
}

/**
 * The platform decodes YAML with a YAML 1.1 library (go-yaml v2 through its YAML-to-JSON converter): `yes`,
 * `no`, `on`, `off`, `y` and `n` are booleans and `010` is octal. That library keeps timestamps and
 * sexagesimal numbers (`1:30`) as strings: `toValue` reads those back from their source text (cheaper than
 * a custom tag list, which makes the `yaml` package build a new schema for every document).
 */
const PARSE_OPTIONS: ParseOptions & DocumentOptions & SchemaOptions & { logLevel: 'error' } = {
  // The `yaml` package would print its warnings (a collection used as a key …) to standard error.
  logLevel: 'error',
  version: '1.1',
  merge: true,
  uniqueKeys: true,
  prettyErrors: false,
  strict: true,
};

/** Before `toJS`: timestamps and sexagesimal numbers back to their text (go-yaml v2 keeps them as strings). */
function restoreStrings(doc: Document.Parsed): void {
  visit(doc, {
    Scalar(_key, node: Scalar) {
      if (node.value instanceof Date || node.format === 'TIME' || node.value instanceof Uint8Array) node.value = node.source;
    },
  });
}

/**
 * The first alias inside the collection its anchor names (`a: &a [*a]`): converting it would make a value
 * that contains itself, which the platform's decoder refuses and which no rule could walk.
 */
function recursiveAlias(doc: Document): Alias | undefined {
  let found: Alias | undefined;
  visit(doc, {
    Alias(_key, node, path) {
      const target = node.resolve(doc);
      if (target && path.includes(target as never)) {
        found = node;
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return found;
}

/** Thrown by `toValue` for what only the `yaml` package's own conversion handles (aliases, merge keys, tags). */
const FALLBACK = Symbol('fallback');

/**
 * A document's value as the platform reads it, in one walk over the composed nodes. Aliases, merge keys,
 * explicitly tagged collections and non-scalar keys make it throw FALLBACK, and the caller uses `toJS` (with
 * its alias limit) instead.
 */
function toValue(node: unknown): unknown {
  if (node === null || node === undefined) return null;
  if (isScalar(node)) {
    const v = node.value;
    if (v instanceof Date || node.format === 'TIME' || v instanceof Uint8Array) return node.source;
    return v;
  }
  if (isMap(node)) {
    if (node.tag) throw FALLBACK;
    const out: Record<string, unknown> = {};
    for (const pair of node.items) {
      const k = pair.key;
      if (!isScalar(k) || (typeof k.value === 'object' && k.value !== null)) throw FALLBACK;
      const key = k.value === null ? '' : String(k.value);
      if (key === '<<' || key === '__proto__') throw FALLBACK;
      out[key] = toValue(pair.value);
    }
    return out;
  }
  if (isSeq(node)) {
    if (node.tag) throw FALLBACK;
    return node.items.map(toValue);
  }
  throw FALLBACK;
}

const TO_JS: ToJSOptions = { maxAliasCount: MAX_ALIAS_COUNT };

/** Plain scalars whose reading may differ between YAML 1.1 and 1.2. */
export const MAYBE_AMBIGUOUS = /^(?:[yYnN]|[Yy]es|YES|[Nn]o|NO|[Oo]n|ON|[Oo]ff|OFF|[-+]?0[0-7_]+|[-+]?0b[01_]+|[-+]?0o[0-7]+|[-+]?[0-9][0-9_]*_[0-9_]*|[-+]?(?:[0-9][0-9_]*)?\.[0-9_]*_[0-9_]*|[-+]?0x[0-9a-fA-F_]*_[0-9a-fA-F_]*)$/;

/** A quick, over-inclusive text scan for words that MAYBE_AMBIGUOUS could match (bounded by non-word characters). */
const CANDIDATE = /(?<![\w.-])(?:[yYnN]|[Yy]es|YES|[Nn]o|NO|[Oo]n|ON|[Oo]ff|OFF|[-+]?0[0-7_]+|[-+]?0[bo][0-7_]+|[-+]?[0-9.][0-9_.]*_[0-9_.]*|[-+]?0x[0-9a-fA-F_]*_[0-9a-fA-F_]*)(?![\w.-])/g;

function typeOfValue(v: unknown): string {
  return typeof v === 'string' ? 'a string' : typeof v === 'boolean' ? 'a boolean' : typeof v === 'number' ? 'a number' : String(v);
}

function describe(v: unknown): string {
  if (typeof v === 'string') return `the string "${v}"`;
  if (typeof v === 'boolean') return `boolean ${v}`;
  if (typeof v === 'number') return `the number ${v}`;
  return String(v);
}

/** Reports every repeated key of every mapping at the repeat, naming the key and its first line. */
function duplicateKeys(doc: Document.Parsed, index: number, out: Diagnostic[], lines: LineCounter): void {
  visit(doc, {
    Map(_key, map, ancestors) {
      const seen = new Map<string, Pair>();
      for (const pair of map.items) {
        if (!isScalar(pair.key)) continue;
        const name = String(pair.key.value);
        const first = seen.get(name);
        if (!first) {
          seen.set(name, pair);
          continue;
        }
        const [start, end] = pair.key.range ?? [0, 0];
        const firstRange = (first.key as Scalar).range ?? [0, 0];
        const path = [...dataPath([...ancestors, map, pair]), name];
        out.push({
          ruleId: 'yaml/duplicate-key',
          severity: 'error',
          message: `duplicate key \`${name}\` (first given at line ${lines.linePos(firstRange[0]).line}); the platform refuses a field given twice`,
          path,
          range: { start, end },
          document: index,
          related: [{ path, message: 'first given here', range: { start: firstRange[0], end: firstRange[1] } }],
        });
      }
    },
  });
}

function yamlErrorDiagnostic(err: YAMLError, index: number, severity: 'error' | 'warning'): Diagnostic {
  const [start, end] = err.pos;
  const raw = err.message.replace(/\s+at line \d+, column \d+:?[\s\S]*$/, '');
  const message = /maximum call stack/i.test(raw) ? 'the document nests too deeply to be read' : raw;
  const fatal = severity === 'error';
  return {
    ruleId: severity === 'error' ? 'yaml/syntax' : 'yaml/warning',
    severity,
    message: (fatal ? 'Parsing error: ' : '') + lowerFirst(message),
    path: [],
    range: { start, end: Math.max(end, start) },
    document: index,
    ...(fatal ? { fatal: true } : {}),
  };
}

function lowerFirst(s: string): string {
  return s.length > 1 && /^[A-Z][a-z]/.test(s) ? s[0]!.toLowerCase() + s.slice(1) : s;
}

/** The data path of a node from its chain of ancestors (a mapping key stands for the field it names). */
function dataPath(chain: readonly unknown[]): (string | number)[] {
  const out: (string | number)[] = [];
  for (let i = 0; i < chain.length - 1; i++) {
    const a = chain[i];
    if (isSeq(a)) out.push(a.items.indexOf(chain[i + 1] as never));
    else if (isPair(a)) out.push(isScalar(a.key) ? String(a.key.value ?? '') : '?');
  }
  return out;
}

/** Finds plain scalars that YAML 1.1 (the platform) and YAML 1.2 (most editors and tools) read differently. */
export function ambiguousScalars(
  doc: Document.Parsed,
  out: Pick<Diagnostic, 'ruleId' | 'message' | 'path' | 'range'>[],
  text: string,
  isSecret: (path: readonly (string | number)[]) => boolean = () => false,
): void {
  // Most documents hold no candidate at all: a regular-expression scan of their text is far cheaper than a walk.
  const [start, , end] = doc.range;
  CANDIDATE.lastIndex = start;
  const m = CANDIDATE.exec(text);
  if (!m || m.index >= end) return;
  visit(doc, {
    Scalar(_key, node: Scalar, ancestors) {
      if (node.type !== Scalar.PLAIN || typeof node.source !== 'string' || !MAYBE_AMBIGUOUS.test(node.source)) return;
      const v12 = parseYaml(node.source, { version: '1.2' }) as unknown;
      if (Object.is(v12, node.value)) return;
      const [start, end] = node.range ?? [0, 0];
      const path = dataPath([...ancestors, node]);
      const quoted = JSON.stringify(node.source);
      const hint = typeof node.value === 'boolean' ? ` or write \`${node.value}\`` : '';
      const message = isSecret(path)
        ? `this value is read as ${typeOfValue(node.value)} by the platform (YAML 1.1) but as ${typeOfValue(v12)} by YAML 1.2 tools; quote it`
        : `\`${node.source}\` is read as ${describe(node.value)} by the platform (YAML 1.1) but as ${describe(v12)} by YAML 1.2 tools; quote it (${quoted})${hint}`;
      out.push({ ruleId: 'yaml/ambiguous-scalar', message, path, range: { start, end } });
    },
  });
}

/** A text's concrete syntax tree (the `yaml` package's lexer and parser), with its line starts. */
export interface Tokens {
  tokens: CST.Token[];
  lineCounter: LineCounter;
}

export function tokenize(text: string, lexemes?: readonly string[]): Tokens {
  const lineCounter = new LineCounter();
  const parser = new Parser(lineCounter.addNewLine);
  if (!lexemes) return { tokens: [...parser.parse(text)], lineCounter };
  // the lexer's tokens of `text`, already made (src/lex-read.ts): parsed as `Parser#parse` would
  lineCounter.addNewLine(0);
  const tokens: CST.Token[] = [];
  for (const lexeme of lexemes) for (const t of parser.next(lexeme)) tokens.push(t);
  for (const t of parser.end()) tokens.push(t);
  return { tokens, lineCounter };
}

/**
 * Composes every document of a file once, keeping node ranges; never throws on bad input. Takes the tokens
 * of an earlier `tokenize` of the same text, so a file is lexed and parsed only once.
 */
export function parseText(text: string, pre: Tokens = tokenize(text)): ParseResult {
  const { lineCounter } = pre;
  const diagnostics: Diagnostic[] = [];
  const documents: LintDocument[] = [];
  const list: Document.Parsed[] = [...new Composer(PARSE_OPTIONS).compose(pre.tokens)] as Document.Parsed[];
  list.forEach((doc, index) => {
    for (const w of doc.warnings) diagnostics.push(yamlErrorDiagnostic(w, index, 'warning'));
    let broken = false;
    let duplicates = false;
    for (const e of doc.errors) {
      if (e.code === 'DUPLICATE_KEY') duplicates = true;
      else {
        diagnostics.push(yamlErrorDiagnostic(e, index, 'error'));
        broken = true;
      }
    }
    if (duplicates) duplicateKeys(doc, index, diagnostics, lineCounter);
    const [start, , end] = doc.range;
    if (doc.contents === null) return;
    let value: unknown;
    if (!broken) {
      try {
        try {
          value = toValue(doc.contents);
        } catch (e) {
          if (e !== FALLBACK) throw e;
          restoreStrings(doc);
          const recursive = recursiveAlias(doc);
          if (recursive) {
            broken = true;
            diagnostics.push({
              ruleId: 'yaml/alias-limit',
              severity: 'error',
              message: `alias \`*${recursive.source}\` refers to a collection that contains it (a recursive alias, which the platform refuses); not linted`,
              path: [],
              range: { start: recursive.range?.[0] ?? start, end: recursive.range?.[1] ?? start },
              document: index,
              fatal: true,
            });
          } else value = doc.toJS(TO_JS);
        }
      } catch (err) {
        if (!(err instanceof ReferenceError)) throw err;
        broken = true;
        diagnostics.push({
          ruleId: 'yaml/alias-limit',
          severity: 'error',
          message: `document expands more than ${MAX_ALIAS_COUNT} aliases (a possible "billion laughs" alias bomb); not linted`,
          path: [],
          range: { start, end: start },
          document: index,
          fatal: true,
        });
      }
    }
    documents.push({ index, doc, value, range: { start, end }, broken });
  });
  return { documents, diagnostics, lineCounter };
}

// The fuzzer of platlint: mutated copies of every fixture, linted as a user's files are, checked for the four
// promises of issue 9: no exception (no `internal/error` finding either), no hang, no planted secret in any
// output (every report format, the language server's diagnostics, the checks across files), and the same
// findings with the fast readers on and off. Deterministic: input `i` of seed `s` is always the same text, so
// a failure is reproduced from its seed and index alone. Used by test/fuzz.test.ts (a few thousand inputs per
// run) and by test/fuzz/run.mjs (a big run by hand).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { isMap, isScalar, isSeq, parseAllDocuments, type Document, type Node } from 'yaml';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { commandKind, identify } from '../../src/kinds/kinds.js';
import { lintText, type LintOptions, type LintResult } from '../../src/lint/lint.js';
import { lintFlagsText } from '../../src/flags/lint.js';
import { checkSet } from '../../src/files/across-files.js';
import { FORMATTERS, type FormatContext } from '../../src/report/index.js';
import { toLspDiagnostics } from '../../src/lsp/diagnostics.js';
import { readerOf } from '../helpers/readers.js';

/** The Node.js host, which the engine needs before it lints (the tests install it in their setup; test/fuzz/run.mjs calls this). */
export { useNodeHost } from '../../src/files/node-host.js';

/** A fixture: its text and how it is linted (a YAML file, a patch read as a command kind, a file of flags). */
export interface Seed {
  name: string;
  text: string;
  as: 'yaml' | 'flags';
  kind?: string;
  /** The file name a file of flags is linted under (its form is read from the extension). */
  fileName: string;
}

/** Every fixture of the repository (not binary, not huge), sorted by path. */
export function loadCorpus(root: string): Seed[] {
  const out: Seed[] = [];
  const walk = (dir: string) => {
    for (const n of readdirSync(dir).sort()) {
      const p = join(dir, n);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.(ya?ml|json|conf|env|flags|service)$/.test(n) && statSync(p).size < 200_000) {
        const text = readFileSync(p, 'utf8');
        if (text.includes('\0') || text.includes('\uFFFD')) continue;
        const flags = /\.(conf|env|flags|service)$/.test(n);
        const kind = /^#\s*lint-as:\s*(\S+)\s*$/m.exec(text)?.[1];
        out.push({ name: relative(root, p), text, as: flags ? 'flags' : 'yaml', ...(kind ? { kind } : {}), fileName: n });
      }
    }
  };
  walk(join(root, 'fixtures'));
  return out;
}

/** A small fast PRNG (mulberry32): the same seed gives the same numbers on every machine. */
export function rng(seed: number): (n: number) => number {
  let a = seed >>> 0;
  return (n: number) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) % 4294967296) % n;
  };
}

/** The PRNG of input `index` of a run: independent of the inputs before it. */
export function inputRng(seed: number, index: number): (n: number) => number {
  return rng((Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) + Math.imul(index + 1, 0xc2b2ae35)) >>> 0);
}

type Rand = (n: number) => number;
const pick = <T>(rand: Rand, xs: readonly T[]): T => xs[rand(xs.length)]!;

const SYNTAX = [':', ': ', '-', '- ', ' ', '  ', '\n', '\r\n', '\r', '#', '"', "'", '[', ']', '{', '}', ',', '|', '|-', '>', '>+', '&a ', '*a', '!!str ', '!!int ', '!!binary ', '!x ', '? ', '---\n', '...\n', '\t', '%YAML 1.1\n', '%TAG ! tag:x,2000:\n', '<<: *a\n', '<<: [*a]\n', '{:}', '\\', '\\\r', '\u0002', '\u001f', '\u0085', '\u2028', '\ufeff', '@', '`', '%', '~', 'null', 'on', 'yes', '0x1F', '0o17', '010', '1e3', '.inf', '-.nan', '2001-12-14', '"\\x', '"\\u12'];
const SCALARS: readonly unknown[] = [null, 0, -1, 1.5, 2 ** 53, true, false, '', ' ', 'x', 'on', '010', '5m', '-1s', '0s', '*', 'system:masters', 'https://example.com', 'https://x.plat.io:99999/p', 'a\u0000b', 'é'.repeat(3), 'x'.repeat(300), '${X}', '{{ .Values.x }}'];
const CEL = ['(', ')', '.', ',', '[', ']', '"', "'", '+', '-', '*', '/ 0', '?', ':', '!', '==', '&&', '||', ' in ', 'has(', 'size(', '.exists(x, ', '.all(x, ', '.map(x, ', 'claims', 'request', 'user', 'object', 'b"\\xff"', 'bytes(', 'int(', 'dyn(', 'optional.of(', '.?', '[?', '1u', '1.0', 'null', 'true', '\\u00e9', '\n', '{}', '{1: 2}', '[[[[', ' ? : ', 'matches("[")', 'timestamp("x")', 'duration("1x")'];
const DEEP_KEYS = ['spec', 'rules', 'items', 'webhook', 'providers', 'keys', 'claimMappings', 'metadata', 'name', 'verbs'];

/**
 * The secrets the fuzzer plants: none of these markers may appear in any output. The last is key material
 * written at, under or above the place of a secret (a kind's sensitive path), with nothing around it that says
 * it is one: only where it stands does.
 */
export const SECRET_MARKERS = ['S3cr3tPa55w0rd', 'MIIEsecretKEYbody', 'eyJzZWNyZXQiOiJ0b2tlbiJ9', 'Br0kenQu0teS3cret', 'S2V5TWF0ZXJpYWwK'];
const KEY_MATERIAL = SECRET_MARKERS[4]!;

const PEM = (n: number) => `-----BEGIN RSA PRIVATE KEY-----\nMIIEsecretKEYbody${n}AAAA\nQQQQ/+0123456789abcdef\n-----END RSA PRIVATE KEY-----`;

/** Characters a URL's password may hold that end a word elsewhere: quotes, a backtick, `@`, `:`, `/`, `<`, `#`. */
const ODD_PASSWORD_CHARS = ["'", '"', '`', '@', ':', '/', '<', '>', '#', '%', '\\', '(', ')', '[', ']', '{', '}', ',', ';', '=', '?', '&', '*', '!'];

/** A URL whose password holds an unusual character (`x://:pw\`q@host`): the password ends at the last `@`. */
function oddUrl(rand: Rand): string {
  const n = rand(1000);
  const c = pick(rand, ODD_PASSWORD_CHARS);
  const user = pick(rand, ['', 'admin', 'u']);
  const pw = pick(rand, [`S3cr3tPa55w0rd${n}${c}q`, `${c}S3cr3tPa55w0rd${n}`, `S3cr3tPa55w0rd${c}${n}${c}`]);
  return `${pick(rand, ['x', 'https', 'postgres', 'redis+tls'])}://${user}:${pw}@${pick(rand, ['host', 'h/x', 'db:5432/db', ''])}`;
}

/** A secret in one of its forms, as a YAML scalar (value text to put after `key: `). */
function secretScalar(rand: Rand): string {
  const n = rand(1000);
  switch (rand(11)) {
    case 9:
      // a plain scalar (it starts with the scheme's letter and holds no space)
      return oddUrl(rand);
    case 10:
      return JSON.stringify(oddUrl(rand));
    case 0:
      return `https://admin:S3cr3tPa55w0rd${n}@auth.example.com/x`;
    case 1:
      return `"postgres://:S3cr3tPa55w0rd${n}@db:5432/db"`;
    case 2:
      return `'redis://u:S3cr3tPa55w0rd${n}/x@h'`;
    case 3:
      return JSON.stringify(PEM(n));
    case 4:
      return `|\n${PEM(n).replace(/^/gm, '      ')}`;
    case 5:
      return `"Bearer eyJzZWNyZXQiOiJ0b2tlbiJ9${n}"`;
    case 6:
      return `Basic eyJzZWNyZXQiOiJ0b2tlbiJ9${n}==`;
    case 7:
      return `-----BEGIN PRIVATE KEY----- MIIEsecretKEYbody${n} -----END PRIVATE KEY-----`;
    default:
      return `https://user${n}:S3cr3tPa55w0rd${n}/with@at@h`;
  }
}

/** A secret as a flag's value in a file of flags (one word: a URL, or a quoted credential or key). */
function secretFlagValue(rand: Rand): string {
  const n = rand(1000);
  switch (rand(7)) {
    case 4:
      // a URL whose password holds a quote or a backtick, as written or quoted
      return rand(2) === 0 ? oddUrl(rand) : JSON.stringify(oddUrl(rand));
    case 5:
      // a flag that holds a secret, written as the value of another flag (a space forgotten)
      return `--${pick(rand, ['password', 'token', 'client-secret', 'api_key'])}=S3cr3tPa55w0rd${n}`;
    case 6:
      return `'--token=S3cr3tPa55w0rd${n}${pick(rand, ['"', '`', "\\'"])}x'`;
    case 0:
      return `https://admin:S3cr3tPa55w0rd${n}@auth.example.com/x`;
    case 1:
      return `"Bearer eyJzZWNyZXQiOiJ0b2tlbiJ9${n}"`;
    case 2:
      return `"-----BEGIN PRIVATE KEY----- MIIEsecretKEYbody${n} -----END PRIVATE KEY-----"`;
    default:
      return `postgres://:S3cr3tPa55w0rd${n}@db:5432/db`;
  }
}

/** Plain secrets given to flags whose names say they hold one: repeated, after `--`, as the next word. */
const PLAIN_FLAG_SECRETS: readonly ((n: number) => string)[] = [
  (n) => `--storage-driver-password=S3cr3tPa55w0rd${n}\n--storage-driver-password=S3cr3tPa55w0rd`,
  (n) => `--storage-driver-password S3cr3tPa55w0rd${n} --storage-driver-password "S3cr3tPa55w0rd ${n}"`,
  (n) => `-- --token S3cr3tPa55w0rd${n} --password=S3cr3tPa55w0rd`,
  (n) => `--api-key S3cr3tPa55w0rd${n} --fail-swap-on --api-key=S3cr3tPa55w0rd`,
];

/** A secret field with a broken value: the YAML reader's message quotes the broken token. */
function brokenSecretField(rand: Rand, indent: string): string {
  const key = pick(rand, ['secret', 'token', 'clientKeyData', 'password']);
  const v = pick(rand, ['|Br0kenQu0teS3cret', '>-Br0kenQu0teS3cret', '!Br0kenQu0teS3cret', '"Br0kenQu0teS3cret', "'Br0kenQu0teS3cret", '"\\uBr0kenQu0teS3cret"', '&Br0kenQu0teS3cret', '*Br0kenQu0teS3cret', '"Br0kenQu0teS3cret\\q"', '[Br0kenQu0teS3cret', '{Br0kenQu0teS3cret']);
  return `${indent}${key}: ${v}`;
}

/**
 * A token the YAML reader cannot read, with a secret field on the lines after it: a block scalar header, a quote
 * or a bracket left open, a character that starts no token. Its syntax message quotes the token from its start,
 * which may run over the secret's line (with bare carriage returns as line breaks, over the whole rest of the
 * file).
 */
function brokenTokenBeforeSecret(rand: Rand, indent: string): string {
  const br = pick(rand, ['\n', '\r', '\r\n']);
  const key = pick(rand, ['secret', 'token', 'clientKeyData', 'password']);
  const token = pick(rand, ['|', '|x', '>-y', '"', "'", '[', '{', '`', '@', '%', '\u0002', '!<', '&', '*', '"\\']);
  const secret = pick(rand, [`Br0kenQu0teS3cret${rand(1000)}`, `"Br0kenQu0teS3cret${rand(1000)}"`, `|${br}${indent}  Br0kenQu0teS3cret`]);
  return `${indent}${pick(rand, ['x: ', '- ', '', 'name: '])}${token}${br}${indent}${key}: ${secret}`;
}

function lines(t: string): string[] {
  return t.split('\n');
}

/** Every path to a node of a YAML document, for type confusion. */
function nodePaths(node: Node | null | undefined, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(at);
  if (out.length > 400) return out;
  if (isMap(node)) for (const p of node.items) nodePaths(p.value as Node, [...at, isScalar(p.key) ? String(p.key.value) : '?'], out);
  else if (isSeq(node)) node.items.forEach((v, i) => nodePaths(v as Node, [...at, i], out));
  return out;
}

function randomValue(rand: Rand, depth = 0): unknown {
  switch (depth > 2 ? 0 : rand(5)) {
    case 0:
    case 1:
      return pick(rand, SCALARS);
    case 2:
      return Array.from({ length: rand(3) }, () => randomValue(rand, depth + 1));
    case 3: {
      const o: Record<string, unknown> = {};
      for (let i = rand(3); i > 0; i--) o[pick(rand, DEEP_KEYS)] = randomValue(rand, depth + 1);
      return o;
    }
    default: {
      // deep nesting, within what the platform reads
      let v: unknown = 'x';
      for (let i = rand(60); i > 0; i--) v = rand(2) ? [v] : { [pick(rand, DEEP_KEYS)]: v };
      return v;
    }
  }
}

/** Replaces the value at a random path of a random document by a value of another type, and writes YAML again. */
function typeConfusion(text: string, rand: Rand): string {
  let docs: Document.Parsed[];
  try {
    docs = parseAllDocuments(text, { uniqueKeys: false }) as Document.Parsed[];
  } catch {
    return text;
  }
  if (!Array.isArray(docs) || docs.length === 0 || docs.some((d) => d.errors.length > 0)) return text;
  const doc = pick(rand, docs);
  const paths = nodePaths(doc.contents as Node);
  const path = pick(rand, paths);
  if (path.length === 0 || path.includes('?')) return text;
  try {
    doc.setIn(path, doc.createNode(randomValue(rand)));
    return docs.map((d) => d.toString({ lineWidth: 0 })).join('');
  } catch {
    return text;
  }
}

/** Mutates CEL: tokens inserted into, or removed from, the value of an `expression:`-like line. */
function celMutation(text: string, rand: Rand): string {
  const ls = lines(text);
  const sites = ls.map((l, i) => (/(expression|claim|match|Condition|username|groups|uid|extra)\w*:\s*\S/i.test(l) || /claims\.|request\.|object\./.test(l) ? i : -1)).filter((i) => i >= 0);
  if (sites.length === 0) return text;
  const i = pick(rand, sites);
  const l = ls[i]!;
  const start = l.indexOf(':') + 2;
  const at = start + rand(Math.max(1, l.length - start + 1));
  ls[i] = rand(4) === 0 ? l.slice(0, at) + l.slice(at + 1 + rand(4)) : l.slice(0, at) + pick(rand, CEL) + l.slice(at);
  return ls.join('\n');
}

/** One mutation of a text. */
function mutateOnce(text: string, rand: Rand, corpus: readonly Seed[]): string {
  const at = rand(text.length + 1);
  switch (rand(10)) {
    case 0: {
      // byte flip: a character replaced by another (ASCII, control, non-ASCII)
      const c = rand(3) === 0 ? String.fromCharCode(rand(0x20)) : rand(4) === 0 ? String.fromCharCode(0x80 + rand(0x2000)) : String.fromCharCode(0x20 + rand(0x5f));
      return text.slice(0, at) + c + text.slice(at + 1);
    }
    case 1:
      return text.slice(0, at) + text.slice(at + 1 + rand(6));
    case 2: {
      // a line moved elsewhere
      const ls = lines(text);
      const [l] = ls.splice(rand(ls.length), 1);
      ls.splice(rand(ls.length + 1), 0, l!);
      return ls.join('\n');
    }
    case 3: {
      // indentation changed
      const ls = lines(text);
      const i = rand(ls.length);
      const l = ls[i]!;
      ls[i] = rand(2) === 0 ? ' '.repeat(1 + rand(4)) + l : rand(5) === 0 ? '\t' + l : l.replace(/^ {1,2}/, '');
      return ls.join('\n');
    }
    case 4:
    case 5:
      return text.slice(0, at) + pick(rand, SYNTAX) + text.slice(at);
    case 6:
      return typeConfusion(text, rand);
    case 7:
      return celMutation(text, rand);
    case 8: {
      // a document of another fixture spliced in, as a document of its own or in the middle of this one
      const other = pick(rand, corpus).text;
      const docs = other.split(/^---.*$/m).filter((d) => d.trim() !== '');
      const d = docs.length > 0 ? pick(rand, docs) : other;
      if (rand(2) === 0) return `${text}${text.endsWith('\n') ? '' : '\n'}---\n${d}`;
      const ls = lines(text);
      ls.splice(rand(ls.length + 1), 0, ...lines(d));
      return ls.join('\n');
    }
    default: {
      // a line duplicated (duplicate keys, repeated objects)
      const ls = lines(text);
      const i = rand(ls.length);
      ls.splice(i, 0, ls[i]!);
      return ls.join('\n');
    }
  }
}

/**
 * Plants a secret: a scalar value replaced by one, or a broken secret field added beside a key; in a file of
 * flags, a flag's value replaced by one, or a flag with one added.
 */
function plantSecret(text: string, rand: Rand, flags: boolean): string {
  const ls = lines(text);
  if (flags) {
    const sites = ls.map((l, i) => (/--[\w-]+=\S/.test(l) ? i : -1)).filter((i) => i >= 0);
    const end = text.endsWith('\n') ? '' : '\n';
    // a plain secret (no URL, header or key block to recognize it by) as the value of a flag whose name says it holds one
    if (rand(4) === 0) return `${text}${end}${pick(rand, PLAIN_FLAG_SECRETS)(rand(1000))}\n`;
    if (sites.length === 0 || rand(3) === 0) return `${text}${end}--${pick(rand, ['token', 'server', 'unknown-flag', 'bootstrap-kubeconfig'])}=${secretFlagValue(rand)}\n`;
    const i = pick(rand, sites);
    ls[i] = ls[i]!.replace(/(--[\w-]+=)\S+/, (_, f: string) => f + secretFlagValue(rand));
    return ls.join('\n');
  }
  if (rand(4) === 0) return plantKeyMaterial(text, rand);
  const sites = ls.map((l, i) => (/^(\s*(?:- )?)[\w.-]+:\s+\S/.test(l) ? i : -1)).filter((i) => i >= 0);
  if (sites.length === 0) return `${text}\nname: ${secretScalar(rand)}\n`;
  const i = pick(rand, sites);
  const l = ls[i]!;
  const broken = rand(3);
  if (broken === 0) {
    const indent = /^\s*(?:- )?/.exec(l)![0].replace('- ', '  ');
    ls.splice(i + 1, 0, rand(2) === 0 ? brokenSecretField(rand, indent) : brokenTokenBeforeSecret(rand, indent));
  } else {
    const key = /^(\s*(?:- )?[\w.-]+:\s+)/.exec(l)![1]!;
    ls[i] = key + secretScalar(rand);
  }
  return ls.join('\n');
}

/** The text of a value holding key material, in one of the forms a key written in the wrong place takes. */
function keyMaterialText(rand: Rand): string {
  const k = `${KEY_MATERIAL}${rand(1000)}`;
  return pick(rand, [
    k,
    `name=key1 secret=${k}=`,
    `secret: ${k}`,
    `${k.slice(0, 8)} ${k}`,
    `${k}\n${k}`,
    `  ${k}`,
    `${'x'.repeat(rand(80))}${k}`,
    `${k}${'='.repeat(rand(3))}`,
  ]);
}

/** A value holding key material: a string, or a list or mapping holding one (a secret's place given a collection). */
function keyMaterialValue(rand: Rand): unknown {
  switch (rand(5)) {
    case 0:
      return [keyMaterialText(rand)];
    case 1:
      return { [pick(rand, ['secret', 'name', 'x', 'data'])]: keyMaterialText(rand) };
    default:
      return keyMaterialText(rand);
  }
}

/** A document whose kind has places of secrets, to plant key material in when the text has none. */
const SECRET_KINDS = [
  'apiVersion: apiserver.config.plat.io/v1\nkind: EncryptionConfiguration\nresources:\n- resources: [secrets]\n  providers:\n  - aescbc:\n      keys:\n      - name: key1\n        secret: c2VjcmV0IGlzIHNlY3VyZSBhbmQgbG9uZyBlbm91Z2g=\n',
  'apiVersion: client.authentication.plat.io/v1\nkind: ExecCredential\nstatus:\n  token: x\n',
  'apiVersion: client.authentication.plat.io/v1beta1\nkind: ExecCredential\nstatus:\n  clientCertificateData: x\n  clientKeyData: y\n',
];

/**
 * Plants key material at the place of a secret (a sensitive path of the document's kind), under it, or above it
 * (`keys: name=key1 secret=…` where a list was expected, `status: token=…`): a document of such a kind in the text
 * gets it, or one is added. No message may quote any of it, whatever its type.
 */
function plantKeyMaterial(text: string, rand: Rand): string {
  try {
    return keyMaterialPlanted(text, rand);
  } catch {
    return text; // a text the yaml package cannot write again (an alias to no anchor)
  }
}

function keyMaterialPlanted(text: string, rand: Rand): string {
  let docs: Document.Parsed[];
  try {
    docs = parseAllDocuments(text, { uniqueKeys: false, logLevel: 'error' }) as Document.Parsed[];
  } catch {
    docs = [];
  }
  const ok = Array.isArray(docs) && docs.every((d) => d.errors.length === 0);
  const candidates = ok ? docs.filter((d) => sensitiveOf(jsOf(d)).length > 0) : [];
  let doc: Document.Parsed;
  let prefix = '';
  if (candidates.length > 0) doc = pick(rand, candidates);
  else {
    const added = pick(rand, SECRET_KINDS);
    doc = parseAllDocuments(added)[0] as Document.Parsed;
    prefix = ok ? docs.map((d) => d.toString({ lineWidth: 0 })).join('') : `${text}${text.endsWith('\n') ? '' : '\n'}`;
    if (prefix !== '') prefix += '---\n';
    docs = [];
  }
  const value = jsOf(doc);
  if (sensitiveOf(value).length === 0) return text; // an alias bomb
  const pattern = pick(rand, sensitiveOf(value));
  // the wildcards of the pattern as the document has them (an existing key or index), else the first
  const path: (string | number)[] = [];
  let at: unknown = value;
  for (const seg of pattern) {
    let key: string | number = seg;
    if (seg === '*') {
      const keys: (string | number)[] = Array.isArray(at) ? at.map((_, i) => i) : at !== null && typeof at === 'object' ? Object.keys(at) : [];
      key = keys.length > 0 ? pick(rand, keys) : Array.isArray(at) ? 0 : 'aescbc';
    }
    path.push(key);
    at = at !== null && typeof at === 'object' ? (at as Record<string | number, unknown>)[key] : undefined;
  }
  // at the place (the whole path), above it (a prefix: the rest of the path missing), or under it
  const depth = rand(3) === 0 ? 1 + rand(path.length) : path.length;
  const target = rand(4) === 0 && depth === path.length ? [...path, pick(rand, ['x', 0])] : path.slice(0, depth);
  try {
    doc.setIn(target, doc.createNode(keyMaterialValue(rand)));
  } catch {
    return text;
  }
  const out = docs.length > 0 ? docs.map((d) => d.toString({ lineWidth: 0 })).join('') : prefix + doc.toString({ lineWidth: 0 });
  return out;
}

/** A document's value, or undefined where it cannot be made (an alias bomb). */
function jsOf(doc: Document.Parsed): unknown {
  try {
    return doc.toJS({ maxAliasCount: 100 });
  } catch {
    return undefined;
  }
}

/** The sensitive paths of a document's kind (none for a document of no such kind). */
function sensitiveOf(value: unknown): readonly (readonly string[])[] {
  const id = identify(value);
  return id.status === 'kind' ? id.kind.sensitive : [];
}

/**
 * Input `index` of a run: a fixture, mutated one to four times, and with a planted secret one time in two; one
 * time in eight its line breaks are bare carriage returns (classic Mac line endings, which YAML reads as line
 * breaks).
 */
export function makeInput(corpus: readonly Seed[], seed: number, index: number): { seed: Seed; text: string; planted: boolean } {
  const rand = inputRng(seed, index);
  const base = corpus[index % corpus.length]!;
  let text = base.text;
  for (let n = 1 + rand(4); n > 0; n--) text = mutateOnce(text, rand, corpus);
  const planted = rand(2) === 0;
  if (planted) text = plantSecret(text, rand, base.as === 'flags');
  if (rand(8) === 0) text = text.replace(/\r?\n/g, '\r');
  return { seed: base, text, planted };
}

/** What a check of one input found wrong (empty: nothing). */
export interface Problem {
  kind: 'exception' | 'internal-error' | 'secret' | 'fast-full' | 'slow';
  detail: string;
}

const FORMAT_CTX: FormatContext = { cwd: '/fuzz', color: 0, checked: 1, skipped: 0, dryRun: false, env: {} };

function lintAs(seed: Seed, text: string, filePath: string, fastReader: boolean): LintResult {
  if (seed.as === 'flags') return lintFlagsText(text, { filePath });
  const options: LintOptions = { filePath, reader: readerOf(fastReader), ...(seed.kind ? { kind: commandKind(seed.kind) } : {}) };
  return lintText(text, options);
}

/** Every output of a set of results: every report format, and the language server's diagnostics. */
export function allOutputs(results: LintResult[], text: string): string {
  const out = Object.values(FORMATTERS).map((f) => f(results, FORMAT_CTX));
  for (const r of results) out.push(JSON.stringify(toLspDiagnostics(TextDocument.create(`file://${r.filePath}`, 'yaml', 1, text), r)));
  return out.join('\n');
}

/**
 * Checks one input: lint it (as a file of its fixture's kind), with the fast readers and without; render every
 * output of it and of a set of two copies (the checks across files); look for planted secrets in them.
 */
export function checkInput(seed: Seed, text: string, opts: { planted: boolean; slowMs?: number; formats?: boolean }): Problem[] {
  const problems: Problem[] = [];
  const t0 = performance.now();
  let fast: LintResult;
  let full: LintResult | undefined;
  try {
    fast = lintAs(seed, text, `/fuzz/${seed.fileName}`, true);
    if (seed.as === 'yaml') full = lintAs(seed, text, `/fuzz/${seed.fileName}`, false);
  } catch (err) {
    return [{ kind: 'exception', detail: String((err as Error).stack ?? err) }];
  }
  const ms = performance.now() - t0;
  if (ms > (opts.slowMs ?? 2000)) problems.push({ kind: 'slow', detail: `${Math.round(ms)} ms` });
  for (const r of full ? [fast, full] : [fast]) {
    const d = r.diagnostics.find((x) => x.ruleId === 'internal/error');
    if (d) problems.push({ kind: 'internal-error', detail: d.message });
  }
  if (full && !deepEqual(fast, full)) problems.push({ kind: 'fast-full', detail: firstDifference(fast, full) });
  if (opts.planted || opts.formats) {
    let outputs: string;
    try {
      const second = lintAs(seed, text, `/fuzz/copy-${seed.fileName}`, true);
      // the set holds the file's own findings too: one rendering of each format covers both
      outputs = allOutputs(checkSet([structuredClone(fast), second], { cwd: '/fuzz' }), text);
    } catch (err) {
      return [...problems, { kind: 'exception', detail: String((err as Error).stack ?? err) }];
    }
    for (const m of SECRET_MARKERS) {
      const at = outputs.indexOf(m);
      if (at >= 0) problems.push({ kind: 'secret', detail: outputs.slice(Math.max(0, at - 160), at + 60) });
    }
  }
  return problems;
}

function deepEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function firstDifference(a: LintResult, b: LintResult): string {
  const x = JSON.stringify(a.diagnostics.map((d) => [d.ruleId, d.line, d.column, d.message]));
  const y = JSON.stringify(b.diagnostics.map((d) => [d.ruleId, d.line, d.column, d.message]));
  if (x !== y) return `fast: ${x.slice(0, 400)}\nfull: ${y.slice(0, 400)}`;
  return `results differ outside the findings (objects, counts): ${JSON.stringify(a).length} vs ${JSON.stringify(b).length} characters`;
}

/** A run over inputs `from` .. `to - 1` of a seed; calls `onProblem` for each input with problems. */
export function runRange(
  corpus: readonly Seed[],
  seed: number,
  from: number,
  to: number,
  onProblem: (index: number, text: string, seedName: string, problems: Problem[]) => void,
  options: { slowMs?: number } = {},
): void {
  for (let i = from; i < to; i++) {
    const { seed: s, text, planted } = makeInput(corpus, seed, i);
    const slowMs = options.slowMs;
    const problems = checkInput(s, text, { planted, ...(slowMs !== undefined ? { slowMs } : {}) });
    if (problems.length > 0) onProblem(i, text, s.name, problems);
  }
}

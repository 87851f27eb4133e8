// Secrets never leave platlint in a message. Findings quote the values they are about (a name, a URL, a
// token the YAML parser could not read), and a value may be, or hold, a secret: a URL with a password, a
// private key pasted into the wrong field, a bearer token. Every finding passes through a `redactor` once,
// when its file's result is summarized (src/lint/lint.ts) or when the checks across files make it (src/files/across-files.ts),
// so that every output (every report format, the language server, the API) gets the same redacted text.
// The values of a kind's sensitive fields (KindSpec.sensitive) are scrubbed before, where the document is
// known (src/lint/lint.ts); here the patterns are found wherever they are, and the secrets of the file's text
// (URL passwords, private key bodies) wherever a message quotes a piece of them.
import { KINDS } from './kinds/kinds.js';
import { FLAG_BY_NAME } from './kinds/flag-table.js';
import type { Path } from './path.js';
import type { Diagnostic, RelatedInfo } from './finding.js';

export const REDACTED = '[redacted]';

/**
 * `scheme://user:password@host` (the user part may be empty): the password is whatever stands between the `:` and
 * the last `@` before a space, any characters included (a quote, a backtick: `x://:pw\`q@host`), as a URL parser
 * finds the end of the user information at the last `@`. A URL cut short (`…`) after the colon is redacted to its
 * end.
 */
const URL_PASSWORD = /(\b[a-z][a-z0-9+.-]*:\/\/[^\s:@/]*):(?:\S*@|[^\s@]*…)/gi;

/**
 * A PEM private key block (`-----BEGIN RSA PRIVATE KEY----- … -----END RSA PRIVATE KEY-----`), whole or cut
 * short: without its END line, everything up to the end of the key's characters (base64, line breaks as
 * written in the file or escaped as `\n`, PEM headers) goes. A header alone (a message naming the block
 * type, `one \`-----BEGIN PRIVATE KEY-----\` block`) is no secret and stays.
 */
const PRIVATE_KEY = /-----BEGIN ([A-Z0-9 ]*)PRIVATE KEY-----(?:[\s\S]*?-----END [A-Z0-9 ]*PRIVATE KEY-----|(?:\s|\\[nrt])*[A-Za-z0-9+/=](?:[A-Za-z0-9+/=:,\s-]|\\[nrt])*)/g;

/** A private key block in a file's text, to its END line or to the end of the text. */
const PRIVATE_KEY_IN_TEXT = /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|$)/g;

/** HTTP credentials as written in a header value: `Bearer <token>`, `Basic <base64>`. */
const AUTH_HEADER = /\b(Bearer|Basic)(\s+)[A-Za-z0-9\-._~+/]{8,}=*/g;

/** A word of a flag's name that says the flag holds a secret: `password`, `token`, `secret` (or ends so: `dbpassword`, `apitoken`), `key`, `apikey`. */
const SECRET_FLAG_WORD = /^(?:[a-z0-9]*(?:password|passwd|token|secret)s?|(?:api)?key)$/;
/** The last word of a flag's name that says its value is a path, not the secret itself: `--tls-private-key-file`. */
const PATH_FLAG_WORD = /^(?:file|files|dir|path|paths)$/;
/** Flag types whose values hold no secret: `--authentication-token-webhook` (bool), `…-cache-ttl` (duration). */
const SECRET_FLAG_TYPES: ReadonlySet<string> = new Set(['string', 'strings']);

/**
 * Whether a command-line flag holds a secret, by its name (`--storage-driver-password`, `-token`, `--api_key`): its
 * name has a word (between dashes or underscores) that says password, token, secret or key, its last word does
 * not say the value is a path (`--tls-private-key-file`, `--token-auth-file`: the file holds the secret, the flag
 * names it), and the node agent's flag table, when it knows the flag, gives it a string value (the agent's own
 * `--authentication-token-webhook` is a bool, `--authentication-token-webhook-cache-ttl` a duration). Of the node
 * agent's flags (spec 2), `--storage-driver-password` holds one; flags the agent does not define but that people
 * pass to it (`--token`, `--password`, `--client-key`, a client's options) are judged by their names alone, so a
 * key's path given to `--client-key` is redacted too: a path shown less is a lesser harm than a key shown.
 */
export function isSecretFlag(name: string): boolean {
  const words = name.replace(/^-+/, '').toLowerCase().replace(/_/g, '-').split('-');
  if (PATH_FLAG_WORD.test(words[words.length - 1]!) || !words.some((w) => SECRET_FLAG_WORD.test(w))) return false;
  const spec = FLAG_BY_NAME.get(`--${words.join('-')}`);
  return spec === undefined || SECRET_FLAG_TYPES.has(spec.type);
}

/**
 * The name of a `--flag=value` quoted in a message, the `=` included; found inside another flag's value too
 * (`--cluster-dns=--password=…`, a space forgotten), so only the name is matched.
 */
const FLAG_WITH_VALUE = /(?<![\w-])(--?[A-Za-z][\w-]*)=/g;

/**
 * A message with the value of every flag that holds a secret redacted (see isSecretFlag): the value runs to a
 * space, any characters included (a quote, a backtick, another flag's `=`), but for the quotes and punctuation
 * that close the message's own quoting (`` `--token=…`, ``).
 */
function redactSecretFlags(message: string): string {
  let out = message;
  const heads = [...message.matchAll(FLAG_WITH_VALUE)];
  // from the last, so that the offsets of those before stay right
  for (let k = heads.length - 1; k >= 0; k--) {
    const m = heads[k]!;
    if (!isSecretFlag(m[1]!)) continue;
    const from = m.index + m[0].length;
    const value = /^\S*?(?=[`'"),.;:]*(?:\s|$))/.exec(out.slice(from))![0];
    if (value !== '') out = out.slice(0, from) + REDACTED + out.slice(from + value.length);
  }
  return out;
}

/** A message with URL passwords, private key blocks, header credentials and secret flags' values replaced by `[redacted]`. */
export function redactSecrets(message: string): string {
  // most messages hold none of the markers: test cheaply first
  let out = message;
  if (out.includes('://')) out = out.replace(URL_PASSWORD, (m, user: string) => `${user}:${REDACTED}${m.endsWith('…') ? '…' : '@'}`);
  if (out.includes('PRIVATE KEY-----')) out = out.replace(PRIVATE_KEY, `-----BEGIN $1PRIVATE KEY-----${REDACTED}-----END $1PRIVATE KEY-----`);
  // a credential has digits, punctuation or mixed case; `Basic authentication` is a phrase
  if (out.includes('Bearer') || out.includes('Basic')) out = out.replace(AUTH_HEADER, (m, scheme: string, space: string) => (/[0-9+/=._~-]|[A-Z].*[a-z]|[a-z].*[A-Z]/.test(m.slice(scheme.length + space.length)) ? `${scheme}${space}${REDACTED}` : m));
  // the value of a flag that holds a secret (`--storage-driver-password=…`, `--token=…`)
  if (out.includes('-') && out.includes('=')) out = redactSecretFlags(out);
  return out;
}

/** Where the line holding `offset` starts: after a line feed or a carriage return (a bare one ends a line too). */
function lineStartOf(text: string, offset: number): number {
  return Math.max(text.lastIndexOf('\n', offset - 1), text.lastIndexOf('\r', offset - 1)) + 1;
}

/** The text of a line from `start` back to its beginning, and on to its end (a carriage return ends a line too). */
function lineAround(text: string, offset: number): { before: string; after: string } {
  const from = Math.max(lineStartOf(text, offset), offset - 4096);
  const limit = Math.min(text.length, offset + 4096);
  let to = offset;
  while (to < limit && text.charCodeAt(to) !== 10 && text.charCodeAt(to) !== 13) to++;
  return { before: text.slice(from, offset), after: text.slice(offset, to) };
}

/**
 * Whether the finding at `offset` sits in the value of a field that holds a secret, read from the text
 * alone (a document the parser could not read has no kind): the key before it on its line, or the key of a
 * block scalar above it, names a secret.
 */
function inSecretField(text: string, offset: number): boolean {
  const { before } = lineAround(text, offset);
  const key = /(?:^|[\s{,\-?])["']?([A-Za-z_][A-Za-z0-9_-]*)["']?\s*:(?:\s|$)/g;
  let m: RegExpExecArray | null;
  let last: string | undefined;
  while ((m = key.exec(before)) !== null) last = m[1];
  if (last !== undefined) return isSecretKey(last);
  // a continuation line of a multi-line scalar: the nearest less indented key above it
  const lineStart = lineStartOf(text, offset);
  const indent = /^[ \t]*/.exec(text.slice(lineStart, lineStart + 256))![0].length;
  let at = lineStart - 1;
  for (let lines = 0; at > 0 && lines < 200; lines++) {
    const prev = lineStartOf(text, at);
    const line = text.slice(prev, at);
    const m2 = /^([ \t]*)(?:-\s+)?["']?([A-Za-z_][A-Za-z0-9_-]*)["']?\s*:/.exec(line);
    if (m2 && m2[1]!.length < indent) return isSecretKey(m2[2]!);
    at = prev - 1;
  }
  return false;
}

/** The last names of every kind's sensitive paths (KindSpec.sensitive): `secret`, `token`, `clientKeyData`. */
const SECRET_KEYS: ReadonlySet<string> = new Set(KINDS.flatMap((k) => k.sensitive.map((p) => p[p.length - 1]!)));
/** The usual names of secrets in other files. */
const SECRET_NAME = /(?:secret|token|password|passwd|credential|private|apikey|api-key|api_key|keydata)/i;

function isSecretKey(key: string): boolean {
  return SECRET_KEYS.has(key) || SECRET_NAME.test(key);
}

/**
 * A YAML syntax message about a token inside a secret field: every piece of the message (four characters
 * or more) that is also in the field's text is replaced. The parser's messages quote the broken token
 * (`block scalar header includes extra characters: |s3cr3t`, `unresolved tag: !s3cr3t`).
 */
function redactTokens(message: string, value: string, min = 4): string {
  let out = message;
  let rest = value;
  for (let round = 0; round < 8; round++) {
    const common = longestCommon(out, rest);
    if (common.length < min) break;
    out = out.split(common).join(REDACTED);
    // each piece of the value is redacted once: what is left of it is not matched against the message's words
    rest = rest.split(common).join('\u0000');
  }
  return out;
}

/** The longest common substring of two short strings (messages are short; the value is one line, capped). */
function longestCommon(a: string, b: string): string {
  if (a.length === 0 || b.length === 0) return '';
  let best = 0;
  let end = 0;
  let prev = new Uint16Array(b.length + 1);
  let cur = new Uint16Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      cur[j] = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? prev[j - 1]! + 1 : 0;
      if (cur[j]! > best) {
        best = cur[j]!;
        end = i;
      }
    }
    [prev, cur] = [cur, prev];
    cur.fill(0);
  }
  return a.slice(end - best, end);
}

/**
 * The start of a `key: value` line inside a message's quoted text (lines as written or escaped as `\n` or `\r`),
 * anywhere on the message's line (`not a YAML token: token: …`): the value runs to the line's end.
 */
const QUOTED_FIELD = /(?<=^|\\[nr]|[\s{,"'`])["']?([A-Za-z_][A-Za-z0-9_-]*)["']?[ \t]*:[ \t]+/g;

/**
 * A message with the value of every `key: value` of a secret field it quotes (see QUOTED_FIELD) redacted. The quoted
 * text follows the message's own words and their `: ` (`Parsing error: not a YAML token: …`, whose `token: ` is no
 * field).
 */
function redactQuotedFields(message: string): string {
  let out = message;
  const words = /^(?:Parsing error: )?.*?: /s.exec(message);
  const heads = [...message.matchAll(QUOTED_FIELD)].filter((m) => m.index >= (words?.[0].length ?? 0));
  // from the last, so that the offsets of those before stay right
  for (let k = heads.length - 1; k >= 0; k--) {
    const m = heads[k]!;
    if (!isSecretKey(m[1]!)) continue;
    const from = m.index + m[0].length;
    let to = from;
    while (to < out.length && out[to] !== '\n' && out[to] !== '\r' && !(out[to] === '\\' && (out[to + 1] === 'n' || out[to + 1] === 'r'))) to++;
    if (to > from) out = out.slice(0, from) + REDACTED + out.slice(to);
  }
  return out;
}

/** Rules whose messages quote the file's text where the document could not be read. */
const TOKEN_RULES = new Set(['yaml/syntax', 'yaml/warning']);

/** A secret found in a file's text, and the shortest piece of it a message may not quote. */
interface Piece {
  value: string;
  min: number;
  /** Every substring of `min` characters of the value, to skip messages that share none cheaply. */
  grams: Set<string>;
}

function piece(value: string, min: number): Piece {
  const v = value.slice(0, 8192);
  const grams = new Set<string>();
  for (let i = 0; i + min <= v.length; i++) grams.add(v.slice(i, i + min));
  return { value: v, min, grams };
}

/** A text that may hold a flag of a secret (see isSecretFlag): a cheap test before FLAG_AND_VALUE. */
const SECRET_FLAG_IN_TEXT = /-[\w-]*(?:password|passwd|token|secret|key)/i;
/**
 * A flag and its value in a command line: `--name=value` or `--name value`, the value quoted (`"…"`, `'…'`) or a
 * word. Groups: name, separator, value (double-quoted, single-quoted, bare).
 */
const FLAG_AND_VALUE = /(?<![^\s"'=])(--?[A-Za-z][\w-]*)(=|[ \t]+)(?:"([^"\n]*)"|'([^'\n]*)'|([^\s"']+))/g;

/**
 * The passwords of the `scheme://user:password@host` URLs of a file's text (see URL_PASSWORD): from the `:` to the
 * last `@` before a space, any characters included, except that a URL opened by a quote (`"x://u:p@h", "a@b"`) ends
 * at that quote. Each URL is found on its own, even with no space between two (minified JSON).
 */
function urlPasswords(text: string): string[] {
  const out: string[] = [];
  const start = /\b[a-z][a-z0-9+.-]*:\/\/[^\s:@/]*:/gi;
  for (let m = start.exec(text); m !== null && out.length < 32; m = start.exec(text)) {
    const from = m.index + m[0].length;
    const limit = Math.min(text.length, from + 2048);
    let to = from;
    while (to < limit && !/\s/.test(text[to]!)) to++;
    let run = text.slice(from, to);
    const open = text[m.index - 1];
    if (open === '"' || open === "'" || open === '`') {
      const close = run.indexOf(open);
      if (close !== -1) run = run.slice(0, close);
    }
    const at = run.lastIndexOf('@');
    if (at !== -1) out.push(run.slice(0, at));
  }
  return out;
}

/**
 * `--flag=value` anywhere in a text, inside a quoted word or another flag's value too (a lookahead: the value of
 * one may hold the next): the value runs to a space or a quote.
 */
const FLAG_IN_VALUE = /(?<![\w-])(--?[A-Za-z][\w-]*)=(?=([^\s"'`]+))/g;

/**
 * The secrets of a file's text that messages may quote in part, cut off from what makes them recognizable: the
 * password of a URL (a rule may quote what follows a `:` of it, `S3cret@host/x`), a bearer or basic
 * credential, the body of a private key block (a line of it read as a value, a word of a command line), the value
 * of a flag that holds a secret.
 */
function textSecrets(text: string | undefined): Piece[] {
  if (text === undefined) return [];
  const out: Piece[] = [];
  if (text.includes('://')) {
    for (const password of urlPasswords(text)) if (password.length >= 4 && out.length < 32) out.push(piece(password, 4));
  }
  if (text.includes('Bearer') || text.includes('Basic')) {
    // a credential split from its scheme (a broken quote in a command line) is still the credential
    for (const m of text.matchAll(AUTH_HEADER)) {
      const token = m[0].slice(m[1]!.length + m[2]!.length);
      if (/[0-9+/=._~-]|[A-Z].*[a-z]|[a-z].*[A-Z]/.test(token) && out.length < 32) out.push(piece(token, 8));
    }
  }
  if (SECRET_FLAG_IN_TEXT.test(text)) {
    // the value of a flag that holds a secret, in a command line (a unit, an environment file, a container's args),
    // given after `=` or as the next word (a word after `--` too: the platform would read it so)
    for (const m of text.matchAll(FLAG_AND_VALUE)) {
      const value = m[3] ?? m[4] ?? m[5]!;
      if (m[2] !== '=' && value.startsWith('-')) continue; // the next flag
      if (value.length >= 4 && out.length < 32 && isSecretFlag(m[1]!)) out.push(piece(value, 4));
    }
    // a flag that holds a secret inside another's value (`--feature-gates='--token=…'`, `--cluster-dns=--password=…`),
    // which a rule may split from its name
    for (const m of text.matchAll(FLAG_IN_VALUE)) {
      if (m[2]!.length >= 4 && out.length < 32 && isSecretFlag(m[1]!)) out.push(piece(m[2]!, 4));
    }
  }
  if (text.includes('PRIVATE KEY-----')) {
    for (const m of text.matchAll(PRIVATE_KEY_IN_TEXT)) {
      // the key's body only, in pieces of 8 characters or more: a message may name the block's type
      const body = m[0].replace(/-----(?:BEGIN|END) [A-Z0-9 ]*PRIVATE KEY-----/g, '\u0000');
      if (out.length < 32) out.push(piece(body, 8));
    }
  }
  return out;
}

function redactPieces(message: string, pieces: readonly Piece[]): string {
  let out = message;
  for (const p of pieces) {
    let shares = false;
    for (let i = 0; i + p.min <= out.length && !shares; i++) shares = p.grams.has(out.slice(i, i + p.min));
    if (shares) out = redactTokens(out, p.value, p.min);
  }
  return out;
}

/**
 * The redaction of a file's findings: `text` is the file's text (offsets as in the findings' ranges), to find
 * the secrets messages may quote in part and which field a YAML error sits in. Returns a function that
 * redacts a finding's message, related messages and path in place (and returns the finding).
 */
export function redactor(text?: string): <T extends Redactable>(d: T) => T {
  const pieces = textSecrets(text);
  const redact = (m: string) => redactPieces(redactSecrets(m), pieces);
  return (d) => {
    let message = redact(d.message);
    if (TOKEN_RULES.has(d.ruleId)) {
      // a token quoted over several lines (`unexpected … token in YAML stream: "…\n  token: …"`) may hold a
      // secret field's line
      message = redactQuotedFields(message);
      if (text !== undefined && inSecretField(text, d.range.start)) {
        const { before, after } = lineAround(text, d.range.start);
        const value = before.replace(/^.*?:\s/, '') + after;
        message = redactTokens(message, value.slice(0, 1024));
      }
    }
    if (message !== d.message) d.message = message;
    // the reason of a suppression comment is printed too (JSON, SARIF)
    const s = d as { justification?: unknown };
    if (typeof s.justification === 'string') s.justification = redact(s.justification);
    // map keys are part of paths (`interactive[<key>].server`): a key may be a secret pasted in the wrong place
    if (d.path) d.path = redactPath(d.path, redact);
    if (d.related) {
      for (const r of d.related) {
        const m = redact(r.message);
        if (m !== r.message) r.message = m;
        if (r.path) r.path = redactPath(r.path, redact);
      }
    }
    return d;
  };
}

type Redactable = Pick<Diagnostic, 'ruleId' | 'message' | 'range' | 'path'> & { related?: RelatedInfo[] };

/** One finding redacted (see `redactor`; for many findings of one file, make the redactor once). */
export function redactDiagnostic<T extends Redactable>(d: T, text?: string): T {
  return redactor(text)(d);
}

function redactPath(path: Path, redact: (s: string) => string): Path {
  let out: (string | number)[] | undefined;
  path.forEach((seg, i) => {
    if (typeof seg !== 'string') return;
    const r = redact(seg);
    if (r !== seg) (out ??= [...path])[i] = r;
  });
  return out ?? path;
}

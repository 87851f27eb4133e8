/**
 * Syntax checks of object metadata names, shared by the `meta/` and `review/` rules (and any rule that checks label keys or values). Each returns the first
 * problem as message text (naming the part at fault, with its length or the character found), or undefined
 * when the text is valid. The platform's own checks: qualified names (label and annotation keys), label values,
 * DNS-1123 labels (namespaces) and path-segment names (RBAC object names).
 */

/** Longest name part of a qualified name, and longest label value. */
export const NAME_MAX = 63;
/** Longest DNS-1123 subdomain (the prefix of a qualified name). */
export const SUBDOMAIN_MAX = 253;
/** Longest DNS-1123 label (a namespace). */
export const DNS_LABEL_MAX = 63;

const NAME_BAD_CHAR = /[^A-Za-z0-9._-]/u;
const NAME_EDGES = /^[A-Za-z0-9](.*[A-Za-z0-9])?$/su;
const LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

/** A character as shown in a message: quoted, or named when quoting would not show it. */
export function describeChar(c: string): string {
  if (c === ' ') return 'a space';
  const cp = c.codePointAt(0) ?? 0;
  if (cp < 0x20 || cp === 0x7f || c === '`' || (cp >= 0x80 && /\s/u.test(c))) return `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
  return `\`${c}\``;
}

/** The name part of a qualified name, or a label value (`what` names it in the message). */
function nameLikeProblem(what: string, text: string, max: number): string | undefined {
  const length = [...text].length;
  if (length > max) return `${what} is ${length} characters long; at most ${max} are allowed`;
  const bad = NAME_BAD_CHAR.exec(text)?.[0];
  if (bad !== undefined) return `${what} \`${text}\` has ${describeChar(bad)}; only letters, digits, \`-\`, \`_\` and \`.\` are allowed`;
  if (!NAME_EDGES.test(text)) return `${what} \`${text}\` must start and end with a letter or digit`;
  return undefined;
}

/**
 * Why a DNS-1123 subdomain is not one. `what` names it (`label key prefix`); `lowerCase` is false when the
 * caller folds case first (annotation keys), so upper-case letters are not a problem there.
 */
export function subdomainProblem(what: string, text: string, lowerCase = true): string | undefined {
  if (text.length > SUBDOMAIN_MAX) return `${what} is ${text.length} characters long; a DNS subdomain has at most ${SUBDOMAIN_MAX}`;
  const folded = lowerCase ? text : text.toLowerCase();
  if (lowerCase && /[A-Z]/.test(text) && !/[^A-Za-z0-9.-]/u.test(text)) return `${what} \`${text}\` must be lower case`;
  const bad = /[^a-z0-9.-]/u.exec(folded)?.[0];
  if (bad !== undefined) return `${what} \`${text}\` has ${describeChar(bad)}; a DNS subdomain has only lower-case letters, digits, \`-\` and \`.\``;
  for (const part of folded.split('.')) {
    if (part === '') return `${what} \`${text}\` has an empty part between dots (or a leading or trailing dot)`;
    if (!LABEL.test(part)) return `${what} \`${text}\` is not a DNS subdomain: each dot-separated part must start and end with a letter or digit`;
  }
  return undefined;
}

/**
 * Why a key is not a qualified name (`name` or `prefix/name`): the name up to 63 characters of letters, digits,
 * `-`, `_` and `.`, starting and ending with a letter or digit; the optional prefix a DNS-1123 subdomain.
 * `what` names the key (`label key`); `foldCase` checks the key in lower case (annotation keys).
 */
export function qualifiedNameProblem(what: string, key: string, foldCase = false): string | undefined {
  if (key === '') return `${what} is empty; a key is a name such as \`app\`, optionally with a DNS subdomain prefix: \`example.com/app\``;
  const parts = key.split('/');
  if (parts.length > 2) return `${what} \`${key}\` has ${parts.length - 1} \`/\`; a key is \`name\` or \`prefix/name\`, with at most one \`/\``;
  if (parts.length === 1) return nameLikeProblem(what, key, NAME_MAX);
  const [prefix, name] = parts as [string, string];
  if (prefix === '') return `${what} \`${key}\` has an empty prefix before \`/\`; write a DNS subdomain such as \`example.com/${name}\`, or drop the \`/\``;
  const prefixProblem = subdomainProblem(`${what} prefix`, prefix, !foldCase);
  if (prefixProblem !== undefined) return prefixProblem;
  if (name === '') return `${what} \`${key}\` has an empty name after \`/\``;
  return nameLikeProblem(`${what} name`, name, NAME_MAX);
}

/** Why a text is not a label value: empty, or up to 63 characters of letters, digits, `-`, `_` and `.`, starting and ending with a letter or digit. */
export function labelValueProblem(what: string, value: string): string | undefined {
  return value === '' ? undefined : nameLikeProblem(what, value, NAME_MAX);
}

/** Why a non-empty text is not a DNS-1123 label (a namespace): up to 63 lower-case letters, digits and `-`, starting and ending with a letter or digit. */
export function dnsLabelProblem(what: string, text: string): string | undefined {
  if (text.length > DNS_LABEL_MAX) return `${what} is ${text.length} characters long; a DNS-1123 label has at most ${DNS_LABEL_MAX}`;
  const bad = /[^a-z0-9-]/u.exec(text)?.[0];
  if (bad !== undefined) {
    if (/[A-Z]/.test(bad)) return `${what} \`${text}\` must be lower case`;
    return `${what} \`${text}\` has ${describeChar(bad)}; a DNS-1123 label has only lower-case letters, digits and \`-\``;
  }
  if (!LABEL.test(text)) return `${what} \`${text}\` must start and end with a letter or digit`;
  return undefined;
}

/**
 * Why a text is not a path-segment name (RBAC object names): not `.` or `..`, no `/` or `%`. A prefix
 * (`generateName`) may be `.` or `..`, since the server appends characters to it.
 */
export function pathSegmentProblem(what: string, text: string, prefix = false): string | undefined {
  if (!prefix && (text === '.' || text === '..')) return `${what} \`${text}\` is not allowed: \`.\` and \`..\` are relative path segments`;
  const bad = /[/%]/.exec(text)?.[0];
  if (bad !== undefined) return `${what} \`${text}\` has \`${bad}\`; a name must not contain \`/\` or \`%\``;
  return undefined;
}

/** Bytes of a text in UTF-8, as the server counts them. */
export function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

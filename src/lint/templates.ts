// Placeholders left in the values of a document that is linted (its structure holds no template syntax: see
// src/parse/templates.ts): `${VAR}` and `$(VAR)` of a shell or an env-substituting tool, `{{name}}` of a `sed`
// script or a template action inside a string, `<your-key-here>` of an example to fill in. The platform reads
// such a value as written; where that makes a type, format or enum finding, the document holds one
// `document/unexpanded-placeholder` warning naming the placeholder instead, which says what happened.
import type { SchemaFinding } from '../check/schema.js';
import type { RuleFinding } from '../define-rule.js';
import { isSensitivePath, type KindSpec } from '../kinds/kinds.js';
import type { Path } from '../path.js';

export const PLACEHOLDER_RULE = 'document/unexpanded-placeholder';

/** `${VAR}`, `${VAR:-default}`, `${var.name}` (Terraform), `$(VAR)` (make, the platform's own container args). */
const VARIABLE = /\$\{[A-Za-z_][A-Za-z0-9_.]*(?:[:?+=-][^{}]*)?\}|\$\([A-Za-z_][A-Za-z0-9_]*\)/g;
/** `{{name}}`, `{{ .Values.name }}`, `${{ secrets.KEY }}`: a template action or a `sed` placeholder inside a string. */
const TEMPLATE = /\$?\{\{-?[ \t]*[^{}\s][^{}]*?\}\}/g;
/**
 * `<PLACEHOLDER>`, `<YOUR_KEY>`, `<your-key-here>`, `<cluster endpoint>`: capitals, or lower-case words joined by
 * `-`, `_` or spaces. Anywhere in a value, and the value's only content at a secret field: `<hunter2>` or
 * `<Passw0rd>` may be a secret written between brackets, so it is not taken for a placeholder there.
 */
const ANGLE = /<(?:[a-z][a-z0-9]*(?:[-_ ][a-z0-9]+)+|[A-Z][A-Z0-9]*(?:[-_ ][A-Z0-9]+)*)>/g;
/** A whole value between brackets at a field that is no secret: `<hostname>` too. */
const ANGLE_WHOLE = /^<[A-Za-z][A-Za-z0-9_.-]*(?: [A-Za-z0-9_.-]+)*>$/;
/** Names of fields that may hold a secret in a part of a document whose kind is not known here. */
const SECRET_NAME = /secret|token|password|passwd|credential|private|key/i;

type Form = 'variable' | 'template' | 'angle';

const NOUNS: Record<Form, [string, string]> = {
  variable: ['an unexpanded variable', 'unexpanded variables'],
  template: ['an unexpanded template placeholder', 'unexpanded template placeholders'],
  angle: ['a placeholder to fill in', 'placeholders to fill in'],
};

/**
 * The placeholders of a string, in order, each once, with their form. At a secret field (`whole`) only a value
 * that is one placeholder and nothing else counts: the placeholder is then the whole value, the name of where the
 * secret comes from and no secret itself; of a value partly written (`abc${X}`) nothing is quoted.
 */
export function placeholdersOf(value: string, whole: boolean): { text: string; form: Form }[] {
  if (!/[$<{]/.test(value)) return [];
  const trimmed = value.trim();
  const found: { text: string; form: Form; at: number }[] = [];
  for (const [re, form] of [[VARIABLE, 'variable'], [TEMPLATE, 'template'], [ANGLE, 'angle']] as const) {
    for (const m of trimmed.matchAll(re)) found.push({ text: m[0], form, at: m.index });
  }
  if (!whole && found.length === 0 && ANGLE_WHOLE.test(trimmed)) return [{ text: trimmed, form: 'angle' }];
  if (whole) return found.length > 0 && found.some((f) => f.text === trimmed) ? [{ text: trimmed, form: found.find((f) => f.text === trimmed)!.form }] : [];
  const out = new Map<string, Form>();
  for (const f of found.sort((a, b) => a.at - b.at)) if (!out.has(f.text)) out.set(f.text, f.form);
  return [...out].map(([text, form]) => ({ text, form }));
}

/** Whether a string is one placeholder and nothing else (no secret: see placeholdersOf); place.ts does not scrub it from messages. */
export function isPlaceholder(value: string): boolean {
  return placeholdersOf(value, true).length > 0;
}

function valueAt(value: unknown, path: Path): unknown {
  let v = value;
  for (const seg of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[seg as string];
  }
  return v;
}

/** The message of a placeholder finding: `` `${KEY}` is an unexpanded variable: the platform reads it as written ``. */
function message(found: readonly { text: string; form: Form }[]): string {
  const shown = found.slice(0, 3);
  const names = shown.map((f) => `\`${f.text}\``);
  const list = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  const more = found.length > shown.length ? ` (and ${found.length - shown.length} more)` : '';
  const forms = new Set(found.map((f) => f.form));
  const one = found.length === 1;
  const noun = forms.size === 1 ? NOUNS[found[0]!.form][one ? 0 : 1] : 'unexpanded placeholders';
  return `${list}${more} ${one ? 'is' : 'are'} ${noun}: the platform reads ${one ? 'it' : 'them'} as written`;
}

/**
 * Replaces, in place, a document's findings about a value that holds an unexpanded placeholder (a finding at the
 * value itself, about that value alone: a type, format, enum or pattern of the schema, a rule's check of the
 * value's form) by one `document/unexpanded-placeholder` warning per value. A finding that relates the value to
 * another (`related`: a duplicate, a mismatch) or concerns its field (at the key) stays: an expanded value may
 * still have it. A placeholder where any string is valid makes no finding to replace, and gets none.
 */
export function replacePlaceholderFindings(schema: SchemaFinding[], rules: RuleFinding[], value: unknown, kind: KindSpec): void {
  if (schema.length === 0 && rules.length === 0) return;
  const placed = new Map<string, RuleFinding>();
  const replaced = (f: SchemaFinding | RuleFinding): boolean => {
    // (the configuration's policies are the user's own checks: their findings stay, and `policy/` ones too)
    if (f.target !== 'value' || f.path.length === 0 || ('severity' in f && f.severity !== undefined) || f.ruleId.startsWith('policy/')) return false;
    const extra = 'extra' in f ? f.extra : undefined;
    if (extra?.related?.length) return false;
    const v = valueAt(value, f.path);
    if (typeof v !== 'string') return false;
    const part = 'part' in f ? f.part : undefined;
    const last = f.path[f.path.length - 1];
    const secret = isSensitivePath(kind, f.path) || part !== undefined || (typeof last === 'string' && SECRET_NAME.test(last));
    const found = placeholdersOf(v, secret);
    if (found.length === 0) return false;
    const key = JSON.stringify(f.path);
    if (!placed.has(key)) placed.set(key, { ruleId: PLACEHOLDER_RULE, message: message(found), path: f.path, target: 'value', ...(part ? { part } : {}) });
    return true;
  };
  const keptSchema = schema.filter((f) => !replaced(f));
  const keptRules = rules.filter((f) => !replaced(f));
  if (placed.size === 0) return;
  schema.splice(0, schema.length, ...keptSchema);
  rules.splice(0, rules.length, ...keptRules, ...placed.values());
}

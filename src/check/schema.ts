import { hasValidator, validatorFor, type AjvError } from './validators.js';
import type { KindSpec } from '../kinds/kinds.js';
import { fieldPath } from '../kinds/field-path.js';
import { fromPointer, type Path } from '../path.js';
import { suggestNames, upstreamNote } from '../services/suggest.js';
import { nullMembers } from '../services/values.js';
import type { Target } from '../parse/compose-locate.js';

/** The plain words YAML 1.1 reads as true and as false (the platform's reader; `true`/`false` themselves are not mistaken for strings). */
const YAML11_TRUE = new Set(['y', 'yes', 'on']);
const YAML11_FALSE = new Set(['n', 'no', 'off']);

/** A schema finding before it is positioned: the engine maps `path` + `target` to a source range. */
export interface SchemaFinding {
  ruleId: string;
  message: string;
  path: Path;
  target: Target;
  /** The text the target key or value should have (see ReportExtra.fix). */
  fix?: string;
  /** Texts the target key or value may have been meant to have, offered but never applied (see ReportExtra.suggest). */
  suggest?: readonly string[];
}

/** Rule ids of the schema stage, by Ajv keyword. */
const RULE_IDS: Record<string, string> = {
  required: 'schema/required',
  additionalProperties: 'schema/unknown-field',
  type: 'schema/type',
  enum: 'schema/enum',
  const: 'schema/enum',
  format: 'schema/format',
  minimum: 'schema/range',
  maximum: 'schema/range',
  exclusiveMinimum: 'schema/range',
  exclusiveMaximum: 'schema/range',
  pattern: 'schema/pattern',
  minLength: 'schema/min-length',
  maxLength: 'schema/max-length',
  minItems: 'schema/min-items',
  maxItems: 'schema/max-items',
  minProperties: 'schema/properties-count',
  maxProperties: 'schema/properties-count',
  dependencies: 'schema/dependencies',
  anyOf: 'schema/any-of',
  oneOf: 'schema/any-of',
  uniqueItems: 'schema/unique-items',
};

/** Keywords reported at the key of the object they concern rather than at a value. */
const AT_KEY = new Set(['required', 'additionalProperties', 'minItems', 'maxItems', 'minProperties', 'maxProperties', 'dependencies', 'anyOf', 'oneOf']);

const FORMAT_TEXT: Record<string, string> = {
  duration: 'a duration like `10s`, `1m30s` or `2h45m`',
  base64: 'base64-encoded bytes',
  quantity: 'a quantity like `100Mi`, `1.5G` or `500m`',
  'date-time': 'an RFC 3339 timestamp like `2026-01-02T15:04:05Z`',
};

const TYPE_TEXT: Record<string, string> = {
  string: 'a string',
  integer: 'an integer',
  number: 'a number',
  boolean: 'a boolean (true or false)',
  object: 'a mapping',
  array: 'a list',
  null: 'null',
};

/** The value the platform's decoder gives a null item of a scalar list, by the item's type. */
const ZERO_TEXT: Record<string, string> = { string: '`""`', integer: '0', number: '0', boolean: '`false`' };

const INT32 = { min: -2147483648, max: 2147483647 };

function code(s: unknown): string {
  return s === '' ? '`""`' : '`' + String(s) + '`';
}

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'a mapping';
  if (typeof v === 'number') return Number.isInteger(v) ? 'an integer' : 'a number';
  if (typeof v === 'boolean') return 'a boolean';
  return 'a string';
}

/**
 * A value at the place of a secret, as a message describes it without quoting any of it: its type and length
 * (`a string of 44 characters`). A boolean, null, a list or a mapping: its type alone (the items of a list or a
 * mapping are never quoted).
 */
function described(v: unknown): string {
  if (typeof v === 'string') return `a string of ${v.length} character${v.length === 1 ? '' : 's'}`;
  if (typeof v === 'number') {
    const n = String(v).length;
    return `${typeOf(v)} of ${n} character${n === 1 ? '' : 's'}`;
  }
  return typeOf(v);
}

/**
 * Whether a path is at the place of a secret (a kind's sensitive path), under it, or above it: where key
 * material written on the wrong line lands (`keys: name=key1 secret=…`, a string where the list of keys was
 * expected). A value there is never quoted, not even in part.
 */
function nearSecret(kind: SchemaSubject, path: Path): boolean {
  return kind.sensitive.some((p) => {
    const n = Math.min(p.length, path.length);
    for (let i = 0; i < n; i++) if (p[i] !== '*' && p[i] !== String(path[i])) return false;
    return true;
  });
}

/** A value as a message quotes it: one line, at most 60 characters. */
function shown(v: unknown): string {
  if (typeof v === 'string') {
    const line = v.split(/\r?\n/, 1)[0]!;
    const cut = line.length > 60 || line.length < v.trimEnd().length;
    return code(cut ? line.slice(0, 57) + '...' : line);
  }
  if (v === null || typeof v !== 'object') return code(v);
  return typeOf(v);
}

function joinWith(word: string, items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} ${word} ${items[items.length - 1]}`;
}

const joinOr = (items: readonly string[]) => joinWith('or', items);

/** Where `path` sits, for messages: `in \`jwt[0].issuer\`` or `in AuthenticationConfiguration` for the root. */
function where(path: Path, kind: SchemaSubject): string {
  return path.length === 0 ? `in ${kind.kind}` : `in ${code(fieldPath(path, kind.schema))}`;
}

/** The name a message uses for the field at a path: its key, or the whole path for a list item. */
function fieldName(path: Path, kind: SchemaSubject): string {
  if (path.length === 0) return kind.kind;
  const last = path[path.length - 1]!;
  return typeof last === 'number' ? code(fieldPath(path, kind.schema)) : code(last);
}

function schemaProps(s: Record<string, unknown> | undefined): string[] {
  const props = s?.properties;
  return props && typeof props === 'object' ? Object.keys(props) : [];
}

function isDescendant(err: AjvError, parent: AjvError): boolean {
  return err !== parent && err.schemaPath.startsWith(parent.schemaPath + '/') && err.instancePath.startsWith(parent.instancePath);
}

/**
 * Reduces the branch errors of anyOf/oneOf to one finding each: when every branch only misses required
 * fields, a single "needs A, or B and C" message; otherwise the errors of the branch that got furthest.
 */
function collapseAlternatives(errors: AjvError[]): { kept: AjvError[]; anyOf: { err: AjvError; branches: string[][] }[] } {
  const drop = new Set<AjvError>();
  const anyOf: { err: AjvError; branches: string[][] }[] = [];
  for (const alt of errors) {
    if (alt.keyword !== 'anyOf' && alt.keyword !== 'oneOf') continue;
    if (alt.keyword === 'oneOf' && alt.params.passingSchemas) continue;
    drop.add(alt);
    const children = errors.filter((e) => isDescendant(e, alt));
    children.forEach((c) => drop.add(c));
    const byBranch = new Map<string, AjvError[]>();
    for (const c of children) {
      const branch = c.schemaPath.slice(alt.schemaPath.length + 1).split('/')[0]!;
      byBranch.set(branch, [...(byBranch.get(branch) ?? []), c]);
    }
    const branches = [...byBranch.values()];
    if (branches.every((b) => b.every((e) => e.keyword === 'required' && e.instancePath === alt.instancePath))) {
      anyOf.push({ err: alt, branches: branches.map((b) => b.map((e) => String(e.params.missingProperty))) });
      continue;
    }
    const depth = (b: AjvError[]) => Math.max(...b.map((e) => e.instancePath.length));
    const best = branches.sort((a, b) => depth(b) - depth(a) || a.length - b.length)[0];
    best?.forEach((e) => drop.delete(e));
  }
  return { kept: errors.filter((e) => !drop.has(e) && e.keyword !== 'if'), anyOf };
}

function findingFor(err: AjvError, value: unknown, kind: SchemaSubject): SchemaFinding {
  const at = fromPointer(err.instancePath, value);
  const ps = err.parentSchema;
  const custom = (ps?.['x-messages'] as Record<string, string> | undefined)?.[err.keyword];
  const ruleId = RULE_IDS[err.keyword] ?? `schema/${err.keyword.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())}`;
  const target: Target = AT_KEY.has(err.keyword) ? 'key' : 'value';
  const secret = ps?.['x-sensitive'] === true || nearSecret(kind, at);
  const name = fieldName(at, kind);
  const got = secret ? '' : `, got ${shown(err.data)}`;
  const p = err.params;
  switch (err.keyword) {
    case 'required': {
      const missing = String(p.missingProperty);
      // a key written with no value (`resources:`) is null, which the platform's decoder reads as not set
      const message = nullMembers(err.data)?.has(missing)
        ? `${code(missing)} is null ${where(at, kind)}, which the platform reads as not set; it is required`
        : `missing required field ${code(missing)} ${where(at, kind)}`;
      return { ruleId, target, path: [...at, missing], message: custom ?? message };
    }
    case 'additionalProperties': {
      const extra = String(p.additionalProperty);
      const allowed = schemaProps(ps);
      // an upstream name (`kubeconfig`) means the platform's field of that name (`platconfig`)
      const near = suggestNames(extra, allowed);
      const hint =
        near.length > 0
          ? `; did you mean ${joinOr(near.map(code))}?${upstreamNote(extra, near[0]!, 'field')}`
          : allowed.length > 0 && allowed.length <= 12
            ? `; allowed fields: ${allowed.map(code).join(', ')}`
            : '';
      // one close match that the mapping does not have yet: renaming the key is safe
      const parent = err.data !== null && typeof err.data === 'object' ? (err.data as Record<string, unknown>) : {};
      const fix = near.length === 1 && !Object.prototype.hasOwnProperty.call(parent, near[0]!) ? { fix: near[0]! } : {};
      return { ruleId, target, path: [...at, extra], message: `unknown field ${code(extra)} ${where(at, kind)}${hint}`, ...fix };
    }
    case 'type': {
      const fmt = typeof ps?.format === 'string' ? FORMAT_TEXT[ps.format] : undefined;
      const want = fmt ? [fmt] : String(p.type).split(',').map((t) => TYPE_TEXT[t] ?? t);
      const found = secret ? described(err.data) : err.data !== null && typeof err.data === 'object' ? typeOf(err.data) : `${typeOf(err.data)} (${shown(err.data)})`;
      const unit = ps?.format === 'duration' && typeof err.data === 'number' ? `: add a unit, like \`${err.data}s\`` : '';
      // a null list item of a scalar list is decoded by the platform as the type's zero value, not refused
      const scalarTypes = String(p.type).split(',').every((t) => t === 'string' || t === 'integer' || t === 'number' || t === 'boolean');
      if (err.data === null && typeof at[at.length - 1] === 'number' && scalarTypes && ps?.format === undefined) {
        const types = String(p.type).split(',');
        const zero = types.length === 1 ? ZERO_TEXT[types[0]!]! : 'an empty value (`""`, 0 or `false`)';
        return { ruleId: 'schema/null-item', target, path: at, message: `${name} is null, which the platform reads as ${zero}; write the value or remove the item` };
      }
      return { ruleId, target, path: at, message: custom ?? `${name} must be ${joinOr(want)}, got ${found}${unit}` };
    }
    case 'enum':
    case 'const': {
      const allowed = (err.keyword === 'const' ? [p.allowedValue] : (p.allowedValues as unknown[])) ?? [];
      // an upstream value (`KubeConfigFile`) means the platform's value of that name (`PlatConfigFile`)
      const near = typeof err.data === 'string' ? suggestNames(err.data, allowed.map(String)) : [];
      // a plain `off`, `on`, `yes`, `no`, `y` or `n` is a boolean to the platform's YAML 1.1 reader: the allowed string needs quotes
      const unquoted = typeof err.data === 'boolean' ? allowed.find((v) => typeof v === 'string' && (err.data ? YAML11_TRUE : YAML11_FALSE).has(v.toLowerCase())) : undefined;
      const hint = unquoted !== undefined ? `; a plain \`${unquoted}\` is read as ${err.data} (YAML 1.1): quote it, \`"${unquoted}"\`` : near.length > 0 ? `; did you mean ${joinOr(near.map(code))}?${secret ? '' : upstreamNote(String(err.data), near[0]!, 'value')}` : '';
      const must = allowed.length === 1 ? code(allowed[0]) : `one of ${allowed.map(code).join(', ')}`;
      // one close allowed string (`MatchAnyy` → `MatchAny`): replacing the value is safe
      const fix = !secret && near.length === 1 && allowed.includes(near[0]) ? { fix: near[0]! } : {};
      return { ruleId, target, path: at, message: custom ?? `${name} must be ${must}${got}${hint}`, ...fix };
    }
    case 'format': {
      const text = FORMAT_TEXT[String(p.format)] ?? `of format ${code(p.format)}`;
      return { ruleId, target, path: at, message: custom ?? `${name} must be ${text}${secret ? '; the value is not' : got}` };
    }
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum': {
      const limit = Number(p.limit);
      const int32 = (ps?.minimum === INT32.min && ps?.maximum === INT32.max) ? ' (a 32-bit integer)' : '';
      const rel = { minimum: 'at least', maximum: 'at most', exclusiveMinimum: 'greater than', exclusiveMaximum: 'less than' }[err.keyword];
      return { ruleId, target, path: at, message: custom ?? `${name} must be ${rel} ${limit}${int32}${got}` };
    }
    case 'minItems':
    case 'maxItems': {
      const n = Number(p.limit);
      const count = Array.isArray(err.data) ? err.data.length : 0;
      const rel = err.keyword === 'minItems' ? 'at least' : 'at most';
      return { ruleId, target, path: at, message: custom ?? `${name} must have ${rel} ${n} item${n === 1 ? '' : 's'}, got ${count}` };
    }
    case 'minLength':
    case 'maxLength': {
      const n = Number(p.limit);
      const msg = err.keyword === 'minLength' && n === 1 ? `${name} must not be empty` : `${name} must be ${err.keyword === 'minLength' ? 'at least' : 'at most'} ${n} characters long`;
      return { ruleId, target, path: at, message: custom ?? msg };
    }
    case 'minProperties':
    case 'maxProperties': {
      const keys = err.data && typeof err.data === 'object' ? Object.keys(err.data) : [];
      const found = keys.length > 0 ? `; found ${keys.map(code).join(', ')}` : '; found none';
      const generic = `${name} must have ${err.keyword === 'minProperties' ? 'at least' : 'at most'} ${String(p.limit)} field(s)`;
      return { ruleId, target, path: at, message: (custom ?? generic) + found };
    }
    case 'dependencies': {
      // Two fields that go together (each depends on the other: `claim` and `prefix`): the platform reports
      // the missing one (`field.Required`), so the finding carries the missing field's path. A field that
      // needs another (only one way: `resourceNames` needs `resources`): the platform reports the field
      // that is set (`field.Invalid` on `resourceNames`), so the finding carries that field's path.
      const missing = String(p.missingProperty);
      const present = String(p.property);
      const deps = ps?.dependencies as Record<string, unknown> | undefined;
      const back = deps?.[missing];
      const pair = Array.isArray(back) && back.includes(present);
      const reportMissing = pair || ps?.['x-dependency-path'] === 'missing';
      return { ruleId, target, path: [...at, reportMissing ? missing : present], message: custom ?? `${code(present)} requires ${code(missing)} ${where(at, kind)}` };
    }
    case 'pattern':
      return { ruleId, target, path: at, message: custom ?? `${name} must match ${code(p.pattern)}${got}` };
    case 'uniqueItems':
      return { ruleId, target, path: [...at, Number(p.i)], message: custom ?? `${name} has a duplicate: items ${String(p.j)} and ${String(p.i)} are equal` };
    default:
      return { ruleId, target, path: at, message: custom ?? `${name} ${err.message ?? 'is invalid'}` };
  }
}

/** What the schema stage needs to know of a kind: its name for messages, its schema key, its secrets. */
export type SchemaSubject = Pick<KindSpec, 'kind' | 'schema' | 'sensitive'>;

/** Validates a document against its kind's schema and returns one readable finding per problem. */
export function validateSchema(value: unknown, kind: SchemaSubject): SchemaFinding[] {
  const validate = validatorFor(kind.schema);
  if (validate(value)) return [];
  const { kept, anyOf } = collapseAlternatives(validate.errors ?? []);
  // A value outside an enum is one problem even when its type is wrong too: keep the message with the choices.
  const enumAt = new Set(kept.filter((e) => e.keyword === 'enum' || e.keyword === 'const').map((e) => e.instancePath));
  const findings = kept.filter((e) => !(e.keyword === 'type' && enumAt.has(e.instancePath))).map((e) => findingFor(e, value, kind));
  for (const { err, branches } of anyOf) {
    const at = fromPointer(err.instancePath, value);
    const options = branches.map((b) => joinWith('and', b.map(code)));
    const custom = (err.parentSchema?.['x-messages'] as Record<string, string> | undefined)?.anyOf;
    findings.push({
      ruleId: 'schema/any-of',
      target: 'key',
      path: at,
      message: custom ?? `${fieldName(at, kind)} needs ${options.join(', or ')}`,
    });
  }
  return findings;
}

/** Whether the generated validators hold a schema for a kind (checked by the tests). */
export function hasSchema(kind: KindSpec): boolean {
  return hasValidator(kind.schema);
}

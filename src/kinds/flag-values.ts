/**
 * Parsers of the node agent's flag value types. `checkValue` returns what is wrong with one occurrence's
 * value (message, and the character span inside the value when one item of a list is at fault); an empty list
 * when the value is fine.
 */
import { isIP } from '../services/ip-address.js';
import { parseDuration } from '../services/duration.js';
import { closestMatches } from '../services/suggest.js';
import type { FlagSpec } from './flag-table.js';

export interface ValueProblem {
  message: string;
  /** Characters of the value at fault (0-based, end exclusive). */
  span?: { start: number; end: number };
}

/** resource.Quantity (same grammar as the `quantity` schema format). */
export const QUANTITY = /^[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E|[eE][+-]?[0-9]+)?$/;
/** Go's strconv.ParseInt with base 0: decimal, 0x, 0o, 0b, leading-0 octal, `_` between digits. */
const GO_INT = /^[+-]?(?:0[xX](?:_?[0-9a-fA-F])+|0[bB](?:_?[01])+|0[oO]?(?:_?[0-7])+|[1-9](?:_?[0-9])*|0)$/;
const BOOL_TRUE = new Set(['1', 't', 'T', 'TRUE', 'true', 'True']);
const BOOL_FALSE = new Set(['0', 'f', 'F', 'FALSE', 'false', 'False']);
const TAINT_EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];
const LABEL_NAME = /^[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?$/;
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

/** Go's strconv.ParseBool. */
export function parseBool(text: string): boolean | undefined {
  return BOOL_TRUE.has(text) ? true : BOOL_FALSE.has(text) ? false : undefined;
}

/** Go's strconv.ParseInt(text, 0, 64) as a JS number, or undefined. */
export function parseGoInt(text: string): number | undefined {
  if (!GO_INT.test(text)) return undefined;
  const neg = text[0] === '-';
  let s = text.replace(/^[+-]/, '').replace(/_/g, '');
  let radix = 10;
  if (/^0[xX]/.test(s)) (radix = 16), (s = s.slice(2));
  else if (/^0[bB]/.test(s)) (radix = 2), (s = s.slice(2));
  else if (/^0[oO]/.test(s)) (radix = 8), (s = s.slice(2));
  else if (s.length > 1 && s[0] === '0') (radix = 8), (s = s.slice(1));
  const v = parseInt(s, radix);
  return neg ? -v : v;
}

/** A value that the service manager expands at start (`${VAR}`, `$VAR`, `%H`): its type cannot be checked here. */
export function isDynamic(text: string): boolean {
  return /\$\{?[A-Za-z_]|%[A-Za-z]/.test(text);
}

function q(s: string): string {
  return `\`${s}\``;
}

function list(values: readonly string[]): string {
  return values.map(q).join(', ');
}

function example(spec: FlagSpec, fallback: string): string {
  return spec.default !== undefined && spec.default !== '' ? spec.default : fallback;
}

/** Comma-separated items with their spans; empty items kept (reported by the callers that forbid them). */
function items(text: string, sep = ','): { item: string; start: number; end: number }[] {
  const out: { item: string; start: number; end: number }[] = [];
  let s = 0;
  for (let i = 0; i <= text.length; i++) {
    if (i === text.length || text[i] === sep) {
      out.push({ item: text.slice(s, i), start: s, end: i });
      s = i + 1;
    }
  }
  return out;
}

function isQuantity(s: string): boolean {
  return QUANTITY.test(s);
}

function isPercent(s: string): boolean {
  return /^(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)%$/.test(s);
}

function cidrOk(s: string): boolean {
  const slash = s.indexOf('/');
  if (slash < 0) return false;
  const ip = s.slice(0, slash);
  const bits = s.slice(slash + 1);
  const fam = isIP(ip);
  if (fam === 0 || !/^(0|[1-9][0-9]*)$/.test(bits)) return false;
  return Number(bits) <= (fam === 4 ? 32 : 128);
}

/** Type words for messages: `an int32 (a whole number such as `110`)`. */
export function typeText(spec: FlagSpec): string {
  switch (spec.type) {
    case 'bool':
      return '`true` or `false`';
    case 'int32':
      return `an int32 such as ${q(example(spec, '10'))}`;
    case 'int':
      return `an integer such as ${q(example(spec, '2'))}`;
    case 'duration':
      return `a duration such as ${q(example(spec, '30s'))} or \`2h45m\``;
    case 'quantity':
      return 'a quantity such as `64Ki` or `1Mi`';
    case 'enum':
      return `one of ${list(spec.values ?? [])}`;
    case 'enums':
      return `a comma-separated list of ${list(spec.values ?? [])}`;
    case 'ip':
      return `an IP address such as ${q(example(spec, '0.0.0.0'))}`;
    case 'ips':
      return 'a comma-separated list of IP addresses such as `10.96.0.10`';
    case 'node-ips':
      return 'an IP address, or an IPv4 and an IPv6 address separated by a comma';
    case 'cidr':
      return 'a CIDR such as `10.244.0.0/24`';
    case 'map':
      return spec.keys ? `a list \`key=value,...\` with keys ${list(spec.keys)}` : 'a list `key=value,...`';
    case 'eviction':
      return 'a list `signal<threshold,...` such as `memory.available<100Mi,nodefs.available<10%`';
    case 'feature-gates':
      return 'a list `Gate=true|false,...` such as `QOSReserved=true`';
    case 'taints':
      return 'a list of taints `<key>=<value>:<effect>` such as `dedicated=gpu:NoSchedule`';
    case 'headers':
      return 'a list `Name:value,...` such as `Authorization:Bearer abc`';
    case 'reserved-memory':
      return 'a NUMA node reservation such as `0:memory=1Gi,hugepages-1Gi=2Gi`';
    case 'cpuset':
      return 'a CPU list such as `0-3,8`';
    case 'version':
      return '`raw`, `true`, `false` or a version such as `v1.30.0`';
    case 'vmodule':
      return 'a list `pattern=N,...` such as `server=2,proxy*=4`';
    default:
      return 'a string';
  }
}

function bad(spec: FlagSpec, value: string, span?: { start: number; end: number }): ValueProblem {
  return { message: `${q(value)} is not valid for ${q(spec.name)}, which takes ${typeText(spec)}`, ...(span ? { span } : {}) };
}

function checkMapValue(spec: FlagSpec, key: string, v: string, span: { start: number; end: number }): ValueProblem | undefined {
  const kind = spec.mapValue ?? 'any';
  const ok =
    kind === 'any' ||
    (kind === 'quantity' && isQuantity(v)) ||
    (kind === 'percent' && isPercent(v)) ||
    (kind === 'quantity-or-percent' && (isQuantity(v) || isPercent(v))) ||
    (kind === 'duration' && parseDuration(v) !== undefined);
  if (ok) return undefined;
  const what = { quantity: 'a quantity such as `500Mi`', percent: 'a percentage such as `50%`', 'quantity-or-percent': 'a quantity such as `1Gi` or a percentage such as `10%`', duration: 'a duration such as `1m30s`', any: '' }[kind];
  return { message: `${q(v)} is not valid for ${q(key)} in ${q(spec.name)}; write ${what}`, span };
}

function checkPairs(spec: FlagSpec, value: string, sep: '=' | '<'): ValueProblem[] {
  const out: ValueProblem[] = [];
  for (const { item, start, end } of items(value)) {
    if (item.trim() === '') {
      if (value !== '') out.push({ message: `${q(spec.name)} has an empty item; write ${typeText(spec)}`, span: { start, end: Math.max(end, start) } });
      continue;
    }
    const at = item.indexOf(sep);
    if (at <= 0) {
      out.push({ message: `${q(item)} is not a \`key${sep}value\` pair; ${q(spec.name)} takes ${typeText(spec)}`, span: { start, end } });
      continue;
    }
    const key = item.slice(0, at).trim();
    const v = item.slice(at + 1).trim();
    const vSpan = { start: start + at + 1, end };
    if (spec.keys && !spec.keys.includes(key)) {
      const near = closestMatches(key, spec.keys);
      out.push({ message: `${q(key)} is not a key of ${q(spec.name)}; allowed keys: ${list(spec.keys)}${near.length ? `; did you mean ${q(near[0]!)}?` : ''}`, span: { start, end: start + at } });
      continue;
    }
    if (spec.type === 'feature-gates') {
      if (parseBool(v) === undefined) out.push({ message: `feature gate ${q(key)} is set to ${q(v)}; write \`${key}=true\` or \`${key}=false\``, span: vSpan });
      continue;
    }
    if (spec.name === '--node-labels') {
      const slash = key.lastIndexOf('/');
      const name = key.slice(slash + 1);
      const prefix = slash < 0 ? '' : key.slice(0, slash);
      if (!LABEL_NAME.test(name) || (slash >= 0 && (prefix.length > 253 || !DNS_SUBDOMAIN.test(prefix))))
        out.push({ message: `${q(key)} is not a valid label key: an optional DNS subdomain prefix and \`/\`, then at most 63 letters, digits, \`-\`, \`_\` or \`.\``, span: { start, end: start + at } });
      else if (v !== '' && !LABEL_NAME.test(v))
        out.push({ message: `${q(v)} is not a valid label value: at most 63 letters, digits, \`-\`, \`_\` or \`.\`, starting and ending with a letter or digit`, span: vSpan });
      continue;
    }
    if (v === '' && spec.mapValue !== 'any') {
      out.push({ message: `${q(key)} has no value in ${q(spec.name)}; write ${typeText(spec)}`, span: vSpan });
      continue;
    }
    const p = checkMapValue(spec, key, v, vSpan);
    if (p) out.push(p);
  }
  return out;
}

function checkTaints(spec: FlagSpec, value: string): ValueProblem[] {
  const out: ValueProblem[] = [];
  for (const { item, start, end } of items(value)) {
    const colon = item.lastIndexOf(':');
    const effect = colon < 0 ? '' : item.slice(colon + 1);
    const kv = colon < 0 ? item : item.slice(0, colon);
    const eq = kv.indexOf('=');
    const key = eq < 0 ? kv : kv.slice(0, eq);
    const val = eq < 0 ? '' : kv.slice(eq + 1);
    const span = { start, end };
    if (colon < 0) out.push({ message: `taint ${q(item)} has no effect; write \`<key>=<value>:<effect>\` with effect ${list(TAINT_EFFECTS)}`, span });
    else if (!TAINT_EFFECTS.includes(effect)) {
      const near = closestMatches(effect, TAINT_EFFECTS);
      out.push({ message: `taint effect ${q(effect)} is not one of ${list(TAINT_EFFECTS)}${near.length ? `; did you mean ${q(near[0]!)}?` : ''}`, span: { start: start + colon + 1, end } });
    } else if (key === '' || !LABEL_NAME.test(key.slice(key.lastIndexOf('/') + 1)))
      out.push({ message: `taint key ${q(key)} is not a valid key; write \`<key>=<value>:<effect>\` such as \`dedicated=gpu:NoSchedule\``, span });
    else if (val !== '' && !LABEL_NAME.test(val)) out.push({ message: `taint value ${q(val)} is not valid: at most 63 letters, digits, \`-\`, \`_\` or \`.\``, span });
  }
  return out;
}

/** What is wrong with one occurrence's value; `null` is a flag written without a value. */
export function checkValue(spec: FlagSpec, value: string | null): ValueProblem[] {
  if (value === null) {
    if (spec.type === 'bool' || spec.type === 'help' || spec.type === 'version') return [];
    return [{ message: `${q(spec.name)} needs a value: ${typeText(spec)}` }];
  }
  if (isDynamic(value)) return [];
  switch (spec.type) {
    case 'bool':
      return parseBool(value) === undefined ? [{ message: `${q(value)} is not a bool; write ${q(spec.name)} or \`${spec.name}=false\`` }] : [];
    case 'help':
      return parseBool(value) === undefined ? [{ message: `${q(value)} is not a bool; write ${q(spec.name)}` }] : [];
    case 'int32':
    case 'int': {
      const n = parseGoInt(value.trim() === value ? value : '');
      if (n === undefined) return [bad(spec, value)];
      const [lo, hi] = spec.type === 'int32' ? [-2147483648, 2147483647] : [-9223372036854775808, 9223372036854775807];
      if (n < lo || n > hi) return [{ message: `${q(value)} is outside the ${spec.type === 'int32' ? 'int32' : 'int64'} range [${lo}, ${hi}] of ${q(spec.name)}` }];
      return [];
    }
    case 'duration':
      return parseDuration(value) === undefined ? [bad(spec, value)] : [];
    case 'quantity':
      return isQuantity(value) ? [] : [bad(spec, value)];
    case 'enum': {
      const values = spec.values ?? [];
      if (values.includes(value)) return [];
      const near = closestMatches(value, values);
      return [{ message: `${q(spec.name)} is ${q(value)}; allowed values: ${list(values)}${near.length ? `; did you mean ${q(near[0]!)}?` : ''}` }];
    }
    case 'enums': {
      const values = spec.values ?? [];
      const out: ValueProblem[] = [];
      for (const { item, start, end } of items(value)) {
        if (values.includes(item) || (item === '' && value === '')) continue;
        const near = closestMatches(item, values);
        out.push({ message: `${q(item)} is not a value of ${q(spec.name)}; allowed values: ${list(values)}${near.length ? `; did you mean ${q(near[0]!)}?` : ''}`, span: { start, end } });
      }
      return out;
    }
    case 'ip':
      return isIP(value) ? [] : [bad(spec, value)];
    case 'ips':
      return items(value)
        .filter((x) => !isIP(x.item) && value !== '')
        .map((x) => ({ message: `${q(x.item)} is not an IP address; ${q(spec.name)} takes ${typeText(spec)}`, span: { start: x.start, end: x.end } }));
    case 'node-ips': {
      const parts = items(value);
      const badOne = parts.find((x) => !isIP(x.item));
      if (badOne) return [{ message: `${q(badOne.item)} is not an IP address; ${q(spec.name)} takes ${typeText(spec)}`, span: { start: badOne.start, end: badOne.end } }];
      if (parts.length > 2 || (parts.length === 2 && isIP(parts[0]!.item) === isIP(parts[1]!.item)))
        return [{ message: `${q(value)} is not a dual-stack pair; ${q(spec.name)} takes ${typeText(spec)}` }];
      return [];
    }
    case 'cidr':
      return cidrOk(value) ? [] : [bad(spec, value)];
    case 'map':
      return checkPairs(spec, value, '=');
    case 'feature-gates':
      return checkPairs(spec, value, '=');
    case 'eviction':
      return checkPairs(spec, value, '<');
    case 'taints':
      return checkTaints(spec, value);
    case 'headers':
      return items(value)
        .filter((x) => x.item.indexOf(':') <= 0)
        .map((x) => ({ message: `${q(x.item)} is not a \`Name:value\` header; ${q(spec.name)} takes ${typeText(spec)}`, span: { start: x.start, end: x.end } }));
    case 'reserved-memory': {
      const out: ValueProblem[] = [];
      let base = 0;
      for (const part of value.split(';')) {
        const m = /^([0-9]+):(.*)$/.exec(part);
        if (!m) out.push({ message: `${q(part)} does not start with a NUMA node number and \`:\`; ${q(spec.name)} takes ${typeText(spec)}`, span: { start: base, end: base + part.length } });
        else {
          const off = base + m[1]!.length + 1;
          for (const { item, start, end } of items(m[2]!)) {
            const eq = item.indexOf('=');
            if (eq <= 0 || !isQuantity(item.slice(eq + 1)))
              out.push({ message: `${q(item)} is not a \`resource=quantity\` pair such as \`memory=1Gi\``, span: { start: off + start, end: off + end } });
          }
        }
        base += part.length + 1;
      }
      return out;
    }
    case 'cpuset':
      return /^\s*[0-9]+(-[0-9]+)?(\s*,\s*[0-9]+(-[0-9]+)?)*\s*$/.test(value) ? [] : [bad(spec, value)];
    case 'version':
      return parseBool(value) !== undefined || value === 'raw' || /^v[0-9]+\.[0-9]+\.[0-9]+\S*$/.test(value) ? [] : [bad(spec, value)];
    case 'vmodule':
      return items(value)
        .filter((x) => value !== '' && !/^[^=]+=[0-9]+$/.test(x.item))
        .map((x) => ({ message: `${q(x.item)} is not a \`pattern=N\` pair; ${q(spec.name)} takes ${typeText(spec)}`, span: { start: x.start, end: x.end } }));
    default:
      return [];
  }
}

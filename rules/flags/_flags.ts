// Readers of the `PlatletFlags` value (see src/flags/lint.ts): flag name → raw values of its occurrences.
import type { Path } from '../../src/path.js';
import { parseBool, parseGoInt } from '../../src/kinds/flag-values.js';
import { obj } from '../../src/services/values.js';

export const SPEC = '2-node-agent-and-patch-command.md#node-agent-invocation';

/** The values of every flag written (the `args` entry left out), in the order first written. */
export function flagEntries(value: unknown): [string, (string | null)[]][] {
  const o = obj(value);
  if (!o) return [];
  return Object.entries(o)
    .filter(([k, v]) => k.startsWith('-') && Array.isArray(v))
    .map(([k, v]) => [k, (v as unknown[]).map((x) => (typeof x === 'string' ? x : null))]);
}

/** The raw values of a flag's occurrences; empty when it is not given. */
export function occurrences(value: unknown, flag: string): (string | null)[] {
  const v = obj(value)?.[flag];
  return Array.isArray(v) ? v.map((x) => (typeof x === 'string' ? x : null)) : [];
}

export function given(value: unknown, flag: string): boolean {
  return occurrences(value, flag).length > 0;
}

/** The value that takes effect (the last occurrence); undefined when not given, null when written bare. */
export function effective(value: unknown, flag: string): string | null | undefined {
  const all = occurrences(value, flag);
  return all.length === 0 ? undefined : all[all.length - 1]!;
}

/** A bool flag's value: bare = true; undefined when not given or not a bool (reported by flags/value-type). */
export function boolFlag(value: unknown, flag: string): boolean | undefined {
  const v = effective(value, flag);
  if (v === undefined) return undefined;
  return v === null ? true : parseBool(v);
}

/** An integer flag's value, or undefined when not given or not an integer. */
export function intFlag(value: unknown, flag: string): number | undefined {
  const v = effective(value, flag);
  return typeof v === 'string' ? parseGoInt(v) : undefined;
}

/** Whether a configuration file is named: values not on the command line may come from it. */
export function hasConfigFile(value: unknown): boolean {
  return given(value, '--config') || given(value, '--config-dir');
}

/** The items of a comma-separated list flag, across its occurrences, with their spans inside each value. */
export function listItems(value: unknown, flag: string): { item: string; path: Path; span: { start: number; end: number } }[] {
  const all = occurrences(value, flag);
  const out: { item: string; path: Path; span: { start: number; end: number } }[] = [];
  all.forEach((v, i) => {
    if (v === null) return;
    let s = 0;
    for (const item of v.split(',')) {
      if (item !== '') out.push({ item, path: all.length > 1 ? [flag, i] : [flag], span: { start: s, end: s + item.length } });
      s += item.length + 1;
    }
  });
  return out;
}

/** The feature gates set on the command line (`--feature-gates=A=true,B=false`), the last setting winning. */
export function featureGates(value: unknown): Map<string, boolean> {
  const out = new Map<string, boolean>();
  for (const v of occurrences(value, '--feature-gates')) {
    for (const item of (v ?? '').split(',')) {
      const eq = item.indexOf('=');
      const b = eq > 0 ? parseBool(item.slice(eq + 1).trim()) : undefined;
      if (b !== undefined) out.set(item.slice(0, eq).trim(), b);
    }
  }
  return out;
}

import { existsSync, readFileSync } from 'node:fs';
import { isScalar } from 'yaml';
import { dirname, join, resolve } from 'node:path';
import { parseText } from './parse.js';
import { validateSchema, type SchemaSubject } from './schema.js';
import { locate, valueNode } from './source-map.js';
import type { Severity } from './types.js';
import { BUILTIN_RULES } from './builtin-rules.js';
import { loadPolicies, policyIds } from './policies/config.js';
import type { PolicySet } from './policies/spec.js';
import { mapSpan, scalarOffsets } from './services/scalar-offsets.js';
import { closestMatches } from './services/suggest.js';

export const CONFIG_FILE_NAME = 'platlint.config.yaml';

const CONFIG_SUBJECT: SchemaSubject = { kind: 'the platlint configuration', schema: 'platlint-config', sensitive: [] };

export type SeveritySetting = 'off' | 'warn' | 'error';

/**
 * Files applied together as one deployment (`deployments` in the configuration): the checks across files
 * (objects defined twice, role references) compare the files of one deployment, never files of different ones.
 */
export interface Deployment {
  name: string;
  /** Files, folders and glob patterns, relative to the configuration file's folder. */
  files: readonly string[];
}

/** A role defined outside the linted files (`externalRoles`): a `roleRef` naming it resolves. */
export interface ExternalRole {
  kind: 'Role' | 'ClusterRole';
  name: string;
  /** The Role's namespace; a Role without one stands for a Role of that name in every namespace. */
  namespace?: string;
}

/** A loaded, validated configuration. */
export interface Config {
  /** Severity overrides by rule id. */
  rules: Readonly<Record<string, SeveritySetting>>;
  /** Ignore globs, relative to `baseDir`. */
  ignores: readonly string[];
  maxFileSize?: number;
  /** Groups of files applied together; the checks across files stay inside one group (src/sets.ts). */
  deployments?: readonly Deployment[];
  /** Roles defined elsewhere that a `roleRef` may name (with --resolve-refs). */
  externalRoles?: readonly ExternalRole[];
  /** The repository's own rules in CEL (`policies`), with the types of their kinds: plain data (src/policies/spec.ts). */
  policies?: PolicySet;
  /** Folder the ignore patterns are relative to. */
  baseDir: string;
  /** The file it came from, if any. */
  filePath?: string;
}

export const DEFAULT_CONFIG: Config = { rules: {}, ignores: [], baseDir: process.cwd() };

/**
 * One problem of a configuration file, at 1-based line and column (UTF-16 units) with its end, and what kind
 * of problem it is: `config/syntax` (not well-formed YAML), `config/schema` (a field or value the
 * configuration does not allow), `config/unknown-rule` (a rule id platlint does not have), `config/policy` (a
 * policy that does not compile: at the character of its expression or path).
 */
export interface ConfigProblem {
  message: string;
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
  code?: 'config/syntax' | 'config/schema' | 'config/unknown-rule' | 'config/policy';
}

/** A problem in the configuration file itself: makes the run a usage error (exit 2). */
export class ConfigError extends Error {
  constructor(
    message: string,
    readonly filePath: string,
    readonly problems: ConfigProblem[] = [],
  ) {
    super(message);
  }
}

/** Finds `platlint.config.yaml` in `start` or the nearest folder above it. */
export function findConfig(start: string): string | undefined {
  let dir = resolve(start);
  for (;;) {
    const candidate = join(dir, CONFIG_FILE_NAME);
    if (existsSync(candidate)) return candidate;
    const up = dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}

/**
 * Parses and validates a configuration text. Rule ids are checked against `knownRules` (with a suggestion for
 * typos); every problem comes back with its line and column.
 */
export function parseConfig(text: string, filePath: string, knownRules: ReadonlySet<string>, suggest: (id: string) => string[]): Config {
  const parsed = parseText(text);
  const problems: { message: string; offset: number; end: number; code: NonNullable<ConfigProblem['code']> }[] = [];
  for (const d of parsed.diagnostics) if (d.severity === 'error') problems.push({ message: d.message, offset: d.range.start, end: d.range.end, code: 'config/syntax' });
  const doc = parsed.documents[0];
  const value = (doc?.value ?? {}) as Record<string, unknown>;
  let policies: PolicySet | undefined;
  if (problems.length === 0 && doc) {
    const fallback = { start: doc.range.start, end: doc.range.start };
    for (const f of validateSchema(value, CONFIG_SUBJECT)) {
      const at = locate(doc.doc, f.path, f.target, fallback);
      problems.push({ message: f.message, offset: at.start, end: at.end, code: 'config/schema' });
    }
    const schemaOk = problems.length === 0;
    // the configuration's own policies are rules too: `rules:` may set their severity
    const ids = policyIds(value);
    const rules = value.rules;
    if (rules && typeof rules === 'object' && !Array.isArray(rules)) {
      for (const id of Object.keys(rules)) {
        if (knownRules.has(id) || ids.includes(id)) continue;
        const near = [...closestMatches(id, ids), ...suggest(id)];
        const at = locate(doc.doc, ['rules', id], 'key', fallback);
        problems.push({
          message: `unknown rule \`${id}\`${near.length ? `; did you mean \`${near[0]}\`?` : ''}`,
          offset: at.start,
          end: at.end,
          code: 'config/unknown-rule',
        });
      }
    }
    problems.push(...setProblems(value, (path) => locate(doc.doc, path, 'value', fallback)).map((p) => ({ ...p, code: 'config/schema' as const })));
    if (schemaOk) {
      const loaded = loadPolicies(value, knownRules, (path) => parsed.lineCounter.linePos(locate(doc.doc, path, 'key', fallback).start).line);
      policies = loaded.set;
      for (const p of loaded.problems) {
        // a problem inside an expression or path: at its characters, through the scalar's own quoting
        const node = p.span ? valueNode(doc.doc, p.path) : null;
        const offsets = node && isScalar(node) ? scalarOffsets(node, text) : undefined;
        const at = (offsets && p.span && mapSpan(offsets, p.span)) || locate(doc.doc, p.path, 'value', fallback);
        problems.push({ message: p.message, offset: at.start, end: at.end, code: 'config/policy' });
      }
    }
  }
  if (problems.length > 0) {
    const located = problems
      .sort((a, b) => a.offset - b.offset)
      .map((p) => {
        const pos = parsed.lineCounter.linePos(p.offset);
        const end = parsed.lineCounter.linePos(Math.max(p.end, p.offset));
        return { message: p.message, line: pos.line, column: pos.col, endLine: end.line, endColumn: end.col, code: p.code };
      });
    throw new ConfigError(`invalid configuration file ${filePath}`, filePath, located);
  }
  return {
    rules: (value.rules as Record<string, SeveritySetting>) ?? {},
    ignores: (value.ignores as string[]) ?? [],
    ...(typeof value.maxFileSize === 'number' ? { maxFileSize: value.maxFileSize } : {}),
    ...(Array.isArray(value.deployments) ? { deployments: value.deployments as Deployment[] } : {}),
    ...(Array.isArray(value.externalRoles) ? { externalRoles: value.externalRoles as ExternalRole[] } : {}),
    ...(policies ? { policies } : {}),
    baseDir: dirname(resolve(filePath)),
    filePath,
  };
}

/**
 * What the schema cannot say of `deployments` and `externalRoles` (the schema has already checked their
 * shapes): deployment names are unique, and a ClusterRole has no namespace.
 */
function setProblems(value: Record<string, unknown>, at: (path: (string | number)[]) => { start: number; end: number }): { message: string; offset: number; end: number }[] {
  const problems: { message: string; offset: number; end: number }[] = [];
  const seen = new Set<string>();
  if (Array.isArray(value.deployments)) {
    value.deployments.forEach((d: unknown, i) => {
      const name = (d as { name?: unknown } | null)?.name;
      if (typeof name !== 'string') return;
      if (seen.has(name)) {
        const r = at(['deployments', i, 'name']);
        problems.push({ message: `deployment \`${name}\` is named twice; give each deployment its own name`, offset: r.start, end: r.end });
      }
      seen.add(name);
    });
  }
  if (Array.isArray(value.externalRoles)) {
    value.externalRoles.forEach((r: unknown, i) => {
      const role = r as { kind?: unknown; namespace?: unknown } | null;
      if (role?.kind === 'ClusterRole' && role.namespace !== undefined) {
        const r = at(['externalRoles', i, 'namespace']);
        problems.push({ message: 'a ClusterRole has no namespace: remove `namespace`, or set `kind: Role`', offset: r.start, end: r.end });
      }
    });
  }
  return problems;
}

export function loadConfig(filePath: string, knownRules: ReadonlySet<string>, suggest: (id: string) => string[]): Config {
  let text: string;
  try {
    text = readFileSync(filePath, 'utf8');
  } catch (err) {
    throw new ConfigError(`cannot read configuration file ${filePath}: ${(err as NodeJS.ErrnoException).code ?? 'error'}`, filePath);
  }
  return parseConfig(text, filePath, knownRules, suggest);
}

/** The severity a finding gets under a configuration, or null when its rule is off. */
export function effectiveSeverity(config: Config, ruleId: string, base: Severity): Severity | null {
  const s = config.rules[ruleId];
  if (s === undefined) return BUILTIN_RULES[ruleId]?.defaultOff ? null : base;
  if (s === 'off') return null;
  return s === 'warn' ? 'warning' : 'error';
}

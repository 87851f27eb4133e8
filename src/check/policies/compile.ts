/**
 * Compiling a configuration's policies: each expression is parsed and type-checked in the environment of each
 * kind the policy names (`object` of the kind's type, `variables` of the types of the policy's variables,
 * `self` of the type of the `forEach` items), with the platform's checks over the tree
 * (src/services/cel-checks.ts, `has()` on an undefined field included), then instrumented for the evaluation
 * budget. The configuration loader reports the problems, positioned at the character inside the expression or
 * path (src/check/policies/config.ts); a thread that lints compiles the same sources again from the plain data it
 * was given (src/check/policies/run.ts) and meets no problem.
 */
import type { Environment } from '@marcbachmann/cel-js';
import { compileIn, walk, type AstNode, type CelCompiled } from '../../services/cel.js';
import { methodNameRange, rangeOf } from '../../services/cel-checks.js';
import type { Path } from '../../path.js';
import { charge, instrument } from './budget.js';
import { kindEnvironment, namedClass, VARIABLES_TYPE, type KindEnvironment, type ObjectClass } from './env.js';
import { PolicyEvalError, regexProblem, safeRegex, UNAVAILABLE } from './functions.js';
import { parsePath, staticPath, typeAt, type Segment } from './paths.js';
import type { PolicySet, PolicySource } from './spec.js';

export type Program = NonNullable<CelCompiled['program']>;

/** A compiled expression and its source. */
export interface Compiled {
  src: string;
  program: Program;
  /** The field names the expression selects (`.f`, `.?f`, `has(x.f)`), its macros' trees included, in tree order. */
  selects: readonly string[];
  /** The expression's place in the configuration (`policies[0].validations[1].expression`), for messages. */
  where: Path;
}

export interface CompiledValidation {
  expression: Compiled;
  message?: string;
  messageExpression?: Compiled;
  forEach?: readonly Segment[];
  /** Where a failure is reported, from the item (with `forEach`) or the document; a place the document lacks is reported at its nearest ancestor. */
  reportAt: Path;
}

/** One policy compiled for one kind. */
export interface CompiledPolicy {
  source: PolicySource;
  kind: KindEnvironment;
  matchConditions: { name: string; compiled: Compiled }[];
  variables: { name: string; compiled: Compiled }[];
  /** The class of the `variables` object (its fields are evaluated on first use). */
  variablesClass: ObjectClass;
  validations: CompiledValidation[];
}

/** A problem of a policy: at a value of the configuration, optionally at characters inside it. */
export interface PolicyProblem {
  path: Path;
  message: string;
  span?: { start: number; end: number };
}

/** The compiled policies of one kind. */
export interface CompiledKind {
  /** In the configuration's order. */
  policies: readonly CompiledPolicy[];
  /**
   * The names of the object fields the policies can read: every field selected in their expressions (`.f`,
   * `.?f`, `has(x.f)`) and named in their paths. An object type's field is only ever read by selecting it
   * (object types have no equality, no size and no iteration), so the documents are converted for these
   * fields only (src/check/policies/convert.ts).
   */
  fieldsRead: ReadonlySet<string>;
}

export interface CompiledPolicies {
  /** The compiled policies of a kind name; undefined for a kind no policy names. */
  forKind(kind: string): CompiledKind | undefined;
}

/**
 * Compiles every policy of a set (whose kinds all have types), as the configuration loader does; problems
 * come back with their places.
 */
export function compilePolicies(set: PolicySet): { compiled: CompiledPolicies; problems: PolicyProblem[] } {
  const byKind = new Map<string, CompiledPolicy[]>();
  const fieldsRead = new Map<string, Set<string>>();
  const problems: PolicyProblem[] = [];
  set.policies.forEach((policy, index) => {
    const seen = new Set<string>();
    for (const kind of policy.kinds) {
      const env = kindEnvironment(set, kind);
      if (!env) continue; // an unknown kind is the configuration's problem (src/check/policies/config.ts)
      const found: PolicyProblem[] = [];
      const compiled = compilePolicy(policy, index, env, found, false);
      for (const p of found) {
        // a policy of several kinds: say which kind an expression does not fit, once per problem
        const message = policy.kinds.length > 1 ? `${p.message} (in kind \`${kind}\`)` : p.message;
        const key = `${p.path.join('.')}|${p.span?.start}|${p.message}`;
        if (!seen.has(key)) problems.push({ ...p, message });
        seen.add(key);
      }
      if (compiled && found.length === 0) {
        byKind.set(kind, [...(byKind.get(kind) ?? []), compiled]);
        let read = fieldsRead.get(kind);
        if (!read) fieldsRead.set(kind, (read = new Set()));
        for (const f of fieldsOf(compiled)) read.add(f);
      }
    }
  });
  const kinds = new Map([...byKind].map(([kind, policies]) => [kind, { policies, fieldsRead: fieldsRead.get(kind)! }]));
  return { compiled: { forKind: (kind) => kinds.get(kind) }, problems };
}

/**
 * The policies of a set compiled kind by kind, each the first time it is asked for: a thread that lints
 * (a worker of a large run, the language server's lint thread) compiles the policies of the kinds it meets,
 * from the plain data it was given. The set was checked when the configuration was loaded (a set exists only
 * without problems: src/check/policies/config.ts), so what only looks for problems is left out here (the platform's
 * checks over each tree, unavailable functions, the validity of regular expressions): each thread pays for it
 * once per set otherwise, and it changes nothing in what is compiled.
 */
export function compiledByKind(set: PolicySet): CompiledPolicies {
  const done = new Map<string, CompiledKind | undefined>();
  return {
    forKind(kind) {
      if (!done.has(kind)) done.set(kind, compileKind(set, kind));
      return done.get(kind);
    },
  };
}

function compileKind(set: PolicySet, kind: string): CompiledKind | undefined {
  const env = kindEnvironment(set, kind);
  if (!env) return undefined;
  const policies: CompiledPolicy[] = [];
  const fieldsRead = new Set<string>();
  set.policies.forEach((policy, index) => {
    if (!policy.kinds.includes(kind)) return;
    const problems: PolicyProblem[] = [];
    const compiled = compilePolicy(policy, index, env, problems, true);
    if (!compiled || problems.length > 0) return;
    policies.push(compiled);
    for (const f of fieldsOf(compiled)) fieldsRead.add(f);
  });
  return { policies, fieldsRead };
}

/** Compiles a policy for a kind; `checked`: the set was checked, compile without looking for problems (compiledByKind). */
function compilePolicy(policy: PolicySource, index: number, kind: KindEnvironment, problems: PolicyProblem[], checked: boolean): CompiledPolicy | undefined {
  const base: Path = ['policies', index];
  const types = kind.types;
  const fields = (t: string) => types.types[t];
  // variables: each sees the ones before it
  const variables: { name: string; compiled: Compiled; type: string }[] = [];
  const declared = policy.variables ?? [];
  // one class for the `variables` object in every environment of the policy (each declares the fields it sees);
  // without variables, the kind's environment has them already (declaring a type costs: src/check/policies/env.ts)
  const Vars = declared.length > 0 ? namedClass(VARIABLES_TYPE) : kind.noVariables;
  const envWith = (vars: readonly { name: string; type: string }[]): Environment => {
    if (declared.length === 0) return kind.env;
    const env = kind.objectOnly.clone();
    env.registerType(VARIABLES_TYPE, { ctor: Vars, fields: Object.fromEntries(vars.map((v) => [v.name, v.type])) } as never);
    env.registerVariable('variables', VARIABLES_TYPE);
    return env;
  };
  declared.forEach((v, i) => {
    const where = [...base, 'variables', i, 'expression'];
    const c = compileExpression(envWith(variables), v.expression, where, fields, undefined, problems, checked);
    if (c) variables.push({ name: v.name, compiled: c.compiled, type: fieldType(c.type) });
  });
  if (variables.length !== declared.length) return undefined;
  const env = envWith(variables);
  const matchConditions: CompiledPolicy['matchConditions'] = [];
  (policy.matchConditions ?? []).forEach((m, i) => {
    const c = compileExpression(env, m.expression, [...base, 'matchConditions', i, 'expression'], fields, 'bool', problems, checked);
    if (c) matchConditions.push({ name: m.name, compiled: c.compiled });
  });
  const validations: CompiledValidation[] = [];
  policy.validations.forEach((v, i) => {
    const at: Path = [...base, 'validations', i];
    let from = types.root;
    let forEach: Segment[] | undefined;
    let venv = env;
    if (v.forEach !== undefined) {
      const parsed = parsePath(v.forEach, true);
      if ('problem' in parsed) return void problems.push({ path: [...at, 'forEach'], message: parsed.problem.message, span: parsed.problem });
      if (!parsed.segments.some((s) => s.kind === 'all')) {
        return void problems.push({ path: [...at, 'forEach'], message: '`forEach` names the items to check with `[*]` (`authorizers[*]`); for one place, use `reportAt`' });
      }
      const t = typeAt(types, types.root, parsed.segments);
      if ('problem' in t) return void problems.push({ path: [...at, 'forEach'], message: t.problem.message, span: t.problem });
      forEach = parsed.segments;
      from = t.type;
      venv = withSelf(env, fieldType(from));
    }
    let reportAt: Path = [];
    if (v.reportAt !== undefined) {
      const parsed = parsePath(v.reportAt, false);
      if ('problem' in parsed) return void problems.push({ path: [...at, 'reportAt'], message: parsed.problem.message, span: parsed.problem });
      const t = typeAt(types, from, parsed.segments);
      if ('problem' in t) return void problems.push({ path: [...at, 'reportAt'], message: t.problem.message, span: t.problem });
      reportAt = staticPath(parsed.segments);
    }
    const expression = compileExpression(venv, v.expression, [...at, 'expression'], fields, 'bool', problems, checked);
    const message = v.messageExpression === undefined ? undefined : compileExpression(venv, v.messageExpression, [...at, 'messageExpression'], fields, 'string', problems, checked);
    if (!expression || (v.messageExpression !== undefined && !message)) return;
    validations.push({
      expression: expression.compiled,
      ...(v.message !== undefined ? { message: v.message } : {}),
      ...(message ? { messageExpression: message.compiled } : {}),
      ...(forEach ? { forEach } : {}),
      reportAt,
    });
  });
  if (validations.length !== policy.validations.length || matchConditions.length !== (policy.matchConditions ?? []).length) return undefined;
  return { source: policy, kind, matchConditions, variables: variables.map(({ name, compiled }) => ({ name, compiled })), variablesClass: Vars, validations };
}

/** The field names a compiled policy selects or names in its paths. */
function fieldsOf(policy: CompiledPolicy): Set<string> {
  const out = new Set<string>();
  const programs = [
    ...policy.matchConditions.map((m) => m.compiled),
    ...policy.variables.map((v) => v.compiled),
    ...policy.validations.flatMap((v) => [v.expression, ...(v.messageExpression ? [v.messageExpression] : [])]),
  ];
  for (const c of programs) for (const f of c.selects) out.add(f);
  for (const v of policy.validations) {
    for (const s of v.forEach ?? []) if (s.kind === 'field') out.add(s.name);
    for (const seg of v.reportAt) if (typeof seg === 'string') out.add(seg);
  }
  return out;
}

/**
 * An environment with `self` of a type, beside `env`: one per environment and type, shared by the validations
 * that iterate items of the same type (an environment that only adds a variable is cheap, but not free, and
 * each thread that lints makes them again).
 */
const selfEnvironments = new WeakMap<Environment, Map<string, Environment>>();

function withSelf(env: Environment, self: string): Environment {
  let byType = selfEnvironments.get(env);
  if (!byType) selfEnvironments.set(env, (byType = new Map()));
  let out = byType.get(self);
  if (!out) {
    out = env.clone();
    out.registerVariable('self', self);
    byType.set(self, out);
  }
  return out;
}

/** A checked type as a field type of the `variables` object (`list` → `list<dyn>`, type parameters → `dyn`). */
function fieldType(t: string): string {
  if (t === 'list') return 'list<dyn>';
  if (t === 'map') return 'map<dyn, dyn>';
  return t.replace(/(?<![A-Za-z0-9_.])[A-Z](?![A-Za-z0-9_.])/g, 'dyn');
}

/** What a call of a function platlint does not evaluate is, or undefined. */
function unavailableCall(src: string, ast: unknown): { message: string; start: number; end: number } | undefined {
  let first: { message: string; start: number; end: number } | undefined;
  for (const n of walk(ast)) {
    if ((n.op !== 'call' && n.op !== 'rcall') || !Array.isArray(n.args) || typeof n.args[0] !== 'string') continue;
    const name = n.args[0];
    const what = Object.prototype.hasOwnProperty.call(UNAVAILABLE, name) ? UNAVAILABLE[name] : undefined;
    if (!what) continue;
    const r = n.op === 'rcall' ? methodNameRange(src, n as never, name) : { start: rangeOf(n).start, end: rangeOf(n).start + name.length };
    // the first call in the text
    if (!first || r.start < first.start) first = { message: `\`${name}()\` is not available in policies: platlint does not evaluate ${what}`, ...r };
  }
  return first;
}

const REGEX_CALLS = new Set(['matches', 'find', 'findAll']);

function isStringLiteral(n: unknown): n is AstNode & { args: string } {
  return n !== null && typeof n === 'object' && (n as AstNode).op === 'value' && typeof (n as AstNode).args === 'string';
}

/**
 * The regular expressions of an expression: each must be a string literal (checked and compiled once, for
 * the linear-time engine), returned with the method calls of the library's own `matches`, which the runner
 * evaluates with that engine instead.
 */
function regexCalls(ast: unknown, checked: boolean): { problem?: { message: string; start: number; end: number }; matches: { node: AstNode; pattern: string }[] } {
  const matches: { node: AstNode; pattern: string }[] = [];
  for (const n of walk(ast)) {
    if (!Array.isArray(n.args) || typeof n.args[0] !== 'string' || !REGEX_CALLS.has(n.args[0])) continue;
    const pattern = n.op === 'rcall' ? (n.args[2] as unknown[])?.[0] : n.op === 'call' && n.args[0] === 'matches' ? (n.args[1] as unknown[])?.[1] : undefined;
    if (pattern === undefined) continue;
    if (!isStringLiteral(pattern)) {
      if (checked) continue; // not in a checked set: it was refused
      const r = rangeOf(pattern as AstNode);
      return { problem: { message: `in a policy, the pattern of \`${n.args[0]}()\` is a string literal, so that it is checked once, when the configuration is loaded`, ...r }, matches };
    }
    const why = checked ? undefined : regexProblem(pattern.args);
    if (why) return { problem: { message: `invalid regular expression \`${pattern.args}\`: ${why}`, ...rangeOf(pattern) }, matches };
    if (n.op === 'rcall' && n.args[0] === 'matches') matches.push({ node: n, pattern: pattern.args });
  }
  return { matches };
}

type Evaluator = { run(node: unknown, ctx: unknown): unknown };

function compileExpression(
  env: Environment,
  src: string,
  where: Path,
  fields: (t: string) => Readonly<Record<string, string>> | undefined,
  result: 'bool' | 'string' | undefined,
  problems: PolicyProblem[],
  checked: boolean,
): { compiled: Compiled; type: string } | undefined {
  const fail = (message: string, span?: { start: number; end: number }) => {
    problems.push({ path: where, message, ...(span ? { span } : {}) });
    return undefined;
  };
  // a call of a function platlint does not evaluate: said first, at the call (the type checker would only
  // say that the function is unknown); the tree is parsed again only when the expression has a problem
  const unavailable = (ast?: unknown) => {
    try {
      return unavailableCall(src, ast ?? env.parse(src).ast);
    } catch {
      return undefined; // a syntax error: compileIn reports it
    }
  };
  let compiled: CelCompiled;
  try {
    compiled = compileIn(env, src, fields, 0, !checked);
  } catch (err) {
    const call = unavailable();
    if (call) return fail(call.message, call);
    // a failure of the library on an odd expression: the configuration's problem to see, not a crash
    return fail(`platlint's CEL library failed on this expression (${err instanceof Error ? err.message.split('\n')[0] : String(err)})`);
  }
  const { outcome, program } = compiled;
  const call = checked ? undefined : unavailable(outcome.status === 'ok' ? program!.ast : undefined);
  if (call) return fail(call.message, call);
  if (outcome.status === 'error') return fail(outcome.message, outcome);
  if (outcome.status === 'unsupported') return fail(outcome.message, outcome.start !== undefined ? { start: outcome.start, end: outcome.end ?? outcome.start + 1 } : undefined);
  const type = outcome.type;
  if (result !== undefined && type !== result && type !== 'dyn') {
    return fail(`${result === 'bool' ? 'an expression' : 'a messageExpression'} must evaluate to \`${result}\`, but this one gives \`${type}\``, { start: 0, end: src.length });
  }
  const regex = regexCalls(program!.ast, checked);
  if (regex.problem) return fail(regex.problem.message, regex.problem);
  const selects: string[] = [];
  for (const n of instrument(program!.ast)) if ((n.op === '.' || n.op === '.?') && Array.isArray(n.args) && typeof n.args[1] === 'string') selects.push(n.args[1]);
  for (const { node, pattern } of regex.matches) {
    const re = safeRegex(pattern);
    const receiver = (node.args as unknown[])[1];
    node.evaluate = function (ev: Evaluator, _ast: unknown, ctx: unknown) {
      charge(1);
      const s = ev.run(receiver, ctx);
      if (typeof s !== 'string') throw new PolicyEvalError('no_matching_overload', '`matches()` applies to a string');
      charge(s.length);
      return re.test(s);
    };
  }
  return { compiled: { src, program: program!, where, selects }, type: rawType(type) };
}

/** The library's notation of a type, from the platform's (`list(string)` → `list<string>`), for declarations. */
function rawType(t: string): string {
  return t.replace(/optional_type\(/g, 'optional(').replace(/\(/g, '<').replace(/\)/g, '>');
}


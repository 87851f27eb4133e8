/**
 * The CEL environments policies are compiled and evaluated in. One base environment per thread: the library's
 * standard functions and macros (which evaluate), the platform's extension functions that
 * src/check/policies/functions.ts implements, and the two-variable comprehensions and `sortBy`/`optMap`/`optFlatMap`
 * macros with evaluating implementations (each step metered: src/check/policies/budget.ts). What platlint does not
 * evaluate is not declared at all (functions.ts UNAVAILABLE). Then one environment per set of kinds a
 * configuration's policies name, with the object types of all of them (src/files/schema-types.ts), each
 * with a class of its own, and from it one per kind with `object`.
 *
 * Why one environment for all kinds: the library declares a `type()` overload for every object type it
 * registers, and the first function an environment declares copies every function of its parent and indexes
 * them again (about a millisecond each time, more while the code is cold). Environments that only declare
 * variables (`object`, `variables`, `self`) share their parent's functions, so the types are registered once.
 */
import type { Environment } from '@marcbachmann/cel-js';
import { celLibrary } from '../../services/cel.js';
import { expectBool, FUNCTIONS, identifier, NAMESPACES, pairTypes, type CelLibrary, type Checker, type MacroNode, type TypeDecl } from '../../services/cel-env.js';
import { implementations, PolicyEvalError, UrlValue } from './functions.js';
import { charge } from './budget.js';
import type { KindTypes, PolicySet } from './spec.js';

/** An object type's class: converted document values are instances of it (src/check/policies/convert.ts). */
export type ObjectClass = new () => object;

export interface KindEnvironment {
  /** The kind's environment with `object`, and `variables` of an object type without fields; clone it to add `self`. */
  env: Environment;
  /** The kind's environment with `object` only; clone it to declare the `variables` of a policy that has some. */
  objectOnly: Environment;
  /** The class of the `variables` object of a policy without variables. */
  noVariables: ObjectClass;
  /** The class of each object type. */
  classes: ReadonlyMap<string, ObjectClass>;
  types: KindTypes;
}

let base: Environment | undefined;
const bySet = new WeakMap<PolicySet, Map<string, KindEnvironment>>();

/**
 * The library's limits for policy expressions: the platform's nesting limit (250), and a tree of at most
 * 10,000 nodes (an expression of the configuration is at most 10,000 characters: the configuration schema).
 */
const LIMITS = { maxDepth: 250, maxAstNodes: 10_000, maxListElements: 1000, maxMapEntries: 1000, maxCallArguments: 32 };

/** The name of the type of the `variables` object. */
export const VARIABLES_TYPE = 'platlint.Variables';

/** The base environment of policies (one per thread). */
export function policyBase(): Environment {
  if (!base) {
    const lib = celLibrary();
    const env = new lib.Environment({ enableOptionalTypes: true, homogeneousAggregateLiterals: true, limits: LIMITS });
    env.registerType('plat.URL', UrlValue as unknown as ObjectClass);
    for (const [name, type] of Object.entries(NAMESPACES)) {
      if (name === 'format') continue; // the format library is not evaluated
      const Ns = namedClass(type);
      env.registerType(type, Ns);
      env.registerConstant(name, type, new Ns());
    }
    const impl = implementations(lib);
    for (const sig of FUNCTIONS) {
      const handler = impl[sig];
      if (handler) env.registerFunction(sig, handler as (...a: unknown[]) => unknown, { async: false } as never);
    }
    registerMacros(env, lib);
    base = env;
  }
  return base;
}

/**
 * The environment of a kind's documents, built once per thread and set of policies (the object types of every
 * kind the policies name are registered in one environment, on first use).
 */
export function kindEnvironment(set: PolicySet, kind: string): KindEnvironment | undefined {
  let envs = bySet.get(set);
  if (!envs) bySet.set(set, (envs = kindEnvironments(set)));
  return envs.get(kind);
}

function kindEnvironments(set: PolicySet): Map<string, KindEnvironment> {
  const shared = policyBase().clone();
  const names = namesIn(set);
  const classesOf = new Map<string, Map<string, ObjectClass>>();
  for (const [kind, types] of Object.entries(set.kinds)) {
    const reached = reachedTypes(types, names);
    const classes = new Map<string, ObjectClass>();
    for (const name of reached.keys()) classes.set(name, namedClass(name));
    // type names start with their kind's name (src/files/schema-types.ts): the kinds' types never clash
    for (const [name, fields] of reached) shared.registerType(name, { ctor: classes.get(name)!, fields } as never);
    classesOf.set(kind, classes);
  }
  // the `variables` of policies without any, beside `shared` (a policy with variables declares its own type of
  // the same name in a clone of `objectOnly`)
  const noVariables = namedClass(VARIABLES_TYPE);
  const withoutVariables = shared.clone();
  withoutVariables.registerType(VARIABLES_TYPE, { ctor: noVariables, fields: {} } as never);
  const out = new Map<string, KindEnvironment>();
  for (const [kind, types] of Object.entries(set.kinds)) {
    const objectOnly = shared.clone();
    objectOnly.registerVariable('object', types.root);
    const env = withoutVariables.clone();
    env.registerVariable('object', types.root);
    env.registerVariable('variables', VARIABLES_TYPE);
    out.set(kind, { env, objectOnly, noVariables, classes: classesOf.get(kind)!, types });
  }
  return out;
}

const IDENTIFIER = /[A-Za-z_][A-Za-z0-9_]*|`[^`]*`/g;

/**
 * Every name the policies of a set could select a field by: each identifier in their expressions (inside
 * string literals too), each backquoted name, each name of their `forEach` and `reportAt` paths. A field is
 * only ever read by selecting it (`.f`, `.?f`, `has(x.f)`: object types have no equality, no size and no
 * iteration), so a field whose name is not among these is never read: more names than needed, never fewer.
 */
function namesIn(set: PolicySet): Set<string> {
  const names = new Set<string>();
  const add = (text: string | undefined) => {
    for (const m of (text ?? '').matchAll(IDENTIFIER)) names.add(m[0].startsWith('`') ? m[0].slice(1, -1) : m[0]);
  };
  for (const p of set.policies) {
    for (const m of [...(p.matchConditions ?? []), ...(p.variables ?? [])]) add(m.expression);
    for (const v of p.validations) {
      add(v.expression);
      add(v.messageExpression);
      // path names may be quoted keys (`metadata.labels["example.com/team"]`): every run of name characters
      for (const path of [v.forEach, v.reportAt]) for (const part of (path ?? '').split(/[^A-Za-z0-9_-]+/)) if (part) names.add(part);
    }
  }
  return names;
}

/** The object types named in a type (`Role.PolicyRule` in `list<Role.PolicyRule>`). */
function objectTypesIn(type: string, types: KindTypes['types']): string[] {
  return type.split(/[<>,\s]+/).filter((t) => Object.prototype.hasOwnProperty.call(types, t));
}

/**
 * The object types of a kind that the policies can reach from its root through fields they name, with their
 * fields; a field they never name is `dyn` when its type is an object type left out (it is never read). A kind
 * has up to dozens of object types (the metadata of every object, managed fields, owner references …) and its
 * policies read a few: the others need not be declared to the library.
 */
function reachedTypes(types: KindTypes, names: ReadonlySet<string>): Map<string, Record<string, string>> {
  // the root, and any type an expression may name whole (a message literal, `Kind.Type{…}`)
  const reached = new Set<string>([types.root, ...Object.keys(types.types).filter((t) => t.split('.').every((part) => names.has(part)))]);
  const queue = [...reached];
  while (queue.length > 0) {
    const fields = types.types[queue.pop()!]!;
    for (const [field, type] of Object.entries(fields)) {
      if (!names.has(field)) continue;
      for (const t of objectTypesIn(type, types.types)) if (!reached.has(t)) (reached.add(t), queue.push(t));
    }
  }
  const out = new Map<string, Record<string, string>>();
  for (const name of reached) {
    const fields: Record<string, string> = {};
    for (const [field, type] of Object.entries(types.types[name]!)) fields[field] = objectTypesIn(type, types.types).every((t) => reached.has(t)) ? type : 'dyn';
    out.set(name, fields);
  }
  return out;
}

export function namedClass(name: string): ObjectClass {
  // a distinct class per type: the library knows object types by their constructor
  return { [name]: class {} }[name] as ObjectClass;
}

type Ctx = { forkWithVariable(name: string, type: TypeDecl): Ctx; iterValue?: unknown };
type MacroInput = { args: MacroNode[]; receiver: MacroNode };
type Evaluator = { run(node: unknown, ctx: unknown): unknown };


/** The (index or key, value) pairs of a list or map, each step charged one unit. */
function pairs(v: unknown): [unknown, unknown][] {
  let out: [unknown, unknown][];
  if (Array.isArray(v)) out = v.map((x, i) => [BigInt(i), x]);
  else if (v instanceof Map) out = [...v.entries()];
  else if (v !== null && typeof v === 'object') out = Object.entries(v);
  else throw new PolicyEvalError('invalid_comprehension_range', 'a comprehension ranges over a list or a map');
  charge(out.length);
  return out;
}

function truth(v: unknown): boolean {
  if (typeof v !== 'boolean') throw new PolicyEvalError('no_matching_overload', 'a predicate gave a value that is not a bool');
  return v;
}

type Mode = 'all' | 'exists' | 'existsOne' | 'transformList' | 'transformMap';

/**
 * A receiver macro with two iteration variables (the platform's two-variable comprehensions), typed as the
 * platform types them and evaluated here: `all` and `exists` follow CEL's rule that an error is ignored when
 * another element decides the result.
 */
function twoVarMacro(name: string, mode: Mode, filtered: boolean) {
  return ({ args, receiver }: MacroInput) => {
    const macro = {
      args,
      receiver,
      async: false,
      types: undefined as [TypeDecl, TypeDecl] | undefined,
      typeCheck(checker: Checker, _m: unknown, ctx: Ctx) {
        const recv = checker.check(receiver, ctx);
        const a = identifier(checker, args[0]!, name);
        const b = identifier(checker, args[1]!, name);
        macro.types = pairTypes(checker, recv);
        const [kt, vt] = macro.types;
        const inner = ctx.forkWithVariable(a, kt).forkWithVariable(b, vt);
        const rest = args.slice(2).map((n) => checker.check(n, inner));
        if (mode === 'all' || mode === 'exists' || mode === 'existsOne') {
          expectBool(checker, args[2]!, rest[0]!, name);
          return checker.getType('bool');
        }
        if (filtered) expectBool(checker, args[2]!, rest[0]!, name);
        const t = rest[rest.length - 1]!;
        return mode === 'transformList' ? checker.getType(`list<${t.name}>`) : checker.getType(`map<${kt.name}, ${t.name}>`);
      },
      evaluate(ev: Evaluator, _m: unknown, ctx: Ctx) {
        const [kt, vt] = macro.types!;
        const first = ctx.forkWithVariable((args[0]!.args as string), kt);
        const second = first.forkWithVariable(args[1]!.args as string, vt);
        const items = pairs(ev.run(receiver, ctx));
        const step = (k: unknown, v: unknown, node: MacroNode) => {
          first.iterValue = k;
          second.iterValue = v;
          return ev.run(node, second);
        };
        if (mode === 'all' || mode === 'exists') {
          let error: unknown;
          for (const [k, v] of items) {
            let r: boolean;
            try {
              r = truth(step(k, v, args[2]!));
            } catch (err) {
              error ??= err;
              continue;
            }
            if (mode === 'all' && !r) return false;
            if (mode === 'exists' && r) return true;
          }
          if (error !== undefined) throw error;
          return mode === 'all';
        }
        if (mode === 'existsOne') return items.filter(([k, v]) => truth(step(k, v, args[2]!))).length === 1;
        const list: unknown[] = [];
        const map: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
        for (const [k, v] of items) {
          if (filtered && !truth(step(k, v, args[2]!))) continue;
          const out = step(k, v, args[args.length - 1]!);
          if (mode === 'transformList') list.push(out);
          else map[String(k)] = out;
        }
        return mode === 'transformList' ? list : map;
      },
    };
    return macro;
  };
}

function registerMacros(env: Environment, lib: CelLibrary): void {
  const reg = (sig: string, handler: (input: MacroInput) => unknown) => env.registerFunction(sig, handler as never);
  for (const recv of ['list', 'map']) {
    reg(`${recv}.all(ast, ast, ast): bool`, twoVarMacro('all', 'all', false));
    reg(`${recv}.exists(ast, ast, ast): bool`, twoVarMacro('exists', 'exists', false));
    reg(`${recv}.existsOne(ast, ast, ast): bool`, twoVarMacro('existsOne', 'existsOne', false));
    reg(`${recv}.exists_one(ast, ast, ast): bool`, twoVarMacro('exists_one', 'existsOne', false));
    reg(`${recv}.transformList(ast, ast, ast): list<dyn>`, twoVarMacro('transformList', 'transformList', false));
    reg(`${recv}.transformList(ast, ast, ast, ast): list<dyn>`, twoVarMacro('transformList', 'transformList', true));
    reg(`${recv}.transformMap(ast, ast, ast): map<dyn, dyn>`, twoVarMacro('transformMap', 'transformMap', false));
    reg(`${recv}.transformMap(ast, ast, ast, ast): map<dyn, dyn>`, twoVarMacro('transformMap', 'transformMap', true));
  }
  // list.sortBy(e, keyExpr): the list ordered by a key computed per element
  reg('list.sortBy(ast, ast): list<dyn>', ({ args, receiver }) => {
    const macro = {
      args,
      receiver,
      async: false,
      type: undefined as TypeDecl | undefined,
      typeCheck(checker: Checker, _m: unknown, ctx: Ctx) {
        const recv = checker.check(receiver, ctx);
        const v = identifier(checker, args[0]!, 'sortBy');
        macro.type = recv.valueType ?? checker.getType('dyn');
        checker.check(args[1]!, ctx.forkWithVariable(v, macro.type));
        return recv.kind === 'list' ? recv : checker.getType('list<dyn>');
      },
      evaluate(ev: Evaluator, _m: unknown, ctx: Ctx) {
        const list = ev.run(receiver, ctx);
        if (!Array.isArray(list)) throw new PolicyEvalError('no_matching_overload', 'sortBy() sorts a list');
        const inner = ctx.forkWithVariable(args[0]!.args as string, macro.type!);
        const keyed = list.map((x) => {
          inner.iterValue = x;
          return { x, key: ev.run(args[1]!, inner) };
        });
        charge(list.length * Math.ceil(Math.log2(list.length + 1)));
        keyed.sort((a, b) => order(a.key, b.key));
        return keyed.map((k) => k.x);
      },
    };
    return macro;
  });
  // optional.optMap(v, expr) / optFlatMap(v, expr)
  for (const [name, flat] of [['optMap', false], ['optFlatMap', true]] as const) {
    reg(`optional.${name}(ast, ast): optional<dyn>`, ({ args, receiver }) => {
      const macro = {
        args,
        receiver,
        async: false,
        type: undefined as TypeDecl | undefined,
        typeCheck(checker: Checker, _m: unknown, ctx: Ctx) {
          const recv = checker.check(receiver, ctx);
          const v = identifier(checker, args[0]!, name);
          macro.type = recv.valueType ?? checker.getType('dyn');
          const t = checker.check(args[1]!, ctx.forkWithVariable(v, macro.type));
          if (flat) return t.kind === 'optional' ? t : checker.getType('optional<dyn>');
          return checker.getType(`optional<${t.name}>`);
        },
        evaluate(ev: Evaluator, _m: unknown, ctx: Ctx) {
          const opt = ev.run(receiver, ctx);
          if (!(opt instanceof lib.Optional)) throw new PolicyEvalError('no_matching_overload', `${name}() takes an optional`);
          if (!opt.hasValue()) return lib.Optional.none();
          const inner = ctx.forkWithVariable(args[0]!.args as string, macro.type!);
          inner.iterValue = opt.value();
          const out = ev.run(args[1]!, inner);
          return flat ? out : lib.Optional.of(out);
        },
      };
      return macro;
    });
  }
}

function order(a: unknown, b: unknown): number {
  if ((typeof a === 'bigint' || typeof a === 'number') && (typeof b === 'bigint' || typeof b === 'number')) return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  throw new PolicyEvalError('no_matching_overload', 'sortBy() keys have no order');
}

/**
 * The platform's CEL environments, built on `@marcbachmann/cel-js` (pinned; see ../shared/research/cel.md).
 * Only declarations: platlint never evaluates an expression, so every handler throws.
 * This module receives the library as an argument: it is loaded on first use (src/services/cel.ts).
 */
import type { Environment } from '@marcbachmann/cel-js';

export type CelLibrary = typeof import('@marcbachmann/cel-js');

/** The variable an expression site sees. */
export type CelVariable = 'claims' | 'user' | 'request';

const neverRun = (): never => {
  throw new Error('platlint never evaluates CEL');
};

/** Functions of the platform's CEL libraries that the library lacks (signatures in its notation). */
export const FUNCTIONS: readonly string[] = [
  // strings extension, version 2
  'string.charAt(int): string',
  'string.replace(string, string): string',
  'string.replace(string, string, int): string',
  'string.format(list<dyn>): string',
  'plat.StringsNamespace.quote(string): string',
  // sets extension
  'plat.SetsNamespace.contains(list<A>, list<A>): bool',
  'plat.SetsNamespace.equivalent(list<A>, list<A>): bool',
  'plat.SetsNamespace.intersects(list<A>, list<A>): bool',
  // lists extension, version 3 (sortBy is a macro, below)
  'list<A>.distinct(): list<A>',
  'list<A>.reverse(): list<A>',
  'list<A>.sort(): list<A>',
  'list<A>.slice(int, int): list<A>',
  'list<dyn>.flatten(): list<dyn>',
  'list<dyn>.flatten(int): list<dyn>',
  'plat.ListsNamespace.range(int): list<int>',
  'list<A>.first(): optional<A>',
  'list<A>.last(): optional<A>',
  // the platform's list library
  'list<A>.isSorted(): bool',
  'list<A>.sum(): A',
  'list<A>.min(): A',
  'list<A>.max(): A',
  'list<A>.indexOf(A): int',
  'list<A>.lastIndexOf(A): int',
  'list<A>.includes(A): bool',
  // regex library (and the standard global form of `matches`, which the library lacks)
  'matches(string, string): bool',
  'string.find(string): string',
  'string.findAll(string): list<string>',
  'string.findAll(string, int): list<string>',
  // URL library
  'url(string): plat.URL',
  'isURL(string): bool',
  'plat.URL.getScheme(): string',
  'plat.URL.getHost(): string',
  'plat.URL.getHostname(): string',
  'plat.URL.getPort(): string',
  'plat.URL.getEscapedPath(): string',
  'plat.URL.getQuery(): map<string, list<string>>',
  // IP library
  'ip(string): net.IP',
  'isIP(string): bool',
  'string(net.IP): string',
  'net.IP.family(): int',
  'net.IP.isUnspecified(): bool',
  'net.IP.isLoopback(): bool',
  'net.IP.isLinkLocalMulticast(): bool',
  'net.IP.isLinkLocalUnicast(): bool',
  'net.IP.isGlobalUnicast(): bool',
  'plat.IPNamespace.isCanonical(string): bool',
  // CIDR library
  'cidr(string): net.CIDR',
  'isCIDR(string): bool',
  'string(net.CIDR): string',
  'net.CIDR.containsIP(net.IP): bool',
  'net.CIDR.containsIP(string): bool',
  'net.CIDR.containsCIDR(net.CIDR): bool',
  'net.CIDR.containsCIDR(string): bool',
  'net.CIDR.ip(): net.IP',
  'net.CIDR.masked(): net.CIDR',
  'net.CIDR.prefixLength(): int',
  // quantity library
  'quantity(string): plat.Quantity',
  'isQuantity(string): bool',
  'plat.Quantity.sign(): int',
  'plat.Quantity.isInteger(): bool',
  'plat.Quantity.asInteger(): int',
  'plat.Quantity.asApproximateFloat(): double',
  'plat.Quantity.add(plat.Quantity): plat.Quantity',
  'plat.Quantity.add(int): plat.Quantity',
  'plat.Quantity.sub(plat.Quantity): plat.Quantity',
  'plat.Quantity.sub(int): plat.Quantity',
  'plat.Quantity.isGreaterThan(plat.Quantity): bool',
  'plat.Quantity.isLessThan(plat.Quantity): bool',
  'plat.Quantity.compareTo(plat.Quantity): int',
  // semver library
  'semver(string): plat.Semver',
  'semver(string, bool): plat.Semver',
  'isSemver(string): bool',
  'isSemver(string, bool): bool',
  'plat.Semver.major(): int',
  'plat.Semver.minor(): int',
  'plat.Semver.patch(): int',
  'plat.Semver.isGreaterThan(plat.Semver): bool',
  'plat.Semver.isLessThan(plat.Semver): bool',
  'plat.Semver.compareTo(plat.Semver): int',
  // format library
  'plat.FormatNamespace.named(string): optional<plat.NamedFormat>',
  ...[
    'dns1123Label',
    'dns1123Subdomain',
    'dns1035Label',
    'qualifiedName',
    'dns1123LabelPrefix',
    'dns1123SubdomainPrefix',
    'dns1035LabelPrefix',
    'labelValue',
    'uri',
    'uuid',
    'byte',
    'date',
    'datetime',
  ].map((f) => `plat.FormatNamespace.${f}(): plat.NamedFormat`),
  'plat.NamedFormat.validate(string): optional<list<string>>',
  // optional library additions
  'OptionalNamespace.ofNonZeroValue(A): optional<A>',
  'OptionalNamespace.unwrap(list<dyn>): list<dyn>',
  'list<dyn>.unwrapOpt(): list<dyn>',
  // standard conversions the library lacks
  'int(google.protobuf.Timestamp): int',
  'int(uint): int',
  'string(google.protobuf.Timestamp): string',
  'string(google.protobuf.Duration): string',
  'timestamp(google.protobuf.Timestamp): google.protobuf.Timestamp',
  'duration(google.protobuf.Duration): google.protobuf.Duration',
];


/** Object types of the extension libraries (opaque: no fields). */
export const OPAQUE_TYPES = ['plat.URL', 'net.IP', 'net.CIDR', 'plat.Quantity', 'plat.Semver', 'plat.NamedFormat'];
/** Namespace constants: a dotted call such as `sets.contains(a, b)` is a method of a constant. */
export const NAMESPACES: Record<string, string> = {
  sets: 'plat.SetsNamespace',
  strings: 'plat.StringsNamespace',
  lists: 'plat.ListsNamespace',
  format: 'plat.FormatNamespace',
};

/** Functions that the library offers but the platform's environment does not: reported as undeclared. */
export const NOT_IN_PLATFORM = new Set(['bind', 'json', 'hex', 'base64', 'at']);

function opaqueClass(name: string): new () => object {
  // A distinct class per type: the library keys types by constructor.
  return { [name]: class {} }[name] as new () => object;
}

export type Checker = {
  check(node: unknown, ctx: unknown): TypeDecl;
  getType(name: string): TypeDecl;
  createError(code: string, message: string, node: unknown): Error;
};
export type TypeDecl = { kind: string; name: string; keyType?: TypeDecl; valueType?: TypeDecl };
type Ctx = { forkWithVariable(name: string, type: TypeDecl): Ctx };
export type MacroNode = { op: string; args: unknown };
type MacroInput = { args: MacroNode[]; receiver: MacroNode; ast: MacroNode };

/** The variable name of a macro argument (shared with the policies' evaluating environment). */
export function identifier(checker: Checker, node: MacroNode, what: string): string {
  if (node.op === 'id' && typeof node.args === 'string') return node.args;
  throw checker.createError('invalid_macro_argument', `${what}: the variable must be a simple identifier`, node);
}

/** The (index or key, value) types a two-variable comprehension binds over a receiver. */
export function pairTypes(checker: Checker, t: TypeDecl): [TypeDecl, TypeDecl] {
  if (t.kind === 'list') return [checker.getType('int'), t.valueType ?? checker.getType('dyn')];
  if (t.kind === 'map') return [t.keyType ?? checker.getType('dyn'), t.valueType ?? checker.getType('dyn')];
  return [checker.getType('dyn'), checker.getType('dyn')];
}

export function expectBool(checker: Checker, node: MacroNode, t: TypeDecl, name: string): void {
  if (t.name !== 'bool' && t.name !== 'dyn') throw checker.createError('invalid_macro_argument', `${name}() predicate must return bool`, node);
}

/** A receiver macro with two iteration variables; `result` gives its type from the receiver and the checked arguments. */
function twoVarMacro(name: string, result: (checker: Checker, recv: TypeDecl, k: TypeDecl, v: TypeDecl, args: TypeDecl[], nodes: MacroNode[]) => TypeDecl) {
  return ({ args, receiver }: MacroInput) => ({
    args,
    receiver,
    async: false,
    typeCheck(checker: Checker, _m: unknown, ctx: Ctx) {
      const recv = checker.check(receiver, ctx);
      const a = identifier(checker, args[0]!, name);
      const b = identifier(checker, args[1]!, name);
      const [kt, vt] = pairTypes(checker, recv);
      const inner = ctx.forkWithVariable(a, kt).forkWithVariable(b, vt);
      const rest = args.slice(2);
      const types = rest.map((n) => checker.check(n, inner));
      return result(checker, recv, kt, vt, types, rest);
    },
    evaluate: neverRun,
  });
}

function listOf(checker: Checker, t: TypeDecl): TypeDecl {
  return checker.getType(`list<${t.name}>`);
}

function registerMacros(env: Environment): void {
  const reg = (sig: string, handler: (input: MacroInput) => unknown) => env.registerFunction(sig, handler as never);
  for (const recv of ['list', 'map']) {
    reg(`${recv}.all(ast, ast, ast): bool`, twoVarMacro('all', (c, _r, _k, _v, [p], [n]) => (expectBool(c, n!, p!, 'all'), c.getType('bool'))));
    reg(`${recv}.exists(ast, ast, ast): bool`, twoVarMacro('exists', (c, _r, _k, _v, [p], [n]) => (expectBool(c, n!, p!, 'exists'), c.getType('bool'))));
    reg(`${recv}.existsOne(ast, ast, ast): bool`, twoVarMacro('existsOne', (c, _r, _k, _v, [p], [n]) => (expectBool(c, n!, p!, 'existsOne'), c.getType('bool'))));
    reg(`${recv}.exists_one(ast, ast, ast): bool`, twoVarMacro('exists_one', (c, _r, _k, _v, [p], [n]) => (expectBool(c, n!, p!, 'exists_one'), c.getType('bool'))));
    reg(`${recv}.transformList(ast, ast, ast): list<dyn>`, twoVarMacro('transformList', (c, _r, _k, _v, [t]) => listOf(c, t!)));
    reg(`${recv}.transformList(ast, ast, ast, ast): list<dyn>`, twoVarMacro('transformList', (c, _r, _k, _v, [p, t], [n]) => (expectBool(c, n!, p!, 'transformList'), listOf(c, t!))));
    reg(`${recv}.transformMap(ast, ast, ast): map<dyn, dyn>`, twoVarMacro('transformMap', (c, _r, k, _v, [t]) => c.getType(`map<${k.name}, ${t!.name}>`)));
    reg(`${recv}.transformMap(ast, ast, ast, ast): map<dyn, dyn>`, twoVarMacro('transformMap', (c, _r, k, _v, [p, t], [n]) => (expectBool(c, n!, p!, 'transformMap'), c.getType(`map<${k.name}, ${t!.name}>`))));
    reg(`${recv}.transformMapEntry(ast, ast, ast): map<dyn, dyn>`, twoVarMacro('transformMapEntry', (c) => c.getType('map<dyn, dyn>')));
    reg(`${recv}.transformMapEntry(ast, ast, ast, ast): map<dyn, dyn>`, twoVarMacro('transformMapEntry', (c, _r, _k, _v, [p], [n]) => (expectBool(c, n!, p!, 'transformMapEntry'), c.getType('map<dyn, dyn>'))));
  }
  // list.sortBy(e, keyExpr): the list, ordered by a key computed per element.
  reg('list.sortBy(ast, ast): list<dyn>', ({ args, receiver }) => ({
    args,
    receiver,
    async: false,
    typeCheck(checker: Checker, _m: unknown, ctx: Ctx) {
      const recv = checker.check(receiver, ctx);
      const v = identifier(checker, args[0]!, 'sortBy');
      checker.check(args[1]!, ctx.forkWithVariable(v, recv.valueType ?? checker.getType('dyn')));
      return recv.kind === 'list' ? recv : checker.getType('list<dyn>');
    },
    evaluate: neverRun,
  }));
  // optional.optMap(v, expr) / optFlatMap(v, expr)
  for (const [name, flat] of [['optMap', false], ['optFlatMap', true]] as const) {
    reg(`optional.${name}(ast, ast): optional<dyn>`, ({ args, receiver }) => ({
      args,
      receiver,
      async: false,
      typeCheck(checker: Checker, _m: unknown, ctx: Ctx) {
        const recv = checker.check(receiver, ctx);
        const v = identifier(checker, args[0]!, name);
        const t = checker.check(args[1]!, ctx.forkWithVariable(v, recv.valueType ?? checker.getType('dyn')));
        if (flat) return t.kind === 'optional' ? t : checker.getType('optional<dyn>');
        return checker.getType(`optional<${t.name}>`);
      },
      evaluate: neverRun,
    }));
  }
}

/** Fields of the object types the variables have (innermost first: a type is registered before its users). */
export const OBJECT_FIELDS: Record<string, Record<string, string>> = {
  'plat.UserInfo': { username: 'string', uid: 'string', groups: 'list<string>', extra: 'map<string, list<string>>' },
  'plat.SelectorRequirement': { key: 'string', operator: 'string', values: 'list<string>' },
  'plat.FieldSelectorAttributes': { rawSelector: 'string', requirements: 'list<plat.SelectorRequirement>' },
  'plat.LabelSelectorAttributes': { rawSelector: 'string', requirements: 'list<plat.SelectorRequirement>' },
  'plat.ResourceAttributes': {
    namespace: 'string',
    verb: 'string',
    group: 'string',
    version: 'string',
    resource: 'string',
    subresource: 'string',
    name: 'string',
    fieldSelector: 'plat.FieldSelectorAttributes',
    labelSelector: 'plat.LabelSelectorAttributes',
  },
  'plat.NonResourceAttributes': { path: 'string', verb: 'string' },
  'plat.SubjectAccessReviewSpec': {
    user: 'string',
    uid: 'string',
    groups: 'list<string>',
    extra: 'map<string, list<string>>',
    resourceAttributes: 'plat.ResourceAttributes',
    nonResourceAttributes: 'plat.NonResourceAttributes',
  },
};
const REQUEST_TYPES = Object.keys(OBJECT_FIELDS).filter((t) => t !== 'plat.UserInfo');

/** The three environments, each with exactly one variable, built once per process. */
export function buildEnvironments(lib: CelLibrary): Record<CelVariable, Environment> {
  // the platform's parser limits nesting (250) but not the size of list and map literals
  const base = new lib.Environment({
    enableOptionalTypes: true,
    homogeneousAggregateLiterals: true,
    limits: { maxDepth: 250, maxListElements: 1e6, maxMapEntries: 1e6, maxCallArguments: 1e6 },
  });
  for (const t of OPAQUE_TYPES) base.registerType(t, opaqueClass(t));
  for (const [name, type] of Object.entries(NAMESPACES)) {
    const Ns = opaqueClass(type);
    base.registerType(type, Ns);
    base.registerConstant(name, type, new Ns());
  }
  const IpNs = opaqueClass('plat.IPNamespace');
  base.registerType('plat.IPNamespace', IpNs);
  base.registerConstant('ip', 'plat.IPNamespace', new IpNs());
  for (const sig of FUNCTIONS) base.registerFunction(sig, neverRun);
  // cel-go compares optionals of unifiable types (`x.validate(s) == optional.none()`); the library only
  // compares identical ones, so equality is declared for any two optionals.
  base.registerOperator('optional<dyn> == optional<dyn>', neverRun);
  // cel-go orders bytes (`b'a' < b'b'`); the library has no ordering operators for them
  for (const op of ['<', '<=', '>', '>=']) base.registerOperator(`bytes ${op} bytes`, neverRun);
  registerMacros(base);

  const claims = base.clone().registerVariable('claims', 'map<string, dyn>');

  const user = base.clone();
  user.registerType('plat.UserInfo', { fields: OBJECT_FIELDS['plat.UserInfo']! });
  user.registerOperator('plat.UserInfo == null', neverRun);
  user.registerVariable('user', 'plat.UserInfo');

  const request = base.clone();
  for (const name of REQUEST_TYPES) {
    request.registerType(name, { fields: OBJECT_FIELDS[name]! });
    request.registerOperator(`${name} == null`, neverRun);
  }
  request.registerVariable('request', 'plat.SubjectAccessReviewSpec');
  return { claims, user, request };
}

export interface KindTypes {
  root: string;
  types: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

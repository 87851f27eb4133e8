/**
 * The evaluation budget of policies. The CEL library limits what it parses (nesting depth, tree size, list
 * and map literals) but not what an evaluation does: a comprehension over a large list inside another, `in`
 * over a long list in a loop, `lists.range(1e9)`. So every node of a compiled policy's tree is instrumented
 * (`instrument`): evaluating a node costs one unit, and evaluating an operand of an operator or an argument
 * (receiver included) of a function costs its size on top: the characters of a string, the items of a list or
 * fields of a map, counted deeply, once per value (a comparison of two objects walks them both). Functions whose work is not bounded by their operands charge it themselves (`charge`: `lists.range`,
 * `sets.*`, `distinct`). Past the budget, the next unit throws BudgetExceeded, which the runner reports as
 * the policy's evaluation error; a comprehension that swallows errors (`exists`) stops paying for its
 * remaining steps after one unit each, and the runner checks the meter once the evaluation returns.
 *
 * This relies on the tree of @marcbachmann/cel-js 8.0.0 (pinned): each node's `meta` (its operator's
 * `evaluate`, a macro's expansion in `alternate` or its object in `macro`) and an own `evaluate` property
 * taking precedence over the prototype's. test/policies.test.ts covers it.
 */

/** Thrown when a policy has used its budget on a document. */
export class BudgetExceeded extends Error {
  constructor(readonly limit: number) {
    super(`exceeded the evaluation budget of ${limit} units`);
  }
}

/**
 * Thrown by platlint's implementations when a call cannot be evaluated; the policy's evaluation error names the
 * code, and `range` (set by the node that calls it) the characters of the expression.
 */
export class PolicyEvalError extends Error {
  range?: { start: number; end: number };
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

interface Meter {
  used: number;
  limit: number;
  exceeded: boolean;
}

/** The meter of the evaluation running now (evaluation is synchronous: one at a time per thread). */
let meter: Meter = { used: 0, limit: Infinity, exceeded: false };

/** Starts metering with `limit` units; returns the meter (read `used` and `exceeded` after evaluating). */
export function startMeter(limit: number): Meter {
  meter = { used: 0, limit, exceeded: false };
  return meter;
}

/** Charges `units` to the evaluation running now. */
export function charge(units: number): void {
  meter.used += units;
  if (meter.used > meter.limit) {
    meter.exceeded = true;
    throw new BudgetExceeded(meter.limit);
  }
}

/** Deep sizes of lists and maps, counted once per value (CEL values are immutable). */
const deepSizes = new WeakMap<object, number>();

/** The size an operand is charged: the characters of a string; the items and fields of a list or map, deeply. */
function sizeOf(v: unknown): number {
  if (typeof v === 'string') return v.length;
  if (v === null || typeof v !== 'object') return 0;
  let n = deepSizes.get(v);
  if (n === undefined) {
    n = 1;
    const values = Array.isArray(v) ? v : v instanceof Map ? [...v.values()] : Object.values(v);
    for (const x of values) n += sizeOf(x);
    deepSizes.set(v, n);
  }
  return n;
}

type Evaluate = (this: unknown, ev: unknown, ast: unknown, ctx: unknown) => unknown;

interface LibNode {
  op: string;
  start?: number;
  end?: number;
  args: unknown;
  meta: { evaluate: Evaluate; alternate?: LibNode & { evaluate: Evaluate }; macro?: { evaluate: Evaluate } };
  evaluate: Evaluate;
}

function isLibNode(v: unknown): v is LibNode {
  return v !== null && typeof v === 'object' && typeof (v as LibNode).op === 'string' && 'meta' in (v as object);
}

/** Operators whose work grows with their operands. */
const SIZED = new Set(['==', '!=', '<', '<=', '>', '>=', '+', '-', '*', '/', '%', 'in', 'call', 'rcall']);

/**
 * Instruments a checked tree (and the trees its macros expand to): each node's evaluation is metered. Call once
 * per compiled program, after type checking.
 */
export function instrument(root: unknown): void {
  const seen = new Set<unknown>();
  const operands = new Set<LibNode>();
  const nodes: LibNode[] = [];
  const stack: unknown[] = [root];
  while (stack.length) {
    const v = stack.pop();
    if (v === null || typeof v !== 'object' || seen.has(v)) continue;
    seen.add(v);
    if (Array.isArray(v)) {
      for (const x of v) stack.push(x);
      continue;
    }
    if (isLibNode(v)) {
      nodes.push(v);
      const meta = v.meta;
      if (SIZED.has(v.op) && !meta.macro && !meta.alternate && Array.isArray(v.args)) {
        // the operands: [l, r] of an operator; [name, args] of a call; [name, receiver, args] of a method
        const parts = v.op === 'call' ? (v.args[1] as unknown[]) : v.op === 'rcall' ? [v.args[1], ...(v.args[2] as unknown[])] : v.args;
        for (const p of parts ?? []) if (isLibNode(p)) operands.add(p);
      }
      stack.push(v.args);
      if (meta.alternate) stack.push(meta.alternate);
      if (meta.macro) stack.push(meta.macro);
      continue;
    }
    // the argument objects of expanded comprehensions and macros
    for (const k of Object.keys(v)) stack.push((v as Record<string, unknown>)[k]);
  }
  for (const node of nodes) {
    const meta = node.meta;
    const alternate = meta.alternate;
    const macro = meta.macro;
    const inner: Evaluate = alternate
      ? (ev, _ast, ctx) => alternate.evaluate(ev, alternate, ctx)
      : macro
        ? (ev, _ast, ctx) => macro.evaluate(ev, macro, ctx)
        : meta.evaluate;
    const sized = operands.has(node);
    node.evaluate = function (this: unknown, ev, ast, ctx) {
      if (++meter.used > meter.limit) {
        meter.exceeded = true;
        throw new BudgetExceeded(meter.limit);
      }
      let out: unknown;
      try {
        out = inner.call(this, ev, ast, ctx);
      } catch (err) {
        // an implementation's error learns where it was called
        if (err instanceof PolicyEvalError && !err.range) err.range = { start: node.start ?? 0, end: node.end ?? 0 };
        throw err;
      }
      if (sized) charge(sizeOf(out));
      return out;
    };
  }
}

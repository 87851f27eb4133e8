/**
 * The evaluation budget of policies. The CEL library limits what it parses (nesting depth, tree size, list
 * and map literals) but not what an evaluation does: a comprehension over a large list inside another, `in`
 * over a long list in a loop, `lists.range(1e9)`. So the nodes of a compiled policy's tree where work grows
 * are instrumented (`instrument`): each start of a comprehension costs the size of what it ranges over (so
 * its steps are paid for, nested ones at each start), each call one unit, and each operand of an operator or
 * argument (receiver included) of a function its size on top: the characters of a string, the items of a list
 * or fields of a map, counted deeply, once per value (a comparison of two objects walks them both). Every
 * other node costs a constant each time it runs, its number per step fixed by the expression. Functions whose
 * work is not bounded by their operands charge it themselves (`charge`: `lists.range`, `sets.*`, `distinct`,
 * `sort`, the two-variable comprehensions). Past the budget, the next charge throws BudgetExceeded, which the
 * runner reports as the policy's evaluation error; a comprehension that swallows errors (`exists`) stops
 * paying for its remaining steps, and the runner checks the meter once the evaluation returns.
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
const meter: Meter = { used: 0, limit: Infinity, exceeded: false };

/** Starts metering with `limit` units; returns the meter (read `used` and `exceeded` after evaluating). */
export function startMeter(limit: number): Meter {
  meter.used = 0;
  meter.limit = limit;
  meter.exceeded = false;
  return meter;
}

/**
 * One error for every charge past the budget: a comprehension that swallows errors (`exists`, `all`) goes on
 * with its remaining steps, each of which throws again at its first charge, and a new error's stack trace
 * would make each of those steps cost microseconds.
 */
let exceededError: BudgetExceeded | undefined;

function overBudget(): never {
  meter.exceeded = true;
  if (exceededError?.limit !== meter.limit) exceededError = new BudgetExceeded(meter.limit);
  throw exceededError;
}

/** Charges `units` to the evaluation running now. */
export function charge(units: number): void {
  meter.used += units;
  if (meter.used > meter.limit) overBudget();
}

/** Deep sizes of objects and maps, counted once per value (CEL values are immutable). */
const deepSizes = new WeakMap<object, number>();

/** The size an operand is charged: the characters of a string; the items and fields of a list or map, deeply. */
function sizeOf(v: unknown): number {
  if (typeof v === 'string') return v.length;
  if (v === null || typeof v !== 'object') return 0;
  if (Array.isArray(v)) {
    // lists are counted each time (most are short lists of strings: cheaper than remembering them)
    let n = v.length;
    for (const x of v) if (x !== null && typeof x === 'object') n += sizeOf(x);
    return n;
  }
  let n = deepSizes.get(v);
  if (n === undefined) {
    n = 1;
    for (const x of v instanceof Map ? v.values() : Object.values(v)) n += sizeOf(x);
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
 * per compiled program, after type checking. Returns the tree's nodes, the trees its macros expand to
 * included (comprehensions are `alternate`s), in the order of a depth-first walk.
 */
export function instrument(root: unknown): readonly { op: string; args: unknown }[] {
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
      // the list or map a comprehension ranges over: its size is charged at each start of the comprehension
      const iterable = v.op === 'comprehension' ? (v.args as { iterable?: unknown } | null)?.iterable : undefined;
      if (isLibNode(iterable)) operands.add(iterable);
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
    const sized = operands.has(node);
    const call = node.op === 'call' || node.op === 'rcall';
    // other nodes cost a constant each time they run (a selection, a variable, a literal, `&&`): their number
    // per run is fixed by the expression, and how often they run is charged where it grows, at the size of
    // what a comprehension ranges over
    if (!sized && !call) continue;
    const meta = node.meta;
    const alternate = meta.alternate;
    const macro = meta.macro;
    const inner: Evaluate = alternate
      ? (ev, _ast, ctx) => alternate.evaluate(ev, alternate, ctx)
      : macro
        ? (ev, _ast, ctx) => macro.evaluate(ev, macro, ctx)
        : meta.evaluate;
    if (call) {
      // a call: an implementation's error learns where it was called
      node.evaluate = function (this: unknown, ev, ast, ctx) {
        if (++meter.used > meter.limit) overBudget();
        let out: unknown;
        try {
          out = inner.call(this, ev, ast, ctx);
        } catch (err) {
          if (err instanceof PolicyEvalError && !err.range) err.range = { start: node.start ?? 0, end: node.end ?? 0 };
          throw err;
        }
        if (sized) charge(sizeOf(out));
        return out;
      };
    } else if (node.op === 'value') {
      // a literal: its value, so its size, is the same each time, and its evaluation cannot fail: the node's
      // unit and its size in one charge (past the budget either way exactly when the two charges would be)
      const value = node.args;
      const units = 1 + sizeOf(value);
      node.evaluate = () => {
        if ((meter.used += units) > meter.limit) overBudget();
        return value;
      };
    } else {
      node.evaluate = function (this: unknown, ev, ast, ctx) {
        if (++meter.used > meter.limit) overBudget();
        const out = inner.call(this, ev, ast, ctx);
        charge(sizeOf(out));
        return out;
      };
    }
  }
  return nodes;
}

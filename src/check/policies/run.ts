/**
 * Running a configuration's policies on a document: the findings of its failed validations, at their field
 * paths, like any rule's (src/check/run-rules.ts positions them), and `policy/evaluation-error` findings for
 * expressions that fail to evaluate. Nothing here throws on a document: an error of an expression is a
 * finding, never a crash and never a silent pass.
 *
 * Per policy and document: the match conditions decide whether the policy applies; `variables` are
 * evaluated on first use; each validation is evaluated on the document, or with `forEach` on each item (as
 * `self`), and reported at the item (or `reportAt` below it) when false. A messageExpression is evaluated on
 * a copy of the document whose secret values read `[redacted]`, so no part of a secret can reach a message,
 * which then goes through the redaction of every message (src/lint/lint.ts, src/redact.ts).
 */
import type { RuleFinding } from '../../define-rule.js';
import type { KindSpec } from '../../kinds/kinds.js';
import type { Path } from '../../path.js';
import { BudgetExceeded, PolicyEvalError, startMeter } from './budget.js';
import { compiledByKind, type Compiled, type CompiledPolicies, type CompiledPolicy, type CompiledValidation } from './compile.js';
import { converterOf, redactedCopy } from './convert.js';
import { eachItem, itemsAt, pathOf, type PathLink } from './paths.js';
import { EVALUATION_ERROR, MAX_MESSAGE, POLICY_BUDGET, type PolicySet } from './spec.js';

const compiledSets = new WeakMap<PolicySet, CompiledPolicies>();

/**
 * The compiled policies of a set, once per thread, kind by kind as the thread meets them (the configuration
 * loader seeds its own, compiled whole: rememberCompiled).
 */
function compiled(set: PolicySet): CompiledPolicies {
  let c = compiledSets.get(set);
  if (!c) compiledSets.set(set, (c = compiledByKind(set)));
  return c;
}

/** Keeps the programs the configuration loader compiled for a set, so that the thread that loaded it does not compile again. */
export function rememberCompiled(set: PolicySet, c: CompiledPolicies): void {
  compiledSets.set(set, c);
}

const kindSets = new WeakMap<PolicySet, ReadonlySet<string>>();

/** The kinds the policies of a set check. */
function kindsOf(set: PolicySet): ReadonlySet<string> {
  let kinds = kindSets.get(set);
  if (!kinds) kindSets.set(set, (kinds = new Set(set.policies.flatMap((p) => p.kinds))));
  return kinds;
}

/** An expression that failed inside a variable it read. */
class VariableFailed extends Error {
  constructor(
    readonly variable: Compiled,
    readonly failure: unknown,
  ) {
    super('variable failed');
  }
}

type Activation = { object: unknown; variables: object; self?: unknown };

/**
 * Evaluates a compiled expression, without stack traces: what it throws is never shown with its stack (the
 * runner turns it into a finding by its code, or the budget's error goes up), and the library throws an error
 * for each field an evaluation reads that is not set (`self.resources` left of an `||` that then holds, on
 * every item without it), whose stack trace costs more to capture than the whole evaluation.
 */
function evaluate(c: Compiled, act: Activation): unknown {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return c.program(act);
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/** The `variables` object of a document: each variable evaluated on first use, once. */
function variablesOf(policy: CompiledPolicy, object: unknown): object {
  const vars = new policy.variablesClass();
  if (policy.variables.length === 0) return vars;
  const act: Activation = { object, variables: vars };
  for (const v of policy.variables) {
    let done = false;
    let value: unknown;
    Object.defineProperty(vars, v.name, {
      enumerable: true,
      get() {
        if (!done) {
          try {
            value = evaluate(v.compiled, act);
          } catch (err) {
            throw err instanceof VariableFailed || err instanceof BudgetExceeded ? err : new VariableFailed(v.compiled, err);
          }
          done = true;
        }
        return value;
      },
    });
  }
  return vars;
}

/** What runs on a document of a kind: its enabled policies, and the converter of its documents (toCel). */
interface Plan {
  policies: readonly CompiledPolicy[];
  convert: (value: unknown) => unknown;
}

/**
 * The plan of each kind, kept per `enabled` function (one per configuration: see enabledIn in src/lint/lint.ts);
 * null for a kind no enabled policy checks. One lookup per document: the runner is on the path of every
 * document of a run.
 */
const plansByEnabled = new WeakMap<(ruleId: string) => boolean, Map<string, Plan | null>>();

function planOf(set: PolicySet, kind: string, enabled: (ruleId: string) => boolean): Plan | null {
  let plans = plansByEnabled.get(enabled);
  if (!plans) plansByEnabled.set(enabled, (plans = new Map()));
  let plan = plans.get(kind);
  if (plan === undefined) {
    plan = null;
    if (kindsOf(set).has(kind)) {
      const forKind = compiled(set).forKind(kind);
      const policies = (forKind?.policies ?? []).filter((p) => enabled(p.source.id));
      if (policies.length > 0) plan = { policies, convert: converterOf(policies[0]!.kind, forKind!.fieldsRead) };
    }
    plans.set(kind, plan);
  }
  return plan;
}

/** Runs the enabled policies of a kind on a document; findings carry paths from the document's root. */
export function policyFindings(value: unknown, kind: KindSpec, set: PolicySet, enabled: (ruleId: string) => boolean): RuleFinding[] {
  const plan = planOf(set, kind.kind, enabled);
  if (plan === null) return [];
  const out: RuleFinding[] = [];
  const object = plan.convert(value);
  if (object === undefined) return [];
  const doc: Doc = { object, sensitive: kind.sensitive, redacted: undefined };
  for (const policy of plan.policies) runPolicy(policy, doc, out);
  return out;
}

/** A document being checked: its CEL value, and the copy of it a messageExpression sees, made on first use. */
interface Doc {
  object: unknown;
  sensitive: KindSpec['sensitive'];
  redacted: unknown;
}

function redactedObject(doc: Doc): unknown {
  if (doc.redacted === undefined) doc.redacted = redactedCopy(doc.object, doc.sensitive);
  return doc.redacted;
}

/** The activation of a policy's validations: one per run, its `self` set for each item of a `forEach`. */
type ItemActivation = { object: unknown; variables: object; self: unknown };

function runPolicy(policy: CompiledPolicy, doc: Doc, out: RuleFinding[]): void {
  const meter = startMeter(POLICY_BUDGET);
  const id = policy.source.id;
  const object = doc.object;
  const variables = variablesOf(policy, object);
  let messageVariables: object | undefined;
  try {
    if (policy.matchConditions.length > 0) {
      const act: Activation = { object, variables };
      for (const m of policy.matchConditions) {
        let r: unknown;
        try {
          r = evaluate(m.compiled, act);
        } catch (err) {
          if (err instanceof BudgetExceeded) throw err;
          out.push(evaluationError(id, m.compiled, err, []));
          return;
        }
        if (meter.exceeded) throw new BudgetExceeded(meter.limit);
        if (r !== true) {
          if (r !== false) out.push(evaluationError(id, m.compiled, new PolicyEvalError('not_bool', 'not a bool'), []));
          return;
        }
      }
    }
    let docAct: Activation | undefined;
    let itemAct: ItemActivation | undefined;
    for (const v of policy.validations) {
      if (!v.forEach) {
        check(v, (docAct ??= { object, variables }), undefined);
        continue;
      }
      itemAct ??= { object, variables, self: undefined };
      const act = itemAct;
      eachItem(object, v.forEach, (self, at) => {
        act.self = self;
        check(v, act, at);
      });
    }
  } catch (err) {
    if (!(err instanceof BudgetExceeded)) throw err;
    out.push({
      ruleId: EVALUATION_ERROR,
      message: `policy \`${id}\` stopped on this document: it used its evaluation budget of ${POLICY_BUDGET.toLocaleString('en-US')} units (see "Budget" in docs/policies.md); simplify its expressions, or narrow them with matchConditions`,
      path: [],
      target: 'value',
    });
  }

  /** Evaluates a validation on the document or an item (`at`: its path), and reports it when false. */
  function check(v: CompiledValidation, act: Activation, at: PathLink): void {
    let r: unknown;
    try {
      r = evaluate(v.expression, act);
    } catch (err) {
      if (err instanceof BudgetExceeded) throw err;
      out.push(evaluationError(id, v.expression, err, pathOf(at)));
      return;
    }
    if (meter.exceeded) throw new BudgetExceeded(meter.limit);
    if (r === true) return;
    const path = pathOf(at);
    if (r !== false) {
      out.push(evaluationError(id, v.expression, new PolicyEvalError('not_bool', 'not a bool'), path));
      return;
    }
    let message: string | undefined;
    if (v.messageExpression) {
      const redactedDoc = redactedObject(doc);
      messageVariables ??= variablesOf(policy, redactedDoc);
      const redactedSelf = v.forEach ? itemsAt(redactedDoc, path.map((seg) => (typeof seg === 'number' ? { kind: 'index' as const, index: seg, start: 0, end: 0 } : { kind: 'key' as const, key: seg, start: 0, end: 0 })))[0]?.self : undefined;
      try {
        const m = evaluate(v.messageExpression, v.forEach ? { object: redactedDoc, variables: messageVariables, self: redactedSelf } : { object: redactedDoc, variables: messageVariables });
        if (typeof m === 'string' && m.trim() !== '') message = oneLine(m);
        else out.push(evaluationError(id, v.messageExpression, new PolicyEvalError('empty_message', 'no message'), path));
      } catch (err) {
        if (err instanceof BudgetExceeded) throw err;
        out.push(evaluationError(id, v.messageExpression, err, path));
      }
      if (meter.exceeded) throw new BudgetExceeded(meter.limit);
    }
    out.push({
      ruleId: id,
      message: message ?? v.message ?? `failed: \`${excerpt(v.expression.src, 0, v.expression.src.length, 120)}\``,
      path: [...path, ...v.reportAt],
      target: 'value',
      severity: policy.source.severity,
    });
  }
}

/** A message on one line, at most MAX_MESSAGE characters. */
function oneLine(m: string): string {
  const line = m.replace(/\s*[\r\n]+\s*/g, ' ').trim();
  return line.length > MAX_MESSAGE ? `${line.slice(0, MAX_MESSAGE - 1)}…` : line;
}

function excerpt(src: string, start: number, end: number, max = 60): string {
  const text = src.slice(start, end).replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** What went wrong, by the library's error code: words of platlint's, never the library's text (which may quote values of the document). */
const WHAT: Readonly<Record<string, string>> = {
  no_such_key: 'it reads a field or key that is not set here; guard it with `has()` or `.?`',
  index_out_of_bounds: 'an index is out of range',
  index_out_of_range: 'an index is out of range',
  field_type_mismatch: 'a value has an unexpected type',
  list_item_type_mismatch: 'a value has an unexpected type',
  variable_type_mismatch: 'a value has an unexpected type',
  no_matching_overload: 'no function or operator applies to the values found',
  no_such_overload: 'no function or operator applies to the values found',
  division_by_zero: 'it divides by zero',
  modulus_by_zero: 'it divides by zero',
  numeric_overflow: 'an int overflows',
  invalid_argument: 'a function was given a value it cannot take',
  not_bool: 'it gives a value that is not a bool',
  empty_message: 'it gives no message (not a string, or an empty one)',
  optional_value_missing: '`value()` of an empty optional',
};

function evaluationError(id: string, c: Compiled, err: unknown, path: Path): RuleFinding {
  let where = c;
  let failure = err;
  let inVariable = '';
  if (err instanceof VariableFailed) {
    where = err.variable;
    failure = err.failure;
    inVariable = ' (a variable it reads)';
  }
  const e = failure as { code?: unknown; range?: { start: number; end: number } };
  const code = typeof e?.code === 'string' ? e.code : 'error';
  const what = WHAT[code] ?? (/conversion/.test(code) ? 'a conversion failed' : `evaluation failed (\`${code}\`)`);
  const range = e?.range && e.range.end > e.range.start ? { ...e.range } : { start: 0, end: where.src.length };
  // the library points at the field of a selection: show the whole selection (`self.webhook`, not `webhook`)
  while (range.start > 0 && /[\w.?]/.test(where.src[range.start - 1]!)) range.start--;
  const place = where.where.map((s) => (typeof s === 'number' ? `[${s}]` : `.${s}`)).join('').replace(/^\./, '').replace(/^policies\[\d+\]\./, '');
  return {
    ruleId: EVALUATION_ERROR,
    message: `policy \`${id}\` could not evaluate \`${excerpt(where.src, range.start, range.end)}\` in its ${place}${inVariable} on this ${path.length > 0 ? 'item' : 'document'}: ${what}`,
    path,
    target: 'value',
  };
}

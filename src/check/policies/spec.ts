/**
 * Policies: rules a team writes in CEL in `platlint.config.yaml` (`policies:`). This module holds their shapes
 * as plain data: what the configuration says, and the CEL types of the kinds they check. Plain data on
 * purpose: a `Config` crosses into worker threads by structured clone (src/files/parallel.ts) and into the cache
 * key (src/files/cache.ts); compiled programs do not, so each thread compiles the sources, the policies of a kind
 * when it first meets the kind (src/check/policies/run.ts).
 */
import type { Severity } from '../../finding.js';

/** A named CEL expression: a match condition or a variable. */
export interface NamedExpression {
  name: string;
  expression: string;
}

/** One check of a policy. */
export interface PolicyValidation {
  /** CEL that is true when the object is fine. */
  expression: string;
  message?: string;
  /** CEL giving the message (a string), evaluated on a copy of the object whose secret values read `[redacted]`. */
  messageExpression?: string;
  /**
   * The items the expression is evaluated on, one by one, as `self`: a path in the platform's notation with
   * `[*]` for every item of a list or value of a map (`authorizers[*]`, `rules[*].resources[*]`). A failure is
   * reported at the item.
   */
  forEach?: string;
  /** Where a failure is reported: a path relative to the item (with `forEach`) or to the document. */
  reportAt?: string;
}

/** A policy as the configuration states it (validated by the configuration's schema). */
export interface PolicySource {
  id: string;
  description: string;
  kinds: readonly string[];
  severity: Severity;
  matchConditions?: readonly NamedExpression[];
  variables?: readonly NamedExpression[];
  validations: readonly PolicyValidation[];
  /** 1-based line of the policy's entry in the configuration file (for `platlint explain`). */
  line?: number;
}

/**
 * The CEL types of one kind, made from its JSON Schemas (src/files/schema-types.ts): every object type with
 * its fields (field name → CEL type: `string`, `int`, `list<T>`, `map<string, T>`, another object type, `dyn`),
 * and the type of the document itself.
 */
export type { KindTypes } from '../../services/cel-env.js';
import type { KindTypes } from '../../services/cel-env.js';

/** What a configuration's policies are, as plain data: the policies, and the types of the kinds they name. */
export interface PolicySet {
  policies: readonly PolicySource[];
  kinds: Readonly<Record<string, KindTypes>>;
}

/** The rule id of an expression that fails to evaluate on a document. */
export const EVALUATION_ERROR = 'policy/evaluation-error';

/**
 * Rule areas a policy may not use: those of platlint's rule modules (read from the registry), and those the
 * engine and the configuration report under. A policy's id lives in its own area, so `rules:` and suppression
 * comments can never mean two rules by one id.
 */
export const RESERVED_AREAS: readonly string[] = ['config', 'document', 'input', 'internal', 'policy', 'schema', 'set', 'suppression', 'yaml'];

/**
 * The work one policy may do on one document (matching, variables, every validation and every item
 * together), in units of src/check/policies/budget.ts: each start of a comprehension costs the size of what it
 * ranges over, each call one unit, each operand of an operator or function its size (characters of a string,
 * items and fields of lists and maps, counted deeply). A realistic policy uses a few hundred units per
 * document; the worst expressions of test/policies.test.ts run out in well under a second.
 */
export const POLICY_BUDGET = 1_000_000;

/** The longest message a policy's messageExpression may give; longer ones are cut. */
export const MAX_MESSAGE = 500;

import type { KindSpec } from './kinds/kinds.js';
import type { Path } from './path.js';
import type { CelService } from './services/cel.js';
import type { Severity } from './finding.js';
import type { Target } from './parse/compose-locate.js';

export interface RuleDocs {
  /** Why the constraint matters. */
  rationale: string;
  /** How to fix a finding. */
  remediation: string;
  /** The spec section that states the constraint. */
  spec: string;
}

export interface RuleMeta {
  /** One line, used in listings. */
  description: string;
  severity: Severity;
  status: 'stable' | 'preview' | 'deprecated';
  docs: RuleDocs;
  /** Off unless the configuration turns it on (`rules: {id: warn}`): for checks most repositories do not want. */
  defaultOff?: true;
}

export interface ReportExtra {
  /** Underline the field's key instead of its value. */
  target?: 'key' | 'value';
  /** Other places that explain the finding (the first of two duplicates). */
  related?: { path: Path; message: string }[];
  /** A character range inside the string value (0-based, end exclusive), e.g. a CEL token. */
  span?: { start: number; end: number };
  /**
   * The text the reported key or value (by `target`) should have, when the fix is unambiguous and safe: a
   * deprecated name for its replacement, a typo for the only close match. The engine writes it in the
   * scalar's own quoting style; keys and values that are not plain or quoted scalars get no fix.
   */
  fix?: string;
  /**
   * Texts the reported key or value (by `target`) may have been meant to have, offered as suggestions only: a
   * person chooses one (a code action in an editor), `--fix` never applies them. For a change that would alter
   * what the platform does with the file, such as a misspelt verb that would then grant a permission. Written
   * in the scalar's own quoting style, like `fix`.
   */
  suggest?: readonly string[];
}

export interface RuleContext {
  readonly kind: KindSpec;
  report(path: Path, message: string, extra?: ReportExtra): void;
  /** Go duration text to nanoseconds (`10s` → 1e10), or undefined when it is not a duration. */
  duration(text: string): number | undefined;
  /** Bytes a standard base64 text decodes to, or undefined when it is not base64. */
  base64Length(text: string): number | undefined;
  /** Compiles and type-checks a CEL expression in the platform's environment (cached per run; the library loads on first use). */
  readonly cel: CelService;
}

export interface Rule {
  /** `<area>/<name>`, equal to the file path below `rules/`. */
  readonly id: string;
  /** Kind names the rule applies to, in every version that carries them (`AuthenticationConfiguration`). */
  readonly kinds: readonly string[];
  readonly meta: RuleMeta;
  /** Reads the document value and reports data paths; pure, synchronous, never positions. */
  check(value: unknown, ctx: RuleContext): void;
}

/**
 * The two characters around the index of a `related` location in a message (`relatedAt(0)`); private-use
 * characters, which no message of platlint writes otherwise.
 */
export const RELATED_AT = ['\uE000', '\uE001'] as const;

/**
 * Where a message names one of its finding's `related` locations (by index, default the first): the engine
 * writes its line and column there (`line 12, column 9`) when it places the finding. For a message that names
 * another entry of the same document (the entry a duplicate repeats, the wildcard an entry overlaps).
 */
export function relatedAt(index = 0): string {
  return `${RELATED_AT[0]}${index}${RELATED_AT[1]}`;
}

/** Declares a rule module; the identity function gives rule files one checked shape. */
export function defineRule(rule: Rule): Rule {
  if (!/^[a-z0-9-]+\/[a-z0-9-]+$/.test(rule.id)) throw new Error(`rule id ${rule.id} is not <area>/<name> in kebab-case`);
  if (rule.meta.description.includes('\n')) throw new Error(`rule ${rule.id}: the description is one line`);
  return rule;
}

/** A rule's report before the engine positions it. */
export interface RuleFinding {
  ruleId: string;
  message: string;
  path: Path;
  target: Target;
  extra?: ReportExtra;
  /** A finding inside a part checked as a kind of its own: that kind, and the length of the path to the part. */
  part?: { kind: string; apiVersion: string; depth: number };
  /** The rule's default severity, when the registry does not know the rule (a policy of the configuration). */
  severity?: Severity;
}

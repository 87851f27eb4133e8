import { RULES } from '../rules/index.js';
import type { Rule, ReportExtra, RuleContext } from './define-rule.js';
import { base64Length } from './services/base64.js';
import { celService } from './services/cel.js';
import { parseDuration } from './services/duration.js';
import type { KindSpec } from './kinds.js';
import type { Path } from './path.js';
import type { Target } from './source-map.js';

/** A rule's report before the engine positions it. */
export interface RuleFinding {
  ruleId: string;
  message: string;
  path: Path;
  target: Target;
  extra?: ReportExtra;
}

/** Thrown when a rule module fails: an internal error, never a silent pass. */
export class RuleCrash extends Error {
  constructor(readonly ruleId: string, cause: unknown) {
    super(`rule ${ruleId} failed: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

const BY_KIND = new Map<string, Rule[]>();
for (const rule of RULES) for (const k of rule.kinds) BY_KIND.set(k, [...(BY_KIND.get(k) ?? []), rule]);

/** Runs every enabled rule that applies to the document's kind, with one context for the document. */
export function runRules(value: unknown, kind: KindSpec, enabled: (ruleId: string) => boolean, rules: readonly Rule[] = BY_KIND.get(kind.kind) ?? []): RuleFinding[] {
  const out: RuleFinding[] = [];
  let current = '';
  const ctx: RuleContext = {
    kind,
    report(path: Path, message: string, extra?: ReportExtra) {
      out.push({ ruleId: current, message, path, target: extra?.target ?? 'value', ...(extra ? { extra } : {}) });
    },
    duration: parseDuration,
    base64Length,
    cel: celService,
  };
  for (const rule of rules) {
    if (!rule.kinds.includes(kind.kind) || !enabled(rule.id)) continue;
    current = rule.id;
    try {
      rule.check(value, ctx);
    } catch (err) {
      throw new RuleCrash(rule.id, err);
    }
  }
  return out;
}

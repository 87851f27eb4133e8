/**
 * Where CEL expressions sit in each kind, with the variable they see and the type they must give. One table
 * drives every `cel/*` rule: adding a site is one row.
 */
import type { Path } from '../path.js';
import type { CelResultType, CelVariable } from './cel.js';

export interface CelSite {
  /** Data path pattern; `*` stands for every item of a list. */
  pattern: readonly string[];
  variable: CelVariable;
  result: CelResultType;
  /** What the expression is, for messages: `a claim validation rule`. */
  label: string;
  /**
   * Whether the platform checks the static result type when it loads the file (`cel/result-type`, an error):
   * validation rules and match conditions must be `bool`. Claim and extra mappings are compiled with any
   * result type and checked when a token is evaluated (`cel/mapping-type`, a warning).
   */
  typeCheckedAtLoad: boolean;
}

export const CEL_SITES: Record<string, readonly CelSite[]> = {
  AuthenticationConfiguration: [
    { pattern: ['jwt', '*', 'claimValidationRules', '*', 'expression'], variable: 'claims', result: 'bool', typeCheckedAtLoad: true, label: 'a claim validation rule' },
    { pattern: ['jwt', '*', 'claimMappings', 'username', 'expression'], variable: 'claims', result: 'string', typeCheckedAtLoad: false, label: 'a username mapping' },
    { pattern: ['jwt', '*', 'claimMappings', 'groups', 'expression'], variable: 'claims', result: 'string-or-list', typeCheckedAtLoad: false, label: 'a groups mapping' },
    { pattern: ['jwt', '*', 'claimMappings', 'uid', 'expression'], variable: 'claims', result: 'string', typeCheckedAtLoad: false, label: 'a uid mapping' },
    { pattern: ['jwt', '*', 'claimMappings', 'extra', '*', 'valueExpression'], variable: 'claims', result: 'string-or-list', typeCheckedAtLoad: false, label: 'an extra mapping' },
    { pattern: ['jwt', '*', 'userValidationRules', '*', 'expression'], variable: 'user', result: 'bool', typeCheckedAtLoad: true, label: 'a user validation rule' },
  ],
  AuthorizationConfiguration: [
    { pattern: ['authorizers', '*', 'webhook', 'matchConditions', '*', 'expression'], variable: 'request', result: 'bool', typeCheckedAtLoad: true, label: 'a match condition' },
  ],
};

/** Kinds that hold CEL expressions. */
export const CEL_KINDS = Object.keys(CEL_SITES);

export interface CelExpression {
  path: Path;
  expression: string;
  site: CelSite;
}

/** Every CEL expression of a document (strings only: the schema reports other shapes), in document order. */
export function celExpressions(kind: string, value: unknown): CelExpression[] {
  const out: CelExpression[] = [];
  for (const site of CEL_SITES[kind] ?? []) {
    const visit = (v: unknown, i: number, path: (string | number)[]) => {
      if (i === site.pattern.length) {
        if (typeof v === 'string') out.push({ path, expression: v, site });
        return;
      }
      const seg = site.pattern[i]!;
      if (seg === '*') {
        if (Array.isArray(v)) v.forEach((x, k) => visit(x, i + 1, [...path, k]));
      } else if (v !== null && typeof v === 'object' && !Array.isArray(v) && Object.prototype.hasOwnProperty.call(v, seg)) {
        visit((v as Record<string, unknown>)[seg], i + 1, [...path, seg]);
      }
    };
    visit(value, 0, []);
  }
  return out;
}

/**
 * The `policies:` of a configuration, when it is loaded (src/config/config.ts): what its schema cannot say (ids in
 * an area of their own, unique ids and names, kinds platlint has a schema for), then every expression and path
 * compiled against the kinds' types (src/check/policies/compile.ts). Each problem comes back at its place: a value
 * of the configuration, and for expressions and paths the characters inside it, so that the loader can give
 * the line and column of the exact character (exit 2, like any invalid configuration).
 */
import type { RuleMeta } from '../../define-rule.js';
import type { Path } from '../../path.js';
import { closestMatches } from '../../services/suggest.js';
import { compilePolicies } from './compile.js';
import { rememberCompiled } from './run.js';
import { kindTypes, policyKindNames } from './kind-types.js';
import { RESERVED_AREAS, type KindTypes, type PolicySet, type PolicySource } from './spec.js';
import type { PolicyProblem } from './compile.js';

/** The ids of the policies of a configuration's value (for `rules:`, read before the policies are checked). */
export function policyIds(value: Record<string, unknown>): string[] {
  const list = value.policies;
  if (!Array.isArray(list)) return [];
  return list.map((p: unknown) => (p as { id?: unknown } | null)?.id).filter((id): id is string => typeof id === 'string');
}

/**
 * Checks and compiles the policies of a schema-valid configuration value. `known` are the ids of platlint's own
 * rules (their areas are taken). Returns the plain-data set (undefined without policies) and the problems.
 * With `deferCompile`, a set that passes the checks of its structure comes back uncompiled, with `compile`:
 * the compilation and type checking of its expressions (the costly part), which gives their problems.
 */
export function loadPolicies(
  value: Record<string, unknown>,
  known: ReadonlySet<string>,
  lineOf: (path: Path) => number,
  deferCompile = false,
): { set?: PolicySet; problems: PolicyProblem[]; compile?: () => PolicyProblem[] } {
  const list = value.policies as PolicySource[] | undefined;
  if (!Array.isArray(list) || list.length === 0) return { problems: [] };
  const problems: PolicyProblem[] = [];
  const areas = new Set([...RESERVED_AREAS, ...[...known].map((id) => id.slice(0, id.indexOf('/')))]);
  const kindNames = policyKindNames();
  const seen = new Map<string, number>();
  const kinds: Record<string, KindTypes> = {};
  list.forEach((p, i) => {
    const area = p.id.slice(0, p.id.indexOf('/'));
    if (areas.has(area)) {
      problems.push({ path: ['policies', i, 'id'], message: `\`${area}/\` is an area of platlint's own rules; give policies an area of their own, such as \`team/\` or your organisation's name`, span: { start: 0, end: area.length } });
    }
    if (seen.has(p.id)) problems.push({ path: ['policies', i, 'id'], message: `policy \`${p.id}\` is defined twice (first at policies[${seen.get(p.id)}]); give each policy its own id` });
    else seen.set(p.id, i);
    p.kinds.forEach((k, j) => {
      if (kindNames.includes(k)) {
        kinds[k] ??= kindTypes(k)!;
        if (p.kinds.indexOf(k) !== j) problems.push({ path: ['policies', i, 'kinds', j], message: `kind \`${k}\` is listed twice` });
        return;
      }
      const near = closestMatches(k, kindNames);
      problems.push({ path: ['policies', i, 'kinds', j], message: `\`${k}\` is not a kind platlint checks${near.length ? `; did you mean \`${near[0]}\`?` : ''}` });
    });
    for (const list of ['matchConditions', 'variables'] as const) {
      const names = new Map<string, number>();
      (p[list] ?? []).forEach((m, j) => {
        if (names.has(m.name)) problems.push({ path: ['policies', i, list, j, 'name'], message: `name \`${m.name}\` is used twice in ${list}` });
        names.set(m.name, j);
      });
    }
  });
  const set: PolicySet = { policies: list.map((p, i) => ({ ...p, line: lineOf(['policies', i]) })), kinds };
  if (problems.length > 0) return { problems };
  const compile = (): PolicyProblem[] => {
    const { compiled, problems: found } = compilePolicies(set);
    if (found.length === 0) rememberCompiled(set, compiled);
    return found;
  };
  if (deferCompile) return { set, problems: [], compile };
  const found = compile();
  return found.length > 0 ? { problems: found } : { set, problems: [] };
}

/** A policy's documentation, as `platlint rules`, `platlint explain` and SARIF show a rule's: from its description and expressions. */
export function policyMeta(p: PolicySource, configFile: string): RuleMeta {
  const checks = p.validations.map((v) => `${v.forEach ? `for each \`${v.forEach}\`, ` : ''}\`${oneLine(v.expression)}\` must hold`);
  const when = (p.matchConditions ?? []).map((m) => `\`${oneLine(m.expression)}\``);
  return {
    description: p.description,
    severity: p.severity,
    status: 'stable',
    docs: {
      rationale: `A policy of this repository (${configFile}${p.line ? `, line ${p.line}` : ''}): ${checks.join('; ')}${when.length ? `, on documents where ${when.join(' and ')}` : ''}.`,
      remediation: p.validations.some((v) => v.message) ? `${p.validations.map((v) => v.message).filter(Boolean).join(' ')}` : 'Change the document so that the expression holds, or suppress the finding with a reason.',
      spec: `${configFile}${p.line ? `:${p.line}` : ''}`,
    },
  };
}

function oneLine(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/** The configuration's policies as rules for listings and reports (`platlint rules`, `explain`, SARIF); `configFile` as shown. */
export function policyRules(set: PolicySet | undefined, configFile: string): { id: string; meta: RuleMeta; kinds: string }[] {
  return (set?.policies ?? []).map((p) => ({ id: p.id, meta: policyMeta(p, configFile), kinds: p.kinds.join(', ') }));
}

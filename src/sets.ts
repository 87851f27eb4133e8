import { relative } from 'node:path';
import { BUILTIN_RULES } from './builtin-rules.js';
import { DEFAULT_CONFIG, effectiveSeverity, type Config } from './config.js';
import { compareDiagnostics, type LintResult, type LocatedDiagnostic, type LocatedSuppressed } from './lint.js';
import type { LocatedFact } from './objects.js';
import { redactDiagnostic } from './redact.js';
import { ADMIN_ROLES } from './services/rbac.js';
import { covers, unusedMessage } from './suppress.js';
import type { Position, Range } from './types.js';

/** Rules over the whole set of files of a run: their findings are made after every file is linted. */
export const SET_RULE = (ruleId: string): boolean => ruleId.startsWith('set/');

export interface SetOptions {
  config?: Config;
  /** A `roleRef` naming a role that no file of the set defines is an error (whole-repository runs). */
  resolveRefs?: boolean;
  /** Folder the file names in messages are relative to (default: process.cwd()). */
  cwd?: string;
}

/** Other definitions a duplicate's message names. */
const SHOWN_DUPLICATES = 3;

interface Where {
  file: LintResult;
  fact: LocatedFact;
}

function identity(kind: string, namespace: string, name: string): string {
  return `${kind}\u0000${namespace}\u0000${name}`;
}

function describe(kind: string, namespace: string, name: string): string {
  return namespace === '' ? `${kind} \`${name}\`` : `${kind} \`${name}\` in namespace \`${namespace}\``;
}

/**
 * Checks the set of files of one run as a whole: the same object defined twice, bindings whose `roleRef`
 * names a role the set defines as another kind or in another namespace (and, with `resolveRefs`, one it
 * does not define at all), RoleBindings of ClusterRoles whose non-resource URLs they cannot grant, and roles
 * of the set that grant everything bound to everyone of a kind. Adds the findings to the results in place (severities from the
 * configuration, suppression comments applied) and returns them.
 */
export function checkSet(results: LintResult[], options: SetOptions = {}): LintResult[] {
  const config = options.config ?? DEFAULT_CONFIG;
  const cwd = options.cwd ?? process.cwd();
  const where = (w: Where, r: Range & Position = w.fact.range) => `${relative(cwd, w.file.filePath) || w.file.filePath}:${r.line}:${r.column}`;
  const found = new Map<LintResult, LocatedDiagnostic[]>();
  const report = (w: Where, ruleId: string, message: string, r: Range & Position, path = w.fact.path) => {
    const severity = effectiveSeverity(config, ruleId, BUILTIN_RULES[ruleId]!.severity);
    if (severity === null) return;
    const d: LocatedDiagnostic = { ruleId, severity, message, path, range: { start: r.start, end: r.end }, document: w.fact.document, kind: w.fact.kind, apiVersion: w.fact.apiVersion, line: r.line, column: r.column, endLine: r.endLine, endColumn: r.endColumn };
    found.set(w.file, [...(found.get(w.file) ?? []), redactDiagnostic(d)]);
  };

  const byIdentity = new Map<string, Where[]>();
  const byName = new Map<string, Where[]>();
  for (const file of results) {
    for (const fact of file.objects ?? []) {
      const w = { file, fact };
      const id = identity(fact.kind, fact.namespace, fact.name);
      byIdentity.set(id, [...(byIdentity.get(id) ?? []), w]);
      if (fact.kind === 'Role' || fact.kind === 'ClusterRole') byName.set(fact.name, [...(byName.get(fact.name) ?? []), w]);
    }
  }

  for (const all of byIdentity.values()) {
    if (all.length < 2) continue;
    for (const w of all) {
      // name the first few other definitions: an object copied into hundreds of files must not make
      // hundreds of messages hundreds of locations long
      const others = [];
      for (const o of all) {
        if (o === w) continue;
        if (others.length === SHOWN_DUPLICATES) break;
        others.push(where(o));
      }
      const more = all.length - 1 - others.length;
      report(w, 'set/duplicate-object', `${describe(w.fact.kind, w.fact.namespace, w.fact.name)} is defined more than once: also at ${others.join(', ')}${more > 0 ? ` and ${more} more` : ''}`, w.fact.range);
    }
  }

  for (const file of results) {
    for (const fact of file.objects ?? []) {
      const ref = fact.roleRef;
      if (!ref || (fact.kind !== 'RoleBinding' && fact.kind !== 'ClusterRoleBinding')) continue;
      if (ref.kind !== 'Role' && ref.kind !== 'ClusterRole') continue; // an invalid kind: a per-document rule reports it
      if (fact.kind === 'ClusterRoleBinding' && ref.kind === 'Role') continue; // likewise
      const w = { file, fact };
      const roles = byName.get(ref.name) ?? [];
      // a namespace left out of a manifest is chosen when it is applied: it matches any namespace
      const sameNamespace = (r: Where) => fact.namespace === '' || r.fact.namespace === '' || r.fact.namespace === fact.namespace;
      const sameKind = roles.filter((r) => r.fact.kind === ref.kind);
      if (ref.kind === 'ClusterRole' && fact.kind === 'RoleBinding') {
        const withUrls = sameKind.find((r) => r.fact.nonResourceRule !== undefined);
        if (withUrls) {
          report(w, 'set/non-resource-urls-ignored', `ClusterRole \`${ref.name}\` grants non-resource URLs (${withUrls.fact.nonResourceRule}, ${where(withUrls)}), which a RoleBinding ignores: it grants only the role's namespaced permissions; bind the role with a ClusterRoleBinding to grant them`, ref.range, ref.path);
        }
      }
      const resolved = ref.kind === 'ClusterRole' ? sameKind[0] : sameKind.find(sameNamespace);
      if (resolved) {
        // a role of the set that grants everything, bound to everyone of a kind (the built-in admin roles are
        // a per-document rule: security/no-admin-binding-to-broad-groups)
        const all = resolved.fact.grantsAll;
        if (all !== undefined && !(ref.kind === 'ClusterRole' && ADMIN_ROLES.has(ref.name))) {
          for (const b of fact.broadSubjects ?? []) {
            const who = b.kind === 'User' ? 'user' : 'group';
            report(w, 'set/admin-like-role-bound-broadly', `${who} \`${b.name}\` (${b.audience}) is bound to ${ref.kind} \`${ref.name}\`, which grants every verb on every resource (${all}, ${where(resolved)}); bind it only to named users, groups or service accounts`, b.range, b.path);
          }
        }
        continue;
      }
      const otherKind = roles.filter((r) => r.fact.kind !== ref.kind && (r.fact.kind === 'ClusterRole' || sameNamespace(r)));
      if (otherKind.length > 0) {
        const o = otherKind[0]!;
        report(w, 'set/role-ref-mismatch', `\`roleRef\` names ${ref.kind} \`${ref.name}\`, but \`${ref.name}\` is a ${o.fact.kind} (${where(o)}); set \`roleRef.kind: ${o.fact.kind}\``, ref.range, ref.path);
      } else if (sameKind.length > 0) {
        const spaces = [...new Set(sameKind.map((r) => r.fact.namespace))].map((n) => `\`${n}\``).join(', ');
        report(w, 'set/role-ref-mismatch', `\`roleRef\` names Role \`${ref.name}\`, which is defined only in namespace ${spaces} (${where(sameKind[0]!)}); a RoleBinding in namespace \`${fact.namespace}\` can only use a Role of its own namespace`, ref.range, ref.path);
      } else if (options.resolveRefs) {
        report(w, 'set/role-ref-unresolved', `\`roleRef\` names ${ref.kind} \`${ref.name}\`, which no file of this run defines`, ref.range, ref.path);
      }
    }
  }

  for (const file of results) applySetFindings(file, found.get(file) ?? [], config);
  return results;
}

/** Adds a file's set findings, applying its deferred suppression comments, and reports the unused ones. */
function applySetFindings(file: LintResult, findings: LocatedDiagnostic[], config: Config): void {
  const directives = file.setDirectives ?? [];
  const used = new Set<string>();
  for (const d of findings) {
    const i = directives.findIndex((x) => x.rules.includes(d.ruleId) && covers(x.kind, x.line, d.line));
    if (i >= 0) {
      used.add(`${i}\u0000${d.ruleId}`);
      file.suppressed.push({ ...d, justification: directives[i]!.reason } as LocatedSuppressed);
    } else file.diagnostics.push(d);
  }
  directives.forEach((x, i) => {
    for (const r of x.rules) {
      if (used.has(`${i}\u0000${r}`)) continue;
      const severity = effectiveSeverity(config, 'suppression/unused', 'warning');
      if (severity === null) continue;
      const { line, column, endLine, endColumn, start, end } = x.range;
      file.diagnostics.push({
        ruleId: 'suppression/unused',
        severity,
        message: unusedMessage(r, x.kind),
        path: [],
        range: { start, end },
        document: -1,
        line,
        column,
        endLine,
        endColumn,
      });
    }
  });
  if (findings.length === 0 && directives.length === 0) return;
  file.diagnostics.sort(compareDiagnostics);
  file.errorCount = file.diagnostics.filter((d) => d.severity === 'error').length;
  file.warningCount = file.diagnostics.length - file.errorCount;
}

// The checks across the files of a run (set/…). No Node.js built-in: the browser bundle runs them too (src/browser.ts
// checkSet); paths come from the host (src/services/host.ts).
import { BUILTIN_RULES } from '../check/builtin-rules.js';
import { configFor, DEFAULT_CONFIG, effectiveSeverity, type Config } from '../config/config.js';
import { compareDiagnostics, type LintResult, type LocatedDiagnostic, type LocatedSuppressed } from '../lint/lint.js';
import type { LocatedFact } from '../kinds/objects.js';
import { BOOTSTRAP_CLUSTER_ROLES, BOOTSTRAP_ROLES, BOOTSTRAP_URL_ONLY_CLUSTER_ROLES, bootstrapRoleNamespaces } from '../services/bootstrap-roles.js';
import { redactDiagnostic } from '../redact.js';
import { ADMIN_ROLES } from '../services/rbac.js';
import { covers, unusedMessage } from '../lint/suppress.js';
import { host } from '../services/host.js';
import { platSpelling } from '../services/suggest.js';
import type { Position, Range } from '../finding.js';


export interface SetOptions {
  config?: Config;
  /**
   * Reporting a `roleRef` that names a role neither the files nor the platform define (set/role-ref-unresolved,
   * off by default): `true` (`--resolve-refs`) turns it on for every file whose configuration does not turn it
   * off; `false` or left out, it runs for the files whose configuration turns it on by its id (`rules`, an
   * override, `--rule`); `'never'` not at all (the language server, which sees one file alone and would
   * report every role of another file as undefined).
   */
  resolveRefs?: boolean | 'never';
  /** Folder the file names in messages are relative to (default: the host's working folder: process.cwd(), `/` in a browser). */
  cwd?: string;
  /**
   * The files of each declared deployment (absolute paths, see `deploymentGroups` in lint-files.ts). Files are
   * compared only inside one deployment; a file is always compared with itself.
   */
  deployments?: readonly ReadonlySet<string>[];
  /** Results of files read only for their objects (the unlinted files of a deployment): they get no findings. */
  context?: readonly LintResult[];
}

const UNRESOLVED = 'set/role-ref-unresolved';

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
 * The files of the deployments that a run touches (lints at least one file of) but does not lint: a
 * pre-commit run passes only the changed files, and these are read too so that the checks across files see
 * the whole deployment.
 */
export function unlintedDeploymentFiles(groups: readonly ReadonlySet<string>[], linted: readonly string[]): string[] {
  const seen = new Set(linted);
  const out = new Set<string>();
  for (const g of groups) {
    if (![...g].some((f) => seen.has(f))) continue;
    for (const f of g) if (!seen.has(f)) out.add(f);
  }
  return [...out].sort();
}

/** Whether a role the platform creates itself, or one the configuration names (`externalRoles`), answers a roleRef. */
function knownElsewhere(config: Config, kind: string, name: string, namespace: string): boolean {
  if (kind === 'ClusterRole' && BOOTSTRAP_CLUSTER_ROLES.has(name)) return true;
  if (kind === 'Role') {
    if (namespace === '' ? bootstrapRoleNamespaces(name).length > 0 : BOOTSTRAP_ROLES.has(`${namespace}/${name}`)) return true;
  }
  return (config.externalRoles ?? []).some(
    (r) => r.kind === kind && r.name === name && (kind === 'ClusterRole' || r.namespace === undefined || namespace === '' || r.namespace === namespace),
  );
}

/** What the platform creates under a name a roleRef could not resolve, as the end of the message. */
function platformHint(bindingKind: string, refKind: string, name: string): string {
  const spaces = (ns: string[]) => ns.map((n) => `\`${n}\``).join(', ');
  const namespaces = bootstrapRoleNamespaces(name);
  if (refKind === 'Role' && namespaces.length > 0) return `; the platform creates that Role only in namespace ${spaces(namespaces)}`;
  if (refKind === 'Role' && BOOTSTRAP_CLUSTER_ROLES.has(name)) return `; the platform's own \`${name}\` is a ClusterRole: set \`roleRef.kind: ClusterRole\``;
  if (refKind === 'ClusterRole' && bindingKind === 'RoleBinding' && namespaces.length > 0) return `; the platform's own \`${name}\` is a Role of namespace ${spaces(namespaces)}: set \`roleRef.kind: Role\``;
  const renamed = platSpelling(name);
  const known = refKind === 'ClusterRole' ? BOOTSTRAP_CLUSTER_ROLES.has(renamed) : bootstrapRoleNamespaces(renamed).length > 0;
  if (renamed !== name && known) return `; the platform creates \`${renamed}\`: did you mean it?`;
  return ' and the platform does not create';
}

/**
 * Checks the files of one run together: the same object defined twice, bindings whose `roleRef` names a
 * role defined as another kind or in another namespace (and, where `resolveRefs` or the configuration turns it on,
 * one that nothing defines),
 * RoleBindings of ClusterRoles whose non-resource URLs they cannot grant, and roles that grant everything
 * bound to everyone of a kind. Two files are compared only when one deployment holds both (each file is
 * compared with itself); the platform's bootstrap roles and the configuration's `externalRoles` always
 * resolve. Adds the findings to the results in place (severities from the configuration, suppression
 * comments applied) and returns them; `context` results only take part.
 */
export function checkSet(results: LintResult[], options: SetOptions = {}): LintResult[] {
  const config = options.config ?? DEFAULT_CONFIG;
  const { relative, resolve } = host().path;
  const cwd = options.cwd ?? resolve();
  const where = (w: Where, r: Range & Position = w.fact.range) => `${relative(cwd, w.file.filePath) || w.file.filePath}:${r.line}:${r.column}`;
  const found = new Map<LintResult, LocatedDiagnostic[]>();
  const severityOf = (file: LintResult, ruleId: string) =>
    ruleId === UNRESOLVED && options.resolveRefs === 'never' ? null : effectiveSeverity(configFor(config, file.filePath), ruleId, BUILTIN_RULES[ruleId]!.severity, ruleId === UNRESOLVED && options.resolveRefs === true);
  const report = (w: Where, ruleId: string, message: string, r: Range & Position, path = w.fact.path) => {
    const severity = severityOf(w.file, ruleId);
    if (severity === null) return;
    const d: LocatedDiagnostic = { ruleId, severity, message, path, range: { start: r.start, end: r.end }, document: w.fact.document, kind: w.fact.kind, apiVersion: w.fact.apiVersion, line: r.line, column: r.column, endLine: r.endLine, endColumn: r.endColumn };
    found.set(w.file, [...(found.get(w.file) ?? []), redactDiagnostic(d)]);
  };

  // the deployments each file belongs to; two files are compared when they share one
  const groupsOf = new Map<string, number[]>();
  (options.deployments ?? []).forEach((g, i) => {
    for (const f of g) groupsOf.set(f, [...(groupsOf.get(f) ?? []), i]);
  });
  const sees = (a: LintResult, b: LintResult) => {
    if (a === b || a.filePath === b.filePath) return true;
    const ga = groupsOf.get(a.filePath);
    const gb = groupsOf.get(b.filePath);
    return ga !== undefined && gb !== undefined && ga.some((g) => gb.includes(g));
  };

  const byIdentity = new Map<string, Where[]>();
  const byName = new Map<string, Where[]>();
  const all = [...results, ...(options.context ?? [])];
  for (const file of all) {
    for (const fact of file.objects ?? []) {
      const w = { file, fact };
      const id = identity(fact.kind, fact.namespace, fact.name);
      byIdentity.set(id, [...(byIdentity.get(id) ?? []), w]);
      if (fact.kind === 'Role' || fact.kind === 'ClusterRole') byName.set(fact.name, [...(byName.get(fact.name) ?? []), w]);
    }
  }
  const reported = new Set(results);

  for (const same of byIdentity.values()) {
    if (same.length < 2) continue;
    for (const w of same) {
      if (!reported.has(w.file)) continue;
      const visible = same.filter((o) => o !== w && sees(w.file, o.file));
      if (visible.length === 0) continue;
      // name the first few other definitions: an object copied into hundreds of files must not make
      // hundreds of messages hundreds of locations long
      const others = visible.slice(0, SHOWN_DUPLICATES).map((o) => where(o));
      const more = visible.length - others.length;
      report(w, 'set/duplicate-object', `${describe(w.fact.kind, w.fact.namespace, w.fact.name)} is defined more than once: also at ${others.join(', ')}${more > 0 ? ` and ${more} more` : ''}`, w.fact.range);
    }
  }

  // the message of an unresolved reference when the run defines a role of that name that the binding's file does
  // not see: for a file of a deployment, one of its kind and namespace in another deployment or in a file of no
  // deployment (others of its own deployment are set/role-ref-mismatch findings); for a file of no deployment,
  // which sees every file, one of the other kind or of another namespace
  const definedBy = (r: Where) => {
    const groups = groupsOf.get(r.file.filePath);
    if (groups === undefined) return `a file of no deployment defines it (${where(r)}): list that file in the deployment`;
    const name = config.deployments?.[groups[0]!]?.name;
    return `${name === undefined ? 'another deployment' : `deployment \`${name}\``} defines it (${where(r)})`;
  };
  const unseenRole = (binding: LocatedFact, ref: NonNullable<LocatedFact['roleRef']>, named: readonly Where[], inDeployment: boolean): string | undefined => {
    const refName = `${ref.kind} \`${ref.name}\``;
    if (inDeployment) {
      const other = named.find((r) => r.fact.kind === ref.kind && (ref.kind === 'ClusterRole' || binding.namespace === '' || r.fact.namespace === '' || r.fact.namespace === binding.namespace));
      return other && `no file of its deployment defines ${refName}; ${definedBy(other)}`;
    }
    const otherKind = named.find((r) => r.fact.kind !== ref.kind);
    if (otherKind) {
      const kind = otherKind.fact.kind;
      // the other kind is a fix only where the binding could use it: a Role of its own namespace, or a ClusterRole
      const usable = binding.kind === 'RoleBinding' && (kind === 'ClusterRole' || otherKind.fact.namespace === binding.namespace || otherKind.fact.namespace === '');
      return `no file of this run defines ${refName}; it is a ${kind} (${where(otherKind)})${usable ? `: set \`roleRef.kind: ${kind}\`` : ''}`;
    }
    const otherNamespace = named[0];
    return otherNamespace && `no file of this run defines ${refName} in namespace \`${binding.namespace}\`; it is in \`${otherNamespace.fact.namespace}\` (${where(otherNamespace)})`;
  };

  for (const file of results) {
    for (const fact of file.objects ?? []) {
      const ref = fact.roleRef;
      if (!ref || (fact.kind !== 'RoleBinding' && fact.kind !== 'ClusterRoleBinding')) continue;
      if (ref.kind !== 'Role' && ref.kind !== 'ClusterRole') continue; // an invalid kind: a per-document rule reports it
      if (fact.kind === 'ClusterRoleBinding' && ref.kind === 'Role') continue; // likewise
      const w = { file, fact };
      const named = byName.get(ref.name) ?? [];
      const roles = named.filter((r) => sees(file, r.file));
      // a namespace left out of a manifest is chosen when it is applied: it matches any namespace
      const sameNamespace = (r: Where) => fact.namespace === '' || r.fact.namespace === '' || r.fact.namespace === fact.namespace;
      const sameKind = roles.filter((r) => r.fact.kind === ref.kind);
      if (ref.kind === 'ClusterRole' && fact.kind === 'RoleBinding') {
        const withUrls = sameKind.find((r) => r.fact.nonResourceRule !== undefined);
        if (withUrls) {
          report(w, 'set/non-resource-urls-ignored', `ClusterRole \`${ref.name}\` grants non-resource URLs (${withUrls.fact.nonResourceRule}, ${where(withUrls)}), which a RoleBinding ignores; use a ClusterRoleBinding`, ref.range, ref.path);
        } else if (sameKind.length === 0 && BOOTSTRAP_URL_ONLY_CLUSTER_ROLES.has(ref.name)) {
          report(w, 'set/non-resource-urls-ignored', `the platform's ClusterRole \`${ref.name}\` grants only non-resource URLs, which a RoleBinding ignores: it grants nothing; use a ClusterRoleBinding`, ref.range, ref.path);
        }
      }
      const resolved = ref.kind === 'ClusterRole' ? sameKind[0] : sameKind.find(sameNamespace);
      if (resolved) {
        // a role of the files that grants everything, bound to everyone of a kind (the built-in admin roles
        // are a per-document rule: security/no-admin-binding-to-broad-groups)
        const grants = resolved.fact.grantsAll;
        if (grants !== undefined && !(ref.kind === 'ClusterRole' && ADMIN_ROLES.has(ref.name))) {
          for (const b of fact.broadSubjects ?? []) {
            const who = b.kind === 'User' ? 'user' : 'group';
            report(w, 'set/admin-like-role-bound-broadly', `${who} \`${b.name}\` (${b.audience}) is bound to ${ref.kind} \`${ref.name}\`, which grants every verb on every resource (${grants}, ${where(resolved)}); bind it only to named users, groups or service accounts`, b.range, b.path);
          }
        }
        continue;
      }
      // the platform's own roles and the configured external ones exist whatever the files say
      if (knownElsewhere(config, ref.kind, ref.name, fact.namespace)) continue;
      const otherKind = roles.filter((r) => r.fact.kind !== ref.kind && (r.fact.kind === 'ClusterRole' || sameNamespace(r)));
      if (otherKind.length > 0) {
        const o = otherKind[0]!;
        report(w, 'set/role-ref-mismatch', `\`roleRef\` names ${ref.kind} \`${ref.name}\`, but \`${ref.name}\` is a ${o.fact.kind} (${where(o)}); set \`roleRef.kind: ${o.fact.kind}\``, ref.range, ref.path);
        continue;
      }
      if (sameKind.length > 0) {
        const spaces = [...new Set(sameKind.map((r) => r.fact.namespace))].map((n) => `\`${n}\``).join(', ');
        report(w, 'set/role-ref-mismatch', `Role \`${ref.name}\` is defined only in namespace ${spaces} (${where(sameKind[0]!)}); a RoleBinding in \`${fact.namespace}\` can use only a Role of its own`, ref.range, ref.path);
        continue;
      }
      if (severityOf(file, UNRESOLVED) === null) continue;
      // a file of no deployment: which files go with it is not known, so any file of the run may hold the role (a
      // file of a deployment keeps to its deployment, in a pre-commit run as in a whole-repository run)
      const inDeployment = groupsOf.has(file.filePath);
      if (!inDeployment && named.some((r) => r.fact.kind === ref.kind && (ref.kind === 'ClusterRole' || sameNamespace(r)))) continue;
      const scope = inDeployment ? 'no file of its deployment' : 'no file of this run';
      const message = unseenRole(fact, ref, named, inDeployment) ?? `\`roleRef\` names ${ref.kind} \`${ref.name}\`, which ${scope} defines${platformHint(fact.kind, ref.kind, ref.name)}`;
      report(w, UNRESOLVED, message, ref.range, ref.path);
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
      const severity = effectiveSeverity(configFor(config, file.filePath), 'suppression/unused', 'warning');
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

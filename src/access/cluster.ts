// The RBAC objects a cluster would hold after the files were applied: the files' objects (the last definition of
// a name wins, as applying the files in order stores it), the platform's bootstrap policy where no file defines
// the name, the API server's reconciliation of a bootstrap name that a file does define, and the rules the
// ClusterRole aggregation controller writes into every aggregated ClusterRole.
import { BOOTSTRAP_CLUSTER_ROLES, BOOTSTRAP_ROLES } from '../services/bootstrap-roles.js';
import { bootstrapPolicy } from './bootstrap.js';
import { labelSelector, type LabelSelector } from './match.js';
import type { Binding, Origin, PolicyRule, Role, Rule, Subject } from './model.js';
import { AUTOUPDATE, type RbacFile } from './read.js';

/** A role defined outside the files (the configuration's `externalRoles`): its rules are not known. */
export interface ExternalRole {
  readonly kind: 'Role' | 'ClusterRole';
  readonly name: string;
  /** A Role's namespace; none: that Role in every namespace. */
  readonly namespace?: string;
}

export interface ClusterOptions {
  /** The configuration's `externalRoles`. */
  readonly externalRoles?: readonly ExternalRole[];
  /** Include the platform's bootstrap policy (default true; the platform's own test cases have none). */
  readonly bootstrap?: boolean;
}

/** Something the answers depend on that the reader should know, with where it is. */
export interface Note {
  readonly message: string;
  readonly at?: Origin;
  /** The file the note is about, when no place in it is (a file that could not be read). */
  readonly file?: string;
}

/** What a roleRef names: the role, the platform's error when it does not exist, or why its rules are not known. */
export type Resolved = { role: Role; error?: undefined; unknown?: undefined } | { error: string; role?: undefined; unknown?: undefined } | { unknown: string; role?: undefined; error?: undefined };

const key = (namespace: string, name: string) => `${namespace}\u0000${name}`;
const ruleKey = (r: PolicyRule) => JSON.stringify([r.verbs, r.apiGroups, r.resources, r.resourceNames, r.nonResourceURLs]);
const byName = <T extends { name: string; namespace: string }>(a: T, b: T) => (a.namespace < b.namespace ? -1 : a.namespace > b.namespace ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

export class Cluster {
  readonly clusterRoles = new Map<string, Role>();
  /** Roles by namespace and name ('' namespace: a Role whose manifest leaves its namespace to the apply). */
  readonly roles = new Map<string, Role>();
  /** In the order an API list gives them: by name. */
  readonly clusterRoleBindings: readonly Binding[];
  /** By namespace, then name ('' namespace: RoleBindings whose manifests leave it to the apply). */
  readonly roleBindings: readonly Binding[];
  readonly notes: Note[] = [];
  /** How many files were read; their problems (documents that could not be read). */
  readonly files: number;
  private readonly byNamespace = new Map<string, Binding[]>();
  private readonly external: readonly ExternalRole[];
  private readonly withBootstrap: boolean;

  constructor(files: readonly RbacFile[], options: ClusterOptions = {}) {
    this.files = files.length;
    this.external = options.externalRoles ?? [];
    this.withBootstrap = options.bootstrap !== false;
    for (const f of files) for (const p of f.problems) this.notes.push({ message: p, file: f.file });

    const roles = new Map<string, Role>();
    const bindings = new Map<string, Binding>();
    const roleId = (r: Role) => `${r.kind}\u0000${key(r.namespace, r.name)}`;
    const bindingId = (b: Binding) => `${b.kind}\u0000${key(b.namespace, b.name)}`;
    const seen = new Map<string, number>();
    const define = <T extends Role | Binding>(map: Map<string, T>, id: string, o: T) => {
      if (o.name === '') return;
      if (map.has(id)) seen.set(id, (seen.get(id) ?? 1) + 1);
      map.set(id, o);
    };
    for (const f of files) {
      for (const r of f.roles) define(roles, roleId(r), { ...r });
      for (const b of f.bindings) define(bindings, bindingId(b), b);
    }
    for (const o of [...roles.values(), ...bindings.values()]) {
      if ((o.kind === 'Role' || o.kind === 'RoleBinding') && o.namespace === '') {
        this.notes.push({ message: `${describe(o)} has no namespace: the namespace is chosen when it is applied; platlint counts it in the namespace asked about`, at: o.origin });
      }
    }
    for (const [id, n] of seen) {
      const o = roles.get(id) ?? bindings.get(id)!;
      this.notes.push({ message: `${describe(o)} is defined ${n} times; the last definition is counted, as applying the files in order stores it`, at: o.origin });
    }

    if (this.withBootstrap) {
      const policy = bootstrapPolicy();
      for (const b of policy.roles) {
        const id = roleId(b);
        const mine = roles.get(id);
        roles.set(id, mine ? this.reconcileRole(mine, b) : { ...b });
      }
      for (const b of policy.bindings) {
        const id = bindingId(b);
        const mine = bindings.get(id);
        bindings.set(id, mine ? this.reconcileBinding(mine, b) : b);
      }
    }

    for (const r of roles.values()) (r.kind === 'ClusterRole' ? this.clusterRoles.set(r.name, r) : this.roles.set(key(r.namespace, r.name), r));
    const all = [...bindings.values()];
    this.clusterRoleBindings = all.filter((b) => b.kind === 'ClusterRoleBinding').sort(byName);
    this.roleBindings = all.filter((b) => b.kind === 'RoleBinding').sort(byName);
    for (const b of this.roleBindings) {
      const list = this.byNamespace.get(b.namespace);
      if (list) list.push(b);
      else this.byNamespace.set(b.namespace, [b]);
    }
    this.aggregate();
  }

  /**
   * A role the bootstrap policy defines and a file defines too: what the API server stores after its start-up
   * reconciliation (reconcile_role.go, not for a role annotated `rbac.authorization.plat.io/autoupdate: "false"`):
   * the file's object, with the bootstrap labels it lacks, the bootstrap aggregation selectors it lacks, and the
   * bootstrap rules it lacks after its own (the platform adds the missing permissions; platlint adds each
   * bootstrap rule not written identically, which grants the same).
   */
  private reconcileRole(mine: Role, b: Role): Role {
    if (!mine.autoupdate) {
      this.notes.push({ message: `${describe(mine)} replaces the platform's own: its ${AUTOUPDATE}: "false" stops the API server from adding the platform's rules back`, at: mine.origin });
      return mine;
    }
    const written = new Set(mine.ownRules.map(ruleKey));
    const added = b.ownRules.filter((r) => !written.has(ruleKey(r)));
    const labels = { ...b.labels, ...mine.labels };
    const selectors = b.selectors ? [...(mine.selectors ?? []), ...b.selectors.filter((s) => !(mine.selectors ?? []).some((m) => JSON.stringify(m) === JSON.stringify(s)))] : mine.selectors;
    const changed = added.length > 0 || Object.keys(labels).length !== Object.keys(mine.labels).length || selectors?.length !== mine.selectors?.length;
    if (changed) {
      this.notes.push({ message: `${describe(mine)} is also the platform's own: at start-up the API server adds the platform's ${added.length > 0 ? `${added.length} missing rule${added.length === 1 ? '' : 's'}` : 'missing labels and selectors'} to it (${AUTOUPDATE}: "false" stops that)`, at: mine.origin });
    }
    const ownRules = [...mine.ownRules, ...added];
    return { ...mine, labels, ...(selectors ? { selectors } : {}), ownRules, rules: ownRules };
  }

  /**
   * A binding the bootstrap policy defines and a file defines too, after the API server's reconciliation
   * (reconcile_rolebindings.go): the bootstrap subjects it lacks added after its own; a different roleRef is
   * replaced by the bootstrap one (the binding is recreated).
   */
  private reconcileBinding(mine: Binding, b: Binding): Binding {
    if (!mine.autoupdate) return mine;
    const has = (s: Subject) => mine.subjects.some((m) => m.kind === s.kind && m.name === s.name && m.namespace === s.namespace);
    const added = b.subjects.filter((s) => !has(s));
    const sameRef = mine.roleRef.kind === b.roleRef.kind && mine.roleRef.name === b.roleRef.name;
    if (added.length === 0 && sameRef) return mine;
    const what = [sameRef ? '' : `sets its roleRef back to ${b.roleRef.kind} \`${b.roleRef.name}\``, added.length > 0 ? `adds the platform's subjects ${added.map((s) => `${s.kind} \`${s.name}\``).join(', ')}` : ''].filter((x) => x !== '');
    this.notes.push({ message: `${describe(mine)} is also the platform's own: at start-up the API server ${what.join(' and ')} (${AUTOUPDATE}: "false" stops that)`, at: mine.origin });
    return { ...mine, roleRef: sameRef ? mine.roleRef : b.roleRef, subjects: [...mine.subjects, ...added] };
  }

  /**
   * The rules the ClusterRole aggregation controller writes (clusterroleaggregation_controller.go): for each
   * aggregated ClusterRole, the rules of every other ClusterRole its selectors match, selector by selector, the
   * matching roles by name, each rule once; its own rules are replaced. Aggregated roles that match aggregated
   * roles (edit into admin) are computed again until nothing changes, as the controller's repeated runs do.
   */
  private aggregate(): void {
    const all = [...this.clusterRoles.values()];
    const aggregated: { role: Role; selectors: LabelSelector[] }[] = [];
    for (const role of all) {
      if (!role.selectors) continue;
      const selectors = role.selectors.map(labelSelector);
      const bad = selectors.find((s) => s.problem !== undefined);
      if (bad) {
        role.aggregation = { from: [], problem: `its aggregation selector is not valid (${bad.problem}): the controller cannot aggregate it` };
        this.notes.push({ message: `${describe(role)}: ${role.aggregation.problem}; its own rules are counted`, at: role.origin });
        continue;
      }
      aggregated.push({ role, selectors });
    }
    if (aggregated.length === 0) return;
    // labels do not change: the roles each selector matches are found once, selector by selector, by name
    const sorted = [...all].sort(byName);
    const byLabel = new Map<string, Role[]>();
    for (const r of sorted) {
      for (const [k, v] of Object.entries(r.labels)) {
        const id = `${k}\u0000${v}`;
        const list = byLabel.get(id);
        if (list) list.push(r);
        else byLabel.set(id, [r]);
      }
    }
    const candidates = (s: LabelSelector) => (s.anchor ? (byLabel.get(`${s.anchor.key}\u0000${s.anchor.value}`) ?? []) : sorted);
    const sources = aggregated.map((a) => a.selectors.flatMap((s) => candidates(s).filter((r) => r !== a.role && s.matches!(r.labels))));
    aggregated.forEach((a, i) => (a.role.aggregation = { from: [...new Set(sources[i]!.map((r) => r.name))] }));
    const step = (i: number): Rule[] => {
      const out: Rule[] = [];
      const seen = new Set<string>();
      for (const r of sources[i]!) {
        for (const rule of r.rules) {
          const k = ruleKey(rule);
          if (!seen.has(k)) seen.add(k), out.push(rule);
        }
      }
      return out;
    };
    const same = (x: readonly Rule[], y: readonly Rule[]) => x.length === y.length && x.every((r, i) => r === y[i]);
    // every round computes each aggregated role from the others' rules of the round before, as the controller
    // does when it handles one role at a time; a chain of n aggregated roles settles in n rounds
    for (let round = 0; round <= aggregated.length + 1; round++) {
      const next = aggregated.map((_, i) => step(i));
      if (aggregated.every((a, i) => same(a.role.rules, next[i]!))) return;
      aggregated.forEach((a, i) => (a.role.rules = next[i]!));
    }
    aggregated.forEach((a, i) => {
      if (same(a.role.rules, step(i))) return;
      this.notes.push({ message: `${describe(a.role)}: its aggregation never settles (aggregated roles select each other); the controller keeps rewriting it, and the rules counted are one of its states`, at: a.role.origin });
    });
  }

  /** The RoleBindings evaluated for a request in a namespace: that namespace's, and those whose manifests leave it to the apply. */
  roleBindingsIn(namespace: string): readonly Binding[] {
    const here = this.byNamespace.get(namespace) ?? [];
    const open = namespace === '' ? [] : (this.byNamespace.get('') ?? []);
    return open.length === 0 ? here : [...here, ...open];
  }

  /**
   * The role a binding's roleRef names (GetRoleReferenceRules), for a binding evaluated in `namespace`: a Role of
   * that namespace (or of a manifest that leaves it to the apply), a ClusterRole, or the platform's error; a role
   * of the configuration's `externalRoles`, or one the platform creates only with a feature gate, is `unknown`.
   */
  resolve(binding: Binding, namespace: string): Resolved {
    const { kind, name } = binding.roleRef;
    if (kind === 'Role') {
      const role = this.roles.get(key(namespace, name)) ?? (namespace === '' ? undefined : this.roles.get(key('', name)));
      if (role) return { role };
      if (this.external.some((r) => r.kind === 'Role' && r.name === name && (r.namespace === undefined || r.namespace === namespace || namespace === ''))) {
        return { unknown: `Role \`${name}\` is one of the configuration's externalRoles: its rules are not in these files` };
      }
      if (!this.withBootstrap && BOOTSTRAP_ROLES.has(`${namespace}/${name}`)) return { unknown: `Role \`${namespace}/${name}\` is the platform's own, left out with its bootstrap policy` };
      return { error: `role.rbac.authorization.plat.io ${JSON.stringify(name)} not found` };
    }
    if (kind === 'ClusterRole') {
      const role = this.clusterRoles.get(name);
      if (role) return { role };
      if (this.external.some((r) => r.kind === 'ClusterRole' && r.name === name)) {
        return { unknown: `ClusterRole \`${name}\` is one of the configuration's externalRoles: its rules are not in these files` };
      }
      if (BOOTSTRAP_CLUSTER_ROLES.has(name)) {
        return { unknown: this.withBootstrap ? `the platform creates ClusterRole \`${name}\` only when a feature gate is on: its rules are not known here` : `ClusterRole \`${name}\` is the platform's own, left out with its bootstrap policy` };
      }
      return { error: `clusterrole.rbac.authorization.plat.io ${JSON.stringify(name)} not found` };
    }
    return { error: `unsupported role reference kind: ${JSON.stringify(kind)}` };
  }
}

/** `ClusterRole \`view\``, `RoleBinding \`team/deployers\``. */
export function describe(o: { kind: string; name: string; namespace: string }): string {
  return `${o.kind} \`${o.namespace === '' ? o.name : `${o.namespace}/${o.name}`}\``;
}

/** Builds the cluster of a set of files (see Cluster). */
export function buildCluster(files: readonly RbacFile[], options: ClusterOptions = {}): Cluster {
  return new Cluster(files, options);
}

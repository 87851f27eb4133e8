import { defineRule } from '../../src/define-rule.js';
import type { Path } from '../../src/path.js';
import { items, objItems, str, strings, type Obj } from '../../src/services/values.js';
import { policies } from '../audit/_policies.js';

/**
 * The Secret requests whose audit events carry the Secret's data, by level: at `Request` the request body of a
 * write; at `RequestResponse` also the response of a read and of `deletecollection` (the list of the deleted
 * Secrets). A `delete` answers with a status, a `watch` logs no response body.
 */
const BODY_VERBS: Record<string, readonly string[]> = {
  Request: ['create', 'update', 'patch'],
  RequestResponse: ['create', 'update', 'patch', 'get', 'list', 'deletecollection'],
};
const LEVELS = new Set(['None', 'Metadata', 'Request', 'RequestResponse']);

/** The stages whose events carry the bodies: a rule that omits both (with the policy's `omitStages`) logs none. */
const BODY_STAGES = ['ResponseComplete', 'Panic'];

/**
 * Which Secrets (group `""`, resource `secrets`) a rule matches, as the API server's policy checker matches
 * them: every Secret, the Secrets of some names, or none. `at` is where the rule names them: the resources
 * entry, or nothing for a rule that matches every resource.
 */
type SecretScope = { names: 'all' | Set<string>; at?: Path; how: string } | undefined;

function list(rule: Obj, key: string): string[] {
  return strings(rule[key]).map(([, s]) => s);
}

/** Whether a `resources` item matches the `secrets` resource itself (no subresource), as the checker compares them. */
function namesSecrets(resource: string): boolean {
  return resource === 'secrets' || resource === '*' || (resource.endsWith('/*') && resource.replace(/[/*]+$/, '') === 'secrets');
}

function secretScope(rule: Obj, base: Path): SecretScope {
  if (items(rule.resources).length === 0) {
    // a rule of non-resource URLs only matches no resource request; one with `namespaces` alone matches
    // every resource of those namespaces, one without any of them every request
    if (items(rule.namespaces).length === 0 && items(rule.nonResourceURLs).length > 0) return undefined;
    return { names: 'all', how: 'it matches every resource' };
  }
  let names: Set<string> | undefined;
  let first: { at: Path; how: string } | undefined;
  // (an item that is no mapping is refused by the schema and matches nothing here)
  for (const [j, gr] of objItems(rule.resources)) {
    if ((str(gr.group) ?? '') !== '') continue;
    const at = [...base, 'resources', j];
    const listed = strings(gr.resources);
    const hit = listed.length === 0 ? undefined : listed.find(([, r]) => namesSecrets(r));
    if (listed.length > 0 && hit === undefined) continue;
    const how = hit === undefined ? 'the whole core group' : hit[1] === 'secrets' ? '`secrets`' : `\`${hit[1]}\``;
    first ??= { at: hit === undefined ? at : [...at, 'resources', hit[0]], how };
    // `resourceNames` limits the entry to those names; an entry without `resources` ignores them
    const only = listed.length === 0 ? [] : list(gr, 'resourceNames');
    if (only.length === 0) return { names: 'all', ...first };
    names ??= new Set();
    for (const n of only) names.add(n);
  }
  return names && first ? { names, ...first } : undefined;
}

/**
 * Whether an earlier rule's list selector (`users`, `userGroups`, `namespaces`) holds every request the later
 * rule's does: empty holds all; otherwise the later one must be limited to a subset of it.
 */
function holds(earlier: readonly string[], later: readonly string[]): boolean {
  return earlier.length === 0 || (later.length > 0 && later.every((x) => earlier.includes(x)));
}

export default defineRule({
  id: 'security/no-audit-secret-bodies',
  kinds: ['Policy', 'PolicyList'],
  meta: {
    description: 'An audit policy does not log the bodies of Secret requests (`Request` or `RequestResponse` on `secrets`).',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'At level `Request` an audit event holds the request body, at `RequestResponse` the response body too: for a Secret that is its `data`, base64 only, written to the audit log file or sent to the audit webhook, where it is read by people and systems that cannot read Secrets through the API. A rule reaches Secrets by naming `secrets`, `*` or `secrets/*` in the core group (`group: ""`, the default), by a core group entry without `resources`, or by matching every resource (no `resources`). Rules match in order and the first one that matches a request sets its level, so a rule is not reported when earlier rules (at any level) match every Secret request it would log: the same or fewer users, groups and namespaces, the verbs that carry bodies, and every Secret name it reaches. Only the writes (`create`, `update`, `patch`) carry a body at `Request`; at `RequestResponse` reads and `deletecollection` too. `omitStages` does not help unless it leaves out both `ResponseComplete` and `Panic`. The platform accepts such a policy; this is a leak, not an error.',
      remediation:
        'Add a rule for `secrets` in the core group at `Metadata` (or `None`) before the rules that log bodies, as the platform\'s own example policy does: `- level: Metadata` with `resources: [{group: "", resources: ["secrets"]}]`. Do the same for other resources that hold credentials (`configmaps` may, `tokenreviews` do).',
      spec: '3-config-and-payload-types.md#audit-policy (PolicyRule: level, resources; rules are ordered, first matching rule wins)',
    },
  },
  check(value, ctx) {
    for (const [prefix, policy] of policies(value, ctx.kind.kind)) {
      const policyOmits = list(policy, 'omitStages');
      const earlier: { rule: Obj; scope: SecretScope }[] = [];
      for (const [i, rule] of objItems(policy.rules)) {
        const level = str(rule.level) ?? '';
        // a rule without a valid level is refused (the schema reports it): the policy does not load
        if (!LEVELS.has(level)) continue;
        const base = [...prefix, 'rules', i];
        const scope = secretScope(rule, base);
        const current = { rule, scope };
        earlier.push(current);
        const bodyVerbs = BODY_VERBS[level];
        if (!scope || !bodyVerbs) continue;
        const omits = [...policyOmits, ...list(rule, 'omitStages')];
        if (BODY_STAGES.every((s) => omits.includes(s))) continue;
        const verbs = list(rule, 'verbs');
        const logged = verbs.length === 0 ? bodyVerbs : bodyVerbs.filter((v) => verbs.includes(v));
        if (logged.length === 0) continue;
        // the verbs that earlier rules match for every Secret request this one would log
        const caught = new Set<string>();
        for (const e of earlier) {
          if (e === current || !e.scope) continue;
          const names = e.scope.names;
          const reaches = names === 'all' || (scope.names !== 'all' && [...scope.names].every((n) => names.has(n)));
          if (!reaches || !['users', 'userGroups', 'namespaces'].every((k) => holds(list(e.rule, k), list(rule, k)))) continue;
          const theirs = list(e.rule, 'verbs');
          for (const v of logged) if (theirs.length === 0 || theirs.includes(v)) caught.add(v);
        }
        const leaked = logged.filter((v) => !caught.has(v));
        if (leaked.length === 0) continue;
        const which = scope.names === 'all' ? 'every Secret' : `Secret${scope.names.size === 1 ? '' : 's'} ${[...scope.names].map((n) => `\`${n}\``).join(', ')}`;
        const reads = leaked.includes('get') || leaked.includes('list');
        const deletes = leaked.includes('deletecollection');
        const writes = leaked.some((v) => BODY_VERBS.Request!.includes(v));
        const what = reads ? (writes || deletes ? 'read or written' : 'read') : deletes ? (writes ? 'created, changed or deleted' : 'deleted') : 'created or changed';
        ctx.report([...base, 'level'], `level \`${level}\` logs the data of ${which} ${what}; log \`secrets\` at \`Metadata\` before it`, {
          ...(scope.at ? { related: [{ path: scope.at, message: `${scope.how} includes \`secrets\`` }] } : {}),
        });
      }
    }
  },
});

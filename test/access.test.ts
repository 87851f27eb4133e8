// The access engine (src/access/) against the platform's own tests of its RBAC authorizer, rule resolver,
// matchers and ClusterRole aggregation controller (each case names its source test in kubernetes/kubernetes),
// the semantics its code defines beyond those tests, and the bootstrap roles.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canI, rulesFor, whoCan } from '../src/access/authorize.js';
import { BOOTSTRAP_SOURCE, bootstrapPolicy } from '../src/access/bootstrap.js';
import { buildCluster, type ClusterOptions } from '../src/access/cluster.js';
import { firstApplying, labelSelector, resourceMatches, ruleAllows } from '../src/access/match.js';
import type { AccessRequest, PolicyRule, ResourceRequest } from '../src/access/model.js';
import { readRbac } from '../src/access/read.js';
import { parseResource, userInfo } from '../src/access/request.js';
import { BOOTSTRAP_CLUSTER_ROLES, BOOTSTRAP_ROLES } from '../src/services/bootstrap-roles.js';
import { ROOT } from './helpers/fixtures.js';

const DIR = join(ROOT, 'fixtures', 'access');
const UPSTREAM = { bootstrap: false } as const;

function cluster(files: readonly string[], options: ClusterOptions = {}) {
  return buildCluster(
    files.map((f) => readRbac(readFileSync(join(DIR, f), 'utf8'), f)),
    options,
  );
}

/** The defaultAttributes of rbac_test.go: user, groups (split on `,`, so "" is one empty group), verb, resource, subresource, namespace, group. */
function attrs(user: string, groups: string, verb: string, resource: string, subresource: string, namespace: string, group = '') {
  return { user: { name: user, groups: groups.split(',') }, request: { verb, group, resource, subresource, name: '', namespace } as ResourceRequest };
}

const url = (verb: string, path: string): AccessRequest => ({ verb, path });
const res = (verb: string, group: string, resource: string, subresource = '', name = '', namespace = ''): ResourceRequest => ({ verb, group, resource, subresource, name, namespace });
const content = (r: PolicyRule) => ({ verbs: r.verbs, apiGroups: r.apiGroups, resources: r.resources, resourceNames: r.resourceNames, nonResourceURLs: r.nonResourceURLs });
const rule = (verbs: string[], apiGroups: string[], resources: string[], extra: Partial<PolicyRule> = {}): PolicyRule => ({ verbs, apiGroups, resources, resourceNames: [], nonResourceURLs: [], ...extra });

describe('TestAuthorizer (plugin/pkg/auth/authorizer/rbac/rbac_test.go)', () => {
  it('case 0: a RoleBinding to a ClusterRole grants in its namespace only, to its user and its group', () => {
    const c = cluster(['upstream/authorizer-admin-rolebinding.yaml'], UPSTREAM);
    const pass = [
      attrs('admin', '', 'get', 'Pods', '', 'ns1'),
      attrs('admin', '', 'watch', 'Pods', '', 'ns1'),
      attrs('admin', 'group1', 'watch', 'Foobar', '', 'ns1'),
      attrs('joe', 'admins', 'watch', 'Foobar', '', 'ns1'),
      attrs('joe', 'group1,admins', 'watch', 'Foobar', '', 'ns1'),
    ];
    const fail = [attrs('admin', '', 'GET', 'Pods', '', 'ns2'), attrs('admin', '', 'GET', 'Nodes', '', ''), attrs('admin', 'admins', 'GET', 'Pods', '', 'ns2'), attrs('admin', 'admins', 'GET', 'Nodes', '', '')];
    expect(pass.map((a) => canI(c, a.user, a.request).allowed)).toEqual([true, true, true, true, true]);
    expect(fail.map((a) => canI(c, a.user, a.request).allowed)).toEqual([false, false, false, false]);
    const joe = canI(c, { name: 'joe', groups: ['group1', 'admins'] }, attrs('joe', '', 'watch', 'Foobar', '', 'ns1').request);
    expect(joe.reason).toBe('RBAC: allowed by RoleBinding "admin/ns1" of ClusterRole "admin" to Group "admins"');
    expect(joe.decidedBy).toBe('rbac');
  });

  it('case 1: non-resource URLs by verb, exact path and `/apis/*` prefix', () => {
    const c = cluster(['upstream/authorizer-non-resource-urls.yaml'], UPSTREAM);
    const u = (name: string) => ({ name, groups: [] as string[] });
    const g = (group: string) => ({ name: '', groups: [group] });
    const pass = [
      [u('foo'), url('get', '/apis')], [g('bar'), url('get', '/apis')], [u('admin'), url('get', '/apis')], [g('admin'), url('get', '/apis')],
      [u('admin'), url('watch', '/apis')], [g('admin'), url('watch', '/apis')],
      [u('prefixed'), url('get', '/apis/v1')], [g('prefixed'), url('get', '/apis/v1')], [u('prefixed'), url('get', '/apis/v1/foobar')], [g('prefixed'), url('get', '/apis/v1/foorbar')],
    ] as const;
    const fail = [
      [u('foo'), url('watch', '/apis')], [g('bar'), url('watch', '/apis')],
      [u('foo'), url('get', '/api/v1')], [g('bar'), url('get', '/api/v1')], [u('admin'), url('get', '/api/v1')], [g('admin'), url('get', '/api/v1')],
      [u('prefixed'), url('get', '/api/v1')], [g('prefixed'), url('get', '/api/v1')],
    ] as const;
    expect(pass.map(([user, r]) => canI(c, user, r).allowed)).toEqual(pass.map(() => true));
    expect(fail.map(([user, r]) => canI(c, user, r).allowed)).toEqual(fail.map(() => false));
  });

  it('case 2: `pods` does not grant the subresource `pods/status`', () => {
    const c = cluster(['upstream/authorizer-subresource.yaml'], UPSTREAM);
    expect(canI(c, { name: 'admin', groups: [''] }, res('get', '', 'pods', '', '', 'ns1')).allowed).toBe(true);
    expect(canI(c, { name: 'admin', groups: [''] }, res('get', '', 'pods', 'status', '', 'ns1')).allowed).toBe(false);
  });

  it('case 3: `pods/status` and `*/scale` grant those subresources of any resource, not `pods`', () => {
    const c = cluster(['upstream/authorizer-subresource-star.json'], UPSTREAM);
    const admin = { name: 'admin', groups: [''] };
    expect(['pods/status', 'pods/scale', 'deployments/scale', 'anything/scale'].map((r) => canI(c, admin, res('get', '', r.split('/')[0]!, r.split('/')[1]!, '', 'ns1')).allowed)).toEqual([true, true, true, true]);
    expect(canI(c, admin, res('get', '', 'pods', '', '', 'ns1')).allowed).toBe(false);
  });
});

describe('TestRuleMatches (plugin/pkg/auth/authorizer/rbac/rbac_test.go)', () => {
  const c = cluster(['upstream/rule-matches.yaml'], UPSTREAM);
  const ruleOf = (name: string) => c.clusterRoles.get(name)!.rules[0]!;
  // every (verb, group, resource) of the case, in the upstream order, and whether the rule allows it
  const grid = (name: string, expected: boolean[], subresources?: [string, string][]) => {
    const requests: AccessRequest[] = [];
    for (const verb of ['verb1', 'verb2']) {
      if (subresources) for (const [resource, sub] of subresources) requests.push(res(verb, resource.split('|')[0]!, resource.split('|')[1]!, sub));
      else for (const [group, resource] of [['group1', 'resource1'], ['group2', 'resource1'], ['group1', 'resource2'], ['group2', 'resource2']] as const) requests.push(res(verb, group, resource));
    }
    expect(requests.map((r) => ruleAllows(r, ruleOf(name)))).toEqual(expected);
  };
  it('"star verb, exact match other"', () => grid('star-verb-exact-match-other', [true, false, false, false, true, false, false, false]));
  it('"star group, exact match other"', () => grid('star-group-exact-match-other', [true, true, false, false, false, false, false, false]));
  it('"star resource, exact match other"', () => grid('star-resource-exact-match-other', [true, false, true, false, false, false, false, false]));
  it('"tuple expansion"', () => grid('tuple-expansion', [true, true, true, true, true, true, true, true]));
  it('"subresource expansion"', () =>
    grid('subresource-expansion', [true, false, false, false, true, false, false, false], [
      ['group1|resource1', 'subresource1'],
      ['group2|resource1', 'subresource2'],
      ['group1|resource2', 'subresource1'],
      ['group2|resource2', 'subresource1'],
    ]));
  const paths = ['/foo', '/foo/bar', '/foo/baz', '/foo/bar/one', '/foo/baz/one'];
  it('"star nonresource, exact match other"', () => {
    expect(['verb1', 'verb2'].flatMap((v) => paths.map((p) => ruleAllows(url(v, p), ruleOf('star-nonresource-exact-match-other'))))).toEqual([true, true, true, true, true, false, false, false, false, false]);
  });
  it('"star nonresource subpath"', () => {
    const all = [...paths, '/notfoo', '/notfoo/bar', '/notfoo/baz', '/notfoo/bar/one', '/notfoo/baz/one'];
    expect(all.map((p) => ruleAllows(url('verb1', p), ruleOf('star-nonresource-subpath')))).toEqual([false, true, true, true, true, false, false, false, false, false]);
  });
  it('"star verb, exact nonresource"', () => {
    expect(['verb1', 'verb2'].flatMap((v) => paths.map((p) => ruleAllows(url(v, p), ruleOf('star-verb-exact-nonresource'))))).toEqual([true, false, false, true, false, true, false, false, true, false]);
  });
});

describe('TestResourceMatches (pkg/apis/rbac/helpers_test.go)', () => {
  const cases: [string, string[], string, string, boolean][] = [
    ['all matches 01', ['*'], 'foo', '', true],
    ['checks all rules', ["doesn't match", '*'], 'foo', '', true],
    ['matches exact rule', ['foo/bar'], 'foo/bar', 'bar', true],
    ['matches exact rule 02', ['foo/bar'], 'foo', '', false],
    ['matches subresource', ['*/scale'], 'foo/scale', 'scale', true],
    ["doesn't match partial subresource hit", ['foo/bar', '*/other'], 'foo/other/segment', 'other/segment', false],
    ['matches subresource with multiple slashes', ['*/other/segment'], 'foo/other/segment', 'other/segment', true],
    ["doesn't fail on empty", [''], 'foo/other/segment', 'other/segment', false],
    ["doesn't fail on slash", ['/'], 'foo/other/segment', 'other/segment', false],
    ["doesn't fail on missing subresource", ['*/'], 'foo/other/segment', 'other/segment', false],
    ["doesn't match on not star", ['*something/other/segment'], 'foo/other/segment', 'other/segment', false],
    ["doesn't match on something else", ['something/other/segment'], 'foo/other/segment', 'other/segment', false],
  ];
  it.each(cases)('%s', (_, resources, combined, sub, expected) => {
    expect(resourceMatches(rule([], [], resources), combined, sub)).toBe(expected);
  });
});

describe('TestAppliesTo (pkg/registry/rbac/validation/rule_test.go)', () => {
  const User = (name: string) => ({ kind: 'User', name, namespace: '' });
  const Group = (name: string) => ({ kind: 'Group', name, namespace: '' });
  const cases: [string, ReturnType<typeof User>[], { name: string; groups: string[] }, string, number][] = [
    ['single subject that matches username', [User('foobar')], { name: 'foobar', groups: [] }, '', 0],
    ['multiple subjects, one that matches username', [User('barfoo'), User('foobar')], { name: 'foobar', groups: [] }, '', 1],
    ['multiple subjects, none that match username', [User('barfoo'), User('foobar')], { name: 'zimzam', groups: [] }, '', -1],
    ['multiple subjects, one that match group', [User('barfoo'), Group('foobar')], { name: 'zimzam', groups: ['foobar'] }, '', 1],
    ['multiple subjects, one that match group, should ignore namespace', [User('barfoo'), Group('foobar')], { name: 'zimzam', groups: ['foobar'] }, 'namespace1', 1],
    ['multiple subjects with a service account that matches', [User('barfoo'), Group('foobar'), { kind: 'ServiceAccount', name: 'default', namespace: 'plat-system' }], { name: 'system:serviceaccount:plat-system:default', groups: [] }, 'default', 2],
    ["* user subject name doesn't match all users", [User('*')], { name: 'foobar', groups: [] }, 'default', -1],
    ['binding to all authenticated and unauthenticated subjects matches authenticated user', [Group('system:authenticated'), Group('system:unauthenticated')], { name: 'foobar', groups: ['system:authenticated'] }, 'default', 0],
    ['binding to all authenticated and unauthenticated subjects matches anonymous user', [Group('system:authenticated'), Group('system:unauthenticated')], { name: 'system:anonymous', groups: ['system:unauthenticated'] }, 'default', 1],
  ];
  it.each(cases)('%s', (_, subjects, user, namespace, index) => {
    expect(firstApplying(user, subjects, namespace)).toBe(index);
  });
});

describe('TestDefaultRuleResolver (pkg/registry/rbac/validation/rule_test.go)', () => {
  const c = cluster(['upstream/rule-resolver.yaml'], UPSTREAM);
  const readPods = rule(['GET', 'WATCH'], ['v1'], ['pods']);
  const readServices = rule(['GET', 'WATCH'], ['v1'], ['services']);
  const admin = rule(['*'], ['*'], ['*']);
  const rules = (name: string, groups: string[], namespace: string) => rulesFor(c, { name, groups }, namespace).resourceRules.map((g) => content(g.rule));
  it('foobar in namespace1: the Role of its RoleBinding', () => expect(rules('foobar', [], 'namespace1')).toEqual([readPods, readServices]));
  it('foobar in namespace2: nothing', () => expect(rules('foobar', [], 'namespace2')).toEqual([]));
  it('foobar of group admin without a namespace: the cluster rules only', () => expect(rules('foobar', ['admin'], '')).toEqual([admin]));
  it('no user: nothing', () => expect(rules('', [], '')).toEqual([]));
});

describe('TestSyncClusterRole (pkg/controller/clusterroleaggregation/clusterroleaggregation_controller_test.go)', () => {
  const hammer = [rule(['hammer'], [], ['nails']), rule(['hammer'], [], ['wedges'])];
  const chisel = [rule(['chisel'], [], ['mortises'])];
  const saw = [rule(['saw'], [], ['boards'])];
  const combined = (file: string) => cluster([`upstream/aggregation/${file}.yaml`], UPSTREAM).clusterRoles.get('combined')!.rules.map(content);
  it('"remove dead rules": the aggregated rules replace the role\'s own', () => expect(combined('remove-dead-rules')).toEqual(hammer));
  it('"strip rules": nothing selected, nothing left', () => expect(combined('strip-rules')).toEqual([]));
  it('"select properly and put in order": the selected roles by name', () => expect(combined('select-properly-and-put-in-order')).toEqual([...chisel, ...hammer]));
  it('"select properly with multiple selectors": selector by selector', () => expect(combined('select-properly-with-multiple-selectors')).toEqual([...chisel, ...hammer, ...saw]));
  it('"select properly remove duplicates": each rule once', () => expect(combined('select-properly-remove-duplicates')).toEqual([...chisel, ...hammer, ...saw]));
  it('"no diff skip": the rules stay', () => expect(combined('no-diff-skip')).toEqual(hammer));
});

describe('semantics of the authorizer beyond its tests', () => {
  it('a roleRef to no role is an evaluation error; the other bindings still count (VisitRulesFor, rule.go)', () => {
    const c = cluster(['semantics/missing-roles.yaml'], UPSTREAM);
    const jane = { name: 'jane', groups: [] };
    const get = canI(c, jane, res('get', '', 'pods', '', '', 'team'));
    expect([get.allowed, get.reason, get.evaluationError]).toEqual([true, 'RBAC: allowed by ClusterRoleBinding "readers" of ClusterRole "pod-reader" to User "jane"', '[clusterrole.rbac.authorization.plat.io "missing" not found, role.rbac.authorization.plat.io "absent" not found]']);
    const del = canI(c, jane, res('delete', '', 'pods', '', '', ''));
    expect([del.allowed, del.reason, del.evaluationError]).toEqual([false, 'RBAC: clusterrole.rbac.authorization.plat.io "missing" not found', 'clusterrole.rbac.authorization.plat.io "missing" not found']);
    expect(del.errors.map((e) => [e.binding.name, e.binding.roleRefOrigin.source === 'file' && e.binding.roleRefOrigin.position()])).toEqual([['broken', { line: 19, column: 9 }]]);
  });

  it('a ServiceAccount without a namespace is its RoleBinding\'s; in a ClusterRoleBinding it is nobody (appliesToUser, rule.go)', () => {
    const c = cluster(['semantics/service-accounts.yaml'], UPSTREAM);
    const { user } = userInfo('system:serviceaccount:team:builder');
    expect(canI(c, user, res('update', 'apps', 'deployments', 'scale', 'web', 'team')).reason).toBe('RBAC: allowed by RoleBinding "builder/team" of ClusterRole "deployer" to ServiceAccount "builder/team"');
    expect(canI(c, user, res('update', 'apps', 'deployments', '', 'web', 'other')).allowed).toBe(false);
    // the token of any service account of namespace ci carries the group system:serviceaccounts:ci
    expect(canI(c, userInfo('system:serviceaccount:ci:robot').user, res('get', 'apps', 'deployments', '', '', 'other')).reason).toBe('RBAC: allowed by ClusterRoleBinding "everywhere" of ClusterRole "deployer" to Group "system:serviceaccounts:ci"');
    const who = whoCan(c, res('get', 'apps', 'deployments'), { allNamespaces: true });
    expect(who.grantees.map((g) => `${g.kind} ${g.namespace}/${g.name}`)).toEqual(['Group /system:masters', 'Group /system:serviceaccounts:ci', 'ServiceAccount team/builder']);
    expect(who.ignored.map((i) => [i.binding.name, i.subject.name, i.why])).toEqual([['everywhere', 'builder', 'a ServiceAccount subject of a ClusterRoleBinding needs a namespace: it stands for no service account']]);
  });

  it('resourceNames never match a request without a name; a RoleBinding grants no URL (ResourceNameMatches, VisitRulesFor)', () => {
    const c = cluster(['semantics/resource-names.yaml'], UPSTREAM);
    const jane = { name: 'jane', groups: [] };
    expect(['get', 'update', 'list', 'create'].map((v) => canI(c, jane, res(v, '', 'configmaps', '', v === 'get' || v === 'update' ? 'settings' : '', 'team')).allowed)).toEqual([true, true, false, false]);
    expect(canI(c, jane, res('get', '', 'configmaps', '', 'other', 'team')).allowed).toBe(false);
    expect(canI(c, jane, url('get', '/metrics')).allowed).toBe(false);
    // a rules review lists the URL rule all the same, as the platform's does
    expect(rulesFor(c, jane, 'team').nonResourceRules.map((g) => g.rule.nonResourceURLs)).toEqual([['/metrics']]);
  });

  it('system:masters is allowed by the API server before RBAC (its privileged group authorizer)', () => {
    const c = cluster([], UPSTREAM);
    const d = canI(c, { name: 'root', groups: ['system:masters'] }, res('delete', '', 'nodes'));
    expect([d.allowed, d.decidedBy, d.reason, d.grants.length]).toEqual([true, 'privileged-group', '', 0]);
  });

  it('aggregation by matchExpressions and through a chain; a selector the platform refuses aggregates nothing', () => {
    const c = cluster(['semantics/aggregation-selectors.yaml'], UPSTREAM);
    expect(c.clusterRoles.get('monitoring')!.rules.map((r) => r.owner.name)).toEqual(['read-metrics']);
    expect(c.clusterRoles.get('platform-team')!.rules.map((r) => `${r.owner.name} rules[${r.index}]`)).toEqual(['read-metrics rules[0]']);
    expect(c.clusterRoles.get('broken-selector')!.rules.map(content)).toEqual([rule(['get'], [''], ['events'])]);
    expect(c.notes.map((n) => n.message)).toEqual(['ClusterRole `broken-selector`: its aggregation selector is not valid (matchExpressions[0]: operator In needs values): the controller cannot aggregate it; its own rules are counted']);
  });

  it('aggregated roles that select each other never settle, and say so', () => {
    const c = cluster(['semantics/aggregation-cycle.yaml'], UPSTREAM);
    expect(c.notes.map((n) => n.message)).toEqual([
      'ClusterRole `ping`: its aggregation never settles (aggregated roles select each other); the controller keeps rewriting it, and the rules counted are one of its states',
      'ClusterRole `pong`: its aggregation never settles (aggregated roles select each other); the controller keeps rewriting it, and the rules counted are one of its states',
    ]);
  });

  it('a Role and RoleBinding without a namespace count in the namespace asked about, and say so', () => {
    const c = cluster(['semantics/namespace-left-out.yaml'], UPSTREAM);
    const d = canI(c, userInfo('system:serviceaccount:prod:app').user, res('get', '', 'secrets', '', 'db', 'prod'));
    expect([d.allowed, d.reason]).toEqual([true, 'RBAC: allowed by RoleBinding "reader/prod" of Role "reader" to ServiceAccount "app/prod"']);
    expect(c.notes.map((n) => n.message)).toEqual([
      'Role `reader` has no namespace: the namespace is chosen when it is applied; platlint counts it in the namespace asked about',
      'RoleBinding `reader` has no namespace: the namespace is chosen when it is applied; platlint counts it in the namespace asked about',
    ]);
  });

  it('a role of the configuration\'s externalRoles is unknown, never an error', () => {
    const c = cluster(['semantics/missing-roles.yaml'], { bootstrap: false, externalRoles: [{ kind: 'ClusterRole', name: 'missing' }] });
    const d = canI(c, { name: 'jane', groups: [] }, res('delete', '', 'pods'));
    expect([d.allowed, d.reason, d.errors.length]).toEqual([false, '', 0]);
    expect(d.unknown.map((u) => u.message)).toEqual(["ClusterRole `missing` is one of the configuration's externalRoles: its rules are not in these files"]);
    expect(rulesFor(c, { name: 'jane', groups: [] }, 'team').incomplete).toBe(true);
  });

  it('the same object in two files: the last definition counts, and that is said', () => {
    const c = cluster(['semantics/resource-names.yaml', 'semantics/resource-names.yaml'], UPSTREAM);
    expect(c.notes.map((n) => n.message)).toEqual([
      'Role `team/one-config` is defined 2 times; the last definition is counted, as applying the files in order stores it',
      'ClusterRole `metrics` is defined 2 times; the last definition is counted, as applying the files in order stores it',
      'RoleBinding `team/one-config` is defined 2 times; the last definition is counted, as applying the files in order stores it',
      'RoleBinding `team/metrics` is defined 2 times; the last definition is counted, as applying the files in order stores it',
    ]);
  });
});

describe('the bootstrap policy', () => {
  const c = cluster([]);
  const bound = (role: string) => buildCluster([readRbac(`apiVersion: rbac.authorization.plat.io/v1\nkind: RoleBinding\nmetadata: {name: b, namespace: prod}\nroleRef: {apiGroup: rbac.authorization.plat.io, kind: ClusterRole, name: ${role}}\nsubjects: [{kind: User, name: u}]\n`, 'b.yaml')]);
  const u = { name: 'u', groups: [] };

  it('view cannot read secrets; edit can; admin can create role bindings; none of them outside its namespace', () => {
    expect(canI(bound('view'), u, res('get', '', 'secrets', '', '', 'prod')).allowed).toBe(false);
    expect(canI(bound('view'), u, res('list', '', 'pods', '', '', 'prod')).allowed).toBe(true);
    expect(canI(bound('edit'), u, res('get', '', 'secrets', '', '', 'prod')).reason).toBe('RBAC: allowed by RoleBinding "b/prod" of ClusterRole "edit" to User "u"');
    expect(canI(bound('edit'), u, res('create', 'rbac.authorization.plat.io', 'rolebindings', '', '', 'prod')).allowed).toBe(false);
    const admin = canI(bound('admin'), u, res('create', 'rbac.authorization.plat.io', 'rolebindings', '', '', 'prod'));
    expect(admin.grants.map((g) => `${g.rule.owner.name} rules[${g.rule.index}]`)).toEqual(['system:aggregate-to-admin rules[1]']);
    expect(canI(bound('admin'), u, res('create', 'rbac.authorization.plat.io', 'rolebindings', '', '', 'other')).allowed).toBe(false);
  });

  it('admin aggregates edit, which aggregates view: the chain of the bootstrap labels', () => {
    const owners = (name: string) => [...new Set(c.clusterRoles.get(name)!.rules.map((r) => r.owner.name))];
    expect(owners('view')).toEqual(['system:aggregate-to-view']);
    expect(owners('edit')).toEqual(['system:aggregate-to-edit', 'system:aggregate-to-view']);
    // the controller takes the selected roles by name: edit (and what it aggregates) before system:aggregate-to-admin
    expect(owners('admin')).toEqual(['system:aggregate-to-edit', 'system:aggregate-to-view', 'system:aggregate-to-admin']);
    expect(c.clusterRoles.get('admin')!.aggregation!.from).toEqual(['edit', 'system:aggregate-to-admin']);
  });

  it('the bindings every cluster has: discovery for the authenticated, public info for everyone', () => {
    expect(canI(c, { name: 'jane', groups: ['system:authenticated'] }, url('get', '/apis/apps')).reason).toBe('RBAC: allowed by ClusterRoleBinding "system:discovery" of ClusterRole "system:discovery" to Group "system:authenticated"');
    expect(canI(c, { name: 'system:anonymous', groups: ['system:unauthenticated'] }, url('get', '/healthz')).reason).toBe('RBAC: allowed by ClusterRoleBinding "system:public-info-viewer" of ClusterRole "system:public-info-viewer" to Group "system:unauthenticated"');
    expect(canI(c, { name: 'system:anonymous', groups: ['system:unauthenticated'] }, url('get', '/apis')).allowed).toBe(false);
    expect(canI(c, userInfo('system:serviceaccount:plat-system:namespace-controller').user, res('deletecollection', 'apps', 'deployments', '', '', 'prod')).allowed).toBe(true);
  });

  it('a file may redefine a bootstrap role; the API server adds the platform\'s rules back unless autoupdate is "false"', () => {
    const o = cluster(['semantics/bootstrap-overrides.yaml']);
    expect(o.clusterRoles.get('system:basic-user')!.rules.map((r) => `${r.origin.source} ${r.resources.join(',')}`)).toEqual(['file namespaces', 'bootstrap selfsubjectaccessreviews,selfsubjectrulesreviews', 'bootstrap selfsubjectreviews']);
    expect(canI(o, { name: 'a', groups: ['system:unauthenticated'] }, url('get', '/livez')).allowed).toBe(false);
    expect(canI(o, { name: 'a', groups: ['system:unauthenticated'] }, url('get', '/healthz')).allowed).toBe(true);
    expect(o.notes.map((n) => n.message)).toEqual([
      'ClusterRole `system:basic-user` is also the platform\'s own: at start-up the API server adds the platform\'s 2 missing rules to it (rbac.authorization.plat.io/autoupdate: "false" stops that)',
      'ClusterRole `system:public-info-viewer` replaces the platform\'s own: its rbac.authorization.plat.io/autoupdate: "false" stops the API server from adding the platform\'s rules back',
    ]);
  });

  it('holds every role platlint knows by name, under the platform\'s names, from the named upstream test data', () => {
    const { roles, bindings } = bootstrapPolicy();
    for (const r of roles) {
      if (r.kind === 'ClusterRole') expect(BOOTSTRAP_CLUSTER_ROLES.has(r.name), r.name).toBe(true);
      else expect(BOOTSTRAP_ROLES.has(`${r.namespace}/${r.name}`), r.name).toBe(true);
    }
    expect(JSON.stringify([roles, bindings].map((x) => x.map((o) => o.name)))).not.toMatch(/kube|k8s\.io|kubernetes/);
    expect([roles.length, bindings.length]).toEqual([76, 57]);
    expect(Object.keys(BOOTSTRAP_SOURCE.files)).toEqual(['cluster-roles.yaml', 'controller-roles.yaml', 'namespace-roles.yaml', 'namespace-role-bindings.yaml', 'cluster-role-bindings.yaml']);
  });
});

describe('questions as written', () => {
  it('reads resource[.group][/subresource]', () => {
    expect(['pods', 'deployments.apps', 'pods/exec', 'deployments.apps/scale', 'certificatesigningrequests.certificates.plat.io/approval'].map(parseResource)).toEqual([
      { resource: 'pods', group: '', subresource: '' },
      { resource: 'deployments', group: 'apps', subresource: '' },
      { resource: 'pods', group: '', subresource: 'exec' },
      { resource: 'deployments', group: 'apps', subresource: 'scale' },
      { resource: 'certificatesigningrequests', group: 'certificates.plat.io', subresource: 'approval' },
    ]);
    expect(parseResource('/exec')).toEqual({ problem: 'no resource in "/exec"; write resource[.group][/subresource], such as pods, deployments.apps or pods/exec' });
  });

  it('gives a service account the groups of its tokens, and nobody else any group not asked for', () => {
    expect(userInfo('system:serviceaccount:ci:deployer', ['team'])).toEqual({ user: { name: 'system:serviceaccount:ci:deployer', groups: ['team', 'system:serviceaccounts', 'system:serviceaccounts:ci', 'system:authenticated'] }, added: ['system:serviceaccounts', 'system:serviceaccounts:ci', 'system:authenticated'] });
    expect(userInfo('jane')).toEqual({ user: { name: 'jane', groups: [] }, added: [] });
  });

  it('label selectors as LabelSelectorAsSelector reads them: empty matches all, NotIn matches a missing label', () => {
    const m = (s: unknown, labels: Record<string, string>) => labelSelector(s).matches!(labels);
    expect(m({}, {})).toBe(true);
    expect(m({ matchExpressions: [{ key: 'a', operator: 'NotIn', values: ['x'] }] }, {})).toBe(true);
    expect(m({ matchExpressions: [{ key: 'a', operator: 'In', values: ['x'] }] }, {})).toBe(false);
    expect(m({ matchLabels: { a: 'x' }, matchExpressions: [{ key: 'b', operator: 'DoesNotExist' }] }, { a: 'x', b: '' })).toBe(false);
    expect(labelSelector({ matchExpressions: [{ key: 'a', operator: 'Exists', values: ['x'] }] }).problem).toBe('matchExpressions[0]: operator Exists takes no values');
    expect(labelSelector({ matchExpressions: [{ key: 'a', operator: 'Near' }] }).problem).toBe('matchExpressions[0]: "Near" is not a valid label selector operator');
  });
});

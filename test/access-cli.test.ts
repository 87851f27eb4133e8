// `platlint access`: every form and format on fixtures/access/team/ (its output pinned exactly in
// fixtures/access/team/expected/), the deployments of fixtures/access/deployments/, exit codes and usage errors.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { platlint } from './helpers/cli.js';
import { ROOT } from './helpers/fixtures.js';
import { GitRepo } from './helpers/git-repo.js';

const TEAM = join(ROOT, 'fixtures', 'access', 'team');
const DEPLOYMENTS = join(ROOT, 'fixtures', 'access', 'deployments');
const expected = (name: string) => join(TEAM, 'expected', name);
const REVIEWS = join(ROOT, 'fixtures', 'access', 'reviews');
const access = (args: string[], cwd = TEAM) => platlint(['access', ...args], { cwd });

/** A git repository whose branch main holds fixtures/access/diff/base and whose working tree is fixtures/access/diff/head. */
function diffRepo(): GitRepo {
  const repo = new GitRepo();
  repo.replaceWith(join(ROOT, 'fixtures', 'access', 'diff', 'base')).commit('base');
  return repo.replaceWith(join(ROOT, 'fixtures', 'access', 'diff', 'head'));
}

describe('platlint access can-i', () => {
  it('yes: the binding, subject, role and rule, each at its line and column; exit 0', async () => {
    const r = await access(['can-i', 'get', 'secrets', '-n', 'prod', '--as', 'jane', '--as-group', 'ops']);
    expect([r.code, r.stderr]).toEqual([0, '']);
    await expect(r.stdout).toMatchFileSnapshot(expected('can-i-yes.txt'));
  });

  it('no: the evaluation errors and the roles whose rules are not known; exit 1', async () => {
    const r = await access(['can-i', 'delete', 'pods', '-n', 'prod', '--as', 'jane']);
    expect([r.code, r.stderr]).toEqual([1, '']);
    expect(r.stdout).toBe(
      [
        'no',
        "no rule of a binding of User jane allows delete pods in namespace prod (RBAC; the API server's other authorizers are not asked)",
        'evaluation error: clusterrole.rbac.authorization.plat.io "legacy-operator" not found (RoleBinding prod/legacy, roleRef at rbac/prod.yaml:60:13)',
        "unknown: RoleBinding prod/certificates (rbac/prod.yaml:44:13) binds User jane to a role whose rules are not known: ClusterRole `cert-manager-edit` is one of the configuration's externalRoles: its rules are not in these files",
        '',
      ].join('\n'),
    );
  });

  it('a service account gets the groups of its tokens, and the answer says so', async () => {
    const r = await access(['can-i', 'get', 'secrets', '--as', 'system:serviceaccount:tools:auditor']);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n').slice(0, 2)).toEqual(['yes', 'RBAC: allowed by ClusterRoleBinding "read-secrets" of ClusterRole "secret-reader" to ServiceAccount "auditor/tools"']);
    expect(r.stdout.split('\n').at(-2)).toBe('note: system:serviceaccount:tools:auditor is a service account: its tokens carry the groups system:serviceaccounts, system:serviceaccounts:tools, system:authenticated too');
  });

  it('a non-resource URL, granted through an aggregated ClusterRole', async () => {
    const r = await access(['can-i', 'get', '--url', '/metrics', '--as', 'sam', '--as-group', 'sre']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      [
        'yes',
        'RBAC: allowed by ClusterRoleBinding "monitoring" of ClusterRole "monitoring" to Group "sre"',
        'binding ClusterRoleBinding monitoring (rbac/cluster.yaml:51:9)',
        '  subject Group sre (rbac/cluster.yaml:59:11)',
        '  role    ClusterRole monitoring (aggregated) (rbac/cluster.yaml:29:9)',
        '  rule    ClusterRole read-metrics rules[0] (rbac/cluster.yaml:42:5): get /metrics',
        '',
      ].join('\n'),
    );
  });

  it('system:masters: allowed before RBAC', async () => {
    const r = await access(['can-i', 'delete', 'nodes', '--as', 'root', '--as-group', 'system:masters', '--no-bootstrap', 'rbac/cluster.yaml']);
    expect([r.code, r.stdout]).toEqual([0, 'yes\nallowed before RBAC: the API server allows the group system:masters everything (its privileged group authorizer)\n']);
  });

  it('--format json: the SubjectAccessReview status, grantedBy with positions, errors, unknown roles', async () => {
    const r = await access(['can-i', 'get', 'configmaps', 'settings', '-n', 'prod', '--as', 'jane', '--format', 'json']);
    expect(r.code).toBe(0);
    await expect(r.stdout).toMatchFileSnapshot(expected('can-i.json.txt'));
    const json = JSON.parse(r.stdout);
    expect(Object.keys(json)).toEqual(['user', 'request', 'allowed', 'answers']);
    expect(Object.keys(json.answers[0])).toEqual(['deployment', 'noDeployment', 'files', 'status', 'decidedBy', 'grantedBy', 'evaluationErrors', 'unknown', 'notes']);
    expect(json.answers[0].status).toEqual({ allowed: true, reason: 'RBAC: allowed by RoleBinding "settings-editor/prod" of Role "settings-editor" to User "jane"', evaluationError: 'clusterrole.rbac.authorization.plat.io "legacy-operator" not found' });
    expect(json.answers[0].grantedBy[0].rule).toMatchObject({ kind: 'Role', name: 'settings-editor', namespace: 'prod', index: 0, file: 'rbac/prod.yaml', line: 24, column: 5, resourceNames: ['settings'] });
  });
});

describe('platlint access who-can', () => {
  it('text: every subject, grouped, with its bindings and rules (the bootstrap policy\'s too)', async () => {
    const r = await access(['who-can', 'get', 'secrets', '-n', 'prod']);
    expect([r.code, r.stderr]).toEqual([0, '']);
    await expect(r.stdout).toMatchFileSnapshot(expected('who-can.txt'));
  });

  it('markdown: a table for a pull request comment', async () => {
    const r = await access(['who-can', 'get', 'secrets', '-n', 'prod', '--format', 'markdown']);
    expect(r.code).toBe(0);
    await expect(r.stdout).toMatchFileSnapshot(expected('who-can.md'));
  });

  it('json: subjects with grantedBy', async () => {
    const r = await access(['who-can', 'update', 'configmaps', 'settings', '-n', 'prod', '--no-bootstrap', '--format', 'json']);
    expect(r.code).toBe(0);
    await expect(r.stdout).toMatchFileSnapshot(expected('who-can.json.txt'));
    const json = JSON.parse(r.stdout);
    expect(json.answers[0].subjects.map((s: { kind: string; name: string }) => `${s.kind} ${s.name}`)).toEqual(['User jane', 'Group system:masters']);
  });

  it('--all-namespaces counts the RoleBindings of every namespace; cluster-wide only the ClusterRoleBindings', async () => {
    const names = async (args: string[]) => JSON.parse((await access(['who-can', 'get', 'secrets', '--no-bootstrap', '--format', 'json', ...args])).stdout).answers[0].subjects.map((s: { name: string }) => s.name);
    expect(await names([])).toEqual(['ops', 'system:masters', 'auditor']);
    expect(await names(['--all-namespaces'])).toEqual(['ops', 'system:masters', 'auditor']);
    const edit = await access(['who-can', 'get', 'secrets', '--all-namespaces']);
    expect(edit.stdout).toContain('Group deployers\n  binding RoleBinding prod/deployers (rbac/prod.yaml:4:9)\n');
  });
});

describe('platlint access rules', () => {
  it('text, json and markdown of a SelfSubjectRulesReview', async () => {
    const text = await access(['rules', '--as', 'jane', '-n', 'prod']);
    expect([text.code, text.stderr]).toEqual([0, '']);
    expect(text.stdout).toBe(
      [
        'rules of User jane in namespace prod (4 files), incomplete:',
        'resource rules:',
        '  get, update, patch on configmaps named settings (core)',
        '    Role prod/settings-editor rules[0] (rbac/prod.yaml:24:5) by RoleBinding prod/settings-editor (rbac/prod.yaml:33:13)',
        'non-resource rules: none',
        'evaluation error: clusterrole.rbac.authorization.plat.io "legacy-operator" not found (RoleBinding prod/legacy, roleRef at rbac/prod.yaml:60:13)',
        "unknown: RoleBinding prod/certificates (rbac/prod.yaml:44:13) binds User jane to a role whose rules are not known: ClusterRole `cert-manager-edit` is one of the configuration's externalRoles: its rules are not in these files",
        '',
      ].join('\n'),
    );
    const json = await access(['rules', '--as', 'sam', '--as-group', 'sre', '--as-group', 'system:authenticated', '-n', 'prod', '--format', 'json']);
    await expect(json.stdout).toMatchFileSnapshot(expected('rules.json.txt'));
    expect(Object.keys(JSON.parse(json.stdout).answers[0].status)).toEqual(['resourceRules', 'nonResourceRules', 'incomplete']);
    const md = await access(['rules', '--as', 'sam', '--as-group', 'sre', '-n', 'prod', '--format', 'markdown']);
    expect(md.stdout).toBe(
      [
        '### Rules of User `sam` in namespace `prod`',
        '',
        '| Verbs | API groups | Resources | Names | Rule | Binding |',
        '| --- | --- | --- | --- | --- | --- |',
        '| `get`, `list` | `metrics.plat.io` | `pods`, `nodes` |  | `read-metrics rules[1]` ([rbac/cluster.yaml:44:5](rbac/cluster.yaml#L44)) | ClusterRoleBinding `monitoring` ([rbac/cluster.yaml:51:9](rbac/cluster.yaml#L51)) |',
        '',
        '| Verbs | Non-resource URLs | Rule | Binding |',
        '| --- | --- | --- | --- |',
        '| `get` | `/metrics` | `read-metrics rules[0]` ([rbac/cluster.yaml:42:5](rbac/cluster.yaml#L42)) | ClusterRoleBinding `monitoring` ([rbac/cluster.yaml:51:9](rbac/cluster.yaml#L51)) |',
        '',
      ].join('\n'),
    );
  });
});

describe('platlint access review', () => {
  it('text: each review answered as can-i or rules answers it; exit 1 when one is denied, 0 when all are allowed', async () => {
    const r = await access(['review', 'reviews.yaml', '--rbac', 'rbac', '--as', 'sam', '--as-group', 'sre']);
    expect([r.code, r.stderr]).toEqual([1, '']);
    expect(r.stdout.split('\n').filter((l) => !l.startsWith(' '))).toEqual([
      'reviews.yaml:3:7 SubjectAccessReview: may User jane (groups ops) get secrets in namespace prod?',
      'reviews.yaml:13:7 LocalSubjectAccessReview: may User jane delete pods in namespace prod?',
      'reviews.yaml:24:7 SelfSubjectAccessReview: may User sam (groups sre; the calling user, from --as) get /metrics?',
      'reviews.yaml:31:7 SelfSubjectRulesReview: the rules of User sam (groups sre; the calling user, from --as) in namespace prod',
      '',
    ]);
    const allowed = await access(['review', 'review.json', '--rbac', '../team/rbac'], REVIEWS);
    expect([allowed.code, allowed.stderr]).toEqual([0, '']);
    expect(allowed.stdout).toBe(
      [
        'review.json:3:11 SubjectAccessReview: may User alex (groups ops) watch secrets cluster-wide?',
        '  yes',
        '  RBAC: allowed by ClusterRoleBinding "read-secrets" of ClusterRole "secret-reader" to Group "ops"',
        '  binding ClusterRoleBinding read-secrets (../team/rbac/cluster.yaml:13:9)',
        '    subject Group ops (../team/rbac/cluster.yaml:21:11)',
        '    role    ClusterRole secret-reader (../team/rbac/cluster.yaml:4:9)',
        '    rule    ClusterRole secret-reader rules[0] (../team/rbac/cluster.yaml:6:5): get, list, watch on secrets (core)',
        '',
      ].join('\n'),
    );
  });

  it('a SubjectAccessReview asks for spec.user and spec.groups as written: no group of a service account is added', async () => {
    const r = await access(['review', 'status.yaml', '--rbac', '../team/rbac'], REVIEWS);
    expect(r.code).toBe(1);
    expect(r.stdout.split('\n').slice(0, 6)).toEqual([
      'status.yaml:3:7 SubjectAccessReview: may User system:serviceaccount:ci:builder get /.well-known/openid-configuration?',
      "  (spec.groups is asked about as written: the API server does not add the groups of the service account's tokens, system:serviceaccounts, system:serviceaccounts:ci and system:authenticated)",
      '  no',
      "  no rule of a binding of User system:serviceaccount:ci:builder allows get /.well-known/openid-configuration (RBAC; the API server's other authorizers are not asked)",
      'status.yaml:18:7 SubjectAccessReview: may User system:serviceaccount:ci:builder (groups system:serviceaccounts) get /.well-known/openid-configuration?',
      '  yes',
    ]);
    // can-i --as adds them, as a token of the service account carries them
    expect((await access(['can-i', 'get', '--url', '/.well-known/openid-configuration', '--as', 'system:serviceaccount:ci:builder', 'rbac'])).code).toBe(0);
  });

  it('json: the answers of can-i and rules for each review, with where it is and whose it is', async () => {
    const r = await access(['review', 'reviews.yaml', '--rbac', 'rbac', '--as', 'sam', '--as-group', 'sre', '--format', 'json']);
    expect(r.code).toBe(1);
    const json = JSON.parse(r.stdout);
    expect(Object.keys(json)).toEqual(['allowed', 'reviews', 'problems']);
    expect([json.allowed, json.problems]).toEqual([false, []]);
    expect(Object.keys(json.reviews[0])).toEqual(['kind', 'name', 'namespace', 'file', 'document', 'line', 'column', 'user', 'request', 'allowed', 'answers']);
    expect(Object.keys(json.reviews[3])).toEqual(['kind', 'name', 'namespace', 'file', 'document', 'line', 'column', 'user', 'request', 'answers']);
    expect(json.reviews[3].request).toEqual({ namespace: 'prod' });
    expect(json.reviews.map((v: { kind: string; namespace: string; document: number; line: number; user: { name: string; from: string }; allowed?: boolean }) => [v.kind, v.namespace, v.document, v.line, v.user.name, v.user.from, v.allowed])).toEqual([
      ['SubjectAccessReview', '', 0, 3, 'jane', 'spec', true],
      ['LocalSubjectAccessReview', 'prod', 1, 13, 'jane', 'spec', false],
      ['SelfSubjectAccessReview', '', 2, 24, 'sam', '--as', true],
      ['SelfSubjectRulesReview', '', 3, 31, 'sam', '--as', undefined],
    ]);
    const canI = JSON.parse((await access(['can-i', 'get', 'secrets', '-n', 'prod', '--as', 'jane', '--as-group', 'ops', '--format', 'json', 'rbac'])).stdout);
    expect(json.reviews[0].request).toEqual(canI.request);
    expect(json.reviews[0].answers).toEqual(canI.answers);
    const rules = JSON.parse((await access(['rules', '--as', 'sam', '--as-group', 'sre', '-n', 'prod', '--format', 'json', 'rbac'])).stdout);
    expect(json.reviews[3].answers).toEqual(rules.answers);
  });

  it('refused reviews: the reasons of the API server\'s validation, and no answer; exit 1', async () => {
    const r = await access(['review', 'refused.yaml', '--rbac', '../team/rbac'], REVIEWS);
    expect([r.code, r.stderr]).toEqual([1, '']);
    expect(r.stdout).toBe(
      [
        'refused.yaml:4:7 SubjectAccessReview named: refused: metadata: must be empty (it sets name)',
        'refused.yaml:12:7 SubjectAccessReview: refused: spec.resourceAttributes: exactly one of nonResourceAttributes or resourceAttributes must be specified',
        'refused.yaml:17:7 SubjectAccessReview: refused: spec.nonResourceAttributes: cannot be specified in combination with resourceAttributes; spec.user: at least one of user or group must be specified',
        'refused.yaml:23:7 SubjectAccessReview: refused: spec.resourceAttributes.labelSelector.rawSelector: may not be specified at the same time as requirements; spec.user: at least one of user or group must be specified',
        'refused.yaml:33:7 LocalSubjectAccessReview: refused: spec.resourceAttributes.namespace: must match metadata.namespace ("prod")',
        'refused.yaml:41:7 LocalSubjectAccessReview: refused: spec.nonResourceAttributes: disallowed on this kind of request',
        'refused.yaml:47:7 SelfSubjectRulesReview: refused: no namespace on request (spec.namespace is required)',
        '',
      ].join('\n'),
    );
    const json = JSON.parse((await access(['review', 'refused.yaml', '--rbac', '../team/rbac', '--format', 'json'], REVIEWS)).stdout);
    expect(json.reviews[6]).toEqual({ kind: 'SelfSubjectRulesReview', name: '', namespace: '', file: 'refused.yaml', document: 6, line: 47, column: 7, refused: 'no namespace on request (spec.namespace is required)' });
  });

  it('yaml: each review as written with the status the API server returns (an old status replaced, JSON kept JSON, a refused one with why)', async () => {
    const r = await access(['review', 'review.json', 'status.yaml', '--rbac', '../team/rbac', '--format', 'yaml'], REVIEWS);
    expect([r.code, r.stderr]).toEqual([1, '']);
    expect(r.stdout).toBe(
      [
        '{',
        '  "apiVersion": "authorization.plat.io/v1",',
        '  "kind": "SubjectAccessReview",',
        '  "spec": {',
        '    "user": "alex",',
        '    "groups": [',
        '      "ops"',
        '    ],',
        '    "resourceAttributes": {',
        '      "verb": "watch",',
        '      "resource": "secrets"',
        '    }',
        '  },',
        '  "status": {',
        '    "allowed": true,',
        '    "reason": "RBAC: allowed by ClusterRoleBinding \\"read-secrets\\" of ClusterRole \\"secret-reader\\" to Group \\"ops\\""',
        '  }',
        '}',
        '---',
        '# A review written back by platctl, with the status of an older answer: --format yaml replaces it.',
        'apiVersion: authorization.plat.io/v1',
        'kind: SubjectAccessReview',
        'metadata:',
        '  creationTimestamp: null',
        'spec:',
        '  user: system:serviceaccount:ci:builder',
        '  nonResourceAttributes:',
        '    verb: get',
        '    path: /.well-known/openid-configuration',
        'kind-note: kept # a key after the status stays where it is',
        'status:',
        '  allowed: false',
        '---',
        'apiVersion: authorization.plat.io/v1',
        'kind: SubjectAccessReview',
        'spec:',
        '  user: system:serviceaccount:ci:builder',
        '  groups: [system:serviceaccounts]',
        '  nonResourceAttributes:',
        '    verb: get',
        '    path: /.well-known/openid-configuration',
        'status:',
        '  allowed: true',
        '  reason: "RBAC: allowed by ClusterRoleBinding \\"system:service-account-issuer-discovery\\" of ClusterRole \\"system:service-account-issuer-discovery\\" to Group \\"system:serviceaccounts\\""',
        '',
      ].join('\n'),
    );
    // what it writes reads back as the reviews with their status
    const docs = parseAllDocuments(r.stdout).map((d) => d.toJS());
    expect(docs.map((d) => d.status.allowed)).toEqual([true, false, true]);
    expect(docs[1].spec).toEqual(parseAllDocuments(readFileSync(join(REVIEWS, 'status.yaml'), 'utf8'))[0]!.toJS().spec);
    const refused = await access(['review', 'refused.yaml', '--rbac', '../team/rbac', '--format', 'yaml'], REVIEWS);
    expect(refused.stdout.split('\n---\n').map((d) => d.split('\n')[0])).toEqual([
      '# refused: metadata: must be empty (it sets name)',
      '# refused: spec.resourceAttributes: exactly one of nonResourceAttributes or resourceAttributes must be specified',
      '# refused: spec.nonResourceAttributes: cannot be specified in combination with resourceAttributes; spec.user: at least one of user or group must be specified',
      '# refused: spec.resourceAttributes.labelSelector.rawSelector: may not be specified at the same time as requirements; spec.user: at least one of user or group must be specified',
      '# refused: spec.resourceAttributes.namespace: must match metadata.namespace ("prod")',
      '# refused: spec.nonResourceAttributes: disallowed on this kind of request',
      '# refused: no namespace on request (spec.namespace is required)',
    ]);
    // a rules review's status: the rules with the fields the API server leaves out when empty left out
    const rules = await access(['review', 'reviews.yaml', '--rbac', 'rbac', '--as', 'jane', '--format', 'yaml']);
    expect(rules.stdout.split('\n---\n')[3]).toBe(
      [
        'apiVersion: authorization.plat.io/v1',
        'kind: SelfSubjectRulesReview',
        'spec:',
        '  namespace: prod',
        'status:',
        '  resourceRules:',
        '    - verbs: [get, update, patch]',
        '      apiGroups: [""]',
        '      resources: [configmaps]',
        '      resourceNames: [settings]',
        '  nonResourceRules: []',
        '  incomplete: true',
        '  evaluationError: "clusterrole.rbac.authorization.plat.io \\"legacy-operator\\" not found"',
        '',
      ].join('\n'),
    );
  });

  it('with deployments: each review answered by each; --format yaml needs one (--deployment)', async () => {
    const r = await access(['review', '../team/reviews.yaml', '--as', 'x', '--as-group', 'ops'], DEPLOYMENTS);
    expect(r.code).toBe(1);
    expect(r.stdout.split('\n').slice(0, 3)).toEqual(['../team/reviews.yaml:3:7 SubjectAccessReview: may User jane (groups ops) get secrets in namespace prod?', '  deployment aws (2 files): yes', '    RBAC: allowed by RoleBinding "ops/prod" of ClusterRole "ops" to Group "ops"']);
    const yaml = await access(['review', '../team/reviews.yaml', '--as', 'x', '--format', 'yaml'], DEPLOYMENTS);
    expect([yaml.code, yaml.stdout, yaml.stderr]).toEqual([2, '', "platlint access: --format yaml writes one status per review, and the RBAC files are 3 sets (the configuration's deployments): name one with --deployment\nRun platlint access --help for usage.\n"]);
    const aws = await access(['review', '../team/reviews.yaml', '--as', 'x', '--format', 'yaml', '--deployment', 'aws'], DEPLOYMENTS);
    expect(aws.stdout.split('\n---\n')[0]!.split('\n').slice(-3)).toEqual(['status:', '  allowed: true', '  reason: "RBAC: allowed by RoleBinding \\"ops/prod\\" of ClusterRole \\"ops\\" to Group \\"ops\\""']);
  });

  it.each([
    [['review'], 'no FILE given: name the files that hold the reviews'],
    [['review', 'reviews.yaml', '--rbac', 'rbac'], 'reviews.yaml:24:7: a SelfSubjectAccessReview asks for the calling user; name the user with --as USER (and --as-group GROUP)'],
    [['review', 'reviews.yaml', '--as-group', 'ops'], '--as-group needs --as USER'],
    [['review', 'rbac/cluster.yaml'], 'no review in rbac/cluster.yaml: a review is a SubjectAccessReview, LocalSubjectAccessReview, SelfSubjectAccessReview or SelfSubjectRulesReview of authorization.plat.io/v1'],
    [['review', 'missing.yaml'], 'no such file or directory: "missing.yaml"'],
    [['review', 'reviews.yaml', '-n', 'prod'], 'review takes no -n'],
    [['review', 'reviews.yaml', '--as', 'x', '-f', 'markdown'], 'review has no format "markdown"; its formats: text, json, yaml'],
    [['can-i', 'get', 'pods', '--as', 'u', '--rbac', 'rbac'], '--rbac belongs to review (the other forms read the RBAC files of PATHS)'],
  ])('%j: exit 2', async (args, message) => {
    const r = await access(args);
    expect([r.code, r.stdout, r.stderr]).toEqual([2, '', `platlint access: ${message}\nRun platlint access --help for usage.\n`]);
  });
});

describe('deployments', () => {
  it('each deployment a file belongs to is answered from all its files; the files of no deployment together', async () => {
    const r = await access(['can-i', 'get', 'secrets', '-n', 'prod', '--as', 'x', '--as-group', 'ops'], DEPLOYMENTS);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(
      [
        'deployment aws (2 files): yes',
        '  RBAC: allowed by RoleBinding "ops/prod" of ClusterRole "ops" to Group "ops"',
        '  binding RoleBinding prod/ops (base/binding.yaml:4:9)',
        '    subject Group ops (base/binding.yaml:13:11)',
        '    role    ClusterRole ops (aws/role.yaml:4:9)',
        '    rule    ClusterRole ops rules[0] (aws/role.yaml:6:5): get on secrets (core)',
        'deployment gcp (2 files): no',
        "  no rule of a binding of User x (groups ops) allows get secrets in namespace prod (RBAC; the API server's other authorizers are not asked)",
        'files of no deployment (2 files): no',
        "  no rule of a binding of User x (groups ops) allows get secrets in namespace prod (RBAC; the API server's other authorizers are not asked)",
        '',
      ].join('\n'),
    );
  });

  it('a path of one deployment asks that deployment; --deployment names one', async () => {
    expect((await access(['can-i', 'get', 'secrets', '-n', 'prod', '--as', 'x', '--as-group', 'ops', 'gcp/'], DEPLOYMENTS)).stdout.split('\n').slice(0, 2)).toEqual(['no', 'deployment gcp (2 files)']);
    const aws = await access(['can-i', 'get', 'secrets', '-n', 'prod', '--as', 'x', '--as-group', 'ops', '--deployment', 'aws'], DEPLOYMENTS);
    expect([aws.code, aws.stdout.split('\n').slice(0, 2)]).toEqual([0, ['yes', 'deployment aws (2 files)']]);
    const who = JSON.parse((await access(['who-can', 'get', 'secrets', '-n', 'prod', '--no-bootstrap', '--format', 'json'], DEPLOYMENTS)).stdout);
    expect(who.answers.map((a: { deployment: string | null; noDeployment: boolean; subjects: { name: string }[] }) => [a.deployment, a.noDeployment, a.subjects.map((s) => s.name)])).toEqual([
      ['aws', false, ['ops', 'system:masters']],
      ['gcp', false, ['system:masters']],
      [null, true, ['system:masters']],
    ]);
  });
});

describe('usage', () => {
  it.each([
    [['can-i', 'get', 'pods'], 'platlint access: can-i needs --as USER: the user the question is asked for'],
    [['can-i', 'get', '--as', 'u'], 'platlint access: can-i needs a RESOURCE after the verb (or --url /PATH)'],
    [['can-i', 'get', 'pods', '--as', 'u', '-f', 'markdown'], 'platlint access: can-i has no format "markdown"; its formats: text, json'],
    [['can-i', 'get', '--url', 'healthz', '--as', 'u'], 'platlint access: the URL path "healthz" must start with /'],
    [['who-can', 'get', 'pods', '-n', 'a', '-A'], 'platlint access: a namespace and every namespace (--all-namespaces) exclude each other'],
    [['who-can', 'get', 'pods', '--as', 'u'], 'platlint access: who-can asks about every subject: it takes no --as or --as-group'],
    [['rules', '--as', 'u'], 'platlint access: rules needs -n NAMESPACE, as a SelfSubjectRulesReview does'],
    [['can-i', 'get', 'pods', 'missing.yaml', '--as', 'u'], 'platlint access: no file missing.yaml; to ask about an object of that name, put -- before the paths'],
    [['can-i', 'get', 'pods', '--as', 'u', '--deployment', 'x'], 'platlint access: --deployment x: the configuration declares no deployments'],
    [['reveiw'], 'platlint access: unknown form "reveiw"; the forms are can-i, who-can, rules, review and diff'],
    [['can-i', 'get', 'pods', '--as', 'u', '--nope'], 'platlint access: unknown option --nope'],
    [['can-i', 'get', 'pods', '--as', 'u', '--namespce', 'x'], 'platlint access: unknown option --namespce; did you mean --namespace?'],
    [['can-i', 'get', 'pods', '--as'], 'platlint access: option --as needs a value'],
  ])('%j: exit 2', async (args, message) => {
    const r = await access(args);
    expect([r.code, r.stdout, r.stderr]).toEqual([2, '', `${message}\nRun platlint access --help for usage.\n`]);
  });

  it('--help prints the forms; a name is the third word unless a file of that name exists, or after --', async () => {
    const help = await access(['--help']);
    expect([help.code, help.stdout.split('\n')[0]]).toEqual([0, 'Usage: platlint access can-i VERB RESOURCE [NAME] [-n NAMESPACE] --as USER [--as-group GROUP]... [PATHS]']);
    const named = JSON.parse((await access(['can-i', 'get', 'configmaps', 'settings', '-n', 'prod', '--as', 'jane', '--format', 'json', '--', 'rbac'])).stdout);
    expect([named.request.name, named.allowed]).toEqual(['settings', true]);
    const pathNotName = JSON.parse((await access(['can-i', 'get', 'configmaps', 'rbac', '-n', 'prod', '--as', 'jane', '--format', 'json'])).stdout);
    expect([pathNotName.request.name, pathNotName.allowed]).toEqual(['', false]);
  });
});

describe('the library (through the package, as docs/library.md shows it)', () => {
  it('reviewAccess gives the JSON of review; diffAccess compares two sets of texts', async () => {
    const api = (await import('platlint')) as typeof import('../src/index.js');
    const reviews = await api.reviewAccess({ files: ['reviews.yaml'], rbac: ['rbac'], user: 'sam', groups: ['sre'], cwd: TEAM });
    expect(reviews).toEqual(JSON.parse((await access(['review', 'reviews.yaml', '--rbac', 'rbac', '--as', 'sam', '--as-group', 'sre', '--format', 'json'])).stdout));
    await expect(api.reviewAccess({ files: ['reviews.yaml'], cwd: TEAM })).rejects.toThrow('reviews.yaml:24:7: a SelfSubjectAccessReview asks for the calling user; name the user with --as USER (and --as-group GROUP)');
    const read = (side: string) =>
      ['cluster.yaml', 'prod.yaml', 'roles.yaml']
        .filter((f) => side === 'head' || f !== 'roles.yaml')
        .map((f) => ({ name: `rbac/${f}`, text: readFileSync(join(ROOT, 'fixtures', 'access', 'diff', side, 'rbac', f), 'utf8') }));
    const change = api.diffAccess({ base: read('base'), head: read('head') });
    expect([change.base, change.granted, change.revoked, change.answers[0]!.files]).toEqual([{ revision: null, commit: null }, 1, 3, { base: 2, head: 3 }]);
    expect(change.answers[0]!.granted[0]!.grantedBy[0]!.rule).toMatchObject({ kind: 'Role', name: 'log-reader', file: 'rbac/prod.yaml', line: 32, column: 5 });
    expect(change.answers[0]!.revoked.map((p) => `${p.subject.kind} ${p.subject.namespace}/${p.subject.name} ${p.verb} ${'resource' in p ? p.resource : ''}`)).toEqual(['ServiceAccount tools/auditor get secrets', 'ServiceAccount tools/auditor list secrets', 'ServiceAccount tools/auditor watch secrets']);
  });
});

describe('docs/access.md', () => {
  it('prints what each example shows (run in fixtures/access/team, or in a git repository made of fixtures/access/diff)', async () => {
    const page = readFileSync(join(ROOT, 'docs', 'access.md'), 'utf8');
    const examples = [...page.matchAll(/<!-- access example( in a git repository made of fixtures\/access\/diff)? -->\n```sh\n\$ npx platlint access (.*)\n```\n\n```\w+\n([\s\S]*?)\n```\n/g)];
    expect(examples).toHaveLength(12);
    expect(examples.filter((e) => e[1] !== undefined)).toHaveLength(2);
    const repo = diffRepo();
    try {
      for (const [, inRepo, args, output] of examples) {
        const r = await access(args!.split(' '), inRepo ? repo.dir : TEAM);
        expect([0, 1]).toContain(r.code);
        expect(r.stderr).toBe('');
        expect(r.stdout).toBe(`${output}\n`);
      }
    } finally {
      repo.remove();
    }
  });
});

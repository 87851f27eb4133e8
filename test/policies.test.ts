// Policies (`policies:` in platlint.config.yaml): typed at load with errors at the character, findings at the
// field like any rule's, items of lists, evaluation errors, the budget, redaction, and every surface that
// treats rules alike (rules:, suppression comments, platlint rules/explain, output formats, cache, workers).
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runKey } from '../src/files/cache.js';
import { checkPolicies, ConfigError, parseConfig, type Config } from '../src/config/config.js';
import { lintText } from '../src/lint/lint.js';
import { RULE_IDS, suggestRuleIds } from '../src/check/registry.js';
import { kindTypes } from '../src/check/policies/kind-types.js';
import { kindTypeTable } from '../src/files/node-host.js';
import { buildKindTypeTable } from '../src/files/schema-types.js';
import { compiledByKind, compilePolicies, type CompiledKind } from '../src/check/policies/compile.js';
import { POLICY_BUDGET, type PolicySet } from '../src/check/policies/spec.js';
import { platlint } from './helpers/cli.js';
import { asExpectation, expectations, read, ROOT, yamlFiles } from './helpers/fixtures.js';

const EXAMPLES = join(ROOT, 'fixtures', 'examples', 'policies');

function config(text: string, file = '/repo/platlint.config.yaml'): Config {
  return parseConfig(text, file, RULE_IDS, suggestRuleIds);
}

/** The problems of an invalid configuration, one line each: `line:column code message`. */
function problems(text: string): string[] {
  try {
    config(text);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems.map((p) => `${p.line}:${p.column}-${p.endLine}:${p.endColumn} ${p.code} ${p.message}`);
    throw err;
  }
  return [];
}

/** A configuration of one policy (YAML lines of the entry, indented by four). */
function policy(lines: string): string {
  return `policies:\n  - ${lines.trim().split('\n').join('\n    ')}\n`;
}

/** `line:column-line:column` (1-based, end exclusive) of the `nth` occurrence of `needle` in `text`. */
function at(text: string, needle: string, nth = 0): string {
  let i = -1;
  for (let k = 0; k <= nth; k++) i = text.indexOf(needle, i + 1);
  if (i < 0) throw new Error(`${needle} is not in the text`);
  const lc = (o: number) => {
    const lines = text.slice(0, o).split('\n');
    return `${lines.length}:${lines[lines.length - 1]!.length + 1}`;
  };
  return `${lc(i)}-${lc(i + needle.length)}`;
}

function findings(text: string, cfg: Config): string[] {
  return lintText(text, { filePath: 'x.yaml', config: cfg }).diagnostics.map((d) => `${asExpectation(d)} ${d.severity} ${d.message}`);
}

const AUTHZ = `apiVersion: apiserver.config.plat.io/v1
kind: AuthorizationConfiguration
authorizers:
  - type: Webhook
    name: first
    webhook:
      timeout: 3s
      authorizedTTL: 5m
      unauthorizedTTL: 30s
      subjectAccessReviewVersion: v1
      matchConditionSubjectAccessReviewVersion: v1
      failurePolicy: NoOpinion
      connectionInfo:
        type: InClusterConfig
      matchConditions:
        - expression: has(request.resourceAttributes)
        - expression: request.user != 'x'
  - type: RBAC
    name: rbac
`;

describe('the example policies (fixtures/examples/policies)', () => {
  const cfg = config(read(join(EXAMPLES, 'platlint.config.yaml')), join(EXAMPLES, 'platlint.config.yaml'));
  for (const file of yamlFiles(join(EXAMPLES, 'valid'))) {
    it(`valid/${file.split('/').pop()}`, () => {
      expect(findings(read(file), cfg)).toEqual([]);
    });
  }
  for (const file of yamlFiles(join(EXAMPLES, 'invalid'))) {
    it(`invalid/${file.split('/').pop()}`, () => {
      const text = read(file);
      const result = lintText(text, { filePath: file, config: cfg });
      expect(result.diagnostics.map(asExpectation).sort()).toEqual(expectations(text));
    });
  }
  it('pass platlint itself without the policies', () => {
    const none = config('rules: {}\n');
    for (const file of [...yamlFiles(join(EXAMPLES, 'valid')), ...yamlFiles(join(EXAMPLES, 'invalid'))]) expect(findings(read(file), none)).toEqual([]);
  });
  it('give messages built from the document', () => {
    expect(findings(read(join(EXAMPLES, 'invalid', 'authorization-webhooks.yaml')), cfg)).toEqual([
      'acme/authz-webhooks-fail-closed authorizers 7:1 error 3 webhook authorizers: each adds its latency to every request it sees; use at most 2',
      'acme/authz-webhooks-fail-closed authorizers[2].webhook.failurePolicy 20:22 error webhook authorizer tenant-policy.example.com lets requests through to the next authorizer when it is unreachable; set failurePolicy: Deny',
      'acme/authz-webhooks-fail-closed authorizers[3].webhook.timeout 26:16 error webhook authorizer audit-approval.example.com waits up to 10s for an answer, holding every request; at most 5s',
    ]);
  });
});

/** A policy reading a field `object` does not have (`authorizerz`, at 7:28). */
const MISSPELT = policy(`
id: team/x
description: d
kinds: [AuthorizationConfiguration]
severity: error
validations:
  - expression: object.authorizerz.size() > 0
    message: m`);

describe('typed at load: errors at the character in the configuration', () => {
  it('a misspelt field of `object`', () => {
    const text = MISSPELT;
    expect(at(text, 'authorizerz')).toBe('7:28-7:39');
    expect(problems(text)).toEqual([`${at(text, 'authorizerz')} config/policy undefined field \`authorizerz\``]);
  });

  it('a duration string compared with an int, inside a block scalar and a quoted one', () => {
    const text = policy(`
id: team/x
description: d
kinds: [AuthorizationConfiguration]
severity: error
validations:
  - forEach: authorizers[*]
    expression: |
      self.type != 'Webhook' ||
        self.webhook.timeout > 30
    message: m
  - expression: "object.authorizers.all(a, \\"x\\" != a.name && a.webhook.timeout < 1)"
    message: m`);
    expect(problems(text)).toEqual([
      `${at(text, '> 30')}`.replace(/-(\d+):(\d+)$/, (_m, l, c) => `-${l}:${Number(c) - 3}`) + ' config/policy found no matching overload for `>` applied to `(string, int)`',
      `${at(text, '< 1')}`.replace(/-(\d+):(\d+)$/, (_m, l, c) => `-${l}:${Number(c) - 2}`) + ' config/policy found no matching overload for `<` applied to `(string, int)`',
    ]);
  });

  it('`has()` of an undefined field, a result that is not a bool, a messageExpression that is not a string', () => {
    const text = policy(`
id: team/x
description: d
kinds: [RoleBinding]
severity: warning
validations:
  - expression: has(object.metadata.nmae)
    message: m
  - expression: object.subjects.size()
    message: m
  - expression: 'true'
    messageExpression: object.subjects.size()`);
    expect(problems(text)).toEqual([
      `${at(text, 'nmae')} config/policy undefined field \`nmae\``,
      `${at(text, 'object.subjects.size()')} config/policy an expression must evaluate to \`bool\`, but this one gives \`int\``,
      `${at(text, 'object.subjects.size()', 1)} config/policy a messageExpression must evaluate to \`string\`, but this one gives \`int\``,
    ]);
  });

  it('forEach and reportAt paths checked against the schema', () => {
    const text = policy(`
id: team/x
description: d
kinds: [AuthorizationConfiguration]
severity: error
validations:
  - forEach: authorizers[*].webhok
    expression: 'true'
    message: m
  - forEach: authorizers[*]
    expression: 'true'
    message: m
    reportAt: webhook.failurPolicy
  - reportAt: authorizers[*].name
    expression: 'true'
    message: m
  - forEach: authorizers
    expression: 'true'
    message: m`);
    expect(problems(text)).toEqual([
      `${at(text, 'webhok')} config/policy \`webhok\` is not a field of \`AuthorizationConfiguration.AuthorizerConfiguration\`; did you mean \`webhook\`?`,
      `${at(text, 'failurPolicy')} config/policy \`failurPolicy\` is not a field of \`AuthorizationConfiguration.WebhookConfiguration\`; did you mean \`failurePolicy\`?`,
      `${at(text, '[*]', 2)} config/policy \`[*]\` belongs in \`forEach\`; \`reportAt\` names one place`,
      `${at(text, 'authorizers\n')}`.replace(/-\d+:\d+$/, `-${at(text, 'authorizers\n').split(':')[0]}:${Number(at(text, 'authorizers\n').split(':')[1]!.split('-')[0]) + 11}`) +
        ' config/policy `forEach` names the items to check with `[*]` (`authorizers[*]`); for one place, use `reportAt`',
    ]);
  });

  it('functions platlint does not evaluate, and patterns that are not literals', () => {
    const text = policy(`
id: team/x
description: d
kinds: [ClusterRole]
severity: error
validations:
  - expression: object.rules.all(r, r.verbs.all(v, quantity(v).isInteger()))
    message: m
  - expression: object.rules.all(r, r.verbs.all(v, v.matches(object.metadata.name)))
    message: m
  - expression: object.rules.all(r, r.verbs.all(v, v.matches('(?=x)')))
    message: m`);
    expect(problems(text)).toEqual([
      `${at(text, 'quantity')} config/policy \`quantity()\` is not available in policies: platlint does not evaluate the quantity library`,
      `${at(text, 'object.metadata.name')} config/policy in a policy, the pattern of \`matches()\` is a string literal, so that it is checked once, when the configuration is loaded`,
      `${at(text, "'(?=x)'")} config/policy invalid regular expression \`(?=x)\`: invalid or unsupported Perl syntax: \`(?=\``,
    ]);
  });

  it('variables are typed, each seeing only those before it', () => {
    const text = policy(`
id: team/x
description: d
kinds: [AuthorizationConfiguration]
severity: error
variables:
  - name: names
    expression: object.authorizers.map(a, a.name)
  - name: early
    expression: variables.late
  - name: late
    expression: 'true'
validations:
  - expression: variables.names.exists(n, n > 1)
    message: m`);
    expect(problems(text)).toEqual([`${at(text, 'late')} config/policy undefined field \`late\``]);
    const typed = policy(`
id: team/x
description: d
kinds: [AuthorizationConfiguration]
severity: error
variables:
  - name: names
    expression: object.authorizers.map(a, a.name)
validations:
  - expression: variables.names.exists(n, n > 1)
    message: m`);
    expect(problems(typed)).toEqual([`${at(typed, '>')} config/policy found no matching overload for \`>\` applied to \`(string, int)\``]);
  });

  it('a policy of several kinds says which kind an expression does not fit', () => {
    const text = policy(`
id: team/x
description: d
kinds: [RoleBinding, ClusterRole]
severity: error
validations:
  - expression: object.subjects.size() > 0
    message: m`);
    expect(problems(text)).toEqual([`${at(text, 'subjects')} config/policy undefined field \`subjects\` (in kind \`ClusterRole\`)`]);
  });

  it('ids in an area of their own, once each; known kinds; unique names', () => {
    const text = `policies:
  - id: security/mine
    description: d
    kinds: [RoleBindings]
    severity: error
    validations: [{expression: 'true', message: m}]
  - id: team/a
    description: d
    kinds: [RoleBinding, RoleBinding]
    severity: error
    variables: [{name: v, expression: '1'}, {name: v, expression: '2'}]
    validations: [{expression: 'true', message: m}]
  - id: team/a
    description: d
    kinds: [Role]
    severity: error
    validations: [{expression: 'true', message: m}]
`;
    expect(problems(text)).toEqual([
      `${at(text, 'security')} config/policy \`security/\` is an area of platlint's own rules; give policies an area of their own, such as \`team/\` or your organisation's name`,
      `${at(text, 'RoleBindings')} config/policy \`RoleBindings\` is not a kind platlint checks; did you mean \`RoleBinding\`?`,
      `${at(text, 'RoleBinding', 2)} config/policy kind \`RoleBinding\` is listed twice`,
      `${at(text, 'v,', 1).replace(/-(\d+):(\d+)$/, (_m, l, c) => `-${l}:${Number(c) - 1}`)} config/policy name \`v\` is used twice in variables`,
      `${at(text, 'team/a', 1)} config/policy policy \`team/a\` is defined twice (first at policies[1]); give each policy its own id`,
    ]);
  });

  it('the schema of an entry: id, severity, one of message and messageExpression', () => {
    const text = `policies:
  - id: Team/X
    description: d
    kinds: [Role]
    severity: warn
    validations: [{expression: 'true'}]
`;
    // the validation without a message is reported at its first key
    expect(problems(text).map((p) => p.replace(/ config\/schema .*/, ' config/schema'))).toEqual([`${at(text, 'Team/X')} config/schema`, `${at(text, 'warn')} config/schema`, `${at(text, 'expression:', 0)} config/schema`.replace(/-(\d+):(\d+) /, (_m, l, c) => `-${l}:${Number(c) - 1} `)]);
  });

  it('policy ids are rules of the configuration: `rules:` takes them, and suggests them for a typo', () => {
    const body = policy(`
id: team/fail-closed
description: d
kinds: [AuthorizationConfiguration]
severity: error
validations:
  - expression: 'true'
    message: m`);
    expect(config(`rules:\n  team/fail-closed: warn\n${body}`).rules).toEqual({ 'team/fail-closed': 'warn' });
    expect(problems(`rules:\n  team/fail-close: warn\n${body}`)).toEqual(['2:3-2:18 config/unknown-rule unknown rule `team/fail-close`; did you mean `team/fail-closed`?']);
  });

  it("the kinds' types come from the build's table, which is what the schemas give (npm run build writes it)", () => {
    const built = buildKindTypeTable();
    expect(Object.keys(built).length).toBeGreaterThan(20);
    expect(JSON.parse(readFileSync(join(ROOT, 'dist', 'kind-types.json'), 'utf8'))).toEqual(built);
    expect(kindTypeTable()).toEqual(built);
    expect(kindTypes('RoleBinding')).toEqual(built.RoleBinding);
    expect(kindTypes('Deployment')).toBeUndefined();
  });

  it('is exit 2 on the command line, with the position of the character', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'platlint-policies-'));
    writeFileSync(join(dir, 'platlint.config.yaml'), MISSPELT);
    writeFileSync(join(dir, 'a.yaml'), AUTHZ);
    const r = await platlint(['a.yaml'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`platlint: invalid configuration file ${join(dir, 'platlint.config.yaml')}\n  ${join(dir, 'platlint.config.yaml')}:7:28  undefined field \`authorizerz\`\n`);
    // a run with worker threads (which start while the main thread checks the expressions), standard input, a
    // --fix run (which checks before any worker could write) and `platlint flags` stop on it alike, nothing linted
    for (let i = 0; i < 200; i++) writeFileSync(join(dir, `f${i}.yaml`), AUTHZ);
    const stopped = `platlint: invalid configuration file ${join(dir, 'platlint.config.yaml')}\n  ${join(dir, 'platlint.config.yaml')}:7:28  undefined field \`authorizerz\`\n`;
    for (const args of [['--format', 'json', '--concurrency', '2', '.'], ['--format', 'json', '-'], ['--format', 'json', '--fix', '--concurrency', '2', '.'], ['flags', '--format', 'json', '--', '--port=1']]) {
      const run = await platlint(args, { cwd: dir, input: AUTHZ });
      expect([args.join(' '), run.code, run.stdout, run.stderr]).toEqual([args.join(' '), 2, '', stopped]);
    }
    expect(readFileSync(join(dir, 'f0.yaml'), 'utf8')).toBe(AUTHZ);
  });

  it('can be left for later (the command line starts its workers meanwhile): the same problems, once checked', () => {
    const text = MISSPELT;
    const deferred = parseConfig(text, '/repo/platlint.config.yaml', RULE_IDS, suggestRuleIds, { deferPolicyCheck: true });
    const located = (f: () => void) => {
      try {
        f();
      } catch (err) {
        if (err instanceof ConfigError) return [err.message, ...err.problems.map((p) => `${p.line}:${p.column}-${p.endLine}:${p.endColumn} ${p.code} ${p.message}`)];
        throw err;
      }
      return [];
    };
    const expected = [`invalid configuration file /repo/platlint.config.yaml`, `${at(text, 'authorizerz')} config/policy undefined field \`authorizerz\``];
    expect(located(() => config(text))).toEqual(expected);
    expect(located(() => checkPolicies(deferred))).toEqual(expected);
    // a failed check fails again; a configuration made from it (runConfig, configFor) shares its policies
    expect(located(() => checkPolicies({ ...deferred, maxFileSize: 1 }))).toEqual(expected);
    // with another problem, the configuration is checked whole when it is loaded: one pass, every problem
    const twoProblems = `rules:\n  no/such-rule: warn\n${text}`;
    expect(located(() => parseConfig(twoProblems, '/repo/platlint.config.yaml', RULE_IDS, suggestRuleIds, { deferPolicyCheck: true }))).toEqual([
      'invalid configuration file /repo/platlint.config.yaml',
      `${at(twoProblems, 'no/such-rule')} config/unknown-rule unknown rule \`no/such-rule\``,
      `${at(twoProblems, 'authorizerz')} config/policy undefined field \`authorizerz\``,
    ]);
    // a valid set: checked once, and its findings are those of a configuration checked when loaded
    const valid = parseConfig(FAIL_CLOSED, '/repo/platlint.config.yaml', RULE_IDS, suggestRuleIds, { deferPolicyCheck: true });
    expect(located(() => checkPolicies(valid))).toEqual([]);
    expect(located(() => checkPolicies(valid))).toEqual([]);
    expect(findings(AUTHZ, valid)).toEqual(findings(AUTHZ, config(FAIL_CLOSED)));
    expect(findings(AUTHZ, valid)).toEqual(['team/fail-closed authorizers[0].webhook.failurePolicy 12:22 error authorizer first fails open']);
  });
});

const FAIL_CLOSED = policy(`
id: team/fail-closed
description: Webhooks fail closed.
kinds: [AuthorizationConfiguration]
severity: error
validations:
  - forEach: authorizers[*]
    expression: self.type != 'Webhook' || self.webhook.failurePolicy == 'Deny'
    messageExpression: "'authorizer ' + self.name + ' fails open'"
    reportAt: webhook.failurePolicy`);

describe('findings at the field', () => {
  it('at the item, at reportAt below it, or at the nearest ancestor of a place the document lacks', () => {
    const cfg = config(FAIL_CLOSED);
    expect(findings(AUTHZ, cfg)).toEqual(['team/fail-closed authorizers[0].webhook.failurePolicy 12:22 error authorizer first fails open']);
    // failurePolicy left out: the finding keeps its path and sits at the parent's key, as a schema finding does
    const set = config(FAIL_CLOSED.replace("self.webhook.failurePolicy == 'Deny'", 'has(self.webhook.failurePolicy)'));
    expect(findings(AUTHZ.replace('      failurePolicy: NoOpinion\n', ''), set)).toEqual([
      'schema/required authorizers[0].webhook.failurePolicy 6:5 error missing required field `failurePolicy` in `authorizers[0].webhook`',
      'team/fail-closed authorizers[0].webhook.failurePolicy 6:5 error authorizer first fails open',
    ]);
  });

  it('at the document root without forEach or reportAt; `message`, or the expression when there is neither', () => {
    const cfg = config(policy(`
id: team/one-authorizer
description: d
kinds: [AuthorizationConfiguration]
severity: warning
validations:
  - expression: object.authorizers.size() == 1
    message: one authorizer only`));
    expect(findings(AUTHZ, cfg)).toEqual(['team/one-authorizer - 1:1 warning one authorizer only']);
  });

  it('items of nested lists and values of maps', () => {
    const cfg = config(`${policy(`
id: team/conditions
description: d
kinds: [AuthorizationConfiguration]
severity: error
validations:
  - forEach: authorizers[*].webhook.matchConditions[*]
    expression: "!self.expression.startsWith('has(')"
    messageExpression: "'guard: ' + self.expression"`)}${policy(`
id: team/labels
description: d
kinds: [RoleBinding]
severity: error
validations:
  - forEach: metadata.labels[*]
    expression: self != ''
    message: empty label`).replace('policies:\n', '')}`);
    expect(findings(AUTHZ, cfg)).toEqual(['team/conditions authorizers[0].webhook.matchConditions[0] 16:11 error guard: has(request.resourceAttributes)']);
    const binding = `apiVersion: rbac.authorization.plat.io/v1
kind: RoleBinding
metadata:
  name: b
  namespace: team
  labels:
    app: x
    tier: ""
subjects:
  - kind: Group
    name: g
    apiGroup: rbac.authorization.plat.io
roleRef: {kind: Role, name: r, apiGroup: rbac.authorization.plat.io}
`;
    expect(findings(binding, cfg)).toEqual(['team/labels metadata.labels[tier] 8:11 error empty label']);
  });

  it('match conditions decide which documents a policy checks', () => {
    const cfg = config(policy(`
id: team/webhooks
description: d
kinds: [AuthorizationConfiguration]
severity: error
matchConditions:
  - name: has_rbac
    expression: object.authorizers.exists(a, a.type == 'RBAC')
validations:
  - expression: "false"
    message: checked`));
    expect(findings(AUTHZ, cfg)).toEqual(['team/webhooks - 1:1 error checked']);
    expect(findings(AUTHZ.replace('type: RBAC', 'type: Node'), cfg)).toEqual([]);
  });
});

describe('evaluation errors are findings of their own', () => {
  it('a field read without has(): policy/evaluation-error at the item, naming the policy and the expression, no value', () => {
    const cfg = config(policy(`
id: team/timeouts
description: d
kinds: [AuthorizationConfiguration]
severity: error
validations:
  - forEach: authorizers[*]
    expression: self.webhook.timeout != '30s'
    message: m`));
    expect(findings(AUTHZ, cfg)).toEqual([
      'policy/evaluation-error authorizers[1] 18:5 warning policy `team/timeouts` could not evaluate `self.webhook` in its validations[0].expression on this item: it reads a field or key that is not set here; guard it with `has()` or `.?`',
    ]);
  });

  it('a variable that fails, a value that is not a bool, a message that fails (the finding keeps its fallback)', () => {
    const cfg = config(policy(`
id: team/errors
description: d
kinds: [RoleBinding]
severity: error
variables:
  - name: first
    expression: object.subjects[5].name
validations:
  - expression: variables.first != ''
    message: m
  - expression: object.metadata.annotations['x'] == 'y'
    message: m
  - expression: "false"
    message: fallback
    messageExpression: "'ns ' + object.metadata.namespace"
  - expression: object.metadata.managedFields[0]
    message: m`));
    const binding = 'apiVersion: rbac.authorization.plat.io/v1\nkind: RoleBinding\nmetadata:\n  name: b\n  managedFields: [{manager: x}]\nroleRef: {kind: Role, name: r, apiGroup: rbac.authorization.plat.io}\nsubjects: [{kind: Group, name: g, apiGroup: rbac.authorization.plat.io}]\n';
    expect(findings(binding, cfg)).toEqual([
      'policy/evaluation-error - 1:1 warning policy `team/errors` could not evaluate `object.metadata.annotations` in its validations[1].expression on this document: it reads a field or key that is not set here; guard it with `has()` or `.?`',
      'policy/evaluation-error - 1:1 warning policy `team/errors` could not evaluate `object.metadata.managedFields[0]` in its validations[3].expression on this document: it gives a value that is not a bool',
      'policy/evaluation-error - 1:1 warning policy `team/errors` could not evaluate `object.metadata.namespace` in its validations[2].messageExpression on this document: it reads a field or key that is not set here; guard it with `has()` or `.?`',
      'policy/evaluation-error - 1:1 warning policy `team/errors` could not evaluate `object.subjects[5]` in its variables[0].expression (a variable it reads) on this document: an index is out of range',
      'team/errors - 1:1 error fallback',
    ]);
  });

  it('a library error quoting a value of the document is never shown: only the expression is', () => {
    const cfg = config(policy(`
id: team/ints
description: d
kinds: [RoleBinding]
severity: error
validations:
  - expression: int(object.metadata.name) > 0
    message: m`));
    const binding = 'apiVersion: rbac.authorization.plat.io/v1\nkind: RoleBinding\nmetadata:\n  name: do-not-print-me\nroleRef: {kind: Role, name: r, apiGroup: rbac.authorization.plat.io}\n';
    const out = findings(binding, cfg);
    expect(out).toEqual(['policy/evaluation-error - 1:1 warning policy `team/ints` could not evaluate `int(object.metadata.name)` in its validations[0].expression on this document: a conversion failed']);
  });
});

describe('the evaluation budget', () => {
  const many = (n: number) => `apiVersion: rbac.authorization.plat.io/v1\nkind: ClusterRole\nmetadata:\n  name: big\nrules:\n${Array.from({ length: n }, (_, i) => `  - apiGroups: [""]\n    resources: [r${i}]\n    verbs: [get]\n`).join('')}`;
  const budget = `policy \`team/quadratic\` stopped on this document: it used its evaluation budget of ${POLICY_BUDGET.toLocaleString('en-US')} units (see "Budget" in docs/policies.md); simplify its expressions, or narrow them with matchConditions`;
  const cfg = config(policy(`
id: team/quadratic
description: d
kinds: [ClusterRole]
severity: error
validations:
  - expression: object.rules.all(a, object.rules.exists(b, a.resources == b.resources))
    message: m`));

  it('lets a realistic document through', () => {
    expect(findings(many(20), cfg)).toEqual([]);
  });

  it('stops a quadratic expression on a large document with one finding', () => {
    expect(findings(many(600), cfg)).toEqual([`policy/evaluation-error - 1:1 warning ${budget}`]);
  });

  it('charges what a function makes before making it (lists.range) and what an operand weighs (in over a list)', () => {
    const range = config(policy(`
id: team/quadratic
description: d
kinds: [ClusterRole]
severity: error
validations:
  - expression: lists.range(9223372036854775807).size() > 0
    message: m
  - expression: object.rules.all(a, lists.range(100000).exists(i, i < 0) || true)
    message: m`));
    expect(findings(many(1), range)).toEqual([`policy/evaluation-error - 1:1 warning ${budget}`]);
    const inList = config(policy(`
id: team/quadratic
description: d
kinds: [ClusterRole]
severity: error
variables:
  - name: names
    expression: object.rules.map(r, r.resources[0])
validations:
  - expression: object.rules.all(r, r.resources[0] in variables.names)
    message: m`));
    expect(findings(many(300), inList)).toEqual([]);
    expect(findings(many(1500), inList)).toEqual([`policy/evaluation-error - 1:1 warning ${budget}`]);
  });

  it('runs regular expressions in linear time', () => {
    const re = config(policy(`
id: team/regex
description: d
kinds: [ClusterRole]
severity: error
validations:
  - expression: "!object.metadata.name.matches('^(a+)+$')"
    message: matched`));
    const role = (name: string) => `apiVersion: rbac.authorization.plat.io/v1\nkind: ClusterRole\nmetadata:\n  name: ${name}\n`;
    expect(findings(role(`${'a'.repeat(60)}!`), re)).toEqual([]);
    expect(findings(role('aaa'), re)).toEqual(['team/regex - 1:1 error matched']);
  });
});

const SECRET = 'c2VjcmV0LWtleS1kby1ub3Qtc2hvdy0wMTIzNDU2Nzg=';
const ENCRYPTION = `apiVersion: apiserver.config.plat.io/v1
kind: EncryptionConfiguration
resources:
  - resources: [secrets]
    providers:
      - aescbc:
          keys:
            - name: old
              secret: ${SECRET}
`;
const LEAKY = policy(`
id: team/key-names
description: Keys are named key-YYYY-MM.
kinds: [EncryptionConfiguration]
severity: error
validations:
  - forEach: resources[*].providers[*].aescbc.keys[*]
    expression: self.name.matches('^key-[0-9]{4}-[0-9]{2}$') && size(self.secret) == ${SECRET.length}
    messageExpression: "'key ' + self.name + ' (' + self.secret + ', ' + self.secret.substring(3) + ', ' + object.resources[0].providers[0].aescbc.keys[0].secret.substring(1, 8) + ') is badly named'"`);

describe('redaction', () => {
  it('a messageExpression sees secrets as [redacted]; the expression sees their real values', () => {
    const cfg = config(LEAKY);
    expect(findings(ENCRYPTION, cfg)).toEqual([
      'team/key-names resources[0].providers[0].aescbc.keys[0] 8:15 error key old ([redacted], dacted], redacte) is badly named',
    ]);
    // the expression sees the real secret (its length): with a dated name, it holds
    expect(findings(ENCRYPTION.replace('name: old', 'name: key-2026-01'), cfg)).toEqual([]);
  });

  it('no output format shows any part of a secret', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'platlint-policies-'));
    writeFileSync(join(dir, 'platlint.config.yaml'), LEAKY);
    writeFileSync(join(dir, 'enc.yaml'), ENCRYPTION);
    for (const format of ['stylish', 'json', 'sarif', 'github', 'junit', 'gitlab', 'compact']) {
      const r = await platlint(['--format', format, 'enc.yaml'], { cwd: dir });
      expect(r.code, format).toBe(1);
      expect(r.stdout, format).toContain('team/key-names');
      expect(r.stdout, format).toContain('[redacted]');
      for (const part of [SECRET, SECRET.slice(3), SECRET.slice(1, 8)]) expect(r.stdout.includes(part), `${format}: ${part}`).toBe(false);
    }
  });
});

describe('like any rule', () => {
  const dir = mkdtempSync(join(tmpdir(), 'platlint-policies-'));
  writeFileSync(join(dir, 'platlint.config.yaml'), FAIL_CLOSED);
  writeFileSync(join(dir, 'authz.yaml'), AUTHZ);

  it('severities in `rules:` apply to policies, `off` included', () => {
    expect(findings(AUTHZ, config(`rules:\n  team/fail-closed: warn\n${FAIL_CLOSED}`))).toEqual(['team/fail-closed authorizers[0].webhook.failurePolicy 12:22 warning authorizer first fails open']);
    expect(findings(AUTHZ, config(`rules:\n  team/fail-closed: "off"\n${FAIL_CLOSED}`))).toEqual([]);
  });

  it('suppression comments know policy ids: used, unused, and a reason required', () => {
    const cfg = config(FAIL_CLOSED);
    const suppressed = AUTHZ.replace('      failurePolicy: NoOpinion', '      # platlint-disable-next-line team/fail-closed -- the tenant webhook is optional\n      failurePolicy: NoOpinion');
    const r = lintText(suppressed, { filePath: 'x.yaml', config: cfg });
    expect(r.diagnostics).toEqual([]);
    expect(r.suppressed.map((d) => `${d.ruleId} ${d.line}:${d.column} ${d.justification}`)).toEqual(['team/fail-closed 13:22 the tenant webhook is optional']);
    const unused = AUTHZ.replace('  - type: RBAC', '  # platlint-disable-next-line team/fail-closed -- never mind\n  - type: RBAC');
    expect(findings(unused, cfg)).toEqual([
      'team/fail-closed authorizers[0].webhook.failurePolicy 12:22 error authorizer first fails open',
      'suppression/unused - 18:3 warning `team/fail-closed` is disabled here but reports nothing on the next line; remove it from the comment',
    ]);
    // without the configuration, the id is unknown
    expect(findings(suppressed, config('rules: {}\n'))).toEqual(['suppression/invalid - 12:7 error unknown rule `team/fail-closed` in a platlint-disable comment']);
  });

  it('`platlint rules` and `platlint explain` include the policies of the configuration found from the working folder', async () => {
    const rules = await platlint(['rules'], { cwd: dir });
    expect(rules.code).toBe(0);
    expect(rules.stdout.split('\n').filter((l) => l.startsWith('team/'))).toEqual([expect.stringMatching(/^team\/fail-closed +error +Webhooks fail closed\. +\[AuthorizationConfiguration\]$/)]);
    const explain = await platlint(['explain', 'team/fail-closed'], { cwd: dir });
    expect(explain.code).toBe(0);
    expect(explain.stdout).toBe(
      [
        '## team/fail-closed',
        '',
        'Webhooks fail closed.',
        '',
        '- Severity: error',
        '- Status: stable',
        '- Kinds: AuthorizationConfiguration',
        '- Spec: platlint.config.yaml:2',
        '',
        "**Why:** A policy of this repository (platlint.config.yaml, line 2): for each `authorizers[*]`, `self.type != 'Webhook' || self.webhook.failurePolicy == 'Deny'` must hold.",
        '',
        '**Fix:** Change the document so that the expression holds, or suppress the finding with a reason.',
        '',
        '',
      ].join('\n'),
    );
    expect((await platlint(['explain', '--no-config', 'team/fail-closed'], { cwd: dir })).code).toBe(2);
    const other = join(dir, 'elsewhere');
    mkdirSync(other, { recursive: true });
    expect((await platlint(['rules', '--config', join(dir, 'platlint.config.yaml')], { cwd: other })).stdout).toContain('team/fail-closed');
  });

  it('every output format reports it like a rule of platlint', async () => {
    const run = async (format: string) => {
      const r = await platlint(['--format', format, 'authz.yaml'], { cwd: dir, env: { GITHUB_STEP_SUMMARY: '' } });
      expect(r.code, format).toBe(1);
      return r.stdout;
    };
    const json = JSON.parse(await run('json')) as { messages: { ruleId: string; severity: number; line: number; column: number; path: string; message: string }[] }[];
    expect(json[0]!.messages.filter((m) => m.ruleId === 'team/fail-closed')).toEqual([
      expect.objectContaining({ ruleId: 'team/fail-closed', severity: 2, line: 12, column: 22, endLine: 12, endColumn: 31, path: 'authorizers[0].webhook.failurePolicy', message: 'authorizer first fails open' }),
    ]);
    const sarif = JSON.parse(await run('sarif')) as { runs: { tool: { driver: { rules: Record<string, unknown>[] } }; results: { ruleId: string; ruleIndex: number; level: string }[] }[] };
    const rules = sarif.runs[0]!.tool.driver.rules;
    const result = sarif.runs[0]!.results.find((r) => r.ruleId === 'team/fail-closed')!;
    expect(result.level).toBe('error');
    const descriptor = rules[result.ruleIndex]!;
    expect(descriptor.id).toBe('team/fail-closed');
    expect(descriptor.shortDescription).toEqual({ text: 'Webhooks fail closed.' });
    expect(descriptor.helpUri).toBeUndefined(); // a policy has no page in platlint's documentation
    expect(descriptor.defaultConfiguration).toEqual({ level: 'error' });
    expect(await run('github')).toContain('::error file=authz.yaml,line=12,endLine=12,col=22,endColumn=31,title=team/fail-closed::12:22 authorizer first fails open [team/fail-closed]');
    expect(await run('compact')).toContain('authz.yaml:12:22: error authorizer first fails open [team/fail-closed]');
    expect(await run('junit')).toContain('<testcase classname="authz.yaml" name="team/fail-closed authz.yaml:12:22"');
    const gitlab = JSON.parse(await run('gitlab')) as { check_name: string; severity: string; location: { positions: { begin: { line: number } } } }[];
    expect(gitlab.filter((g) => g.check_name === 'team/fail-closed').map((g) => [g.severity, g.location.positions.begin.line])).toEqual([['major', 12]]);
    expect(await run('stylish')).toMatch(/12:22 +error +authorizer first fails open +team\/fail-closed/);
  });

  it('the GitHub job summary gives a policy no documentation link', async () => {
    const summary = join(dir, 'summary.md');
    writeFileSync(summary, '');
    await platlint(['--format', 'github', 'authz.yaml'], { cwd: dir, env: { GITHUB_STEP_SUMMARY: summary } });
    const text = readFileSync(summary, 'utf8');
    expect(text).toContain('| <code>team/fail-closed</code> |');
    expect(text).not.toContain('team/fail-closed.md');
  });

  it('a change of the policies changes the cache key', () => {
    const a = config(FAIL_CLOSED);
    const b = config(FAIL_CLOSED.replace("== 'Deny'", "!= 'NoOpinion'"));
    expect(runKey({ version: '1', config: a })).not.toBe(runKey({ version: '1', config: b }));
    expect(runKey({ version: '1', config: a })).toBe(runKey({ version: '1', config: config(FAIL_CLOSED) }));
  });

  it('worker threads compile the policies from the configuration and find what one thread finds', async () => {
    const many = join(dir, 'many');
    mkdirSync(many, { recursive: true });
    for (let i = 0; i < 200; i++) writeFileSync(join(many, `f${String(i).padStart(3, '0')}.yaml`), i % 2 ? AUTHZ : AUTHZ.replace('NoOpinion', 'Deny'));
    const parallel = await platlint(['--concurrency', '2', '--format', 'json', 'many'], { cwd: dir });
    const serial = await platlint(['--concurrency', 'off', '--format', 'json', 'many'], { cwd: dir });
    expect(parallel.code).toBe(1);
    expect(parallel.stdout).toBe(serial.stdout);
    const counted = (JSON.parse(parallel.stdout) as { messages: { ruleId: string }[] }[]).flatMap((r) => r.messages).filter((m) => m.ruleId === 'team/fail-closed');
    expect(counted).toHaveLength(100);
  });

  it('worker threads compile the policies of each kind they meet, of several kinds, and find what one thread finds', async () => {
    // the example policies (three kinds) over 40 copies of their fixtures: each thread compiles a kind's
    // policies when it first meets the kind, with the object types the policies reach
    const mixed = join(dir, 'mixed');
    const names = yamlFiles(join(EXAMPLES, 'invalid')).concat(yamlFiles(join(EXAMPLES, 'valid')));
    for (let i = 0; i < 40; i++) {
      const folder = join(mixed, `copy-${String(i).padStart(2, '0')}`);
      mkdirSync(folder, { recursive: true });
      for (const f of names) writeFileSync(join(folder, `${f.includes('/invalid/') ? 'invalid' : 'valid'}-${f.split('/').pop()}`), read(f));
    }
    const args = ['--config', join(EXAMPLES, 'platlint.config.yaml'), '--format', 'json', 'mixed'];
    const parallel = await platlint(['--concurrency', '2', ...args], { cwd: dir });
    const serial = await platlint(['--concurrency', 'off', ...args], { cwd: dir });
    expect(parallel.code).toBe(1);
    expect(parallel.stdout).toBe(serial.stdout);
    const expected = yamlFiles(join(EXAMPLES, 'invalid')).flatMap((f) => expectations(read(f))).length;
    expect(expected).toBe(6);
    const counted = (JSON.parse(parallel.stdout) as { messages: { ruleId: string }[] }[]).flatMap((r) => r.messages).filter((m) => m.ruleId.startsWith('acme/'));
    expect(counted).toHaveLength(40 * expected);
  });
});

describe('a thread that lints compiles the checked set as the loader did (compiledByKind)', () => {
  // a worker gets the configuration as plain data (a copy of the set, which the loader's compile is not kept
  // for) and compiles it without looking for problems again: the programs must read the same fields and give
  // the same findings as those the loader checked
  const BENCH = join(ROOT, 'test', 'bench', 'policies.config.yaml');
  const sets: [string, Config][] = [
    ['the bench policies', config(read(BENCH), BENCH)],
    ['the example policies', config(read(join(EXAMPLES, 'platlint.config.yaml')), join(EXAMPLES, 'platlint.config.yaml'))],
  ];

  /** What a kind's compiled policies are, as data: ids, the fields read, and each program's source and selections. */
  function shape(c: CompiledKind | undefined): unknown {
    if (!c) return undefined;
    return {
      fieldsRead: [...c.fieldsRead],
      policies: c.policies.map((p) => ({
        id: p.source.id,
        matchConditions: p.matchConditions.map((m) => [m.name, m.compiled.src, m.compiled.selects]),
        variables: p.variables.map((v) => [v.name, v.compiled.src, v.compiled.selects]),
        validations: p.validations.map((v) => [v.expression.src, v.expression.selects, v.messageExpression?.selects, v.forEach?.length, v.reportAt]),
      })),
    };
  }

  for (const [name, cfg] of sets) {
    it(`${name}: the same programs and fields, kind by kind`, () => {
      const set = cfg.policies!;
      const loaded = compilePolicies(set);
      expect(loaded.problems).toEqual([]);
      const inThread = compiledByKind(structuredClone(set) as PolicySet);
      for (const kind of Object.keys(set.kinds)) expect(shape(inThread.forKind(kind)), kind).toEqual(shape(loaded.compiled.forKind(kind)));
      expect(inThread.forKind('Deployment')).toBeUndefined();
    });
  }

  it('the fields a kind reads: those its expressions select (macros included) and its paths name', () => {
    const set = sets[0]![1].policies!;
    const c = compiledByKind(structuredClone(set) as PolicySet);
    // bench/authz-webhooks-fail-closed (a variable filtering with a macro, two forEach validations) and bench/authz-rbac-first
    expect([...c.forKind('AuthorizationConfiguration')!.fieldsRead].sort()).toEqual(['authorizers', 'failurePolicy', 'name', 'timeout', 'type', 'webhook', 'webhooks']);
    expect([...c.forKind('EncryptionConfiguration')!.fieldsRead].sort()).toEqual(['aescbc', 'keys', 'kms', 'name', 'providers', 'resources']);
  });

  it('the files of a mixed corpus get the same findings from a copy of the set as from the loaded one', () => {
    const examples = yamlFiles(join(ROOT, 'fixtures', 'examples')).filter((f) => !f.includes('/policies/'));
    for (const [name, cfg] of sets) {
      const copy: Config = { ...cfg, policies: structuredClone(cfg.policies) as PolicySet };
      const files = name === 'the bench policies' ? examples : [...yamlFiles(join(EXAMPLES, 'invalid')), ...yamlFiles(join(EXAMPLES, 'valid'))];
      let fromPolicies = 0;
      for (const f of files) {
        const text = read(f);
        const loaded = lintText(text, { filePath: f, config: cfg }).diagnostics;
        const inThread = lintText(text, { filePath: f, config: copy }).diagnostics;
        expect(inThread, f).toEqual(loaded);
        fromPolicies += loaded.filter((d) => cfg.policies!.policies.some((p) => p.id === d.ruleId)).length;
      }
      expect(fromPolicies, name).toBeGreaterThan(0);
    }
  });

  it('a problem in a policy of a kind no file has is still exit 2 at load, with threads', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'platlint-policies-'));
    writeFileSync(join(dir, 'platlint.config.yaml'), policy(`
id: team/x
description: d
kinds: [EncryptionConfiguration]
severity: error
validations:
  - expression: object.resourcez.size() > 0
    message: m`));
    mkdirSync(join(dir, 'many'));
    for (let i = 0; i < 200; i++) writeFileSync(join(dir, 'many', `f${String(i).padStart(3, '0')}.yaml`), AUTHZ);
    const r = await platlint(['--concurrency', '2', 'many'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`platlint: invalid configuration file ${join(dir, 'platlint.config.yaml')}\n  ${join(dir, 'platlint.config.yaml')}:7:28  undefined field \`resourcez\`\n`);
  });
});

describe('docs/policies.md, "Writing your own rules (policies)"', () => {
  const page = read(join(ROOT, 'docs', 'policies.md'));
  const blocks = [...page.matchAll(/```(\w+)\n([\s\S]*?)```/g)].map((m) => ({ lang: m[1]!, text: m[2]! }));

  it('shows a configuration that loads, and the output platlint gives for the failing example', async () => {
    const yaml = blocks.find((b) => b.lang === 'yaml')!.text;
    const cfg = config(yaml);
    expect(cfg.policies?.policies.map((p) => p.id)).toEqual(['acme/authz-webhooks-fail-closed']);
    // the page's policy is the example's
    const example = read(join(EXAMPLES, 'platlint.config.yaml'));
    expect(example).toContain(yaml.slice(yaml.indexOf('  - id: acme/authz-webhooks-fail-closed'), yaml.indexOf('      - expression: variables')).replace(/ +#.*$/gm, ''));
    const dir = mkdtempSync(join(tmpdir(), 'platlint-policies-'));
    writeFileSync(join(dir, 'platlint.config.yaml'), yaml);
    mkdirSync(join(dir, 'invalid'));
    writeFileSync(join(dir, 'invalid', 'authorization-webhooks.yaml'), read(join(EXAMPLES, 'invalid', 'authorization-webhooks.yaml')));
    const r = await platlint(['invalid/authorization-webhooks.yaml'], { cwd: dir });
    expect(r.code).toBe(1);
    // the findings (at 80 columns), without the summary
    expect(r.stdout.slice(0, r.stdout.indexOf('\n\n') + 1)).toBe(blocks.find((b) => b.lang === 'text')!.text);
  });

  it('docs/configuration.md shows a `policies:` entry in the configuration example that loads', () => {
    const page = read(join(ROOT, 'docs', 'configuration.md'));
    const conf = page.slice(page.indexOf('## The configuration file'));
    const yaml = /```yaml\n([\s\S]*?)```/.exec(conf)![1]!;
    expect(config(yaml).policies?.policies.map((p) => p.id)).toEqual(['acme/bind-groups-not-users']);
  });
});

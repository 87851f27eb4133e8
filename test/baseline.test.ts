// The baseline of existing findings (platlint-suppressions.json, issue 11), through the built command line on
// temporary copies of a small repository made of the bundled examples: the round trip (record, a new mistake,
// moved lines, a fix and --prune-suppressions), --suppress-rule, --suppressions-location, counts, the JSON
// and SARIF shapes of suppressed findings, entries that no longer occur, and broken files.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyBaselineOf, baselineTextProblems, parseBaseline, serializeBaseline, type Baseline } from '../src/files/baseline.js';
import { lintText } from '../src/lint/lint.js';
import { ROOT } from './helpers/fixtures.js';
import { jsonFindings, platlint } from './helpers/cli.js';
import { sarifValidator } from './helpers/sarif.js';

const EXAMPLES = join(ROOT, 'fixtures', 'examples');
const FILE = 'platlint-suppressions.json';

/**
 * A repository with a configuration at its root and three files in `conf/`: 13 findings (7 errors, 6
 * warnings, one of them from the checks across files) in two files, and a clean one.
 */
function repository(): string {
  const dir = mkdtempSync(join(tmpdir(), 'platlint-baseline-'));
  mkdirSync(join(dir, 'conf'));
  for (const f of ['mistakes-leader-migration.yaml', 'mistakes-rbac.yaml', 'tracing-config.yaml']) copyFileSync(join(EXAMPLES, f), join(dir, 'conf', f));
  writeFileSync(join(dir, 'platlint.config.yaml'), 'rules:\n  yaml/ambiguous-scalar: warn\n');
  return dir;
}

const read = (dir: string, name: string) => readFileSync(join(dir, name), 'utf8');
/** Replaces one exact piece of a file's text (and fails when it is not there exactly once). */
function edit(dir: string, name: string, from: string, to: string): void {
  const text = read(dir, name);
  expect(text.split(from).length - 1, `${from} in ${name}`).toBe(1);
  writeFileSync(join(dir, name), text.replace(from, to));
}

const ALL_FINDINGS = [
  'schema/enum resourceLock 7:15',
  'schema/required controllerLeaders[0].component 9:5',
  'schema/unknown-field controllerLeaders[0].componnet 10:5',
  'schema/type controllerLeaders[1] 11:5',
  'schema/type controllerLeaders[2].component 13:16',
  'yaml/ambiguous-scalar controllerLeaders[2].component 13:16',
  'security/no-secret-read rules[0].resources[0] 9:17',
  'security/no-pod-exec rules[0].resources[1] 9:28',
  'rbac/non-resource-urls-cluster-role-only rules[1].nonResourceURLs 11:5',
  'rbac/subject-namespace-only-for-service-account subjects[0].namespace 23:16',
  'rbac/subject-api-group-matches-kind subjects[1].apiGroup 26:15',
  'set/role-ref-mismatch roleRef.name 29:9',
  'security/no-admin-binding-to-broad-groups subjects[0].name 38:11',
];

/** The entry `resourceLock` of `schema/enum`, as the file writes it (the one the round trip fixes). */
const ENUM_ENTRY = `    "schema/enum": {
      "resourceLock": {
        "count": 1
      }
    },
`;

/** What --suppress-all writes for the repository: every finding above, sorted by file, rule and field path. */
const RECORDED = `{
  "conf/mistakes-leader-migration.yaml": {
${ENUM_ENTRY}    "schema/required": {
      "controllerLeaders[0].component": {
        "count": 1
      }
    },
    "schema/type": {
      "controllerLeaders[1]": {
        "count": 1
      },
      "controllerLeaders[2].component": {
        "count": 1
      }
    },
    "schema/unknown-field": {
      "controllerLeaders[0].componnet": {
        "count": 1
      }
    },
    "yaml/ambiguous-scalar": {
      "controllerLeaders[2].component": {
        "count": 1
      }
    }
  },
  "conf/mistakes-rbac.yaml": {
    "rbac/non-resource-urls-cluster-role-only": {
      "rules[1].nonResourceURLs": {
        "count": 1
      }
    },
    "rbac/subject-api-group-matches-kind": {
      "subjects[1].apiGroup": {
        "count": 1
      }
    },
    "rbac/subject-namespace-only-for-service-account": {
      "subjects[0].namespace": {
        "count": 1
      }
    },
    "security/no-admin-binding-to-broad-groups": {
      "subjects[0].name": {
        "count": 1
      }
    },
    "security/no-pod-exec": {
      "rules[0].resources[1]": {
        "count": 1
      }
    },
    "security/no-secret-read": {
      "rules[0].resources[0]": {
        "count": 1
      }
    },
    "set/role-ref-mismatch": {
      "roleRef.name": {
        "count": 1
      }
    }
  }
}
`;

interface JsonFile {
  filePath: string;
  messages: { ruleId: string; path: string; line: number; column: number; endLine: number; endColumn: number; severity: number }[];
  suppressedMessages: { ruleId: string; path: string; line: number; column: number; suppressions: { kind: string; justification: string }[] }[];
  errorCount: number;
  warningCount: number;
}

describe('the round trip of issue 11', () => {
  it('records every finding (exit 0), reports only a new mistake (exit 1), survives moved lines (exit 0), and prunes a fixed finding', async () => {
    const dir = repository();
    const before = await platlint(['--format', 'json', '.'], { cwd: dir });
    expect(before.code).toBe(1);
    expect(jsonFindings(before.stdout)).toEqual(ALL_FINDINGS);

    // 1. suppress all: exit 0, the file beside the configuration, exactly these entries
    const recorded = await platlint(['--suppress-all', '.'], { cwd: dir });
    expect(recorded).toEqual({
      code: 0,
      stdout: '✔ no problems in 4 files — 5 documents checked, 1 skipped as not plat\n13 problems suppressed by the baseline (platlint-suppressions.json)\n',
      stderr: 'platlint: wrote platlint-suppressions.json (13 findings in 2 files)\n',
    });
    expect(read(dir, FILE)).toBe(RECORDED);
    // the file is not linted as a file of the repository (4 files: the three and the configuration), and nothing is left over
    expect(await platlint(['.'], { cwd: dir })).toEqual({ code: 0, stdout: recorded.stdout, stderr: '' });

    // 2. one new mistake, in a file and of a rule the baseline knows, at a new field path: only it is reported
    edit(dir, 'conf/mistakes-rbac.yaml', '    name: helpdesk-bot\n    apiGroup: rbac.authorization.plat.io\n', '    name: helpdesk-bot\n    apiGroup: rbac.authorization.plat.io\n  - kind: ServiceAccount\n    name: release-bot\n    namespace: support\n    apiGroup: rbac.authorization.plat.io\n');
    const added = await platlint(['--format', 'json', '.'], { cwd: dir });
    expect(added.code).toBe(1);
    expect(added.stderr).toBe('');
    const files = JSON.parse(added.stdout) as JsonFile[];
    expect(files.flatMap((f) => f.messages.map((m) => ({ file: f.filePath.slice(dir.length + 1), ...m })))).toEqual([
      {
        file: 'conf/mistakes-rbac.yaml',
        ruleId: 'rbac/subject-api-group-matches-kind',
        severity: 2,
        message: '`apiGroup` of a ServiceAccount subject is `rbac.authorization.plat.io`; it must be empty or left out',
        path: 'subjects[2].apiGroup',
        line: 30,
        column: 15,
        endLine: 30,
        endColumn: 41,
        nodeType: null,
        platlint: { document: 1, jsonPointer: '/subjects/2/apiGroup', kind: 'RoleBinding', apiVersion: 'rbac.authorization.plat.io/v1' },
      },
    ]);
    expect(files.map((f) => [f.filePath.slice(dir.length + 1), f.errorCount, f.warningCount, f.suppressedMessages.length])).toEqual([
      ['conf/mistakes-leader-migration.yaml', 0, 0, 6],
      ['conf/mistakes-rbac.yaml', 1, 0, 7],
      ['conf/tracing-config.yaml', 0, 0, 0],
      ['platlint.config.yaml', 0, 0, 0],
    ]);
    edit(dir, 'conf/mistakes-rbac.yaml', '  - kind: ServiceAccount\n    name: release-bot\n    namespace: support\n    apiGroup: rbac.authorization.plat.io\n', '');

    // 3. moved and reformatted lines: keys reordered, comments and blank lines added, indentation changed,
    // flow lists written as block lists, the documents of the RBAC file in another order
    edit(dir, 'conf/mistakes-leader-migration.yaml', 'leaderName: cloud-provider-extraction-migration\nresourceLock: configmaps\n', '\n# the lock, first\nresourceLock:   configmaps\n\nleaderName: cloud-provider-extraction-migration\n');
    edit(
      dir,
      'conf/mistakes-leader-migration.yaml',
      '  - name: route-controller\n    componnet: cloud-controller-manager\n  - service-controller\n  - name: cloud-node-lifecycle-controller\n    component: yes\n',
      '    -   name: route-controller\n        componnet: cloud-controller-manager\n    -   service-controller\n    # the third\n    -   name: cloud-node-lifecycle-controller\n        component: yes\n',
    );
    const rbac = read(dir, 'conf/mistakes-rbac.yaml').split('---\n');
    expect(rbac).toHaveLength(3);
    writeFileSync(join(dir, 'conf/mistakes-rbac.yaml'), [rbac[2], rbac[1], rbac[0]!.replace('resources: ["secrets", "pods/exec"]', 'resources:\n      - secrets\n      - pods/exec')].join('---\n'));
    const moved = await platlint(['--format', 'json', '.'], { cwd: dir });
    expect(moved).toMatchObject({ code: 0, stderr: '' });
    const movedFiles = JSON.parse(moved.stdout) as JsonFile[];
    expect(movedFiles.flatMap((f) => f.messages)).toEqual([]);
    // every finding is still there, suppressed, at its new position
    expect(movedFiles.flatMap((f) => f.suppressedMessages.map((m) => `${m.ruleId} ${m.path} ${m.line}:${m.column}`))).toEqual([
      'schema/enum resourceLock 8:17',
      'schema/required controllerLeaders[0].component 12:9',
      'schema/unknown-field controllerLeaders[0].componnet 13:9',
      'schema/type controllerLeaders[1] 14:9',
      'schema/type controllerLeaders[2].component 17:20',
      'yaml/ambiguous-scalar controllerLeaders[2].component 17:20',
      'security/no-admin-binding-to-broad-groups subjects[0].name 7:11',
      'rbac/subject-namespace-only-for-service-account subjects[0].namespace 23:16',
      'rbac/subject-api-group-matches-kind subjects[1].apiGroup 26:15',
      'set/role-ref-mismatch roleRef.name 29:9',
      'security/no-secret-read rules[0].resources[0] 41:9',
      'security/no-pod-exec rules[0].resources[1] 42:9',
      'rbac/non-resource-urls-cluster-role-only rules[1].nonResourceURLs 44:5',
    ]);
    expect(read(dir, FILE)).toBe(RECORDED);

    // 4. fix one: the run says that a recorded finding no longer occurs (exit 0) ...
    edit(dir, 'conf/mistakes-leader-migration.yaml', 'resourceLock:   configmaps', 'resourceLock:   leases');
    expect(await platlint(['.'], { cwd: dir })).toEqual({
      code: 0,
      stdout: '✔ no problems in 4 files — 5 documents checked, 1 skipped as not plat\n12 problems suppressed by the baseline (platlint-suppressions.json)\n',
      stderr: 'platlint: 1 finding recorded in platlint-suppressions.json no longer occurs; --prune-suppressions removes it from the file\n',
    });
    // ... and --prune-suppressions removes exactly its entry
    expect(await platlint(['--prune-suppressions', '.'], { cwd: dir })).toMatchObject({ code: 0, stderr: 'platlint: updated platlint-suppressions.json (12 findings in 2 files)\n' });
    expect(read(dir, FILE)).toBe(RECORDED.replace(ENUM_ENTRY, ''));
    // a second prune has nothing to do and leaves the file as it is
    expect(await platlint(['--prune-suppressions', '.'], { cwd: dir })).toMatchObject({ code: 0, stderr: 'platlint: platlint-suppressions.json is up to date (12 findings in 2 files)\n' });
    expect(read(dir, FILE)).toBe(RECORDED.replace(ENUM_ENTRY, ''));
  });
});

describe('--suppress-rule', () => {
  it('records the findings of the rules named, and replaces only their entries when run again', async () => {
    const dir = repository();
    const r = await platlint(['--suppress-rule', 'schema/type', '--suppress-rule', 'security/no-pod-exec', '--format', 'json', '.'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('platlint: wrote platlint-suppressions.json (3 findings in 2 files)\n');
    expect(jsonFindings(r.stdout)).toEqual(ALL_FINDINGS.filter((f) => !/^(schema\/type|security\/no-pod-exec) /.test(f)));
    const TYPE_ENTRIES = `    "schema/type": {
      "controllerLeaders[1]": {
        "count": 1
      },
      "controllerLeaders[2].component": {
        "count": 1
      }
    }
`;
    const POD_EXEC = `  "conf/mistakes-rbac.yaml": {
    "security/no-pod-exec": {
      "rules[0].resources[1]": {
        "count": 1
      }
    }
  }
`;
    expect(read(dir, FILE)).toBe(`{\n  "conf/mistakes-leader-migration.yaml": {\n${TYPE_ENTRIES}  },\n${POD_EXEC}}\n`);
    // one schema/type finding fixed, a schema/enum entry recorded by hand meanwhile: recording schema/type
    // again gives it exactly its current findings and leaves the other rules' entries alone
    edit(dir, 'conf/mistakes-leader-migration.yaml', '  - service-controller\n', '  - name: service-controller\n    component: cloud-controller-manager\n');
    const ENUM = `    "schema/enum": {\n      "resourceLock": {\n        "count": 1\n      }\n    },\n`;
    writeFileSync(join(dir, FILE), `{\n  "conf/mistakes-leader-migration.yaml": {\n${ENUM}${TYPE_ENTRIES}  },\n${POD_EXEC}}\n`);
    const again = await platlint(['--suppress-rule', 'schema/type', '.'], { cwd: dir });
    expect(again).toMatchObject({ code: 1, stderr: 'platlint: updated platlint-suppressions.json (3 findings in 2 files)\n' });
    expect(read(dir, FILE)).toBe(
      `{\n  "conf/mistakes-leader-migration.yaml": {\n${ENUM}    "schema/type": {\n      "controllerLeaders[2].component": {\n        "count": 1\n      }\n    }\n  },\n${POD_EXEC}}\n`,
    );
  });
  it('takes an area wildcard, as the configuration and --rule do', async () => {
    const dir = repository();
    const r = await platlint(['--suppress-rule', 'security/*', '--format', 'json', '.'], { cwd: dir });
    expect(r).toMatchObject({ code: 1, stderr: 'platlint: wrote platlint-suppressions.json (3 findings in 1 file)\n' });
    expect(jsonFindings(r.stdout)).toEqual(ALL_FINDINGS.filter((f) => !f.startsWith('security/')));
    expect(Object.keys(JSON.parse(read(dir, FILE))['conf/mistakes-rbac.yaml'])).toEqual(['security/no-admin-binding-to-broad-groups', 'security/no-pod-exec', 'security/no-secret-read']);
  });
  it("takes the configuration's policy ids and areas (checked once the configuration is read)", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'platlint-baseline-policies-'));
    const policies = join(ROOT, 'fixtures', 'examples', 'policies');
    copyFileSync(join(policies, 'platlint.config.yaml'), join(dir, 'platlint.config.yaml'));
    copyFileSync(join(policies, 'invalid', 'rbac-bindings.yaml'), join(dir, 'rbac-bindings.yaml'));
    const r = await platlint(['--suppress-rule', 'acme/bind-groups-not-users', '--format', 'json', '.'], { cwd: dir });
    expect(r).toMatchObject({ code: 0, stderr: 'platlint: wrote platlint-suppressions.json (2 findings in 1 file)\n' });
    expect(JSON.parse(read(dir, FILE))).toEqual({
      'rbac-bindings.yaml': { 'acme/bind-groups-not-users': { 'items[0].subjects[0].name': { count: 1 }, 'subjects[1].name': { count: 1 } } },
    });
    expect(await platlint(['--suppress-rule', 'acme/*', '.'], { cwd: dir })).toMatchObject({ code: 0 });
    expect(await platlint(['--suppress-rule', 'acme/bind-group-not-users', '.'], { cwd: dir })).toEqual({
      code: 2,
      stdout: '',
      stderr: 'platlint: --suppress-rule acme/bind-group-not-users: unknown rule `acme/bind-group-not-users`; did you mean `acme/bind-groups-not-users`? (platlint rules lists them)\n',
    });
    // --rule suggests the configuration's policy ids too
    expect(await platlint(['--rule', 'acme/bind-group-not-users=off', '.'], { cwd: dir })).toEqual({
      code: 2,
      stdout: '',
      stderr: 'platlint: --rule acme/bind-group-not-users=off: unknown rule `acme/bind-group-not-users`; did you mean `acme/bind-groups-not-users`? (platlint rules lists them)\n',
    });
  });
  it('refuses what cannot be recorded, before linting (exit 2, one line)', async () => {
    const dir = repository();
    const cases: [string[], string][] = [
      [['--suppress-all', '--suppress-rule', 'schema/type'], '--suppress-all and --suppress-rule exclude each other: --suppress-all records the findings of every rule'],
      [['--suppress-rule', 'schema/typo'], '--suppress-rule schema/typo: unknown rule `schema/typo`; did you mean `schema/type`? (platlint rules lists them)'],
      [['--suppress-rule', 'securty/*'], '--suppress-rule securty/*: unknown rule area `securty` in `securty/*`; did you mean `security/*`? (platlint rules lists them)'],
      [['--suppress-rule', 'input/*'], '--suppress-rule input/*: its findings are fatal (the file, or part of it, is not checked) and are never recorded'],
      [['--suppress-rule', 'yaml/syntax'], '--suppress-rule yaml/syntax: its findings are fatal (the file, or part of it, is not checked) and are never recorded'],
      [['--suppress-rule', 'input/binary'], '--suppress-rule input/binary: its findings are fatal (the file, or part of it, is not checked) and are never recorded'],
      [['--suppress-all', '--fix-dry-run'], '--suppress-all works on the files on disk, which --fix-dry-run leaves unchanged; use --fix, or neither'],
      [['--prune-suppressions', '-'], '--prune-suppressions works on files on disk: leave standard input (-) out'],
    ];
    for (const [args, message] of cases) expect(await platlint([...args, '.'], { cwd: dir })).toEqual({ code: 2, stdout: '', stderr: `platlint: ${message}\n` });
    expect(await platlint(['flags', '--suppress-all', '--', '--max-pods=3'], { cwd: dir })).toEqual({ code: 2, stdout: '', stderr: 'platlint: --suppress-all works on files on disk: a command line after -- has none\n' });
    expect(existsSync(join(dir, FILE))).toBe(false);
  });
});

describe('where the file is', () => {
  it('beside the configuration file in use, with paths relative to it, wherever the run starts', async () => {
    const dir = repository();
    const fromSub = await platlint(['--suppress-all', '.'], { cwd: join(dir, 'conf') });
    expect(fromSub).toMatchObject({ code: 0, stderr: 'platlint: wrote ../platlint-suppressions.json (13 findings in 2 files)\n' });
    expect(existsSync(join(dir, 'conf', FILE))).toBe(false);
    expect(read(dir, FILE)).toBe(RECORDED);
    expect(await platlint(['conf/mistakes-rbac.yaml'], { cwd: dir })).toMatchObject({ code: 0, stderr: '' });
  });
  it('in the working folder without a configuration file (--no-config)', async () => {
    const dir = repository();
    expect(await platlint(['--no-config', '--suppress-rule', 'schema/enum', 'conf'], { cwd: dir })).toMatchObject({ code: 1, stderr: 'platlint: wrote platlint-suppressions.json (1 finding in 1 file)\n' });
    expect(read(dir, FILE)).toBe(`{\n  "conf/mistakes-leader-migration.yaml": {\n${ENUM_ENTRY.replace(/,\n$/, '\n')}  }\n}\n`);
  });
  it('--suppressions-location moves it (a folder gets platlint-suppressions.json); it is needed on every run', async () => {
    const dir = repository();
    const r = await platlint(['--suppressions-location', 'lint/', '--suppress-rule', 'set/role-ref-mismatch', '.'], { cwd: dir });
    expect(r).toMatchObject({ code: 1, stderr: 'platlint: wrote lint/platlint-suppressions.json (1 finding in 1 file)\n' });
    expect(read(dir, 'lint/platlint-suppressions.json')).toBe('{\n  "../conf/mistakes-rbac.yaml": {\n    "set/role-ref-mismatch": {\n      "roleRef.name": {\n        "count": 1\n      }\n    }\n  }\n}\n');
    expect(existsSync(join(dir, FILE))).toBe(false);
    const named = await platlint(['--suppressions-location', 'lint/platlint-suppressions.json', '--format', 'json', '.'], { cwd: dir });
    expect(jsonFindings(named.stdout)).toEqual(ALL_FINDINGS.filter((f) => !f.startsWith('set/')));
    // without the option, the run has no baseline
    expect(jsonFindings((await platlint(['--format', 'json', '.'], { cwd: dir })).stdout)).toEqual(ALL_FINDINGS);
    // a file named that does not exist is a usage error, not a run without a baseline
    expect(await platlint(['--suppressions-location', 'lint/baseline.json', '.'], { cwd: dir })).toEqual({
      code: 2,
      stdout: '',
      stderr: 'platlint: the suppressions file lint/baseline.json does not exist; create it with --suppress-all or --suppress-rule RULE\n',
    });
  });
  it('platlint patch keeps a baseline only in a file named with --suppressions-location', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'platlint-baseline-'));
    writeFileSync(join(dir, 'scale.json'), '[{"op": "add", "path": "/spec/replicas"}]\n');
    expect(await platlint(['patch', '--type', 'json', '--suppress-all', 'scale.json'], { cwd: dir })).toEqual({
      code: 2,
      stdout: '',
      stderr: 'platlint: platlint patch keeps its baseline in a file of its own: name it with --suppressions-location (platlint-suppressions.json is the main command\'s)\n',
    });
    const r = await platlint(['patch', '--type', 'json', '--suppressions-location', 'patch-suppressions.json', '--suppress-all', 'scale.json'], { cwd: dir });
    expect(r).toMatchObject({ code: 0, stderr: 'platlint: wrote patch-suppressions.json (1 finding in 1 file)\n' });
    expect(read(dir, 'patch-suppressions.json')).toBe('{\n  "scale.json": {\n    "patch/json-patch-missing-value": {\n      "[0].value": {\n        "count": 1\n      }\n    }\n  }\n}\n');
    // the main command reads scale.json and the patch baseline as files that are not plat: it neither applies
    // nor prunes that baseline
    const patchBaseline = read(dir, 'patch-suppressions.json');
    expect(await platlint(['--prune-suppressions', '.'], { cwd: dir })).toEqual({ code: 0, stdout: '✔ no problems in 2 files — 0 documents checked, 2 skipped as not plat\n', stderr: '' });
    expect(read(dir, 'patch-suppressions.json')).toBe(patchBaseline);
    expect(await platlint(['patch', '--type', 'json', '--suppressions-location', 'patch-suppressions.json', 'scale.json'], { cwd: dir })).toMatchObject({ code: 0, stderr: '' });
  });
});

/** A TracingConfiguration with a comment-suppressed finding (line 4) and a range error (line 5). */
const TRACING = `apiVersion: apiserver.config.plat.io/v1
kind: TracingConfiguration
# platlint-disable-next-line schema/unknown-field -- read by our deploy wrapper
x-owner: team-a
samplingRatePerMillion: 3000000000
`;

describe('counts', () => {
  it('two findings of one rule at one field path, one recorded: the second is reported', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'platlint-baseline-'));
    writeFileSync(join(dir, 'tracing.yaml'), TRACING);
    expect(await platlint(['--suppress-all', '.'], { cwd: dir })).toMatchObject({ code: 0, stderr: 'platlint: wrote platlint-suppressions.json (1 finding in 1 file)\n' });
    writeFileSync(join(dir, 'tracing.yaml'), `${TRACING}---\n${TRACING}`);
    const r = await platlint(['--format', 'json', '.'], { cwd: dir });
    expect(r.code).toBe(1);
    const [file] = JSON.parse(r.stdout) as JsonFile[];
    expect(file!.messages.map((m) => `${m.ruleId} ${m.path} ${m.line}:${m.column}`)).toEqual(['schema/range samplingRatePerMillion 11:25']);
    expect(file!.suppressedMessages.map((m) => `${m.ruleId} ${m.path} ${m.line}:${m.column} ${m.suppressions[0]!.kind}`)).toEqual([
      'schema/unknown-field x-owner 4:1 directive',
      'schema/range samplingRatePerMillion 5:25 file',
      'schema/unknown-field x-owner 10:1 directive',
    ]);
    expect([file!.errorCount, file!.warningCount]).toEqual([1, 0]);
    // recording again counts both
    await platlint(['--suppress-all', '.'], { cwd: dir });
    expect(read(dir, FILE)).toBe('{\n  "tracing.yaml": {\n    "schema/range": {\n      "samplingRatePerMillion": {\n        "count": 2\n      }\n    }\n  }\n}\n');
    expect((await platlint(['.'], { cwd: dir })).code).toBe(0);
  });
  it('recorded warnings do not count for --max-warnings', async () => {
    const dir = repository();
    expect((await platlint(['--max-warnings', '0', '.'], { cwd: dir })).code).toBe(1);
    await platlint(['--suppress-all', '.'], { cwd: dir });
    expect(await platlint(['--max-warnings', '0', '.'], { cwd: dir })).toMatchObject({ code: 0, stderr: '' });
  });
  it('fatal findings are never recorded: the file stays reported, the others are recorded', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'platlint-baseline-'));
    writeFileSync(join(dir, 'tracing.yaml'), TRACING);
    writeFileSync(join(dir, 'broken.yaml'), 'apiVersion: apiserver.config.plat.io/v1\nkind: TracingConfiguration\nendpoint: [\n');
    const r = await platlint(['--suppress-all', '--format', 'json', '.'], { cwd: dir });
    expect(r).toMatchObject({ code: 1, stderr: 'platlint: wrote platlint-suppressions.json (1 finding in 1 file)\n' });
    expect(jsonFindings(r.stdout)).toEqual(['yaml/syntax - 4:1']);
    expect(Object.keys(JSON.parse(read(dir, FILE)))).toEqual(['tracing.yaml']);
  });
});

describe('a file that cannot be checked whole', () => {
  it('keeps its entries through --suppress-all and --prune-suppressions, and none counts as no longer occurring', async () => {
    const dir = repository();
    await platlint(['--suppress-all', '.'], { cwd: dir });
    // a syntax error in the first document of the RBAC file: its findings are unseen, not gone
    edit(dir, 'conf/mistakes-rbac.yaml', '    verbs: ["get"]\n', '    verbs: ["get"\n');
    const r = await platlint(['--format', 'json', '.'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('');
    expect(jsonFindings(r.stdout)).toEqual(['yaml/syntax - 13:1']);
    for (const option of ['--prune-suppressions', '--suppress-all']) {
      expect(await platlint([option, '.'], { cwd: dir })).toMatchObject({ code: 1, stderr: 'platlint: platlint-suppressions.json is up to date (13 findings in 2 files)\n' });
      expect(read(dir, FILE)).toBe(RECORDED);
    }
    // read again, the file has all its recorded findings back, suppressed
    edit(dir, 'conf/mistakes-rbac.yaml', '    verbs: ["get"\n', '    verbs: ["get"]\n');
    expect(await platlint(['.'], { cwd: dir })).toMatchObject({ code: 0, stderr: '' });
  });
});

describe('suppressed findings in the reports', () => {
  it('JSON: in suppressedMessages with ESLint\'s kind "file", beside the comment\'s "directive"', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'platlint-baseline-'));
    writeFileSync(join(dir, 'tracing.yaml'), TRACING);
    await platlint(['--suppress-all', '.'], { cwd: dir });
    const r = await platlint(['--format', 'json', 'tracing.yaml'], { cwd: dir });
    expect(r.code).toBe(0);
    const platlintData = { document: 0, kind: 'TracingConfiguration', apiVersion: 'apiserver.config.plat.io/v1' };
    expect(JSON.parse(r.stdout)).toEqual([
      {
        filePath: join(dir, 'tracing.yaml'),
        messages: [],
        suppressedMessages: [
          {
            ruleId: 'schema/unknown-field',
            severity: 2,
            message: 'unknown field `x-owner` in TracingConfiguration; allowed fields: `apiVersion`, `kind`, `endpoint`, `samplingRatePerMillion`',
            line: 4,
            column: 1,
            endLine: 4,
            endColumn: 8,
            path: 'x-owner',
            nodeType: null,
            platlint: { ...platlintData, jsonPointer: '/x-owner' },
            suppressions: [{ kind: 'directive', justification: 'read by our deploy wrapper' }],
          },
          {
            ruleId: 'schema/range',
            severity: 2,
            message: '`samplingRatePerMillion` must be at most 2147483647 (a 32-bit integer), got `3000000000`',
            line: 5,
            column: 25,
            endLine: 5,
            endColumn: 35,
            path: 'samplingRatePerMillion',
            nodeType: null,
            platlint: { ...platlintData, jsonPointer: '/samplingRatePerMillion' },
            suppressions: [{ kind: 'file', justification: 'recorded in platlint-suppressions.json' }],
          },
        ],
        errorCount: 0,
        fatalErrorCount: 0,
        warningCount: 0,
        fixableErrorCount: 0,
        fixableWarningCount: 0,
        usedDeprecatedRules: [],
      },
    ]);
  });
  it('SARIF: kept with an external suppression located at the suppressions file; the log is valid SARIF 2.1.0', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'platlint-baseline-'));
    writeFileSync(join(dir, 'tracing.yaml'), TRACING);
    await platlint(['--suppress-all', '.'], { cwd: dir });
    const r = await platlint(['--format', 'sarif', '.'], { cwd: dir });
    expect(r.code).toBe(0);
    const log = JSON.parse(r.stdout);
    const validate = sarifValidator();
    expect(validate(log), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    const results = log.runs[0].results as { ruleId: string; level: string; locations: { physicalLocation: { region: { startLine: number } } }[]; suppressions: unknown }[];
    expect(results.map((x) => [x.ruleId, x.level, x.locations[0]!.physicalLocation.region.startLine, x.suppressions])).toEqual([
      ['schema/unknown-field', 'error', 4, [{ kind: 'inSource', justification: 'read by our deploy wrapper' }]],
      [
        'schema/range',
        'error',
        5,
        [{ kind: 'external', justification: 'recorded in platlint-suppressions.json', location: { physicalLocation: { artifactLocation: { uri: 'platlint-suppressions.json', uriBaseId: '%SRCROOT%' } } } }],
      ],
    ]);
  });
  it('the other formats leave them out', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'platlint-baseline-'));
    writeFileSync(join(dir, 'tracing.yaml'), TRACING);
    await platlint(['--suppress-all', '.'], { cwd: dir });
    expect(await platlint(['--format', 'compact', '.'], { cwd: dir })).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(await platlint(['--format', 'github', '.'], { cwd: dir })).toEqual({ code: 0, stdout: 'platlint: no problems in 1 file (1 document checked, 0 skipped as not plat)\n', stderr: '' });
    expect(await platlint(['--format', 'gitlab', '.'], { cwd: dir })).toEqual({ code: 0, stdout: '[]\n', stderr: '' });
    expect((await platlint(['--format', 'junit', '.'], { cwd: dir })).stdout).toBe(`<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="platlint" tests="1" failures="0" errors="0" time="0">
  <testsuite name="tracing.yaml" tests="1" failures="0" errors="0" skipped="0" time="0" file="tracing.yaml">
    <testcase classname="tracing.yaml" name="tracing.yaml clean document 1 of 1" time="0"/>
  </testsuite>
</testsuites>
`);
  });
});

describe('with the other options', () => {
  it('--fix --suppress-all records what remains after the fixes', async () => {
    const dir = repository();
    const r = await platlint(['--fix', '--suppress-all', '.'], { cwd: dir });
    expect(r).toEqual({
      code: 0,
      stdout: '✔ no problems in 4 files — 5 documents checked, 1 skipped as not plat\n1 fix applied\n11 problems suppressed by the baseline (platlint-suppressions.json)\n',
      stderr: 'platlint: wrote platlint-suppressions.json (11 findings in 2 files)\n',
    });
    // `componnet` became `component`: neither the unknown field nor the missing `component` is recorded
    expect(read(dir, 'conf/mistakes-leader-migration.yaml')).toContain('  - name: route-controller\n    component: cloud-controller-manager\n');
    expect(read(dir, FILE)).toBe(
      RECORDED.replace('    "schema/required": {\n      "controllerLeaders[0].component": {\n        "count": 1\n      }\n    },\n', '').replace(
        '    "schema/unknown-field": {\n      "controllerLeaders[0].componnet": {\n        "count": 1\n      }\n    },\n',
        '',
      ),
    );
  });
  it('--fix fixes recorded findings too; their entries then no longer occur', async () => {
    const dir = repository();
    await platlint(['--suppress-all', '.'], { cwd: dir });
    expect(await platlint(['--fix', '.'], { cwd: dir })).toMatchObject({
      code: 0,
      stderr: 'platlint: 2 findings recorded in platlint-suppressions.json no longer occur; --prune-suppressions removes them from the file\n',
    });
  });
  it('applies to standard input named with --stdin-filename, not to unnamed input', async () => {
    const dir = repository();
    await platlint(['--suppress-all', '.'], { cwd: dir });
    const text = read(dir, 'conf/mistakes-rbac.yaml');
    expect(await platlint(['--stdin-filename', 'conf/mistakes-rbac.yaml', '-'], { cwd: dir, input: text })).toEqual({
      code: 0,
      stdout: '✔ no problems in 1 file — 3 documents checked, 0 skipped as not plat\n7 problems suppressed by the baseline (platlint-suppressions.json)\n',
      stderr: '',
    });
    expect((await platlint(['--format', 'json', '-'], { cwd: dir, input: text })).code).toBe(1);
  });
  it('applies to cached results and to results of worker threads alike', async () => {
    const dir = repository();
    // 40 more files, so that --concurrency 2 starts a worker thread (batches of 32 files)
    for (let i = 0; i < 40; i++) copyFileSync(join(EXAMPLES, 'tracing-config.yaml'), join(dir, 'conf', `tracing-${i}.yaml`));
    const stdout = '✔ no problems in 44 files — 45 documents checked, 1 skipped as not plat\n13 problems suppressed by the baseline (platlint-suppressions.json)\n';
    expect(await platlint(['--cache', '--suppress-all', '.'], { cwd: dir })).toMatchObject({ code: 0, stdout });
    expect(existsSync(join(dir, '.platlintcache'))).toBe(true);
    expect(await platlint(['--cache', '.'], { cwd: dir })).toEqual({ code: 0, stdout, stderr: '' });
    expect(await platlint(['--concurrency', '2', '.'], { cwd: dir })).toEqual({ code: 0, stdout, stderr: '' });
    expect(read(dir, FILE)).toBe(RECORDED);
  });
});

describe('a broken suppressions file', () => {
  const cases: [string, string][] = [
    ['{\n  "t.yaml": {\n    "schema/range": {\n      "samplingRatePerMillion": {"count": 1},\n    }\n  }\n}\n', '5:5: expected a key in double quotes, found `}`'],
    ['{\n<<<<<<< HEAD\n  "a.yaml": {}\n=======\n  "b.yaml": {}\n>>>>>>> theirs\n}\n', '2:1: expected a key in double quotes, found `<`'],
    ['{\n  "t.yaml": {},\n  "t.yaml": {}\n}\n', '3:3: "t.yaml" is given twice (first at 2:3); keep one entry'],
    ['', '1:1: expected a value, found the end of the file'],
    ['{"t.yaml": "a\nb"}', '1:14: expected `"` to end the string (a line break or control character in a string is written as an escape), found the end of the line'],
    ['[]', '1:1: the suppressions file (file paths, each with its rules) must be a JSON object'],
    ['{"t.yaml": {"schema/range": ["samplingRatePerMillion"]}}', '1:29: the entry of "schema/range" in "t.yaml" (field paths, each with its count) must be a JSON object'],
    ['{"t.yaml": {"schema/range": {"samplingRatePerMillion": {"count": 0}}}}', '1:66: "count" must be a whole number of 1 or more'],
    ['{"t.yaml": {"schema/range": {"samplingRatePerMillion": {"count": "1"}}}}', '1:66: "count" must be a whole number of 1 or more'],
    ['{"t.yaml": {"schema/range": {"samplingRatePerMillion": {"count": 1, "line": 5}}}}', '1:69: unknown key "line"; an entry holds "count" only'],
    ['{"t.yaml": {"schema/range": {"samplingRatePerMillion": {}}}}', '1:56: the entry of "samplingRatePerMillion" (schema/range in t.yaml) has no "count"'],
  ];
  it('is a usage error (exit 2) with its line and column, before anything is linted or fixed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'platlint-baseline-'));
    // a fixable finding: --fix must not write it while the run stops on the suppressions file
    const fixable = 'apiVersion: apiserver.config.plat.io/v1\nkind: TracingConfiguration\nendpoint: localhost:4317\nsamplingRatePerMilion: 100\n';
    writeFileSync(join(dir, 't.yaml'), fixable);
    for (const [text, problem] of cases) {
      writeFileSync(join(dir, FILE), text);
      expect(await platlint(['--fix', '.'], { cwd: dir }), JSON.stringify(text)).toEqual({ code: 2, stdout: '', stderr: `platlint: platlint-suppressions.json:${problem}\n` });
      expect(read(dir, FILE)).toBe(text);
    }
    expect(read(dir, 't.yaml')).toBe(fixable);
    // --suppress-all does not overwrite it either: the broken file may hold entries someone wants back
    expect((await platlint(['--suppress-all', '.'], { cwd: dir })).code).toBe(2);
    expect(read(dir, FILE)).toBe(cases.at(-1)![0]);
  });
  it('baselineTextProblems (the language server shows an open file with it) gives the same problem at the same place, with its code and the text it is about', () => {
    // per case: the code and the text underlined (empty at the end of a line or of the file)
    const about: [string, string][] = [
      ['baseline/syntax', '}'],
      ['baseline/syntax', '<'],
      ['baseline/shape', '"t.yaml"'],
      ['baseline/syntax', ''],
      ['baseline/syntax', ''],
      ['baseline/shape', '[]'],
      ['baseline/shape', '["samplingRatePerMillion"]'],
      ['baseline/shape', '0'],
      ['baseline/shape', '"1"'],
      ['baseline/shape', '"line"'],
      ['baseline/shape', '{}'],
    ];
    expect(about.length).toBe(cases.length);
    cases.forEach(([text, problem], k) => {
      const problems = baselineTextProblems(text);
      expect(problems.length, JSON.stringify(text)).toBe(1);
      const p = problems[0]!;
      const before = text.slice(0, p.start).split('\n');
      expect(`${before.length}:${before.at(-1)!.length + 1}: ${p.message}`).toBe(problem);
      expect([p.code, text.slice(p.start, p.end)]).toEqual(about[k]);
    });
  });
  it('baselineTextProblems gives every problem of a file that parses, in the order of the reading (the first is the command line\'s), and none for a valid file', () => {
    const text = [
      '{',
      '  "a.yaml": {"r/x": {"p": {"count": 0}, "q": {"cuont": 1}}},',
      '  "b.yaml": [],',
      '  "a.yaml": {"r/y": {"p": {}}},',
      '  "": {"r/z": {"p": {"count": 1}}}',
      '}',
      '',
    ].join('\n');
    const at = (offset: number) => {
      const before = text.slice(0, offset).split('\n');
      return `${before.length}:${before.at(-1)!.length + 1}`;
    };
    const problems = baselineTextProblems(text).map((p) => [p.code, at(p.start), text.slice(p.start, p.end), p.message]);
    expect(problems).toEqual([
      ['baseline/shape', '4:3', '"a.yaml"', '"a.yaml" is given twice (first at 2:3); keep one entry'],
      ['baseline/shape', '2:37', '0', '"count" must be a whole number of 1 or more'],
      ['baseline/shape', '2:47', '"cuont"', 'unknown key "cuont"; an entry holds "count" only'],
      ['baseline/shape', '3:13', '[]', 'the entry of "b.yaml" (rule ids, each with its field paths) must be a JSON object'],
      ['baseline/shape', '4:27', '{}', 'the entry of "p" (r/y in a.yaml) has no "count"'],
      ['baseline/shape', '5:3', '""', 'a file path is empty'],
    ]);
    expect(() => parseBaseline(text, FILE)).toThrow(`${FILE}:4:3: "a.yaml" is given twice (first at 2:3); keep one entry`);
    // a byte-order mark counts in the offsets (the editor's text holds it), not in the line and column of the message
    expect(baselineTextProblems('\uFEFF{"t.yaml": 1}')).toEqual([{ code: 'baseline/shape', start: 12, end: 13, message: 'the entry of "t.yaml" (rule ids, each with its field paths) must be a JSON object' }]);
    expect(() => parseBaseline('\uFEFF{"t.yaml": 1}', FILE)).toThrow(`${FILE}:1:12: the entry`);
    // a character found beyond U+FFFF is underlined whole
    expect(baselineTextProblems('{"t.yaml": \u{1F600}}').map((p) => [p.start, p.end])).toEqual([[11, 13]]);
    expect(baselineTextProblems('{}')).toEqual([]);
    expect(baselineTextProblems('{"t.yaml": {"schema/range": {"samplingRatePerMillion": {"count": 2}}}}\n')).toEqual([]);
  });
  it('a folder where the file should be is a usage error too', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'platlint-baseline-'));
    writeFileSync(join(dir, 't.yaml'), TRACING);
    mkdirSync(join(dir, FILE));
    expect(await platlint(['.'], { cwd: dir })).toEqual({ code: 2, stdout: '', stderr: 'platlint: cannot read the suppressions file platlint-suppressions.json (EISDIR)\n' });
  });
});

describe('the file format and the editor hook (src/files/baseline.ts)', () => {
  it('sorts keys by code unit at every level, numbers and upper case included, and reads back what it writes', () => {
    const b: Baseline = new Map([
      ['b.yaml', new Map([['schema/type', new Map([['z', 1], ['', 2], ['10', 1], ['9', 1], ['A', 1]])]])],
      ['a/10.yaml', new Map([['yaml/duplicate-key', new Map([['metadata.labels[a b]', 3]])]])],
      ['a/9.yaml', new Map([['set/duplicate-object', new Map([['metadata.name', 1]])]])],
    ]);
    const text = serializeBaseline(b);
    expect(text).toBe(`{
  "a/10.yaml": {
    "yaml/duplicate-key": {
      "metadata.labels[a b]": {
        "count": 3
      }
    }
  },
  "a/9.yaml": {
    "set/duplicate-object": {
      "metadata.name": {
        "count": 1
      }
    }
  },
  "b.yaml": {
    "schema/type": {
      "": {
        "count": 2
      },
      "10": {
        "count": 1
      },
      "9": {
        "count": 1
      },
      "A": {
        "count": 1
      },
      "z": {
        "count": 1
      }
    }
  }
}
`);
    expect(serializeBaseline(parseBaseline(text, FILE))).toBe(text);
    expect(serializeBaseline(new Map())).toBe('{}\n');
    expect(parseBaseline('\uFEFF{"a.yaml": {"r/x": {"p\\u00e9\\n": {"count": 1}}}}', FILE)).toEqual(new Map([['a.yaml', new Map([['r/x', new Map([['pé\n', 1]])]])]]));
  });
  it('applyBaselineOf (for the language server) applies a suppressions file to one document', () => {
    const dir = mkdtempSync(join(tmpdir(), 'platlint-baseline-'));
    const config = { rules: {}, ignores: [], baseDir: dir };
    const result = lintText(TRACING, { filePath: join(dir, 'tracing.yaml'), config });
    expect(result.diagnostics.map((d) => d.ruleId)).toEqual(['schema/range']);
    expect(applyBaselineOf(result, join(dir, FILE))).toEqual({ result });
    writeFileSync(join(dir, FILE), '{"tracing.yaml": {"schema/range": {"samplingRatePerMillion": {"count": 1}}}}');
    const applied = applyBaselineOf(result, join(dir, FILE));
    expect(applied.result.diagnostics).toEqual([]);
    expect(applied.result.errorCount).toBe(0);
    expect(applied.result.suppressed.map((d) => [d.ruleId, d.justification, d.baseline])).toEqual([
      ['schema/unknown-field', 'read by our deploy wrapper', undefined],
      ['schema/range', 'recorded in platlint-suppressions.json', join(dir, FILE)],
    ]);
    // read again when it changes; a broken file is not applied and says why
    writeFileSync(join(dir, FILE), '{"tracing.yaml": 1}');
    expect(applyBaselineOf(result, join(dir, FILE))).toEqual({
      result,
      error: {
        message: `${join(dir, FILE)}:1:18: the entry of "tracing.yaml" (rule ids, each with its field paths) must be a JSON object`,
        at: { line: 1, column: 18, problem: 'the entry of "tracing.yaml" (rule ids, each with its field paths) must be a JSON object' },
      },
    });
    // deleted: nothing applies
    rmSync(join(dir, FILE));
    expect(applyBaselineOf(result, join(dir, FILE))).toEqual({ result });
  });
});

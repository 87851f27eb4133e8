// The baseline of existing findings (platlint-suppressions.json, issue 11), through the built command line on
// temporary copies of a small repository made of the bundled examples: the round trip (record, a new mistake,
// moved lines, a fix and --prune-suppressions), --suppress-rule, --suppressions-location, counts, the JSON
// and SARIF shapes of suppressed findings, entries that no longer occur, and broken files.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyBaselineOf, parseBaseline, serializeBaseline, type Baseline } from '../src/baseline.js';
import { lintText } from '../src/lint.js';
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
  it('records every finding (exit 0), reports only a new mistake (exit 1), survives moved lines (exit 0), and prunes a fixed finding', () => {
    const dir = repository();
    const before = platlint(['--format', 'json', '.'], { cwd: dir });
    expect(before.code).toBe(1);
    expect(jsonFindings(before.stdout)).toEqual(ALL_FINDINGS);

    // 1. suppress all: exit 0, the file beside the configuration, exactly these entries
    const recorded = platlint(['--suppress-all', '.'], { cwd: dir });
    expect(recorded).toEqual({
      code: 0,
      stdout: '✔ no problems in 4 files — 5 documents checked, 1 skipped as not plat\n13 problems suppressed by the baseline (platlint-suppressions.json)\n',
      stderr: 'platlint: wrote platlint-suppressions.json (13 findings in 2 files)\n',
    });
    expect(read(dir, FILE)).toBe(RECORDED);
    // the file is not linted as a file of the repository (4 files: the three and the configuration), and nothing is left over
    expect(platlint(['.'], { cwd: dir })).toEqual({ code: 0, stdout: recorded.stdout, stderr: '' });

    // 2. one new mistake, in a file and of a rule the baseline knows, at a new field path: only it is reported
    edit(dir, 'conf/mistakes-rbac.yaml', '    name: helpdesk-bot\n    apiGroup: rbac.authorization.plat.io\n', '    name: helpdesk-bot\n    apiGroup: rbac.authorization.plat.io\n  - kind: ServiceAccount\n    name: release-bot\n    namespace: support\n    apiGroup: rbac.authorization.plat.io\n');
    const added = platlint(['--format', 'json', '.'], { cwd: dir });
    expect(added.code).toBe(1);
    expect(added.stderr).toBe('');
    const files = JSON.parse(added.stdout) as JsonFile[];
    expect(files.flatMap((f) => f.messages.map((m) => ({ file: f.filePath.slice(dir.length + 1), ...m })))).toEqual([
      {
        file: 'conf/mistakes-rbac.yaml',
        ruleId: 'rbac/subject-api-group-matches-kind',
        severity: 2,
        message: '`apiGroup` of a ServiceAccount subject is `rbac.authorization.plat.io`; it must be empty (or left out), as service accounts belong to the core group',
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
    const moved = platlint(['--format', 'json', '.'], { cwd: dir });
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
    expect(platlint(['.'], { cwd: dir })).toEqual({
      code: 0,
      stdout: '✔ no problems in 4 files — 5 documents checked, 1 skipped as not plat\n12 problems suppressed by the baseline (platlint-suppressions.json)\n',
      stderr: 'platlint: 1 finding recorded in platlint-suppressions.json no longer occurs; --prune-suppressions removes it from the file\n',
    });
    // ... and --prune-suppressions removes exactly its entry
    expect(platlint(['--prune-suppressions', '.'], { cwd: dir })).toMatchObject({ code: 0, stderr: 'platlint: updated platlint-suppressions.json (12 findings in 2 files)\n' });
    expect(read(dir, FILE)).toBe(RECORDED.replace(ENUM_ENTRY, ''));
    // a second prune has nothing to do and leaves the file as it is
    expect(platlint(['--prune-suppressions', '.'], { cwd: dir })).toMatchObject({ code: 0, stderr: 'platlint: platlint-suppressions.json is up to date (12 findings in 2 files)\n' });
    expect(read(dir, FILE)).toBe(RECORDED.replace(ENUM_ENTRY, ''));
  });
});

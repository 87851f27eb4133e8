// The GitHub Action (action.yml at the repository's root) with a stand-in GitHub environment: its lint step,
// read from action.yml, is run the way the runner runs a composite step (its `env` with the inputs put in,
// `bash -c` of its `run` in the workspace, GITHUB_ACTION_PATH at this checkout) on scratch workspaces. What a
// workflow sees is checked exactly: the annotations on stdout, the job summary, the SARIF file (valid SARIF
// 2.1.0), the step's outputs and its exit code. The set-up and upload steps (actions/setup-node and
// github/codeql-action) need GitHub itself: their wiring in action.yml is checked as text. Needs npm run build.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from '../helpers/fixtures.js';
import { sarifValidator } from '../helpers/sarif.js';
import { DOCS } from '../helpers/docs-url.js';
import { ACTION, lintStep, type Step } from '../helpers/action-step.js';

const AUTHZ = `apiVersion: apiserver.config.plat.io/v1alpha1
kind: AuthorizationConfiguration
authorizers:
  - type: Node
    name: node
    authorizer: x
  - type: RBAC
    name: node
`;
const PRIORITY = `apiVersion: scheduling.plat.io/v1
kind: PriorityClass
value: 1000
`;
const CLEAN = `apiVersion: apiserver.config.plat.io/v1alpha1
kind: AuthorizationConfiguration
authorizers:
  - type: RBAC
    name: rbac
`;

/** A workspace with the given files, and the files GitHub's runner gives a step (summary and outputs, empty). */
function workspace(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'platlint-action-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  mkdirSync(join(dir, '.runner'));
  writeFileSync(join(dir, '.runner', 'summary.md'), '');
  writeFileSync(join(dir, '.runner', 'output'), '');
  return dir;
}

describe('action.yml', () => {
  it('is a composite action with the inputs paths, config, args, sarif and node-version', () => {
    expect(ACTION.runs.using).toBe('composite');
    expect(Object.keys(ACTION.inputs)).toEqual(['paths', 'config', 'args', 'sarif', 'node-version']);
    expect(Object.fromEntries(Object.entries(ACTION.inputs).map(([k, v]) => [k, v.default]))).toEqual({ paths: '.', config: '', args: '', sarif: '', 'node-version': '20' });
    for (const i of Object.values(ACTION.inputs)) expect(i.required).toBe(false);
  });
  it('sets up Node.js, installs platlint from its own checkout, lints, and uploads the SARIF file when one was written', () => {
    expect(ACTION.runs.steps.map((s) => s.uses ?? s.run)).toEqual(['actions/setup-node@v4', 'npm ci --no-audit --no-fund', 'node "$GITHUB_ACTION_PATH/action/run.mjs"', 'github/codeql-action/upload-sarif@v3']);
    const [node, install, lint, upload] = ACTION.runs.steps as [Step, Step, Step, Step];
    expect(node.with).toEqual({ 'node-version': '${{ inputs.node-version }}' });
    expect(install['working-directory']).toBe('${{ github.action_path }}');
    expect(lint.env).toEqual({ INPUT_PATHS: '${{ inputs.paths }}', INPUT_CONFIG: '${{ inputs.config }}', INPUT_ARGS: '${{ inputs.args }}', INPUT_SARIF: '${{ inputs.sarif }}' });
    // runs after a failed lint (errors found), not when no file was written
    expect(upload.if).toBe("${{ always() && steps.lint.outputs.sarif != '' }}");
    expect(upload.with).toEqual({ sarif_file: '${{ steps.lint.outputs.sarif }}', category: 'platlint' });
    expect(ACTION.outputs).toEqual({ sarif: { description: expect.any(String), value: '${{ steps.lint.outputs.sarif }}' } });
    for (const s of ACTION.runs.steps) if (s.run !== undefined) expect(s.shell, s.name).toBe('bash');
  });
});

describe('the workflows of the README and docs/ci.md', () => {
  /** The `with:` of the action's step in the workflow after the `<!-- github-action` marker of a page. */
  const actionInputs = (page: string): string[] => {
    const text = readFileSync(join(ROOT, page), 'utf8');
    const at = text.indexOf('<!-- github-action');
    expect(at, page).toBeGreaterThan(0);
    const workflow = parse(/^```yaml\n([\s\S]*?)^```$/m.exec(text.slice(at))![1]!) as { permissions: Record<string, string>; jobs: Record<string, { steps: { uses?: string; with?: Record<string, string> }[] }> };
    expect(workflow.permissions, page).toEqual({ contents: 'read', 'security-events': 'write' });
    const steps = Object.values(workflow.jobs)[0]!.steps;
    expect(steps.map((s) => s.uses), page).toEqual(['actions/checkout@v4', 'PLACEHOLDER-OWNER/platlint@main']);
    return Object.keys(steps[1]!.with!);
  };
  it('use the action with its inputs, and grant what the SARIF upload needs', () => {
    // the README's shows the SARIF upload; docs/ci.md's every input, in the order of action.yml
    expect(actionInputs('README.md')).toEqual(['sarif']);
    expect(actionInputs('docs/ci.md')).toEqual(Object.keys(ACTION.inputs));
  });
});

describe('the lint step', () => {
  it('errors: annotations, the job summary, the SARIF file and its output; the step fails', () => {
    const dir = workspace({ 'config/authz.yaml': AUTHZ, 'config/clean.yaml': CLEAN, 'other/priority.yaml': PRIORITY, 'ci/platlint.yaml': 'rules:\n  document/unchecked-group: warn\n' });
    const r = lintStep(dir, { sarif: 'reports/platlint.sarif', config: 'ci/platlint.yaml', paths: 'config other' });
    expect(r.stderr).toBe('platlint --format github --format sarif:reports/platlint.sarif --config ci/platlint.yaml config other\n');
    expect(r.stdout).toBe(
      [
        '::error file=config/authz.yaml,line=6,endLine=6,col=5,endColumn=15,title=schema/unknown-field::6:5 unknown field `authorizer` in `authorizers[0]`; allowed fields: `type`, `name`, `webhook` [schema/unknown-field]',
        '::error file=config/authz.yaml,line=8,endLine=8,col=11,endColumn=15,title=authz/authorizer-name-unique::8:11 name `node` is already used by authorizers[0].name; authorizer names must be unique [authz/authorizer-name-unique]',
        '::warning file=other/priority.yaml,line=1,endLine=1,col=13,endColumn=34,title=document/unchecked-group::1:13 group `scheduling.plat.io` is not checked by platlint [document/unchecked-group]',
        'platlint: 2 errors and 1 warning in 3 files (2 documents checked, 0 skipped as not plat, 1 of plat groups platlint does not check)',
        '',
      ].join('\n'),
    );
    expect(r.code).toBe(1);
    expect(r.summary).toBe(
      [
        '### platlint',
        '',
        '2 errors and 1 warning in 3 files (2 documents checked, 0 skipped as not plat, 1 of plat groups platlint does not check)',
        '',
        '| Severity | File | Line | Rule | Message |',
        '| --- | --- | --- | --- | --- |',
        `| error | <code>config/authz.yaml</code> | 6:5 | [<code>schema/unknown-field</code>](${DOCS}schema/unknown-field.md) | unknown field \`authorizer\` in \`authorizers[0]\`; allowed fields: \`type\`, \`name\`, \`webhook\` |`,
        `| error | <code>config/authz.yaml</code> | 8:11 | [<code>authz/authorizer-name-unique</code>](${DOCS}authz/authorizer-name-unique.md) | name \`node\` is already used by authorizers[0].name; authorizer names must be unique |`,
        `| warning | <code>other/priority.yaml</code> | 1:13 | [<code>document/unchecked-group</code>](${DOCS}document/unchecked-group.md) | group \`scheduling.plat.io\` is not checked by platlint |`,
        '',
        '',
      ].join('\n'),
    );
    expect(r.output).toBe('sarif=reports/platlint.sarif\n');
    const sarif = JSON.parse(readFileSync(join(dir, 'reports', 'platlint.sarif'), 'utf8'));
    const validate = sarifValidator();
    expect(validate(sarif), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    const run = sarif.runs[0] as { tool: { driver: { rules: { id: string; helpUri: string }[] } }; results: { ruleId: string; ruleIndex: number; level: string; locations: { physicalLocation: { artifactLocation: { uri: string; uriBaseId: string }; region: { startLine: number } } }[] }[] };
    expect(run.tool.driver.rules.map((x) => [x.id, x.helpUri])).toEqual([
      ['document/unchecked-group', `${DOCS}document/unchecked-group.md`],
      ['schema/unknown-field', `${DOCS}schema/unknown-field.md`],
      ['authz/authorizer-name-unique', `${DOCS}authz/authorizer-name-unique.md`],
    ]);
    expect(run.results.map((x) => [x.ruleId, run.tool.driver.rules[x.ruleIndex]!.id, x.level, x.locations[0]!.physicalLocation.artifactLocation, x.locations[0]!.physicalLocation.region.startLine])).toEqual([
      ['schema/unknown-field', 'schema/unknown-field', 'error', { uri: 'config/authz.yaml', uriBaseId: '%SRCROOT%' }, 6],
      ['authz/authorizer-name-unique', 'authz/authorizer-name-unique', 'error', { uri: 'config/authz.yaml', uriBaseId: '%SRCROOT%' }, 8],
      ['document/unchecked-group', 'document/unchecked-group', 'warning', { uri: 'other/priority.yaml', uriBaseId: '%SRCROOT%' }, 1],
    ]);
  });

  it('warnings only: annotations, and the step passes; without the sarif input no file and no output', () => {
    const dir = workspace({ 'platlint.config.yaml': 'rules:\n  document/unchecked-group: warn\n', 'priority.yaml': PRIORITY, 'clean.yaml': CLEAN });
    const r = lintStep(dir);
    expect(r.stderr).toBe('platlint --format github .\n');
    expect(r.stdout).toBe(
      '::warning file=priority.yaml,line=1,endLine=1,col=13,endColumn=34,title=document/unchecked-group::1:13 group `scheduling.plat.io` is not checked by platlint [document/unchecked-group]\n' +
        'platlint: 0 errors and 1 warning in 3 files (1 document checked, 1 skipped as not plat, 1 of plat groups platlint does not check)\n',
    );
    expect(r.code).toBe(0);
    expect(r.summary).toContain('| warning | <code>priority.yaml</code> | 1:13 |');
    expect(r.output).toBe('');
    // args: --max-warnings 0 makes the warning fail the step
    const strict = lintStep(dir, { args: ' --max-warnings  0 ' });
    expect(strict.stderr).toBe('platlint --format github --max-warnings 0 .\nplatlint: 1 warning exceeds the maximum of 0 (--max-warnings)\n');
    expect(strict.code).toBe(1);
  });

  it('a clean workspace passes; paths one per line may hold spaces', () => {
    const dir = workspace({ 'my configs/clean.yaml': CLEAN, 'more/clean.yaml': CLEAN, 'ignored/authz.yaml': AUTHZ });
    const r = lintStep(dir, { paths: 'my configs\nmore\n', sarif: 'platlint.sarif' });
    expect(r.stdout).toBe('platlint: no problems in 2 files (2 documents checked, 0 skipped as not plat)\n');
    expect(r.code).toBe(0);
    expect(r.summary).toBe('### platlint\n\nno problems in 2 files (2 documents checked, 0 skipped as not plat)\n\n');
    expect(r.output).toBe('sarif=platlint.sarif\n');
    const sarif = JSON.parse(readFileSync(join(dir, 'platlint.sarif'), 'utf8'));
    expect(sarif.runs[0].tool.driver.rules).toEqual([]);
    expect(sarif.runs[0].results).toEqual([]);
    expect(sarifValidator()(sarif)).toBe(true);
  });

  it('a usage error fails the step with exit code 2, and no SARIF output', () => {
    const dir = workspace({ 'clean.yaml': CLEAN });
    const r = lintStep(dir, { config: 'missing.yaml', sarif: 'platlint.sarif' });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`platlint --format github --format sarif:platlint.sarif --config missing.yaml .\nplatlint: cannot read configuration file ${join(dir, 'missing.yaml')}: ENOENT\n`);
    expect(r.stdout).toBe('');
    expect(r.output).toBe('');
  });
});

// A stand-in for GitHub's runner of the platlint action (action.yml): its lint step run the way the runner runs
// a composite step (its `env` with the inputs put in, `bash -c` of its `run` in the workspace, GITHUB_ACTION_PATH
// at a checkout of platlint), with the files a runner gives a step (job summary and outputs) in `.runner/`.
// Used by test/clients/action.test.ts (on this checkout) and test/clients/install.test.ts (a new repository).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { ROOT } from './fixtures.js';

export interface Step {
  name: string;
  id?: string;
  uses?: string;
  run?: string;
  shell?: string;
  if?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
  'working-directory'?: string;
}

export interface Action {
  name: string;
  inputs: Record<string, { description: string; required: boolean; default: string }>;
  outputs: Record<string, { description: string; value: string }>;
  runs: { using: string; steps: Step[] };
}

export const ACTION = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as Action;

/** `${{ inputs.NAME }}` of the step's text, with the inputs given or else the action's defaults; any other expression is an error. */
function expand(text: string, inputs: Record<string, string>): string {
  return text.replace(/\$\{\{\s*([^}]*?)\s*\}\}/g, (_, expr: string) => {
    const m = /^inputs\.([\w-]+)$/.exec(expr);
    if (!m || !(m[1]! in ACTION.inputs)) throw new Error(`action.yml: the lint step uses \${{ ${expr} }}, which this stand-in does not provide`);
    return inputs[m[1]!] ?? ACTION.inputs[m[1]!]!.default;
  });
}

/**
 * The lint step, run as the runner would, in the workspace `dir` with `inputs` and the action checked out at
 * `actionPath` (built: the action's install step is `npm ci`, whose prepare builds): exit code, stdout, stderr,
 * job summary and step outputs.
 */
export function lintStep(dir: string, inputs: Record<string, string> = {}, actionPath: string = ROOT) {
  const step = ACTION.runs.steps.find((s) => s.id === 'lint')!;
  mkdirSync(join(dir, '.runner'), { recursive: true });
  writeFileSync(join(dir, '.runner', 'summary.md'), '');
  writeFileSync(join(dir, '.runner', 'output'), '');
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('GITHUB_') && !k.startsWith('INPUT_') && k !== 'FORCE_COLOR' && k !== 'PLATLINT_DOCS_URL') env[k] = v;
  Object.assign(env, {
    NO_COLOR: '1',
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: dir,
    GITHUB_ACTION_PATH: actionPath,
    GITHUB_STEP_SUMMARY: join(dir, '.runner', 'summary.md'),
    GITHUB_OUTPUT: join(dir, '.runner', 'output'),
  });
  for (const [k, v] of Object.entries(step.env ?? {})) env[k] = expand(v, inputs);
  const r = spawnSync(step.shell!, ['-e', '-c', expand(step.run!, inputs)], { cwd: dir, env, encoding: 'utf8', timeout: 60_000 });
  if (r.error) throw r.error;
  return {
    code: r.status,
    stdout: r.stdout,
    stderr: r.stderr,
    summary: readFileSync(join(dir, '.runner', 'summary.md'), 'utf8'),
    output: readFileSync(join(dir, '.runner', 'output'), 'utf8'),
  };
}

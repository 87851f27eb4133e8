import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { main, type CliIo, type RunOptions } from '../../src/cli/cli.js';
import { ROOT } from './fixtures.js';

export const BIN = join(ROOT, 'bin', 'platlint.js');
/** The built CLI: worker threads run it (the source, which the tests run, cannot run in a worker thread). */
export const CLI_BUNDLE = join(ROOT, 'dist', 'cli.cjs');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  cwd?: string;
  input?: string | Buffer;
  env?: NodeJS.ProcessEnv;
}

/** The environment of a run: this process's, without colour, GitHub Actions or COLUMNS (the report's width: 80) unless the test sets them. */
function runEnv(env: NodeJS.ProcessEnv | undefined): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined, GITHUB_ACTIONS: undefined, COLUMNS: undefined, ...env };
  for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k];
  return out;
}

/**
 * Runs the command line in this process, as bin/platlint.js runs it (src/cli/cli.ts main), with its own streams,
 * working folder and environment: what it prints and its exit code are those of the spawned command.
 * `options` is what a test injects (a failure on a text); worker threads (--concurrency) run the built CLI.
 */
export async function platlint(args: string[], opts: CliOptions = {}, options: RunOptions = {}): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: (s) => (stdout += s),
    stderr: (s) => (stderr += s),
    readStdin: () => Buffer.from(opts.input ?? ''),
    cwd: opts.cwd ?? ROOT,
    env: runEnv(opts.env),
    // the spawned command writes to a pipe
    isTTY: false,
  };
  const code = await main(args, io, { workerEntry: CLI_BUNDLE, ...options });
  return { code, stdout, stderr };
}

/** Runs the built command line (bin/platlint.js) as a user would, in its own process (test/clients/). */
export function spawnPlatlint(args: string[], opts: CliOptions = {}): CliRun {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: opts.cwd ?? ROOT, input: opts.input ?? '', env: runEnv(opts.env), encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The JSON report's messages, one line each: `rule path line:col`. */
export function jsonFindings(stdout: string): string[] {
  const results = JSON.parse(stdout) as { messages: { ruleId: string; path: string; line: number; column: number }[] }[];
  return results.flatMap((r) => r.messages.map((m) => `${m.ruleId} ${m.path || '-'} ${m.line}:${m.column}`));
}

import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './fixtures.js';

export const BIN = join(ROOT, 'bin', 'platlint.js');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built command line as a user would. */
export function platlint(args: string[], opts: { cwd?: string; input?: string | Buffer; env?: NodeJS.ProcessEnv } = {}): CliRun {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined, GITHUB_ACTIONS: undefined, ...opts.env };
  for (const k of Object.keys(env)) if (env[k] === undefined) delete env[k];
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: opts.cwd ?? ROOT, input: opts.input ?? '', env, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The JSON report's messages, one line each: `rule path line:col`. */
export function jsonFindings(stdout: string): string[] {
  const results = JSON.parse(stdout) as { messages: { ruleId: string; path: string; line: number; column: number }[] }[];
  return results.flatMap((r) => r.messages.map((m) => `${m.ruleId} ${m.path || '-'} ${m.line}:${m.column}`));
}

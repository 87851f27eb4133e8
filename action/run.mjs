// The lint step of the platlint GitHub Action (action.yml): runs this checkout's platlint over the
// workspace with GitHub annotations (`--format github`, which also appends the job summary to
// $GITHUB_STEP_SUMMARY) and, when the `sarif` input names a file, a SARIF report; sets the step's `sarif`
// output when that file was written; exits with platlint's code (1 when it found errors, 2 when it could not
// run), which fails the step. The inputs come as INPUT_PATHS, INPUT_CONFIG, INPUT_ARGS and INPUT_SARIF.
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const env = process.env;
const bin = join(dirname(dirname(fileURLToPath(import.meta.url))), 'bin', 'platlint.js');
const cwd = env.GITHUB_WORKSPACE || process.cwd();

/** An input's value, trimmed ('' when not set). */
function input(name) {
  return (env[`INPUT_${name}`] ?? '').trim();
}

/** The `paths` input: one path per line when it has several lines (paths may hold spaces), else split at spaces. */
function paths(text) {
  const items = text.includes('\n') ? text.split(/\r?\n/).map((s) => s.trim()) : text.split(/\s+/);
  const out = items.filter((s) => s !== '');
  return out.length > 0 ? out : ['.'];
}

const sarif = input('SARIF');
const argv = ['--format', 'github'];
if (sarif !== '') argv.push('--format', `sarif:${sarif}`);
if (input('CONFIG') !== '') argv.push('--config', input('CONFIG'));
argv.push(...input('ARGS').split(/\s+/).filter((s) => s !== ''));
argv.push(...paths(env.INPUT_PATHS ?? ''));

process.stderr.write(`platlint ${argv.join(' ')}\n`);
const run = spawnSync(process.execPath, [bin, ...argv], { cwd, stdio: 'inherit' });
if (run.error) {
  process.stdout.write(`::error title=platlint::${String(run.error.message).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}\n`);
  process.exit(2);
}
// the output is one `name=value` line: a path with a line break in it is not passed on
if (sarif !== '' && !/[\r\n]/.test(sarif) && existsSync(resolve(cwd, sarif)) && env.GITHUB_OUTPUT) appendFileSync(env.GITHUB_OUTPUT, `sarif=${sarif}\n`);
process.exit(run.status ?? 2);

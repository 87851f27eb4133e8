// The Emacs configuration of docs/editors.md, run by the real Emacs that Debian ships (packages emacs-nox 28.2,
// elpa-eglot 1.9 and elpa-yaml-mode, installed by .ci/run), in batch, on a scratch plat file: the diagnostics
// flymake shows (lines, columns, codes), a hover through eldoc, a quick fix chosen in the minibuffer, applied
// and saved, and completion in a new file.
//
// Emacs starts as a user's would: HOME is a scratch folder whose .emacs.d/init.el is the page's block (taken
// from docs/editors.md, between its marker comment and the end of the fence). `-u ''` makes batch Emacs read that
// init file (`~` + '' + `/.emacs.d/` is HOME's), so Emacs's own start-up activates Debian's elpa packages
// (package-activate-all, which runs only when there is an init file) and loads init.el, with nothing of the
// developer's own configuration. `emacs -Q` could not stand in: it drops site-lisp, where Debian keeps those
// packages, from the load path. test/helpers/eglot-harness.el then acts as the user (C-x C-f, M-x eldoc,
// M-x eglot-code-actions, C-x C-s, M-x completion-at-point) and writes what it saw as JSON. `platlint-language-server` is found on
// PATH, as in docs/editors.md: a scratch folder holds a launcher of this checkout's bin/ script (which runs the
// built dist/lsp.cjs).
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KINDS } from '../../src/kinds/kinds.js';
import { docBlock, ROOT } from '../helpers/fixtures.js';

const MISSING =
  'test/clients/emacs.test.ts: `emacs` is not on PATH; .ci/run installs it with eglot and yaml-mode (Debian packages emacs-nox elpa-eglot elpa-yaml-mode)';

/** Upper bound of one Emacs run; the harness itself gives up waiting for any one answer after 15 s. */
const EMACS_TIMEOUT = 90_000;


// A Policy with a mistyped field the platform ignores (a warning with a suggestion), a level in the wrong case
// (an error whose quick fix writes the right one) and another one after a character outside the BMP on its
// line (the server counts UTF-16 units, Emacs counts characters: eglot converts).
const POLICY = [
  'apiVersion: audit.plat.io/v1',
  'kind: Policy',
  'omitStage:',
  '  - RequestReceived',
  'rules:',
  '  - level: metadata',
  '    verbs: [get]',
  '  - {users: ["😀 ops"], level: requestresponse}',
  '',
].join('\n');

interface Diag { line: number; column: number; endLine: number; endColumn: number; type: string; code: string; text: string }
interface Report {
  steps: string[];
  error?: string;
  emacs?: string;
  eglot?: string;
  mode?: string;
  server?: string;
  command?: string[];
  diagnostics?: Diag[];
  hover?: string;
  prompt?: string;
  actions?: string[];
  fixed?: string;
  after?: Diag[];
  candidates?: string[];
  completed?: string;
  kinds?: string[];
  written?: string;
  serverStderr?: string;
  events?: string;
}

describe('Emacs (Debian packages) with eglot and the configuration of docs/editors.md', () => {
  let dir: string;
  let report: Report;
  let file: string;
  let stdout: string;
  let stderr: string;

  beforeAll(() => {
    const version = spawnSync('emacs', ['--version'], { encoding: 'utf8' });
    if (version.status !== 0) throw new Error(MISSING);
    dir = mkdtempSync(join(tmpdir(), 'platlint-emacs-'));
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    const launcher = join(bin, 'platlint-language-server');
    writeFileSync(launcher, `#!/bin/sh\nexec '${process.execPath}' '${join(ROOT, 'bin', 'platlint-language-server.js')}' "$@"\n`);
    chmodSync(launcher, 0o755);
    const home = join(dir, 'home');
    mkdirSync(join(home, '.emacs.d'), { recursive: true });
    writeFileSync(join(home, '.emacs.d', 'init.el'), docBlock('docs/editors.md', '<!-- emacs-eglot', 'elisp'));
    const project = join(dir, 'project');
    mkdirSync(project);
    file = join(project, 'policy.yaml');
    writeFileSync(file, POLICY);
    const out = join(dir, 'report.json');
    const started = Date.now();
    const r = spawnSync('emacs', ['--batch', '-u', '', '-l', join(ROOT, 'test', 'helpers', 'eglot-harness.el')], {
      cwd: project,
      env: {
        ...process.env,
        HOME: home,
        // an XDG_CONFIG_HOME/emacs folder would be read instead of HOME's .emacs.d; EMACSLOADPATH replaces the
        // load path Debian's packages are found on
        XDG_CONFIG_HOME: join(home, '.config'),
        EMACSLOADPATH: undefined,
        PATH: `${bin}${delimiter}${process.env.PATH ?? ''}`,
        PLATLINT_EMACS_FILE: file,
        PLATLINT_EMACS_OUT: out,
      },
      // the user's answer to eglot's "Pick an action (default …)": RET
      input: '\n',
      encoding: 'utf8',
      timeout: EMACS_TIMEOUT,
      killSignal: 'SIGKILL',
    });
    const elapsed = Date.now() - started;
    stdout = r.stdout ?? '';
    stderr = r.stderr ?? '';
    if (r.error) throw new Error(`emacs did not finish: ${r.error.message}\n${stdout}${stderr}`);
    if (!existsSync(out)) throw new Error(`emacs wrote no report (exit ${r.status})\n${stdout}${stderr}`);
    report = JSON.parse(readFileSync(out, 'utf8')) as Report;
    console.log(`test/clients/emacs.test.ts: ${version.stdout.split('\n')[0]}, eglot ${report.eglot}, ${elapsed} ms from start to exit`);
  }, EMACS_TIMEOUT + 10_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('runs to the end: yaml-mode, eglot connected to platlint-language-server', () => {
    expect(report.error, `${stderr}\n${report.events ?? ''}`).toBeUndefined();
    expect(report.steps).toEqual(['started', 'diagnostics', 'hover', 'fixed', 'after', 'completion']);
    expect(report.mode).toBe('yaml-mode');
    expect(report.command).toEqual(['platlint-language-server', '--stdio']);
    expect(report.server).toBe('platlint-language-server');
    expect(report.serverStderr).toBe('');
    // Emacs's messages (stderr in batch): eglot's and jsonrpc's warnings and errors would be among them
    expect(stderr.split('\n').filter((l) => /error|warning|non-compliant/i.test(l))).toEqual([]);
  });

  it('flymake shows the diagnostics at their lines and columns, with their codes and severities', () => {
    expect(report.diagnostics!.map((d) => [d.line, d.column, d.endLine, d.endColumn, d.code, d.type])).toEqual([
      [3, 0, 3, 9, 'schema/unknown-field-ignored', 'eglot-warning'],
      [6, 11, 6, 19, 'schema/enum', 'eglot-error'],
      // the emoji is one character in Emacs (two UTF-16 units on the wire)
      [8, 30, 8, 45, 'schema/enum', 'eglot-error'],
    ]);
    expect(report.diagnostics![1]!.text).toBe(
      'platlint [schema/enum]: `level` must be one of `None`, `Metadata`, `Request`, `RequestResponse`, got `metadata`; did you mean `Metadata`?',
    );
  });

  it('M-x eldoc on a key shows the field, its type and its description from the schema', () => {
    const schema = JSON.parse(readFileSync(join(ROOT, 'schemas', '_shared', 'audit.schema.json'), 'utf8')) as {
      definitions: { PolicyRule: { properties: { level: { description: string } } } };
    };
    expect(report.hover!.split('\n')[0]).toBe('**level** · `string` · required');
    expect(report.hover).toContain(schema.definitions.PolicyRule.properties.level.description);
  });

  it('M-x eglot-code-actions offers the fix as the default; RET applies it, C-x C-s saves, the finding goes', () => {
    expect(report.actions).toEqual(['Fix: replace with Metadata', 'Disable schema/enum for this line']);
    expect(report.prompt).toBe('[eglot] Pick an action (default Fix: replace with Metadata): ');
    expect(stdout).toContain(report.prompt);
    expect(report.fixed).toBe('  - level: Metadata');
    expect(readFileSync(file, 'utf8')).toBe(POLICY.replace('level: metadata', 'level: Metadata'));
    expect(report.after!.map((d) => [d.line, d.column, d.code])).toEqual([
      [3, 0, 'schema/unknown-field-ignored'],
      [8, 30, 'schema/enum'],
    ]);
  });

  it('M-x completion-at-point in a new file: the pairs and keys, then `kind` and the kinds of that apiVersion', () => {
    // the two keys first (their sortText), then every apiVersion/kind pair
    expect(report.candidates!.slice(0, 2)).toEqual(['apiVersion', 'kind']);
    expect(report.candidates!.slice(2)).toEqual(KINDS.map((k) => `${k.apiVersion} ${k.kind}`));
    // the last line of the text: the pair writes the apiVersion line only (see src/lsp/completion.ts)
    expect(report.completed).toBe('apiVersion: audit.plat.io/v1');
    expect(report.kinds).toEqual(['Event', 'EventList', 'Policy', 'PolicyList']);
    expect(report.written).toBe('apiVersion: audit.plat.io/v1\nkind: Policy');
  });
});

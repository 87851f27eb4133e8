// The browser bundle (dist/browser/platlint.mjs, `npm run build`) finds what the CLI finds: its JSON report on
// every fixture file, and on the examples with their policies' configuration.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createContext, runInContext } from 'node:vm';
import { transformSync } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { main, type CliIo } from '../src/cli/cli.js';
import type { JsonMessage } from '../src/report/json.js';
import { ROOT } from './helpers/fixtures.js';

/** What the comparison keeps of a JSON message. */
type Message = Pick<JsonMessage, 'ruleId' | 'severity' | 'message' | 'line' | 'column' | 'endLine' | 'endColumn' | 'path'>;
interface Result {
  filePath: string;
  messages: Message[];
  suppressedMessages: Message[];
}
interface Bundle {
  lintText(text: string, options?: { filename?: string; config?: unknown }): unknown;
  lintBytes(bytes: Uint8Array, options?: { filename?: string; config?: unknown }): unknown;
  parseConfig(text: string, filename?: string): unknown;
  toJson(results: readonly unknown[]): Result[];
  formatJson(results: readonly unknown[]): string;
  formatSarif(results: readonly unknown[], options?: { cwd?: string; config?: unknown }): string;
  rules: readonly { id: string; description: string; severity: string; docs: { rationale: string } }[];
  canI(question: Record<string, unknown>): unknown;
  whoCan(question: Record<string, unknown>): unknown;
  rulesFor(question: Record<string, unknown>): unknown;
  checkSet(results: readonly unknown[], options?: { config?: unknown; resolveRefs?: boolean }): unknown[];
  fixText(text: string, options?: { filename?: string; config?: unknown }): { output?: string; fixed: number; result: unknown };
  explain(id: string, config?: unknown): string | undefined;
}

const BUNDLE = join(ROOT, 'dist', 'browser', 'platlint.mjs');

/** The CLI's JSON report, run in this process. */
async function cliJson(args: string[]): Promise<Result[]> {
  let out = '';
  let err = '';
  const io: CliIo = { stdout: (s) => (out += s), stderr: (s) => (err += s), readStdin: () => Buffer.alloc(0), cwd: ROOT, env: { NO_COLOR: '1' }, isTTY: false };
  const code = await main(['--format', 'json', ...args], io);
  expect(err).toBe('');
  expect([0, 1]).toContain(code);
  return JSON.parse(out) as Result[];
}

/**
 * What is compared: the findings of one file. The checks across files (`set/…`) look at a run's files
 * together: a text linted alone has none, so they are left out of the CLI's side, with what they decide of
 * the file's suppression comments (a `set/…` suppression that suppresses nothing: `suppression/unused`).
 */
function findings(r: Result): { messages: Message[]; suppressed: Message[] } {
  const pick = (m: Message): Message => ({ ruleId: m.ruleId, severity: m.severity, message: m.message, line: m.line, column: m.column, endLine: m.endLine, endColumn: m.endColumn, path: m.path });
  const own = (m: Message) => !m.ruleId?.startsWith('set/') && !(m.ruleId === 'suppression/unused' && m.message.startsWith('`set/'));
  return { messages: r.messages.filter(own).map(pick), suppressed: r.suppressedMessages.filter(own).map(pick) };
}

let bundle: Bundle;

beforeAll(async () => {
  bundle = (await import(pathToFileURL(BUNDLE).href)) as Bundle;
});

describe('the browser bundle', () => {
  it('finds on every fixture file what the CLI finds (`fixtures/**`, YAML and JSON)', async () => {
    const cli = await cliJson(['--no-config', 'fixtures']);
    expect(cli.length).toBeGreaterThan(1000);
    const differ: string[] = [];
    let texts = 0;
    for (const r of cli) {
      const bytes = readFileSync(r.filePath);
      const expected = findings(r);
      // the bytes, as the CLI reads a file (binary files, other encodings, a byte-order mark)
      const fromBytes = bundle.toJson([bundle.lintBytes(bytes, { filename: r.filePath })])[0]!;
      if (JSON.stringify(findings(fromBytes)) !== JSON.stringify(expected)) differ.push(`${relative(ROOT, r.filePath)} (bytes)`);
      // the text, for a file that is UTF-8 text
      let text: string;
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      } catch {
        continue;
      }
      if (text.includes('\0')) continue;
      texts++;
      const fromText = bundle.toJson([bundle.lintText(text, { filename: r.filePath })])[0]!;
      expect(fromText.filePath).toBe(r.filePath);
      if (JSON.stringify(findings(fromText)) !== JSON.stringify(expected)) differ.push(`${relative(ROOT, r.filePath)} (text)`);
    }
    expect(differ).toEqual([]);
    expect(texts).toBeGreaterThan(1000);
  }, 300_000);

  it("finds the examples' policies with their configuration (parsed, or as its YAML text)", async () => {
    const configFile = join(ROOT, 'fixtures', 'examples', 'policies', 'platlint.config.yaml');
    const configText = readFileSync(configFile, 'utf8');
    const cli = await cliJson(['--config', configFile, 'fixtures/examples']);
    const config = bundle.parseConfig(configText, configFile);
    const policyFindings = cli.flatMap((r) => r.messages.filter((m) => m.ruleId?.startsWith('acme/')));
    expect(policyFindings.length).toBeGreaterThan(3);
    for (const r of cli) {
      const text = readFileSync(r.filePath, 'utf8');
      const parsed = bundle.toJson([bundle.lintText(text, { filename: r.filePath, config })])[0]!;
      expect({ file: r.filePath, ...findings(parsed) }).toEqual({ file: r.filePath, ...findings(r) });
      // the configuration's text: the same policies (the example configuration has no `overrides`, the one
      // thing that depends on where the configuration file is)
      const fromYaml = bundle.toJson([bundle.lintText(text, { filename: r.filePath, config: configText })])[0]!;
      expect(findings(fromYaml)).toEqual(findings(r));
    }
  }, 120_000);

  it('answers the access questions from texts as platlint access does from the files', async () => {
    const team = join(ROOT, 'fixtures', 'access', 'team');
    const files = ['rbac/cluster.yaml', 'rbac/prod.yaml'].map((name) => ({ name, text: readFileSync(join(team, name), 'utf8') }));
    const config = readFileSync(join(team, 'platlint.config.yaml'), 'utf8');
    const cli = async (args: string[]) => {
      let out = '';
      const io: CliIo = { stdout: (s) => (out += s), stderr: () => {}, readStdin: () => Buffer.alloc(0), cwd: team, env: { NO_COLOR: '1' }, isTTY: false };
      await main(['access', ...args, '--format', 'json', 'rbac'], io);
      // the CLI counts the files it read; the texts given are the same files
      return JSON.parse(out) as unknown;
    };
    expect(bundle.canI({ verb: 'get', resource: 'configmaps', name: 'settings', namespace: 'prod', user: 'jane', files, config })).toEqual(await cli(['can-i', 'get', 'configmaps', 'settings', '-n', 'prod', '--as', 'jane']));
    expect(bundle.whoCan({ verb: 'get', resource: 'secrets', allNamespaces: true, files, config })).toEqual(await cli(['who-can', 'get', 'secrets', '-A']));
    expect(bundle.rulesFor({ namespace: 'prod', user: 'sam', groups: ['sre'], files, config })).toEqual(await cli(['rules', '-n', 'prod', '--as', 'sam', '--as-group', 'sre']));
  });

  it('writes JSON and SARIF reports, and has every rule with its metadata', () => {
    const text = readFileSync(join(ROOT, 'fixtures', 'examples', 'authorization-config.yaml'), 'utf8');
    const result = bundle.lintText(text, { filename: 'authorization-config.yaml' });
    expect(JSON.parse(bundle.formatJson([result]))).toEqual(bundle.toJson([result]));
    const sarif = JSON.parse(bundle.formatSarif([result])) as { version: string; runs: { results: { ruleId: string; locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[] };
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.runs[0]!.results.map((r) => r.ruleId)).toEqual(bundle.toJson([result])[0]!.messages.map((m) => m.ruleId).sort());
    const ids = bundle.rules.map((r) => r.id);
    expect(ids).toContain('schema/unknown-field');
    expect(ids).toContain('cel/compiles');
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of bundle.rules) expect([r.id, r.description !== '', ['error', 'warning'].includes(r.severity), r.docs.rationale !== '']).toEqual([r.id, true, true, true]);
  });

  it('checks a text across files (set/…), fixes it and explains rules as the CLI does (checkSet, fixText, explain)', async () => {
    const examples = readdirSync(join(ROOT, 'fixtures', 'examples'), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.yaml'))
      .map((f) => join('fixtures', 'examples', f))
      .sort();
    let sets = 0;
    for (const file of examples) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      const [cli] = await cliJson(['--no-config', file]);
      // named as the CLI names it (relative to the working folder), the messages naming files are the same too;
      // compared whole (fixes, suggestions, platlint's namespace)
      const checked = bundle.toJson(bundle.checkSet([bundle.lintText(text, { filename: file })]))[0]!;
      expect({ file, messages: checked.messages }).toEqual({ file, messages: cli!.messages });
      sets += checked.messages.filter((m) => m.ruleId?.startsWith('set/')).length;
      const fixed = bundle.fixText(text, { filename: file });
      if (!cli!.messages.some((m) => 'fix' in m)) {
        expect([fixed.output, fixed.fixed]).toEqual([undefined, 0]);
        continue;
      }
      // what --fix writes into a copy of the file
      const dir = mkdtempSync(join(tmpdir(), 'platlint-browser-fix-'));
      writeFileSync(join(dir, 'copy.yaml'), text);
      const io: CliIo = { stdout: () => undefined, stderr: () => undefined, readStdin: () => Buffer.alloc(0), cwd: dir, env: { NO_COLOR: '1' }, isTTY: false };
      expect(await main(['--no-config', '--fix', 'copy.yaml'], io)).toBeLessThan(2);
      expect({ file, output: fixed.output }).toEqual({ file, output: readFileSync(join(dir, 'copy.yaml'), 'utf8') });
    }
    expect(sets).toBeGreaterThan(0);
    const configFile = join(ROOT, 'fixtures', 'examples', 'policies', 'platlint.config.yaml');
    for (const [id, args] of [['schema/unknown-field', []], ['config/schema', []], ['acme/bind-groups-not-users', ['--config', configFile]]] as const) {
      let out = '';
      const io: CliIo = { stdout: (t) => (out += t), stderr: () => undefined, readStdin: () => Buffer.alloc(0), cwd: ROOT, env: { NO_COLOR: '1' }, isTTY: false };
      expect(await main(['explain', ...args, id], io)).toBe(0);
      const config = args.length > 0 ? bundle.parseConfig(readFileSync(configFile, 'utf8'), relative(ROOT, configFile)) : undefined;
      expect(`${bundle.explain(id, config)}\n`).toBe(out);
    }
    expect(bundle.explain('schema/no-such-rule')).toBeUndefined();
  }, 120_000);

  it('reports an invalid configuration as the CLI does, with its positions', () => {
    expect(() => bundle.lintText('kind: X\n', { config: 'rules:\n  schema/unkown-field: warn\n' })).toThrow(/invalid configuration file platlint.config.yaml/);
    try {
      bundle.parseConfig('rules:\n  schema/unkown-field: warn\n');
    } catch (err) {
      expect((err as { problems: unknown[] }).problems).toEqual([
        { message: 'unknown rule `schema/unkown-field`; did you mean `schema/unknown-field`?', line: 2, column: 3, endLine: 2, endColumn: 22, code: 'config/unknown-rule' },
      ]);
    }
    expect.assertions(2);
  });

  it("needs nothing of Node.js: in a context with only the web's globals it finds what it finds here", () => {
    // the bundle as a classic script (esbuild turns its exports into one global), run where there is no
    // process, Buffer, require or module: only what a browser has too
    const script = transformSync(readFileSync(BUNDLE, 'utf8'), { format: 'iife', globalName: 'platlint', logLevel: 'silent' }).code;
    const context = createContext({ TextEncoder, TextDecoder, URL });
    runInContext(script, context);
    expect(runInContext('[typeof process, typeof Buffer, typeof require, typeof module]', context)).toEqual(['undefined', 'undefined', 'undefined', 'undefined']);
    const web = (context as { platlint: Bundle }).platlint;
    const files = readdirSync(join(ROOT, 'fixtures'), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.(ya?ml|json)$/.test(f) && !f.startsWith('input'))
      .sort()
      .filter((_, i) => i % 4 === 0);
    expect(files.length).toBeGreaterThan(250);
    const configFile = join(ROOT, 'fixtures', 'examples', 'policies', 'platlint.config.yaml');
    const configText = readFileSync(configFile, 'utf8');
    for (const f of files) {
      const text = readFileSync(join(ROOT, 'fixtures', f), 'utf8');
      // with the examples' policies: CEL, the kinds' types, the validators, all from inside the bundle
      const options = { filename: f, config: configText };
      expect(JSON.stringify(web.toJson([web.lintText(text, options)]))).toBe(JSON.stringify(bundle.toJson([bundle.lintText(text, options)])));
    }
    const result = web.lintText(readFileSync(join(ROOT, 'fixtures', 'examples', 'policies', 'invalid', 'authorization-webhooks.yaml'), 'utf8'), { config: configText });
    expect(web.toJson([result])[0]!.messages.filter((m) => m.ruleId === 'acme/authz-webhooks-fail-closed').length).toBe(3);
    expect(JSON.parse(web.formatSarif([result])).version).toBe('2.1.0');
  }, 120_000);
});

// The playground (playground/, docs/playground.md) in a real browser: Debian's chromium (.ci/run installs it),
// driven by playwright-core, which downloads nothing. The site is built into a temporary folder and served on the
// loopback address by playground/serve.mjs in its own process. For every file of fixtures/examples and a sample
// of the rule fixtures, a share link holding the file is opened and the findings the page lists must be those
// of `node bin/platlint.js --format json` on the same file (rule, severity, positions and message, in order).
// Screenshots, and the time from load to the first findings, go to <OS temp dir>/platlint-playground/.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeShare, encodeShare } from '../../playground/src/share.js';
import { BIN } from '../helpers/cli.js';
import { ROOT } from '../helpers/fixtures.js';
import type { JsonMessage } from '../../src/report/json.js';

const CHROMIUM = '/usr/bin/chromium';
const MISSING = `test/clients/playground.test.ts: ${CHROMIUM} is missing; .ci/run installs it (Debian package chromium)`;
/** Where the screenshots and the timings are written (kept after the run, replaced by the next). */
const OUTPUT = join(tmpdir(), 'platlint-playground');

/** A message of `--format json` (the CLI's JSON shape). */
type Message = JsonMessage;

/** A row of the findings list, as the page shows it; a CLI message in the same shape. */
interface Row {
  rule: string;
  severity: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  message: string;
}

const asRow = (m: Message): Row => ({ rule: m.ruleId ?? '', severity: m.severity === 2 ? 'error' : 'warning', line: m.line, column: m.column, endLine: m.endLine, endColumn: m.endColumn, message: m.message });

/** `node bin/platlint.js --format json ARGS` in its own process, from the repository's root: the one file's messages. */
function cli(args: string[], cwd = ROOT): Message[] {
  const r = spawnSync(process.execPath, [BIN, '--format', 'json', ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  if (r.status !== 0 && r.status !== 1) throw new Error(`platlint ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  const results = JSON.parse(r.stdout) as { messages: Message[] }[];
  expect(results.length).toBe(1);
  return results[0]!.messages;
}

const filesBelow = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ya?ml|json)$/.test(f))
    .map((f) => `${dir}/${f.split('\\').join('/')}`)
    .sort();

/** The examples (every file, the configuration file included) and one rule fixture in 12 (YAML and JSON). */
const EXAMPLES = filesBelow('fixtures/examples');
const RULE_SAMPLE = filesBelow('fixtures/rules').filter((_, i) => i % 12 === 0);
const POLICIES_CONFIG = 'fixtures/examples/policies/platlint.config.yaml';

let site: string;
let server: ChildProcess;
let origin: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** Requests the page made to anywhere but its origin (each refused). */
const outside: string[] = [];
const timings: Record<string, number> = {};

async function shareLink(filename: string, text: string, config = ''): Promise<string> {
  return `${origin}${await encodeShare({ filename, text, config })}`;
}

/** The page's editors, as the page exposes them for the console and for tests. */
const EDITORS = 'window.platlintPlayground';

/** The browser's globals the page functions below use (this file is type-checked without the DOM's types). */
interface Web {
  document: { body: { dataset: Record<string, string> }; getElementById(id: string): { getAttribute(name: string): string | null; dataset: Record<string, string> } | null };
  platlintPlayground?: { file: { state: { doc: { toString(): string } } }; config: { state: { doc: { toString(): string } } } };
}

/** Waits until the page shows the findings of exactly this file name, text and configuration. */
async function findingsOf(p: Page, filename: string, text: string, config: string): Promise<Row[]> {
  // a function, not a text: the page's Content-Security-Policy forbids evaluating text
  await p.waitForFunction(
    ([filename, text, config]) => {
      const { document, platlintPlayground: pg } = globalThis as unknown as Web;
      const list = document.getElementById('findings');
      return (
        pg !== undefined &&
        document.body.dataset.lint === 'ready' &&
        list?.getAttribute('aria-busy') === 'false' &&
        list.dataset.filename === filename &&
        pg.file.state.doc.toString() === text &&
        pg.config.state.doc.toString() === config
      );
    },
    [filename, text, config] as const,
    { timeout: 30_000 },
  );
  return rows(p);
}

function rows(p: Page): Promise<Row[]> {
  return p.evaluate(`[...document.querySelectorAll('#findings li.finding')].map((li) => ({
    rule: li.dataset.rule, severity: li.dataset.severity,
    line: Number(li.dataset.line), column: Number(li.dataset.column), endLine: Number(li.dataset.endLine), endColumn: Number(li.dataset.endColumn),
    message: li.querySelector('.message').textContent,
  }))`) as Promise<Row[]>;
}

/** Opens a share link as a new load of the page (not a change of the fragment of the page already open). */
async function open(p: Page, filename: string, text: string, config = ''): Promise<Row[]> {
  await p.goto('about:blank');
  await p.goto(await shareLink(filename, text, config));
  return findingsOf(p, filename, text, config);
}

/** The offset of a 1-based line and column in a text (as the page's editor counts them). */
function offsetOf(text: string, line: number, column: number): number {
  const lines = text.split('\n');
  if (line > lines.length) return text.length;
  let at = 0;
  for (let i = 0; i < line - 1; i++) at += lines[i]!.length + 1;
  return at + Math.min(column - 1, lines[line - 1]!.length);
}

function editorText(p: Page): Promise<string> {
  return p.evaluate(`${EDITORS}.file.state.doc.toString()`) as Promise<string>;
}

/** `diff -u` of two texts without its two header lines: what the preview shows. */
function unifiedDiff(before: string, after: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'platlint-playground-diff-'));
  writeFileSync(join(dir, 'a'), before);
  writeFileSync(join(dir, 'b'), after);
  const r = spawnSync('diff', ['-u', 'a', 'b'], { cwd: dir, encoding: 'utf8' });
  expect(r.status).toBe(1);
  return `${r.stdout.split('\n').slice(2).join('\n').replace(/@@ (.*?) @@.*$/gm, '@@ $1 @@')}`;
}

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(MISSING);
  const scratch = mkdtempSync(join(tmpdir(), 'platlint-playground-site-'));
  site = join(scratch, 'site');
  const built = spawnSync(process.execPath, [join(ROOT, 'playground', 'build.mjs'), '--out', site], { cwd: ROOT, encoding: 'utf8' });
  expect(built.status, built.stderr).toBe(0);
  expect(readdirSync(site).sort()).toEqual(['THIRD-PARTY-NOTICES.txt', 'favicon.svg', 'index.html', 'platlint.js', 'playground.css', 'playground.js', 'worker.js']);
  // the server the README names (npm run playground), on any free port
  server = spawn(process.execPath, [join(ROOT, 'playground', 'serve.mjs'), '--dir', site, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  origin = await new Promise<string>((resolve, reject) => {
    let out = '';
    server.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      const m = /^platlint playground: (http:\/\/127\.0\.0\.1:\d+\/)\n/.exec(out);
      if (m) resolve(m[1]!);
    });
    server.on('exit', (code) => reject(new Error(`playground/serve.mjs exited ${code}: ${out}`)));
  });
  mkdirSync(OUTPUT, { recursive: true });
  browser = await chromium.launch({ executablePath: CHROMIUM });
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  // every request of every page: refused, and remembered, unless it is for the site's own origin
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(origin)) return route.continue();
    outside.push(url);
    return route.abort();
  });
  page = await context.newPage();
  page.on('pageerror', (err) => outside.push(`page error: ${err.message}`));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  server?.kill();
  writeFileSync(join(OUTPUT, 'timings.json'), `${JSON.stringify(timings, null, 2)}\n`);
});

describe('the playground in chromium', () => {
  it('loads with an example, and shows its first findings; the time from load to them is measured', async () => {
    const started = Date.now();
    await page.goto(origin);
    await page.waitForSelector('#findings[aria-busy="false"] li.finding');
    timings.loadToFirstFindingsMs = Number(await page.getAttribute('body', 'data-first-findings-ms'));
    timings.gotoToFirstFindingsMs = Date.now() - started;
    const name = await page.inputValue('#filename');
    const text = readFileSync(join(ROOT, 'fixtures', 'examples', name), 'utf8');
    expect(await findingsOf(page, name, text, '')).toEqual(cli(['--no-config', join('fixtures', 'examples', name)]).map(asRow));
    expect(timings.loadToFirstFindingsMs).toBeGreaterThan(0);
    await page.hover('.cm-lintRange-error');
    await page.waitForSelector('.cm-tooltip-lint .hover-rule a[href$=".md"]');
    await page.screenshot({ path: join(OUTPUT, 'playground.png') });
  }, 60_000);

  it('every file of fixtures/examples, opened from a share link, has the findings of platlint --format json', async () => {
    expect(EXAMPLES.length).toBeGreaterThan(25);
    let findings = 0;
    for (const file of EXAMPLES) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      const shown = await open(page, file, text);
      expect({ file, rows: shown }).toEqual({ file, rows: cli(['--no-config', file]).map(asRow) });
      findings += shown.length;
      // the policies' files, also with their configuration in the configuration pane
      if (file.startsWith('fixtures/examples/policies/')) {
        const config = readFileSync(join(ROOT, POLICIES_CONFIG), 'utf8');
        const withPolicies = await open(page, file, text, config);
        expect({ file, rows: withPolicies }).toEqual({ file, rows: cli(['--config', POLICIES_CONFIG, file]).map(asRow) });
        findings += withPolicies.length;
      }
    }
    expect(findings).toBeGreaterThan(30);
  }, 240_000);

  it('a sample of the rule fixtures (one in 12), each a share link opened in the page already open, has the CLI findings', async () => {
    expect(RULE_SAMPLE.length).toBeGreaterThan(40);
    await page.goto(origin);
    let findings = 0;
    for (const file of RULE_SAMPLE) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      // a link followed in the same tab: only the fragment changes, the page restores the panes from it
      await page.goto(await shareLink(file, text));
      const shown = await findingsOf(page, file, text, '');
      expect({ file, rows: shown }).toEqual({ file, rows: cli(['--no-config', file]).map(asRow) });
      findings += shown.length;
    }
    expect(findings).toBeGreaterThan(20);
  }, 240_000);

  it('clicking a row selects its range in the editor; the keyboard moves along the rows and selects too', async () => {
    const file = 'fixtures/examples/mistakes-rbac.yaml';
    const text = readFileSync(join(ROOT, file), 'utf8');
    const expected = cli(['--no-config', file]);
    expect(await open(page, file, text)).toEqual(expected.map(asRow));
    const selection = () => page.evaluate(`(() => { const s = ${EDITORS}.file.state.selection.main; return { from: s.from, to: s.to, focused: ${EDITORS}.file.hasFocus, text: String(getSelection()) }; })()`);
    for (const i of [0, expected.length - 1]) {
      const m = expected[i]!;
      await page.click(`#findings li.finding:nth-child(${i + 1}) .message`);
      const from = offsetOf(text, m.line, m.column);
      const to = offsetOf(text, m.endLine, m.endColumn);
      expect(m.line).toBe(m.endLine);
      expect(await selection()).toEqual({ from, to, focused: true, text: text.slice(from, to) });
    }
    await page.focus('#findings li.finding:nth-child(1)');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate('document.activeElement.dataset.line')).toBe(String(expected[1]!.line));
    await page.keyboard.press('Enter');
    const second = expected[1]!;
    expect(await selection()).toMatchObject({ from: offsetOf(text, second.line, second.column), to: offsetOf(text, second.endLine, second.endColumn), focused: true });
  }, 60_000);

  it('"Fix all" previews the diff of what platlint --fix writes, applies it, and lists what --fix-dry-run reports', async () => {
    const fixable = EXAMPLES.filter((f) => cli(['--no-config', f]).some((m) => m.fix));
    expect(fixable.map((f) => relative('fixtures/examples', f))).toEqual(['mistakes-audit-policy.yaml', 'mistakes-authorization-config.yaml', 'mistakes-encryption-config.yaml', 'mistakes-leader-migration.yaml']);
    for (const file of fixable) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      await open(page, file, text);
      // what --fix writes, into a copy at the same relative path
      const copy = mkdtempSync(join(tmpdir(), 'platlint-playground-fix-'));
      mkdirSync(join(copy, dirname(file)), { recursive: true });
      writeFileSync(join(copy, file), text);
      cli(['--no-config', '--fix', file], copy);
      const fixed = readFileSync(join(copy, file), 'utf8');
      expect(fixed).not.toBe(text);
      await page.click('#fix-all');
      await page.waitForSelector('#fix-preview[open]');
      expect(await page.textContent('#fix-preview-diff')).toBe(unifiedDiff(text, fixed));
      if (file.endsWith('mistakes-audit-policy.yaml')) await page.screenshot({ path: join(OUTPUT, 'fix-preview.png') });
      await page.click('#fix-apply');
      expect({ file, text: await editorText(page) }).toEqual({ file, text: fixed });
      expect({ file, rows: await findingsOf(page, file, fixed, '') }).toEqual({ file, rows: cli(['--no-config', '--fix-dry-run', file]).map(asRow) });
    }
  }, 120_000);

  it('"Fix" on one finding previews and applies that finding\'s fix only', async () => {
    const file = 'fixtures/examples/mistakes-authorization-config.yaml';
    const text = readFileSync(join(ROOT, file), 'utf8');
    const messages = cli(['--no-config', file]);
    await open(page, file, text);
    const i = messages.findIndex((m) => m.fix);
    const { range, text: insert } = messages[i]!.fix!;
    const after = text.slice(0, range[0]) + insert + text.slice(range[1]);
    await page.click(`#findings li.finding:nth-child(${i + 1}) button.fix`);
    await page.waitForSelector('#fix-preview[open]');
    expect(await page.textContent('#fix-preview-diff')).toBe(unifiedDiff(text, after));
    await page.click('#fix-apply');
    expect(await editorText(page)).toBe(after);
    const dir = mkdtempSync(join(tmpdir(), 'platlint-playground-one-fix-'));
    writeFileSync(join(dir, 'one-fix.yaml'), after);
    expect(await findingsOf(page, file, after, '')).toEqual(cli(['--no-config', join(dir, 'one-fix.yaml')]).map(asRow));
  }, 60_000);

  it('a configuration typed into its pane turns a rule off; an invalid one is reported there as the CLI reports it', async () => {
    const file = 'fixtures/examples/mistakes-audit-policy.yaml';
    const text = readFileSync(join(ROOT, file), 'utf8');
    const before = await open(page, file, text);
    expect(before.filter((r) => r.rule === 'schema/enum').length).toBe(2);
    const dir = mkdtempSync(join(tmpdir(), 'platlint-playground-config-'));
    const config = 'rules:\n  schema/enum: "off"\n';
    writeFileSync(join(dir, 'platlint.config.yaml'), config);
    await page.click('#config-editor .cm-content');
    await page.keyboard.insertText(config);
    const after = await findingsOf(page, file, text, config);
    expect(after).toEqual(cli(['--config', join(dir, 'platlint.config.yaml'), file]).map(asRow));
    expect(after.filter((r) => r.rule === 'schema/enum')).toEqual([]);
    expect(after.length).toBe(before.length - 2);

    // a misspelt rule id: the CLI stops (exit 2) with the problem's position; the pane shows the same
    const bad = 'rules:\n  schema/unkown-field: warn\n';
    writeFileSync(join(dir, 'bad.yaml'), bad);
    const r = spawnSync(process.execPath, [BIN, '--config', join(dir, 'bad.yaml'), file], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status).toBe(2);
    const problem = new RegExp(`^  ${join(dir, 'bad.yaml')}:(\\d+):(\\d+)  (.*)$`, 'm').exec(r.stderr)!;
    await page.evaluate(`${EDITORS}.config.dispatch({ changes: { from: 0, to: ${EDITORS}.config.state.doc.length, insert: ${JSON.stringify(bad)} } })`);
    expect(await findingsOf(page, file, text, bad)).toEqual([]);
    expect(await page.$$eval('#config-problems li', (lis) => lis.map((li) => li.textContent))).toEqual([`${problem[1]}:${problem[2]} ${problem[3]} (config/unknown-rule)`]);
    expect(await page.textContent('#summary')).toBe('The configuration has a problem: as the command line does, platlint lints nothing until it is fixed.');
    expect(await page.$$eval('#config-editor .cm-lintRange-error', (els) => els.map((e) => e.textContent).join(''))).toBe('schema/unkown-field');
  }, 60_000);

  it('a share link restores both panes; the page keeps its address up to date with what it holds', async () => {
    const file = 'fixtures/examples/policies/invalid/authorization-webhooks.yaml';
    const text = readFileSync(join(ROOT, file), 'utf8');
    const config = readFileSync(join(ROOT, POLICIES_CONFIG), 'utf8');
    const rowsShown = await open(page, file, text, config);
    expect(rowsShown.filter((r) => r.rule === 'acme/authz-webhooks-fail-closed').length).toBe(3);
    expect(await page.inputValue('#filename')).toBe(file);
    // an edit: the address becomes the share link of the new text
    await page.click('#editor .cm-content');
    await page.keyboard.press('Control+End');
    await page.keyboard.insertText('# edited\n');
    const edited = `${text}# edited\n`;
    await findingsOf(page, file, edited, config);
    // (the page's deflate may write other bytes than Node.js's for the same text: the link is compared by what it holds)
    await expect.poll(async () => decodeShare((await page.evaluate('location.hash')) as string)).toEqual({ filename: file, text: edited, config });
  }, 60_000);

  it('a newer text cancels the lint in flight: its worker is terminated and the newer text is linted at once', async () => {
    await page.goto(origin);
    await page.waitForSelector('body[data-lint="ready"]');
    const role = (i: number) => `apiVersion: rbac.authorization.plat.io/v1\nkind: Role\nmetadata: {name: r${i}, namespace: ns}\nrules:\n- verbs: [get]\n  apiGroups: [""]\n  resources: [pods]\n  resourceName: [x]\n`;
    const big = Array.from({ length: 3000 }, (_, i) => role(i)).join('---\n');
    const small = role(0);
    const outcome = (await page.evaluate(
      `(async () => {
        const client = ${EDITORS}.client;
        const cancelledBefore = client.cancelled;
        const first = client.lint({ filename: 'big.yaml', text: ${JSON.stringify(big)}, config: '' });
        // the big text is sent to the worker and running when the newer one comes
        await new Promise((resolve) => setTimeout(resolve, 50));
        const second = client.lint({ filename: 'small.yaml', text: ${JSON.stringify(small)}, config: '' });
        const [a, b] = await Promise.all([first, second]);
        return { first: typeof a, second: b.type, rows: b.outcome.messages.map((m) => m.ruleId + ' ' + m.line + ':' + m.column), cancelled: client.cancelled - cancelledBefore };
      })()`,
    )) as unknown;
    expect(outcome).toEqual({ first: 'symbol', second: 'lint', rows: ['schema/unknown-field 8:3'], cancelled: 1 });
  }, 60_000);

  it('downloads the JSON and SARIF reports of the findings shown', async () => {
    const file = 'fixtures/examples/mistakes-rbac.yaml';
    const text = readFileSync(join(ROOT, file), 'utf8');
    await open(page, file, text);
    const [json] = await Promise.all([page.waitForEvent('download'), page.click('#download-json')]);
    expect(json.suggestedFilename()).toBe('mistakes-rbac.platlint.json');
    const report = JSON.parse(readFileSync((await json.path())!, 'utf8')) as { filePath: string; messages: Message[] }[];
    expect(report.map((r) => r.filePath)).toEqual([file]);
    expect(report[0]!.messages).toEqual(cli(['--no-config', file]));
    const [sarif] = await Promise.all([page.waitForEvent('download'), page.click('#download-sarif')]);
    expect(sarif.suggestedFilename()).toBe('mistakes-rbac.platlint.sarif');
    const log = JSON.parse(readFileSync((await sarif.path())!, 'utf8')) as { version: string; runs: { results: unknown[] }[] };
    const cliSarif = JSON.parse(spawnSync(process.execPath, [BIN, '--no-config', '--format', 'sarif', file], { cwd: ROOT, encoding: 'utf8' }).stdout) as typeof log;
    expect(log.version).toBe('2.1.0');
    expect(log.runs[0]!.results).toEqual(cliSarif.runs[0]!.results);
  }, 60_000);

  it('shows a rule\'s documentation as platlint explain prints it', async () => {
    await page.goto(origin);
    await page.waitForSelector('body[data-lint="ready"]');
    await page.selectOption('#rule', 'schema/unknown-field');
    await page.waitForSelector('#rule-docs[data-rule="schema/unknown-field"]');
    const explain = spawnSync(process.execPath, [BIN, 'explain', 'schema/unknown-field'], { cwd: ROOT, encoding: 'utf8' }).stdout;
    // the Markdown's text without its marks, each block on its own line
    const plain = explain
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => l.replace(/^## /, '').replace(/^- /, '').replace(/\*\*/g, '').replace(/`/g, ''));
    const shown = await page.$$eval('#rule-docs h3, #rule-docs p:not(:last-child), #rule-docs li', (els) => els.map((e) => e.textContent));
    expect(shown).toEqual(plain);
  }, 60_000);

  it('the Access pane answers can-i and who-can over the file as platlint access --format json does; a rule selects its place', async () => {
    const file = 'fixtures/access/team/rbac/cluster.yaml';
    const text = readFileSync(join(ROOT, file), 'utf8');
    type Place = { line: number | null; column: number | null };
    type Grant = { binding: Place; rule: Place };
    const access = (args: string[]) => {
      const r = spawnSync(process.execPath, [BIN, 'access', ...args, '--no-config', '--format', 'json', file], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
      expect(r.status === 0 || r.status === 1, r.stderr).toBe(true);
      return JSON.parse(r.stdout) as {
        answers: { status?: { allowed: boolean; reason: string }; grantedBy?: Grant[]; subjects?: { kind: string; name: string; namespace: string; grantedBy: Grant[] }[] }[];
      };
    };
    await open(page, file, text);
    const ask = async (fields: Record<string, string>) => {
      for (const [id, value] of Object.entries(fields)) await page.fill(`#access-${id}`, value);
      await page.click('#access-ask');
      await page.waitForFunction(() => (globalThis as unknown as Web).document.body.dataset.access === 'ready', undefined, { timeout: 30_000 });
    };
    const places = (selector: string) =>
      page.evaluate(`[...document.querySelectorAll(${JSON.stringify(selector)})].map((b) => ({ line: Number(b.dataset.line), column: Number(b.dataset.column) }))`) as Promise<Place[]>;

    // can-i, for a user the file grants (through the group ops)
    await page.check('input[name="access-mode"][value="can-i"]');
    await ask({ verb: 'list', resource: 'secrets', name: '', namespace: '', user: 'alex', groups: 'ops' });
    const yes = access(['can-i', 'list', 'secrets', '--as', 'alex', '--as-group', 'ops']).answers[0]!;
    expect(yes.status!.allowed).toBe(true);
    expect(await page.textContent('#access-summary')).toBe(`yes: ${yes.status!.reason}`);
    const grants = yes.grantedBy!;
    expect(grants.length).toBeGreaterThan(0);
    expect(await places('#access-answer > li.grant > ul > li.rule > .place')).toEqual(grants.map((g) => ({ line: g.rule.line, column: g.rule.column })));
    expect(await places('#access-answer > li.grant > .place')).toEqual(grants.map((g) => ({ line: g.binding.line, column: g.binding.column })));
    // the granting rule, clicked: its place is selected in the editor (from its column to the end of its line)
    await page.click('#access-answer > li.grant:nth-child(1) > ul > li.rule > .place');
    const rule = grants[0]!.rule;
    const from = offsetOf(text, rule.line!, rule.column!);
    const to = offsetOf(text, rule.line!, Number.MAX_SAFE_INTEGER);
    expect(await page.evaluate(`(() => { const s = ${EDITORS}.file.state.selection.main; return { from: s.from, to: s.to, focused: ${EDITORS}.file.hasFocus }; })()`)).toEqual({ from, to, focused: true });

    // can-i, a no
    await ask({ verb: 'delete', resource: 'secrets', user: 'alex', groups: '' });
    const no = access(['can-i', 'delete', 'secrets', '--as', 'alex']).answers[0]!;
    expect(await page.textContent('#access-summary')).toBe(`no: ${no.status!.reason}`);

    // who-can: the same subjects, in the same order
    await page.check('input[name="access-mode"][value="who-can"]');
    expect(await page.isVisible('#access-user')).toBe(false);
    await ask({ verb: 'get', resource: 'secrets' });
    const subjects = access(['who-can', 'get', 'secrets']).answers[0]!.subjects!;
    expect(subjects.length).toBeGreaterThan(1);
    expect(await page.evaluate(`[...document.querySelectorAll('#access-answer > li.subject')].map((li) => ({ ...li.dataset }))`)).toEqual(subjects.map((s) => ({ kind: s.kind, name: s.name, namespace: s.namespace })));
    await page.screenshot({ path: join(OUTPUT, 'playground-access.png'), fullPage: true });
  }, 60_000);

  it('works in a narrow window: one column, nothing wider than the window', async () => {
    const narrow = await context.newPage();
    await narrow.setViewportSize({ width: 390, height: 844 });
    const file = 'fixtures/examples/mistakes-encryption-config.yaml';
    const text = readFileSync(join(ROOT, file), 'utf8');
    expect(await open(narrow, file, text)).toEqual(cli(['--no-config', file]).map(asRow));
    expect(await narrow.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    const [editor, findings] = await Promise.all([narrow.locator('#editor').boundingBox(), narrow.locator('#findings').boundingBox()]);
    expect(findings!.y).toBeGreaterThan(editor!.y + editor!.height);
    await narrow.screenshot({ path: join(OUTPUT, 'playground-narrow.png'), fullPage: true });
    await narrow.close();
  }, 60_000);

  it('made no request outside its origin', () => {
    expect(outside).toEqual([]);
  });
});

// The Neovim configuration of docs/editors.md, run by the real Neovim that Debian ships (package `neovim`, 0.7.2,
// installed by .ci/run), headless, on a scratch plat file: the diagnostics it shows (lines, columns, codes),
// a hover and a quick fix applied and written to disk.
//
// init.lua is the page's 0.7 block (taken from docs/editors.md, between its marker comment and the end of the
// fence) followed by a small harness that waits for the diagnostics, asks for a hover and the code actions,
// applies the quick fix, writes the buffer, records everything as JSON and quits. `platlint-language-server`
// is found on PATH, as in docs/editors.md: a scratch folder holds a launcher of this checkout's bin/ script.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docBlock, ROOT } from '../helpers/fixtures.js';

const MISSING = 'test/clients/neovim.test.ts: `nvim` is not on PATH; .ci/run installs it (Debian package neovim)';

/** Upper bound of one Neovim run; the harness itself gives up earlier (diagnostics within 12 s). */
const NVIM_TIMEOUT = 25_000;


// The harness: runs once the file given on the command line is loaded (the page's FileType autocommand has
// started the client by then). Positions are 0-based, as in vim.diagnostic and LSP.
const HARNESS = String.raw`
local out_path = os.getenv('PLATLINT_NVIM_OUT')
local report = { steps = {} }

local function finish()
  local f = io.open(out_path, 'w')
  f:write(vim.fn.json_encode(report))
  f:close()
  vim.cmd('qall!')
end

local function diagnostics()
  local list = {}
  for _, d in ipairs(vim.diagnostic.get(0)) do
    table.insert(list, { lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col,
      code = d.code, severity = d.severity, source = d.source, message = d.message })
  end
  table.sort(list, function(a, b) return a.lnum < b.lnum or (a.lnum == b.lnum and a.col < b.col) end)
  return list
end

local function has_code(code)
  for _, d in ipairs(vim.diagnostic.get(0)) do
    if d.code == code then return true end
  end
  return false
end

local function run()
  table.insert(report.steps, 'started')
  report.version = vim.version()
  if not vim.wait(12000, function() return #vim.diagnostic.get(0) > 0 end, 20) then
    report.error = 'no diagnostics within 12 s'
    return
  end
  report.clients = {}
  for _, c in pairs(vim.lsp.buf_get_clients(0)) do table.insert(report.clients, c.name) end
  report.diagnostics = diagnostics()

  -- hover over the key "level" (line 6, column 5)
  local hover = vim.lsp.buf_request_sync(0, 'textDocument/hover', {
    textDocument = vim.lsp.util.make_text_document_params(),
    position = { line = 5, character = 4 },
  }, 5000)
  for _, r in pairs(hover or {}) do
    if r.result then report.hover = r.result.contents end
  end
  table.insert(report.steps, 'hover')

  -- the code actions of line 6 with its diagnostics, as vim.lsp.buf.code_action() sends them in 0.7
  local line_diagnostics = vim.lsp.diagnostic.get_line_diagnostics(0, 5)
  local actions = vim.lsp.buf_request_sync(0, 'textDocument/codeAction', {
    textDocument = vim.lsp.util.make_text_document_params(),
    range = line_diagnostics[1].range,
    context = { diagnostics = line_diagnostics },
  }, 5000)
  report.actions = {}
  local fix, fix_client
  for client_id, r in pairs(actions or {}) do
    for _, a in ipairs(r.result or {}) do
      table.insert(report.actions, a.title)
      if a.isPreferred and not fix then fix, fix_client = a, vim.lsp.get_client_by_id(client_id) end
    end
  end
  if not fix then
    report.error = 'no preferred quick fix'
    return
  end
  vim.lsp.util.apply_workspace_edit(fix.edit, fix_client.offset_encoding)
  vim.cmd('silent write')
  table.insert(report.steps, 'fixed')

  -- the server lints the changed buffer: the fixed finding goes away
  if not vim.wait(12000, function() return not has_code('schema/enum') end, 20) then
    report.error = 'the fixed diagnostic stayed'
    return
  end
  report.after = diagnostics()

  -- completion at the start of a new, empty file: the words 0.7's omnifunc would give complete()
  vim.cmd('silent edit ' .. vim.fn.fnameescape(os.getenv('PLATLINT_NVIM_NEW')))
  if not vim.wait(5000, function() return #vim.lsp.buf_get_clients(0) > 0 end, 20) then
    report.error = 'no client attached to the new file'
    return
  end
  local completion = vim.lsp.buf_request_sync(0, 'textDocument/completion', {
    textDocument = vim.lsp.util.make_text_document_params(),
    position = { line = 0, character = 0 },
  }, 5000)
  report.completion = {}
  for _, r in pairs(completion or {}) do
    for _, item in ipairs(vim.lsp.util.text_document_completion_list_to_complete_items(r.result or {}, '')) do
      table.insert(report.completion, item.word)
    end
  end
  table.insert(report.steps, 'completion')
end

vim.api.nvim_create_autocmd('VimEnter', {
  callback = function()
    vim.schedule(function()
      local ok, err = pcall(run)
      if not ok then report.error = tostring(err) end
      finish()
    end)
  end,
})
`;

// A Policy with a mistyped field the platform ignores (a warning with a suggestion) and a level in the wrong
// case (an error whose quick fix writes the right one).
const POLICY = [
  'apiVersion: audit.plat.io/v1',
  'kind: Policy',
  'omitStage:',
  '  - RequestReceived',
  'rules:',
  '  - level: metadata',
  '    verbs: [get]',
  '',
].join('\n');

interface Diag { lnum: number; col: number; end_lnum: number; end_col: number; code: string; severity: number; source: string; message: string }
interface Report {
  steps: string[];
  error?: string;
  version?: { major: number; minor: number; patch: number };
  clients?: string[];
  diagnostics?: Diag[];
  hover?: { kind: string; value: string };
  actions?: string[];
  after?: Diag[];
  completion?: string[];
}

describe('Neovim (Debian package) with the configuration of docs/editors.md', () => {
  let dir: string;
  let report: Report;
  let file: string;
  let elapsed: number;
  let stderr: string;
  let lspLog: string[];
  let nvimVersion: string;

  beforeAll(() => {
    // a missing Neovim fails the suite: skipping would let CI pass without the editor test
    nvimVersion = spawnSync('nvim', ['--version'], { encoding: 'utf8' }).stdout;
    if (!nvimVersion) throw new Error(MISSING);
    dir = mkdtempSync(join(tmpdir(), 'platlint-nvim-'));
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    const launcher = join(bin, 'platlint-language-server');
    writeFileSync(launcher, `#!/bin/sh\nexec '${process.execPath}' '${join(ROOT, 'bin', 'platlint-language-server.js')}' "$@"\n`);
    chmodSync(launcher, 0o755);
    const project = join(dir, 'project');
    mkdirSync(project);
    file = join(project, 'policy.yaml');
    writeFileSync(file, POLICY);
    const init = join(dir, 'init.lua');
    writeFileSync(init, `${docBlock('docs/editors.md', '<!-- neovim-0.7', 'lua')}\n${HARNESS}`);
    const out = join(dir, 'report.json');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PATH: `${bin}${delimiter}${process.env.PATH ?? ''}`,
      PLATLINT_NVIM_OUT: out,
      PLATLINT_NVIM_NEW: join(project, 'new.yaml'),
      // Neovim's own state (its LSP log included) stays in the scratch folder
      XDG_CONFIG_HOME: join(dir, 'config'),
      XDG_DATA_HOME: join(dir, 'data'),
      XDG_STATE_HOME: join(dir, 'state'),
      XDG_CACHE_HOME: join(dir, 'cache'),
    };
    const started = Date.now();
    const r = spawnSync('nvim', ['--headless', '--clean', '-u', init, file], {
      cwd: project,
      env,
      encoding: 'utf8',
      timeout: NVIM_TIMEOUT,
      killSignal: 'SIGKILL',
    });
    elapsed = Date.now() - started;
    stderr = `${r.stdout ?? ''}${r.stderr ?? ''}`;
    if (r.error) throw new Error(`nvim did not finish: ${r.error.message}\n${stderr}`);
    if (!existsSync(out)) throw new Error(`nvim wrote no report (exit ${r.status})\n${stderr}`);
    report = JSON.parse(readFileSync(out, 'utf8')) as Report;
    // Neovim's LSP log (warnings and errors by default, the server's stderr among them)
    const log = join(dir, 'cache', 'nvim', 'lsp.log');
    lspLog = existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter((l) => l !== '' && !l.startsWith('[START]')) : [];
    console.log(`test/clients/neovim.test.ts: ${nvimVersion.split('\n')[0]}, ${elapsed} ms from start to quit`);
  }, NVIM_TIMEOUT + 5_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('runs to the end with the platlint client attached, within the time limit', () => {
    expect(stderr).toBe('');
    expect(report.error).toBeUndefined();
    expect(report.steps).toEqual(['started', 'hover', 'fixed', 'completion']);
    expect(report.clients).toEqual(['platlint']);
    expect(report.version!.major === 0 ? report.version!.minor : 99).toBeGreaterThanOrEqual(7);
    expect(elapsed).toBeLessThan(NVIM_TIMEOUT);
    expect(lspLog).toEqual([]);
  });

  it('shows the diagnostics at their lines and columns, with their codes and severities', () => {
    // vim.diagnostic: 0-based lines and byte columns, end exclusive; severity 1 error, 2 warning
    expect(report.diagnostics!.map((d) => [d.lnum, d.col, d.end_lnum, d.end_col, d.code, d.severity, d.source])).toEqual([
      [2, 0, 2, 9, 'schema/unknown-field-ignored', 2, 'platlint'],
      [5, 11, 5, 19, 'schema/enum', 1, 'platlint'],
    ]);
    expect(report.diagnostics![1]!.message).toContain('`level` must be one of `None`, `Metadata`, `Request`, `RequestResponse`, got `metadata`');
  });

  it('hover shows the field, its type and its description from the schema', () => {
    const schema = JSON.parse(readFileSync(join(ROOT, 'schemas', '_shared', 'audit.schema.json'), 'utf8')) as {
      definitions: { PolicyRule: { properties: { level: { description: string } } } };
    };
    expect(report.hover!.kind).toBe('markdown');
    expect(report.hover!.value.split('\n')[0]).toBe('**level** · `string` · required');
    expect(report.hover!.value).toContain(schema.definitions.PolicyRule.properties.level.description);
  });

  it('the quick fix is offered, applied and written: the file is fixed and its finding is gone', () => {
    expect(report.actions).toEqual(['Fix: replace with Metadata', 'Disable schema/enum for this line']);
    expect(readFileSync(file, 'utf8')).toBe(POLICY.replace('level: metadata', 'level: Metadata'));
    expect(report.after!.map((d) => [d.lnum, d.col, d.code])).toEqual([[2, 0, 'schema/unknown-field-ignored']]);
  });

  it('completion in a new file: every word 0.7\'s omnifunc would insert is one line (a line break there writes a NUL byte)', () => {
    expect(report.completion).toContain('apiVersion: audit.plat.io/v1');
    expect(report.completion).toContain('kind: ');
    expect(report.completion!.filter((w) => /[\n\r\0]/.test(w))).toEqual([]);
  });

  it('the block for Neovim 0.8 and later is valid Lua', () => {
    const dir2 = mkdtempSync(join(tmpdir(), 'platlint-nvim-lua-'));
    try {
      const block = join(dir2, 'block.lua');
      writeFileSync(block, docBlock('docs/editors.md', '<!-- neovim-0.8', 'lua'));
      // loadfile compiles without running (0.7 has no vim.fs, which the block uses)
      const r = spawnSync('nvim', ['--headless', '--clean', '-u', 'NONE', '-c', `lua local f, e = loadfile('${block}'); io.stdout:write(f and 'ok' or e)`, '-c', 'qall!'], {
        encoding: 'utf8',
        timeout: 10_000,
        killSignal: 'SIGKILL',
        env: { ...process.env, XDG_STATE_HOME: dir2, XDG_CACHE_HOME: dir2, XDG_DATA_HOME: dir2 },
      });
      expect(r.stdout.trim()).toBe('ok');
      expect(readFileSync(block, 'utf8')).toContain('vim.lsp.start({');
    } finally {
      rmSync(dir2, { recursive: true, force: true });
    }
  });
});

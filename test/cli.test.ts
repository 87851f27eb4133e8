// The command line as users and CI run it: exit codes, the JSON contract, bad input, redaction, config.
import { closeSync, constants, mkdtempSync, openSync, readSync, statSync, writeFileSync, readFileSync, mkdirSync, symlinkSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_RULES } from '../src/check/registry.js';
import { ROOT } from './helpers/fixtures.js';
import { jsonFindings, platlint } from './helpers/cli.js';

const input = (name: string) => join('fixtures', 'input', name);
const scratch = () => mkdtempSync(join(tmpdir(), 'platlint-test-'));

describe('exit codes', () => {
  it('exits 0 on a clean file and prints the summary', async () => {
    const r = await platlint(['fixtures/input/comments-only.yaml']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('✔ no problems in 1 file — 0 documents checked, 0 skipped as not plat\n');
  });
  it('exits 1 when there are errors', async () => {
    expect((await platlint([input('duplicate-key.yaml')])).code).toBe(1);
  });
  it('exits 2 on an unknown option, with one line of usage', async () => {
    const r = await platlint(['--frmat', 'json', 'x.yaml']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('platlint: unknown option --frmat; did you mean --format?\nRun platlint --help for usage.\n');
    // suggestions come from the options themselves (not the words of the help text: --stdio is the language server's)
    expect((await platlint(['--stdio'])).stderr).toBe('platlint: unknown option --stdio\nRun platlint --help for usage.\n');
    expect((await platlint(['--stdin'])).stderr).toBe('platlint: unknown option --stdin; standard input is the path `-` (name it with --stdin-filename NAME)\nRun platlint --help for usage.\n');
    expect((await platlint(['--max-warn', '0'])).stderr).toBe('platlint: unknown option --max-warn; did you mean --max-warnings?\nRun platlint --help for usage.\n');
    // a node agent flag before `--` of platlint flags: where it goes; a misspelt option of platlint's own is still that
    expect((await platlint(['flags', '--kubeconfig=/x'])).stderr).toBe("platlint: unknown option --kubeconfig; the node agent's flags to check go after `--` (platlint flags -- --kubeconfig=...)\nRun platlint --help for usage.\n");
    expect((await platlint(['flags', '--conifg=x'])).stderr).toBe('platlint: unknown option --conifg; did you mean --config?\nRun platlint --help for usage.\n');
  });
  it('exits 2 on an unknown format', async () => {
    const r = await platlint(['--format', 'xml', input('empty.yaml')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('platlint: unknown format "xml"; choose one of: stylish, json, sarif, github, junit, gitlab, compact\n');
  });
  it('exits 2 when a path does not exist or a glob matches nothing', async () => {
    expect(await platlint(['no/such/file.yaml'])).toMatchObject({ code: 2, stderr: 'platlint: no such file or directory: "no/such/file.yaml"\n' });
    expect(await platlint(['fixtures/**/*.nothing'])).toMatchObject({ code: 2, stderr: 'platlint: no files matching the pattern "fixtures/**/*.nothing" were found\n' });
  });
  it('--no-error-on-unmatched-pattern turns an unmatched pattern into a clean run', async () => {
    const r = await platlint(['--no-error-on-unmatched-pattern', 'fixtures/**/*.nothing']);
    expect(r.code).toBe(0);
  });
  it('with no path lints the current folder, as ESLint 9 does; patch and flags still need names', async () => {
    const dir = scratch();
    mkdirSync(join(dir, 'conf'));
    writeFileSync(join(dir, 'conf', 'tracing.yaml'), 'apiVersion: apiserver.config.plat.io/v1\nkind: TracingConfiguration\nendpont: x\n');
    const none = await platlint(['--format', 'json'], { cwd: dir });
    expect(none).toEqual(await platlint(['--format', 'json', '.'], { cwd: dir }));
    expect(none.code).toBe(1);
    expect(jsonFindings(none.stdout)).toEqual(['schema/unknown-field endpont 3:1']);
    // standard input alone is standard input alone
    expect(JSON.parse((await platlint(['--format', 'json', '-'], { cwd: dir, input: 'a: 1\n' })).stdout).map((r: { filePath: string }) => r.filePath)).toEqual(['<text>']);
    expect(await platlint(['patch'], { cwd: dir })).toEqual({ code: 2, stdout: '', stderr: 'platlint: no files given; pass files, folders, glob patterns, or - for standard input\n' });
    expect((await platlint(['flags'], { cwd: dir })).code).toBe(2);
  });
  it('--max-warnings: warnings alone exit 0 until they exceed the maximum', async () => {
    const f = input('other-plat-group.yaml');
    // document/unchecked-group is off by default: turned on, it is the one warning of the file
    const config = join(scratch(), 'platlint.config.yaml');
    writeFileSync(config, 'rules:\n  document/unchecked-group: warn\n');
    expect((await platlint([f])).code).toBe(0);
    expect((await platlint(['-c', config, '--max-warnings', '1', f])).code).toBe(0);
    const over = await platlint(['-c', config, '--max-warnings', '0', f]);
    expect(over.code).toBe(1);
    expect(over.stderr).toBe('platlint: 1 warning exceeds the maximum of 0 (--max-warnings)\n');
  });
});

describe('the JSON contract (ESLint formatter shape plus path)', () => {
  it('prints exactly ESLint keys for a finding', async () => {
    const r = await platlint(['--format', 'json', input('tracing.json')]);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out).toEqual([
      {
        filePath: join(ROOT, 'fixtures/input/tracing.json'),
        messages: [
          {
            ruleId: 'schema/range',
            severity: 2,
            message: '`samplingRatePerMillion` must be at most 2147483647 (a 32-bit integer), got `3000000000`',
            line: 5,
            column: 29,
            endLine: 5,
            endColumn: 39,
            path: 'samplingRatePerMillion',
            nodeType: null,
            platlint: { document: 0, jsonPointer: '/samplingRatePerMillion', kind: 'TracingConfiguration', apiVersion: 'apiserver.config.plat.io/v1' },
          },
          {
            ruleId: 'schema/unknown-field',
            severity: 2,
            message: 'unknown field `sampling` in TracingConfiguration; allowed fields: `apiVersion`, `kind`, `endpoint`, `samplingRatePerMillion`',
            line: 6,
            column: 3,
            endLine: 6,
            endColumn: 13,
            path: 'sampling',
            nodeType: null,
            platlint: { document: 0, jsonPointer: '/sampling', kind: 'TracingConfiguration', apiVersion: 'apiserver.config.plat.io/v1' },
          },
        ],
        suppressedMessages: [],
        errorCount: 2,
        fatalErrorCount: 0,
        warningCount: 0,
        fixableErrorCount: 0,
        fixableWarningCount: 0,
        usedDeprecatedRules: [],
      },
    ]);
  });
  it('marks a parse error fatal and still lints the other documents of the file', async () => {
    const r = await platlint(['--format', 'json', input('broken-middle.yaml')]);
    expect(r.code).toBe(1);
    const [res] = JSON.parse(r.stdout);
    expect(res.fatalErrorCount).toBe(1);
    expect(res.messages.map((m: { ruleId: string; fatal?: boolean; line: number; column: number }) => [m.ruleId, m.fatal ?? false, `${m.line}:${m.column}`])).toEqual([
      ['schema/unknown-field', false, '5:1'],
      ['yaml/syntax', true, '10:1'],
      ['schema/type', false, '13:25'],
    ]);
    expect(res.messages[1].message).toMatch(/^Parsing error: /);
  });
  it('writes the report to --output-file and nothing to standard output', async () => {
    const dir = scratch();
    const out = join(dir, 'reports', 'lint', 'report.json');
    const r = await platlint(['--format', 'json', '--output-file', out, input('duplicate-key.yaml')]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(jsonFindings(readFileSync(out, 'utf8'))).toEqual(['yaml/duplicate-key endpoint 5:1']);
  });
  it('writes into a named pipe given as --output-file, not over it (so `-o /dev/null` leaves the device a device)', async () => {
    const fifo = join(scratch(), 'report.pipe');
    execFileSync('mkfifo', [fifo]);
    // a reader that does not wait, so that the report's write finds one
    const fd = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      const r = await platlint(['--format', 'json', '--output-file', fifo, input('duplicate-key.yaml')]);
      expect(r.code).toBe(1);
      expect(statSync(fifo).isFIFO()).toBe(true);
      const buf = Buffer.alloc(1 << 16);
      expect(jsonFindings(buf.subarray(0, readSync(fd, buf)).toString('utf8'))).toEqual(['yaml/duplicate-key endpoint 5:1']);
    } finally {
      closeSync(fd);
    }
  });
});

describe('bad input never crashes', () => {
  const cases: [string, string[]][] = [
    // a file that cannot be read as text is reported when it names a plat apiVersion, counted otherwise
    ['binary.yaml', []],
    ['binary-plat.yaml', ['input/binary - 1:1']],
    ['latin1.yaml', ['input/encoding - 1:1']],
    ['alias-bomb.yaml', ['yaml/alias-limit - 2:1']],
    ['empty.yaml', []],
    ['comments-only.yaml', []],
    ['not-plat.yaml', []],
    // another tool's template (Helm): not what the platform reads until rendered, so it passes, a template of a plat object too
    ['helm-template.yaml', []],
    ['helm-template-of-plat-role.yaml', []],
    ['utf16.yaml', ['schema/unknown-field samplingRatePerMilion 4:1']],
    ['bom-crlf.yaml', ['schema/type samplingRatePerMillion 4:25']],
    ['non-ascii.yaml', ['schema/required rules[1].level 8:5', 'schema/unknown-field-ignored rules[1].levell 8:5']],
    ['duplicate-key.yaml', ['yaml/duplicate-key endpoint 5:1']],
    // a value that would contain itself: refused like the platform does, never walked by a rule
    ['recursive-alias.yaml', ['yaml/alias-limit - 5:8']],
    // a plat group platlint has no schema for: counted in the summary, not reported (document/unchecked-group is off by default)
    ['other-plat-group.yaml', []],
    [
      'unknown-kind.yaml',
      ['document/unknown-kind kind 2:7', 'document/unknown-kind apiVersion 5:13', 'document/unknown-kind kind 9:7', 'document/unknown-kind kind 11:1', 'document/unknown-kind apiVersion 13:13'],
    ],
  ];
  for (const [name, expected] of cases) {
    it(name, async () => {
      const r = await platlint(['--format', 'json', input(name)]);
      expect(r.stderr).toBe('');
      expect(jsonFindings(r.stdout)).toEqual(expected);
    });
  }
  it('a file over the size limit is reported, not read', async () => {
    const r = await platlint(['--format', 'json', '--max-file-size', '64', input('non-ascii.yaml')]);
    expect(r.code).toBe(1);
    const [res] = JSON.parse(r.stdout);
    expect(res.messages[0]).toMatchObject({ ruleId: 'input/too-large', line: 1, column: 1, fatal: true });
    expect(res.messages[0].message).toMatch(/^file is \d+ bytes; the limit is 64 bytes/);
  });
  it('a 9 MB file is refused at the default limit without reading it as YAML', async () => {
    const dir = scratch();
    const f = join(dir, 'huge.yaml');
    writeFileSync(f, 'apiVersion: audit.plat.io/v1\nkind: Policy\n' + '# filler\n'.repeat(1_000_000));
    const r = await platlint(['--format', 'json', f]);
    expect(jsonFindings(r.stdout)).toEqual(['input/too-large - 1:1']);
    // one that names no plat apiVersion (a large API description) is counted, not reported
    const other = join(dir, 'openapi.json');
    writeFileSync(other, '{"swagger": "2.0", "paths": {}}' + ' '.repeat(9_000_000));
    const q = await platlint(['--format', 'json', other]);
    expect(q.code).toBe(0);
    expect(jsonFindings(q.stdout)).toEqual([]);
  });
  it('a document nested too deeply to parse is one finding, not a crash', async () => {
    const dir = scratch();
    const f = join(dir, 'deep.yaml');
    writeFileSync(f, `apiVersion: apiserver.config.plat.io/v1\nkind: TracingConfiguration\nendpoint: ${'['.repeat(20000)}${']'.repeat(20000)}\n`);
    const r = await platlint(['--format', 'json', f]);
    expect(r.code).toBe(1);
    const [res] = JSON.parse(r.stdout);
    expect(res.messages.map((m: { ruleId: string; message: string; line: number; fatal: boolean }) => [m.ruleId, m.message, m.line, m.fatal])).toEqual([
      ['yaml/syntax', 'Parsing error: the document nests too deeply to be read', 3, true],
    ]);
  });
  it('the stylish report of the alias bomb is one finding, no stack trace', async () => {
    const r = await platlint([input('alias-bomb.yaml')]);
    expect(r.code).toBe(1);
    // the message wraps at 80 columns
    expect(r.stdout.replace(/\s+/g, ' ')).toContain('(an alias bomb)');
    expect(r.stdout + r.stderr).not.toMatch(/\n\s+at /);
  });
  it('a folder named like a YAML file is not linted', async () => {
    const dir = scratch();
    mkdirSync(join(dir, 'sub'));
    mkdirSync(join(dir, 'sub', 'dir.yaml'));
    writeFileSync(join(dir, 'sub', 'ok.yaml'), 'a: 1\n');
    const r = await platlint(['--format', 'json', 'sub'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).map((x: { filePath: string }) => x.filePath)).toEqual([join(dir, 'sub', 'ok.yaml')]);
  });
});

describe('standard input', () => {
  it('lints - under the --stdin-filename name', async () => {
    const r = await platlint(['--format', 'json', '--stdin-filename', 'conf/tracing.yaml', '-'], {
      input: 'apiVersion: apiserver.config.plat.io/v1\nkind: TracingConfiguration\nendpont: x\n',
    });
    expect(r.code).toBe(1);
    const [res] = JSON.parse(r.stdout);
    expect(res.filePath).toBe(join(ROOT, 'conf/tracing.yaml'));
    expect(res.messages.map((m: { message: string }) => m.message)).toEqual(['unknown field `endpont` in TracingConfiguration; did you mean `endpoint`?']);
  });
  it('calls it <text> without a name, as ESLint does', async () => {
    const r = await platlint(['--format', 'json', '-'], { input: 'a: 1\n' });
    expect(JSON.parse(r.stdout)[0].filePath).toBe('<text>');
  });
});

describe('folders and globs', () => {
  it('lints a folder recursively, skipping node_modules and .git, sorted', async () => {
    const dir = scratch();
    for (const p of ['a.yaml', 'b/c.yml', 'b/d.json', 'node_modules/x.yaml', '.git/y.yaml', 'notes.txt']) {
      mkdirSync(join(dir, p, '..'), { recursive: true });
      writeFileSync(join(dir, p), p.endsWith('.json') ? '{}' : 'a: 1\n');
    }
    const r = await platlint(['--format', 'json', '.'], { cwd: dir });
    expect(JSON.parse(r.stdout).map((x: { filePath: string }) => x.filePath.slice(dir.length + 1))).toEqual(['a.yaml', 'b/c.yml', 'b/d.json']);
  });
  it('lints a symbolic link to a YAML file inside a folder', async () => {
    const dir = scratch();
    mkdirSync(join(dir, 'conf'));
    writeFileSync(join(dir, 'real.yaml'), 'apiVersion: apiserver.config.plat.io/v1\nkind: TracingConfiguration\nendpont: x\n');
    symlinkSync(join(dir, 'real.yaml'), join(dir, 'conf', 'link.yaml'));
    const r = await platlint(['--format', 'json', 'conf'], { cwd: dir });
    expect(jsonFindings(r.stdout)).toEqual(['schema/unknown-field endpont 3:1']);
  });
  it('expands glob patterns', async () => {
    const r = await platlint(['--format', 'json', 'fixtures/input/*.json']);
    expect(JSON.parse(r.stdout).map((x: { filePath: string }) => x.filePath)).toEqual([join(ROOT, 'fixtures/input/tracing.json')]);
  });
});

describe('colour', () => {
  it('is off when NO_COLOR is set and on with FORCE_COLOR', async () => {
    const f = input('duplicate-key.yaml');
    expect((await platlint([f])).stdout).not.toContain('\u001b[');
    expect((await platlint([f], { env: { NO_COLOR: undefined, FORCE_COLOR: '1' } })).stdout).toContain('\u001b[31m');
  });
});

describe('configuration file', () => {
  const project = () => {
    const dir = scratch();
    mkdirSync(join(dir, 'conf', 'generated'), { recursive: true });
    writeFileSync(join(dir, 'conf', 'tracing.yaml'), 'apiVersion: apiserver.config.plat.io/v1\nkind: TracingConfiguration\nowner: a\nendpoint: on\n');
    writeFileSync(join(dir, 'conf', 'generated', 'bad.yaml'), 'apiVersion: apiserver.config.plat.io/v1\nkind: Nope\n');
    return dir;
  };
  it('is found upward from the working folder and sets severities and ignores', async () => {
    const dir = project();
    writeFileSync(join(dir, 'platlint.config.yaml'), 'rules:\n  schema/unknown-field: warn\n  yaml/ambiguous-scalar: "off"\nignores:\n  - conf/generated/**\n');
    const r = await platlint(['--format', 'json', '.'], { cwd: join(dir, 'conf') });
    expect(jsonFindings(r.stdout)).toEqual(['schema/unknown-field owner 3:1', 'schema/type endpoint 4:11']);
    expect(JSON.parse(r.stdout)[0].messages.map((m: { severity: number }) => m.severity)).toEqual([1, 2]);
  });
  it('--config names it; --no-config ignores it', async () => {
    const dir = project();
    writeFileSync(join(dir, 'strict.yaml'), 'rules:\n  schema/type: "off"\n');
    writeFileSync(join(dir, 'platlint.config.yaml'), 'rules:\n  schema/unknown-field: "off"\n');
    expect(jsonFindings((await platlint(['--format', 'json', '--config', 'strict.yaml', 'conf/tracing.yaml'], { cwd: dir })).stdout)).toEqual([
      'schema/unknown-field owner 3:1',
      'yaml/ambiguous-scalar endpoint 4:11',
    ]);
    expect(jsonFindings((await platlint(['--format', 'json', '--no-config', 'conf/tracing.yaml'], { cwd: dir })).stdout)).toHaveLength(3);
  });
  it('an invalid configuration is a usage error with positions', async () => {
    const dir = project();
    writeFileSync(join(dir, 'platlint.config.yaml'), 'rules:\n  schema/unknown-feild: warn\n  schema/type: loud\nignore: []\n');
    const r = await platlint(['conf'], { cwd: dir });
    expect(r.code).toBe(2);
    const file = join(dir, 'platlint.config.yaml');
    expect(r.stderr).toBe(
      `platlint: invalid configuration file ${file}\n` +
        `  ${file}:2:3  unknown rule \`schema/unknown-feild\`; did you mean \`schema/unknown-field\`?\n` +
        `  ${file}:3:16  \`schema/type\` must be one of \`off\`, \`warn\`, \`error\`, got \`loud\`\n` +
        `  ${file}:4:1  unknown field \`ignore\` in the platlint configuration; did you mean \`ignores\`?\n`,
    );
  });
  it('a plain `off` in the configuration (a boolean to YAML 1.1) is told to be quoted', async () => {
    const dir = project();
    writeFileSync(join(dir, 'platlint.config.yaml'), 'rules:\n  schema/required: off\n  schema/type: "off"\n');
    const r = await platlint(['conf'], { cwd: dir });
    expect(r.code).toBe(2);
    const file = join(dir, 'platlint.config.yaml');
    expect(r.stderr).toBe(
      `platlint: invalid configuration file ${file}\n` +
        `  ${file}:2:20  \`schema/required\` must be one of \`off\`, \`warn\`, \`error\`, got \`false\`; a plain \`off\` is read as false (YAML 1.1): quote it, \`"off"\`\n`,
    );
  });
  it('an unknown rule id in the configuration gets a suggestion', async () => {
    const dir = project();
    writeFileSync(join(dir, 'platlint.config.yaml'), 'rules:\n  schema/unknown-feild: warn\n');
    const r = await platlint(['conf'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`platlint.config.yaml:2:3  unknown rule \`schema/unknown-feild\`; did you mean \`schema/unknown-field\`?`);
  });
});

describe('secrets never appear in any output', () => {
  const secret = 'c2VjcmV0LWtleS1tYXRlcmlhbC0xMjM0NTY3ODkwMTI!';
  const token = 'eyJhbGciOiJSUzI1NiJ9.secret-token-value';
  const text = [
    'apiVersion: apiserver.config.plat.io/v1',
    'kind: EncryptionConfiguration',
    'resources:',
    '  - resources: [secrets]',
    '    providers:',
    '      - aescbc:',
    '          keys:',
    `            - {name: key1, secret: "${secret}"}`,
    '---',
    'apiVersion: client.authentication.plat.io/v1',
    'kind: ExecCredential',
    'spec: {interactive: false}',
    `status: {token: 42, clientKeyData: ${JSON.stringify(token)}}`,
    '',
  ].join('\n');
  for (const format of ['json', 'stylish']) {
    it(`in ${format} output`, async () => {
      const r = await platlint(['--format', format, '-'], { input: text });
      expect(r.code).toBe(1);
      expect(r.stdout).toContain('schema/format');
      expect(r.stdout).not.toContain(secret);
      expect(r.stdout).not.toContain(secret.slice(0, 12));
      expect(r.stdout).not.toContain(token);
      expect(r.stdout).not.toContain('secret-token');
    });
  }
});

describe('internal failures', () => {
  it('exit 2 with one line on standard error, and the stack only with --debug', async () => {
    const { main } = await import('../src/cli/cli.js');
    const failing = (stderr: string[]) => ({
      stdout: () => {
        throw new Error('write EPIPE\nsecond line');
      },
      stderr: (s: string) => void stderr.push(s),
      readStdin: () => Buffer.from(''),
      cwd: ROOT,
      env: {},
      isTTY: false,
    });
    const quiet: string[] = [];
    expect(await main(['fixtures/input/empty.yaml'], failing(quiet))).toBe(2);
    expect(quiet).toEqual(['platlint: internal error: write EPIPE (run with --debug for details)\n']);
    const debug: string[] = [];
    expect(await main(['--debug', 'fixtures/input/empty.yaml'], failing(debug))).toBe(2);
    expect(debug.join('')).toMatch(/^Error: write EPIPE\nsecond line\n\s+at /);
  });
  it('--quiet reports errors only', async () => {
    const r = await platlint(['--quiet', '--format', 'json', input('unknown-kind.yaml'), input('other-plat-group.yaml')]);
    expect(jsonFindings(r.stdout)).toHaveLength(5);
    expect(JSON.parse(r.stdout)[0]).toMatchObject({ messages: [], warningCount: 0 });
  });
});

describe('rules and explain', () => {
  it('platlint rules lists engine findings and rule modules', async () => {
    const r = await platlint(['rules']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^input\/binary +error +The file is binary and cannot be linted\. +\[all\]$/m);
    expect(r.stdout).toMatch(/^authz\/webhook-timeout-max +error +A webhook authorizer timeout is above 0 and at most 30s\. +\[AuthorizationConfiguration\]$/m);
  });
  it('platlint rules --format json lists every rule as data; --no-color is accepted; platlint help prints the usage', async () => {
    const json = await platlint(['rules', '--format', 'json', '--no-color']);
    expect(json.code).toBe(0);
    const rules = JSON.parse(json.stdout) as { id: string; severity: string; status: string; description: string; kinds: string }[];
    expect(rules).toHaveLength(ALL_RULES.size);
    expect(rules.find((r) => r.id === 'rbac/verbs-unique')).toEqual({ id: 'rbac/verbs-unique', severity: 'warning', status: 'stable', description: ALL_RULES.get('rbac/verbs-unique')!.description, kinds: expect.stringContaining('Role') });
    expect((await platlint(['rules', '--no-color'])).stdout.split('\n').at(-2)).toBe(`${ALL_RULES.size} rules; platlint explain <rule> prints one rule's documentation`);
    expect(await platlint(['rules', '--format', 'xml'])).toMatchObject({ code: 2, stdout: '', stderr: 'platlint rules: unknown format "xml"; the formats are text and json\n' });
    const help = await platlint(['help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toBe((await platlint(['--help'])).stdout);
  });
  it('platlint explain prints a rule, and suggests a near id for an unknown one', async () => {
    const r = await platlint(['explain', 'schema/unknown-field']);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n').slice(0, 3)).toEqual(['## schema/unknown-field', '', 'A field is not part of the kind.']);
    expect(await platlint(['explain', 'schema/unknown-feld'])).toMatchObject({
      code: 2,
      stderr: 'platlint: unknown rule schema/unknown-feld; did you mean schema/unknown-field? (platlint rules lists them)\n',
    });
  });
  it('a rule named without its area gets the rules of that name: in explain, in --rule', async () => {
    expect(await platlint(['explain', 'no-secret-read'])).toMatchObject({ code: 2, stdout: '', stderr: 'platlint: unknown rule no-secret-read; did you mean security/no-secret-read? (platlint rules lists them)\n' });
    expect((await platlint(['explain', 'verbs-uniqe'])).stderr).toBe('platlint: unknown rule verbs-uniqe; did you mean rbac/verbs-unique? (platlint rules lists them)\n');
    expect((await platlint(['explain', 'spec-conformance'])).stderr).toBe(
      'platlint: unknown rule spec-conformance; did you mean authn/spec-conformance or authz/spec-conformance or egress/spec-conformance or encryption/spec-conformance or payload/spec-conformance or review/spec-conformance? (platlint rules lists them)\n',
    );
    expect(await platlint(['--rule', 'no-secret-read=off', 'fixtures/examples'])).toMatchObject({
      code: 2,
      stderr: 'platlint: --rule no-secret-read=off: unknown rule `no-secret-read`; did you mean `security/no-secret-read`? (platlint rules lists them)\n',
    });
  });
  it("platlint explain documents the codes of problems with platlint's own files, which are not rules", async () => {
    const r = await platlint(['explain', 'config/schema', 'baseline/invalid']);
    expect(r.code).toBe(0);
    const pages = r.stdout.split(/(?=^## )/m);
    expect(pages.map((p) => p.split('\n').slice(0, 5))).toEqual([
      ['## config/schema', '', 'A key or value of the configuration file is not one it allows (an unknown key, a value of the wrong type or not one of the allowed values).', '', "- Not a rule: a problem of platlint's own files, which no configuration turns off or changes the severity of."],
      ['## baseline/invalid', '', 'No finding of the document is suppressed, because the suppressions file cannot be applied.', '', "- Not a rule: a problem of platlint's own files, which no configuration turns off or changes the severity of."],
    ]);
    // they are not rules: `platlint rules` does not list them, and `rules:` cannot name them
    expect((await platlint(['rules'])).stdout).not.toMatch(/^config\/schema /m);
    expect(await platlint(['explain', 'config/schme'])).toMatchObject({ code: 2, stderr: expect.stringContaining('did you mean config/schema?') });
  });
});

describe('the set of files', () => {
  const sets = (name: string) => join('fixtures', 'sets', name);
  const deployment = (name: string) => ['--config', join(sets(name), 'platlint.config.yaml')];
  it('a roleRef that names a role of the other kind in the same deployment is a warning at roleRef.name, naming the role', async () => {
    const r = await platlint([...deployment('role-ref-kind'), '--format', 'json', sets('role-ref-kind')]);
    expect(r.code).toBe(0);
    expect(jsonFindings(r.stdout)).toEqual(['set/role-ref-mismatch roleRef.name 12:9']);
    expect(r.stdout).toContain('but `log-reader` is a ClusterRole (fixtures/sets/role-ref-kind/role.yaml:4:9)');
    // files of no declared deployment are not compared
    expect(jsonFindings((await platlint(['--no-config', '--format', 'json', sets('role-ref-kind')])).stdout)).toEqual([]);
  });
  it('a role that nothing defines is reported only with --resolve-refs', async () => {
    expect(jsonFindings((await platlint(['--format', 'json', sets('unresolved')])).stdout)).toEqual([]);
    const r = await platlint(['--resolve-refs', '--format', 'json', sets('unresolved')]);
    expect(r.code).toBe(0);
    expect(jsonFindings(r.stdout)).toEqual(['set/role-ref-unresolved roleRef.name 12:9']);
  });
  it('standard input is part of the set, and of the deployment its --stdin-filename belongs to', async () => {
    const binding = readFileSync(join(ROOT, sets('role-ref-kind'), 'binding.yaml'), 'utf8');
    // the file on disk with the same name is not read beside it
    const r = await platlint([...deployment('role-ref-kind'), '--format', 'json', '--stdin-filename', join(sets('role-ref-kind'), 'binding.yaml'), '-'], { input: binding });
    expect(jsonFindings(r.stdout)).toEqual(['set/role-ref-mismatch roleRef.name 12:9']);
  });
  it('the same object in two files of one deployment is reported in both, across worker threads too', async () => {
    const dir = scratch();
    const role = (i: number) => `apiVersion: rbac.authorization.plat.io/v1\nkind: ClusterRole\nmetadata:\n  name: role-${i}\nrules:\n  - apiGroups: [""]\n    resources: ["events"]\n    verbs: ["list"]\n`;
    for (let i = 0; i < 300; i++) writeFileSync(join(dir, `r${String(i).padStart(3, '0')}.yaml`), role(i === 299 ? 0 : i));
    writeFileSync(join(dir, 'platlint.config.yaml'), 'deployments:\n  - name: all\n    files: ["*.yaml"]\n');
    for (const concurrency of ['off', '2']) {
      const r = await platlint(['--config', join(dir, 'platlint.config.yaml'), '--concurrency', concurrency, '--format', 'json', dir]);
      const results = JSON.parse(r.stdout) as { filePath: string; messages: { ruleId: string; line: number; message: string }[] }[];
      const hits = results.filter((f) => f.messages.length > 0);
      expect(hits.map((f) => f.filePath.slice(-8))).toEqual(['r000.yaml'.slice(-8), 'r299.yaml'.slice(-8)]);
      expect(hits[0]!.messages[0]).toMatchObject({ ruleId: 'set/duplicate-object', line: 4, message: expect.stringContaining('r299.yaml:4:9') });
    }
  });
});

describe('the summary says when no deployment limits the checks across files', () => {
  const role = (kind: string, name: string) => `apiVersion: rbac.authorization.plat.io/v1\nkind: ${kind}\nmetadata:\n  name: ${name}\n${kind.endsWith('Binding') ? `roleRef:\n  apiGroup: rbac.authorization.plat.io\n  kind: ClusterRole\n  name: ${name}\nsubjects:\n  - kind: Group\n    name: team\n    apiGroup: rbac.authorization.plat.io\n` : 'rules: []\n'}`;
  const project = () => {
    const dir = scratch();
    writeFileSync(join(dir, 'role.yaml'), role('ClusterRole', 'reader'));
    writeFileSync(join(dir, 'copy.yaml'), role('ClusterRole', 'reader'));
    writeFileSync(join(dir, 'tracing.yaml'), 'apiVersion: apiserver.config.plat.io/v1\nkind: TracingConfiguration\n');
    return dir;
  };
  const NOTE = 'no deployments declared (no platlint.config.yaml found): no two files were compared; `platlint init` guesses them';
  it('in one line after the summary, naming the configuration; not in the machine formats', async () => {
    const dir = project();
    const r = await platlint([], { cwd: dir });
    // at 80 columns the line wraps as the summary's lines do
    expect(r).toEqual({
      code: 0,
      stderr: '',
      stdout: '✔ no problems in 3 files — 3 documents checked, 0 skipped as not plat\nno deployments declared (no platlint.config.yaml found): no two files were\n  compared; `platlint init` guesses them\n',
    });
    const wide = { cwd: dir, env: { COLUMNS: '200' } };
    expect((await platlint([], wide)).stdout).toBe(`✔ no problems in 3 files — 3 documents checked, 0 skipped as not plat\n${NOTE}\n`);
    expect((await platlint(['--no-config', '--resolve-refs', '.'], wide)).stdout.split('\n').at(-2)).toBe(
      'no deployments declared (--no-config): no two files were compared (--resolve-refs searched every file for roles); `platlint init` guesses them',
    );
    writeFileSync(join(dir, 'platlint.config.yaml'), 'rules: {}\n');
    expect((await platlint(['.'], wide)).stdout.split('\n').at(-2)).toBe(
      'no deployments declared in platlint.config.yaml: no two files were compared; `platlint init` guesses them',
    );
    for (const format of ['json', 'compact', 'github', 'junit', 'sarif', 'gitlab']) expect((await platlint(['--format', format, '.'], { cwd: dir })).stdout).not.toContain('no deployments declared');
  });
  it('not when deployments are declared, nor when fewer than two files hold roles or bindings', async () => {
    const dir = project();
    expect((await platlint(['role.yaml', 'tracing.yaml'], { cwd: dir })).stdout).not.toContain('no deployments declared');
    writeFileSync(join(dir, 'platlint.config.yaml'), 'deployments:\n  - name: all\n    files: ["."]\n');
    const r = await platlint(['--format', 'compact'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('no deployments declared');
    expect((await platlint([], { cwd: dir })).stdout).not.toContain('no deployments declared');
    // the two copies are now compared
    expect(r.stdout).toContain('ClusterRole `reader` is defined more than once: also at role.yaml:4:9');
  });
});

describe('ignored files said aloud', () => {
  const project = () => {
    const dir = scratch();
    mkdirSync(join(dir, 'vendor', 'lib'), { recursive: true });
    mkdirSync(join(dir, 'conf'));
    writeFileSync(join(dir, 'vendor', 'lib', 'a.yaml'), 'apiVersion: apiserver.config.plat.io/v1\nkind: Nope\n');
    writeFileSync(join(dir, 'vendor', 'b.yaml'), 'a: 1\n');
    writeFileSync(join(dir, 'vendor', 'keep.yaml'), 'a: 1\n');
    writeFileSync(join(dir, 'conf', 'tracing.yaml'), 'apiVersion: apiserver.config.plat.io/v1\nkind: TracingConfiguration\n');
    writeFileSync(join(dir, 'platlint.config.yaml'), 'ignores:\n  - "**/*.md"\n  - "vendor/**"\n  - "!vendor/keep.yaml"\n');
    return dir;
  };
  it('a file named on the command line that is ignored: a warning naming the entry, in the JSON as ESLint puts it', async () => {
    const dir = project();
    const r = await platlint(['--format', 'json', 'vendor/lib/a.yaml', 'conf/tracing.yaml'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([
      { filePath: join(dir, 'conf', 'tracing.yaml'), messages: [], suppressedMessages: [], errorCount: 0, fatalErrorCount: 0, warningCount: 0, fixableErrorCount: 0, fixableWarningCount: 0, usedDeprecatedRules: [] },
      {
        filePath: join(dir, 'vendor', 'lib', 'a.yaml'),
        messages: [
          {
            ruleId: null,
            severity: 1,
            message: 'file ignored by "vendor/**" in platlint.config.yaml; --no-warn-ignored silences this warning',
            line: 1,
            column: 1,
            endLine: 1,
            endColumn: 1,
            path: '',
            nodeType: null,
            platlint: { document: -1, jsonPointer: '' },
          },
        ],
        suppressedMessages: [],
        errorCount: 0,
        fatalErrorCount: 0,
        warningCount: 1,
        fixableErrorCount: 0,
        fixableWarningCount: 0,
        usedDeprecatedRules: [],
      },
    ]);
    const stylish = await platlint(['vendor/lib/a.yaml'], { cwd: dir });
    expect(stylish).toEqual({
      code: 0,
      stderr: '',
      stdout:
        'vendor/lib/a.yaml\n  1:1  warning  file ignored by "vendor/**" in platlint.config.yaml;\n                --no-warn-ignored silences this warning\n\n⚠ 1 problem (0 errors, 1 warning) in 1 of 1 file — 0 documents checked,\n  0 skipped as not plat\n',
    });
    // a file the `!` entry takes back is linted; one inside node_modules is never linted
    expect(jsonFindings((await platlint(['--format', 'json', 'vendor/keep.yaml'], { cwd: dir })).stdout)).toEqual([]);
    mkdirSync(join(dir, 'node_modules'));
    writeFileSync(join(dir, 'node_modules', 'x.yaml'), 'a: 1\n');
    expect(JSON.parse((await platlint(['--format', 'json', 'node_modules/x.yaml'], { cwd: dir })).stdout)[0].messages[0].message).toBe(
      'file ignored inside node_modules, which platlint never enters; --no-warn-ignored silences this warning',
    );
  });
  it('--no-warn-ignored silences it; --quiet drops it as any warning; --max-warnings counts it, as ESLint does', async () => {
    const dir = project();
    expect(await platlint(['--no-warn-ignored', 'vendor/lib/a.yaml', 'conf/tracing.yaml'], { cwd: dir })).toEqual({ code: 0, stderr: '', stdout: '✔ no problems in 1 file — 1 document checked, 0 skipped as not plat\n' });
    expect((await platlint(['--quiet', 'vendor/lib/a.yaml'], { cwd: dir })).stdout).not.toContain('ignored');
    expect(await platlint(['--max-warnings', '0', '--format', 'compact', 'vendor/lib/a.yaml'], { cwd: dir })).toEqual({
      code: 1,
      stdout: 'vendor/lib/a.yaml:1:1: warning file ignored by "vendor/**" in platlint.config.yaml; --no-warn-ignored silences this warning\n\n1 problem\n',
      stderr: 'platlint: 1 warning exceeds the maximum of 0 (--max-warnings)\n',
    });
  });
  it('SARIF makes the warning a notification of the run, not a result of a rule; GitHub annotates it without a rule', async () => {
    const dir = project();
    const sarif = JSON.parse((await platlint(['--format', 'sarif', 'vendor/lib/a.yaml'], { cwd: dir })).stdout);
    const run = sarif.runs[0];
    expect({ results: run.results, rules: run.tool.driver.rules, invocations: run.invocations }).toEqual({
      results: [],
      rules: [],
      invocations: [
        {
          executionSuccessful: true,
          toolExecutionNotifications: [
            {
              level: 'warning',
              message: { text: 'vendor/lib/a.yaml: file ignored by "vendor/**" in platlint.config.yaml; --no-warn-ignored silences this warning' },
              locations: [{ physicalLocation: { artifactLocation: { uri: 'vendor/lib/a.yaml', uriBaseId: '%SRCROOT%' }, region: { startLine: 1, startColumn: 1, endLine: 1, endColumn: 1 } } }],
            },
          ],
        },
      ],
    });
    const github = await platlint(['--format', 'github', 'vendor/lib/a.yaml'], { cwd: dir, env: {} });
    expect(github.stdout.split('\n')[0]).toBe(
      '::warning file=vendor/lib/a.yaml,line=1,endLine=1,col=1,endColumn=1,title=platlint::1:1 file ignored by "vendor/**" in platlint.config.yaml; --no-warn-ignored silences this warning',
    );
  });
  it('a repository checked out below a folder named node_modules is linted; its own node_modules is not', async () => {
    const outer = scratch();
    const dir = join(outer, 'node_modules', 'ops');
    mkdirSync(join(dir, 'node_modules', 'x'), { recursive: true });
    writeFileSync(join(dir, 'tracing.yaml'), 'apiVersion: apiserver.config.plat.io/v1\nkind: TracingConfiguration\nendpoint: 1\n');
    writeFileSync(join(dir, 'node_modules', 'x', 'tracing.yaml'), 'apiVersion: apiserver.config.plat.io/v1\nkind: TracingConfiguration\nendpoint: 1\n');
    for (const config of [[], ['--no-config']]) {
      expect(jsonFindings((await platlint(['--format', 'json', ...config, '.'], { cwd: dir })).stdout)).toEqual(['schema/type endpoint 3:11']);
    }
    writeFileSync(join(dir, 'platlint.config.yaml'), 'rules: {}\n');
    expect(jsonFindings((await platlint(['--format', 'json', 'tracing.yaml'], { cwd: dir })).stdout)).toEqual(['schema/type endpoint 3:11']);
  });
  it('a pre-commit hook names staged files one by one: an ignored one among them does not fail the run', async () => {
    const dir = project();
    const r = await platlint(['vendor/lib/a.yaml', 'vendor/b.yaml', 'conf/tracing.yaml'], { cwd: dir, env: { COLUMNS: '200' } });
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n').at(-2)).toBe('⚠ 2 problems (0 errors, 2 warnings) in 2 of 3 files — 1 document checked, 0 skipped as not plat');
  });
  it('a folder or glob whose files are all ignored says so and by which entries (exit 2, unless --no-error-on-unmatched-pattern)', async () => {
    const dir = project();
    writeFileSync(join(dir, 'platlint.config.yaml'), 'ignores:\n  - "vendor/lib/**"\n  - "vendor/*.yaml"\n');
    expect(await platlint(['vendor'], { cwd: dir })).toEqual({
      code: 2,
      stdout: '',
      stderr: 'platlint: all 3 files in "vendor" are ignored (by "vendor/lib/**" and "vendor/*.yaml" in platlint.config.yaml): nothing to lint (--no-error-on-unmatched-pattern makes this no error)\n',
    });
    expect((await platlint(['vendor/lib/*.yaml'], { cwd: dir })).stderr).toBe(
      'platlint: the one file matching "vendor/lib/*.yaml" is ignored (by "vendor/lib/**" in platlint.config.yaml): nothing to lint (--no-error-on-unmatched-pattern makes this no error)\n',
    );
    expect(await platlint(['--no-error-on-unmatched-pattern', 'vendor'], { cwd: dir })).toEqual({ code: 0, stderr: '', stdout: '✔ no problems in 0 files — 0 documents checked, 0 skipped as not plat\n' });
    // a folder with no file to lint at all is what it was
    mkdirSync(join(dir, 'empty'));
    expect((await platlint(['empty'], { cwd: dir })).stderr).toBe('platlint: no files matching the pattern "empty" were found\n');
  });
});

describe('platlint patch', () => {
  it('reads every document as a patch of --type, JSON input included, with positions', async () => {
    const dir = scratch();
    writeFileSync(join(dir, 'scale.json'), '[{"op": "add", "path": "/spec/replicas"},\n {"op": "move", "from": "/a", "path": "/a/b"}]\n');
    const r = await platlint(['patch', '--type', 'json', '--format', 'json', join(dir, 'scale.json')]);
    expect(r.code).toBe(1);
    expect(jsonFindings(r.stdout)).toEqual(['patch/json-patch-missing-value [0].value 1:3', 'patch/json-patch-move-into-itself [1].path 2:39']);
  });
  it('defaults to a strategic merge patch, as platctl patch does', async () => {
    const r = await platlint(['patch', '--format', 'json', '-'], { input: 'spec:\n  template:\n    spec:\n      containers:\n        - image: nginx:1.27\n' });
    expect(jsonFindings(r.stdout)).toEqual(['patch/strategic-merge-key-required spec.template.spec.containers[0] 5:11']);
  });
  it('refuses an unknown --type, and --type outside platlint patch', async () => {
    expect(await platlint(['patch', '--type', 'jsn', '-'])).toMatchObject({ code: 2, stderr: 'platlint: unknown patch type "jsn"; choose one of: json, merge, strategic\n' });
    expect((await platlint(['--type', 'json', '-'])).code).toBe(2);
  });
});

describe('platlint flags', () => {
  it('lints a command line given after --, columns on the joined line', async () => {
    const r = await platlint(['flags', '--format', 'json', '--', '--max-pods=abc', '--addres=1.2.3.4']);
    expect(r.code).toBe(1);
    expect(jsonFindings(r.stdout)).toEqual(['flags/deprecated --max-pods 1:1', 'flags/value-type --max-pods 1:12', 'flags/unknown --addres 1:16']);
    expect(JSON.parse(r.stdout)[0].filePath).toBe('<command line>');
  });
  it('lints files of flags, and refuses a folder', async () => {
    const dir = scratch();
    writeFileSync(join(dir, 'platlet.env'), 'PLATLET_EXTRA_ARGS="--node-ip=10.0.0.300"\n');
    const r = await platlint(['flags', '--format', 'json', join(dir, 'platlet.env')]);
    expect(r.code).toBe(1);
    expect(jsonFindings(r.stdout)).toEqual(['flags/value-type --node-ip 1:31']);
    expect(await platlint(['flags', dir])).toMatchObject({ code: 2, stderr: expect.stringContaining('is a folder') });
    expect((await platlint(['flags', 'x.conf', '--', '--v=2'])).code).toBe(2);
  });
});

describe('GitHub Actions', () => {
  it('appends a table of the findings to the job summary, after what earlier steps wrote', async () => {
    const dir = scratch();
    const summary = join(dir, 'summary.md');
    writeFileSync(summary, '## earlier step\n');
    const r = await platlint([input('unknown-kind.yaml')], { env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary } });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^::error file=fixtures\/input\/unknown-kind\.yaml,line=\d+,endLine=\d+,col=\d+,endColumn=\d+,title=document\/unknown-kind::/m);
    const text = readFileSync(summary, 'utf8');
    expect(text.startsWith('## earlier step\n')).toBe(true);
    expect(text).toContain('document/unknown-kind');
  });
});

describe('platlint schemas and --cache', () => {
  it('platlint schemas --out writes a schema per kind and a catalog listing them', async () => {
    const dir = scratch();
    const r = await platlint(['schemas', '--out', join(dir, 'plat-schemas')]);
    expect(r.code).toBe(0);
    const catalog = JSON.parse(readFileSync(join(dir, 'plat-schemas', 'catalog.json'), 'utf8')) as { schemas: { name: string; url: string }[] };
    expect(catalog.schemas.map((s) => s.url)).toContain('./apiserver.config.plat.io/v1/AuthorizationConfiguration.schema.json');
    expect(r.stdout).toBe(`wrote ${catalog.schemas.length + 1} files to ${join(dir, 'plat-schemas')} (catalog: ${join(dir, 'plat-schemas')}/catalog.json)\n`);
    expect((await platlint(['schemas'])).code).toBe(2);
  });
  it('--cache gives the same report from the cache, and sees a changed file', async () => {
    const dir = scratch();
    const file = join(dir, 'authz.yaml');
    writeFileSync(file, readFileSync(join(ROOT, 'fixtures', 'examples', 'mistakes-authorization-config.yaml')));
    const location = join(dir, 'lint.cache');
    const first = await platlint(['--cache', '--cache-location', location, '--format', 'json', file]);
    const second = await platlint(['--cache', '--cache-location', location, '--format', 'json', file]);
    expect(first.code).toBe(1);
    expect(second.stdout).toBe(first.stdout);
    expect(readFileSync(location, 'utf8').startsWith('{"platlint-cache":1,')).toBe(true);
    writeFileSync(file, readFileSync(join(ROOT, 'fixtures', 'examples', 'authorization-config.yaml')));
    expect((await platlint(['--cache', '--cache-location', location, file])).code).toBe(0);
    writeFileSync(location, 'not a cache');
    const foreign = await platlint(['--cache', '--cache-location', location, file]);
    expect(foreign.code).toBe(0);
    expect(foreign.stderr).toMatch(/^platlint: warning: .*not a platlint cache/);
    expect(readFileSync(location, 'utf8')).toBe('not a cache');
  });
});

// Tuning per folder: `overrides` in the configuration, area wildcards (`security/*`), `--rule ID=SEVERITY` and
// `--print-config FILE` (docs/configuration.md, "Tuning per folder"). Library checks of the layering, then the built command
// line on small trees of files (json format), with worker threads and --cache.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILTIN_RULES } from '../src/check/builtin-rules.js';
import { ConfigError, configFor, DEFAULT_CONFIG, effectiveSeverity, parseConfig, pathInConfig, type Config } from '../src/config/config.js';
import { baseSeverity } from '../src/lint/lint.js';
import { ALL_RULES, RULE_IDS, suggestRuleIds } from '../src/check/registry.js';
import { platlint } from './helpers/cli.js';
import { ROOT } from './helpers/fixtures.js';

const scratch = () => mkdtempSync(join(tmpdir(), 'platlint-overrides-'));

/** A Role with an unknown field, exec on pods and a wildcard verb, then a document of a group platlint does not check. */
const ROLE = [
  'apiVersion: rbac.authorization.plat.io/v1',
  'kind: Role',
  'metadata:',
  '  name: debugger',
  '  namespace: checkout',
  '  colour: blue', // 6:3 schema/unknown-field (error by default)
  'rules:',
  '  - apiGroups: [""]',
  '    resources: ["pods/exec"]', // 9:17 security/no-pod-exec (warning by default)
  '    verbs: ["*"]', // 10:13 security/no-wildcard-verbs (warning by default)
  '---',
  'apiVersion: apps.plat.io/v1', // 12:13 document/unchecked-group (off by default)
  'kind: Deployment',
  'metadata:',
  '  name: web',
  '',
].join('\n');

const CONFIG = [
  'rules:',
  '  schema/unknown-field: warn',
  '  security/*: warn',
  '  security/no-wildcard-verbs: "off"', // an exact id wins over its area's wildcard, whatever the order
  'overrides:',
  '  - files: ["dev/**"]',
  '    rules:',
  '      schema/*: "off"',
  '      security/no-pod-exec: error',
  '  - files: ["prod/**", "!prod/legacy/**"]',
  '    rules:',
  '      security/*: error', // a later wildcard wins over the earlier exact `off`
  '      document/*: warn', // turns on no rule that is off by default ...
  '  - files: ["**/sandbox.yaml"]',
  '    rules:',
  '      security/*: "off"',
  '      document/unchecked-group: warn', // ... its exact id does
  '',
].join('\n');

const FILES = ['role.yaml', 'dev/role.yaml', 'prod/role.yaml', 'prod/legacy/role.yaml', 'prod/sandbox.yaml', 'dev/sandbox.yaml'];

function tree(config = CONFIG, files = FILES, text = ROLE): string {
  const dir = scratch();
  writeFileSync(join(dir, 'platlint.config.yaml'), config);
  for (const f of files) {
    mkdirSync(dirname(join(dir, f)), { recursive: true });
    writeFileSync(join(dir, f), text);
  }
  return dir;
}

interface JsonResult {
  filePath: string;
  messages: { ruleId: string; severity: number; line: number; column: number; path: string }[];
}

/** The json report as `file ruleId severity line:column`, files relative to `dir`. */
function findings(stdout: string, dir: string): string[] {
  const shown = (f: string) => (f.startsWith('<') ? f : relative(dir, f));
  return (JSON.parse(stdout) as JsonResult[]).flatMap((r) => r.messages.map((m) => `${shown(r.filePath)} ${m.ruleId} ${m.severity} ${m.line}:${m.column}`));
}

/** What the tree's files get under CONFIG (see the comments there). */
const EXPECTED = [
  'dev/role.yaml security/no-pod-exec 2 9:17',
  'dev/sandbox.yaml document/unchecked-group 1 12:13',
  'prod/legacy/role.yaml schema/unknown-field 1 6:3',
  'prod/legacy/role.yaml security/no-pod-exec 1 9:17',
  'prod/role.yaml schema/unknown-field 1 6:3',
  'prod/role.yaml security/no-pod-exec 2 9:17',
  'prod/role.yaml security/no-wildcard-verbs 2 10:13',
  'prod/sandbox.yaml schema/unknown-field 1 6:3',
  'prod/sandbox.yaml document/unchecked-group 1 12:13',
  'role.yaml schema/unknown-field 1 6:3',
  'role.yaml security/no-pod-exec 1 9:17',
];

function configProblems(text: string): string[] {
  try {
    parseConfig(text, 'platlint.config.yaml', RULE_IDS, suggestRuleIds);
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    return e.problems.map((p) => `${p.line}:${p.column}-${p.endLine}:${p.endColumn} ${p.code} ${p.message}`);
  }
  return [];
}

describe('the configuration of overrides', () => {
  it('a bad override is a configuration error at its position: types, unknown rules and areas, folders, missing fields', () => {
    const text = [
      'rules:',
      '  security/*: warn',
      '  secrets/*: warn',
      'overrides:',
      '  - files: ["dev/**"]',
      '    rules:',
      '      secutiry/*: error',
      '      security/no-pod-exce: "off"',
      '      schema/**: warn',
      '  - files: prod/**',
      '    rules:',
      '      schema/type: loud',
      '  - files: [prod/]',
      '    rules: {}',
      '  - rules:',
      '      yaml/*: warn',
      '    extra: 1',
      '  - files: []',
      '    rules: []',
      '',
    ].join('\n');
    expect(configProblems(text)).toEqual([
      '3:3-3:12 config/unknown-rule unknown rule area `secrets` in `secrets/*`',
      '7:7-7:17 config/unknown-rule unknown rule area `secutiry` in `secutiry/*`; did you mean `security/*`?',
      '8:7-8:27 config/unknown-rule unknown rule `security/no-pod-exce`; did you mean `security/no-pod-exec`?',
      '9:7-9:16 config/unknown-rule `schema/**` is neither a rule id nor an area wildcard: a wildcard is an area followed by `/*`, as `security/*`',
      '10:12-10:19 config/schema `files` must be a list, got a string (`prod/**`)',
      '12:20-12:24 config/schema `schema/type` must be one of `off`, `warn`, `error`, got `loud`',
      '13:13-13:18 config/schema `prod/` names a folder, which matches no file: write `prod/**` for the files below it',
      '15:5-15:10 config/schema missing required field `files` in `overrides[3]`',
      '17:5-17:10 config/schema unknown field `extra` in `overrides[3]`; allowed fields: `files`, `rules`',
      '18:5-18:10 config/schema `files` must have at least 1 item, got 0',
      '19:12-19:14 config/schema `rules` must be a mapping, got a list',
    ]);
  });
  it('the ids known to the configuration are a parameter: an id declared beside the rules is accepted, and so is its area', () => {
    const known = new Set([...RULE_IDS, 'team/no-latest-tag']);
    const text = 'overrides:\n  - files: ["**"]\n    rules:\n      team/no-latest-tag: error\n      team/*: warn\n';
    expect(parseConfig(text, 'platlint.config.yaml', known, suggestRuleIds).overrides).toEqual([{ files: ['**'], rules: { 'team/no-latest-tag': 'error', 'team/*': 'warn' } }]);
    expect(configProblems(text)).toEqual([
      '4:7-4:25 config/unknown-rule unknown rule `team/no-latest-tag`',
      '5:7-5:13 config/unknown-rule unknown rule area `team` in `team/*`',
    ]);
  });
});

describe('layers: rules, then matching overrides in order, then --rule; exact over wildcard inside one mapping', () => {
  const config = (c: Partial<Config>): Config => ({ ...DEFAULT_CONFIG, baseDir: '/repo', ...c });
  const severity = (c: Config, file: string | undefined, id: string) => effectiveSeverity(configFor(c, file), id, baseSeverity(id));

  it('an exact id beats its area wildcard in one mapping; a later layer beats an earlier one, wildcard or not', () => {
    const c = config({
      rules: { 'security/no-pod-exec': 'error', 'security/*': 'off' },
      overrides: [
        { files: ['a/**'], rules: { 'security/*': 'warn' } },
        { files: ['a/b/**'], rules: { 'security/no-pod-exec': 'off' } },
      ],
    });
    expect([severity(c, '/repo/x.yaml', 'security/no-pod-exec'), severity(c, '/repo/x.yaml', 'security/no-impersonate')]).toEqual(['error', null]);
    expect([severity(c, '/repo/a/x.yaml', 'security/no-pod-exec'), severity(c, '/repo/a/x.yaml', 'security/no-impersonate')]).toEqual(['warning', 'warning']);
    expect([severity(c, '/repo/a/b/x.yaml', 'security/no-pod-exec'), severity(c, '/repo/a/b/x.yaml', 'security/no-impersonate')]).toEqual([null, 'warning']);
    // other areas keep their defaults
    expect(severity(c, '/repo/a/b/x.yaml', 'schema/unknown-field')).toBe('error');
  });
  it('a wildcard turns on no rule that is off by default; once its exact id turned it on, wildcards set and unset it', () => {
    const id = 'document/unchecked-group';
    expect(BUILTIN_RULES[id]!.defaultOff).toBe(true);
    const c = config({
      rules: { 'document/*': 'error' },
      overrides: [
        { files: ['on/**'], rules: { [id]: 'warn' } },
        { files: ['on/error/**'], rules: { 'document/*': 'error' } },
        { files: ['on/error/off/**'], rules: { 'document/*': 'off' } },
        { files: ['on/error/off/again/**'], rules: { 'document/*': 'warn' } },
      ],
    });
    expect(severity(c, '/repo/x.yaml', id)).toBe(null);
    expect(severity(c, '/repo/x.yaml', 'document/unknown-kind')).toBe('error');
    expect(severity(c, '/repo/on/x.yaml', id)).toBe('warning');
    expect(severity(c, '/repo/on/error/x.yaml', id)).toBe('error');
    expect(severity(c, '/repo/on/error/off/x.yaml', id)).toBe(null);
    expect(severity(c, '/repo/on/error/off/again/x.yaml', id)).toBe(null);
    expect(severity(c, '/repo/on/error/off/again/x.yaml', 'document/unknown-kind')).toBe('warning');
  });
  it('--rule settings come last, one after the other: a later wildcard beats an earlier exact id', () => {
    const c = config({
      rules: {},
      overrides: [{ files: ['**'], rules: { 'security/no-pod-exec': 'off' } }],
      commandLineRules: [
        ['security/no-pod-exec', 'warn'],
        ['security/*', 'error'],
        ['security/no-impersonate', 'off'],
      ],
    });
    expect(severity(c, '/repo/x.yaml', 'security/no-pod-exec')).toBe('error');
    expect(severity(c, '/repo/x.yaml', 'security/no-impersonate')).toBe(null);
    expect(severity(c, '<text>', 'security/no-node-proxy')).toBe('error');
  });
  it('files match from the configuration folder as ignores do; texts without a file and files outside match no override', () => {
    const c = config({ rules: {}, overrides: [{ files: ['**', '!vendor/**', '.hidden/*.yaml'], rules: { 'schema/*': 'off' } }] });
    expect(pathInConfig(c, '/repo/a/b.yaml')).toBe('a/b.yaml');
    expect(pathInConfig(c, 'a/b.yaml')).toBe('a/b.yaml');
    for (const outside of ['<text>', '<command line>', 'untitled:Untitled-1', '/elsewhere/x.yaml', '/repo/../x.yaml', undefined]) expect(pathInConfig(c, outside)).toBe(undefined);
    expect(severity(c, '/repo/a/b.yaml', 'schema/type')).toBe(null);
    expect(severity(c, '/repo/.hidden/b.yaml', 'schema/type')).toBe(null);
    expect(severity(c, '/repo/vendor/b.yaml', 'schema/type')).toBe('error');
    expect(severity(c, '/elsewhere/x.yaml', 'schema/type')).toBe('error');
    expect(severity(c, 'untitled:Untitled-1', 'schema/type')).toBe('error');
  });
  it('files matching the same overrides share one configuration; a configuration without overrides or --rule is its own', () => {
    const c = config({ rules: { 'schema/*': 'warn' }, overrides: [{ files: ['a/**'], rules: { 'schema/type': 'off' } }] });
    expect(configFor(c, '/repo/a/1.yaml')).toBe(configFor(c, '/repo/a/2/3.yaml'));
    expect(configFor(c, '/repo/b.yaml')).toBe(configFor(c, '/repo/c.yaml'));
    expect(configFor(c, '/repo/b.yaml')).not.toBe(configFor(c, '/repo/a/1.yaml'));
    const own = configFor(c, '/repo/a/1.yaml');
    expect(own).toEqual({ ...DEFAULT_CONFIG, baseDir: '/repo', rules: { 'schema/*': 'warn', 'schema/type': 'off' } });
    expect(configFor(own, '/repo/b.yaml')).toBe(own);
    const plain = config({ rules: { 'schema/*': 'warn' } });
    expect(configFor(plain, '/repo/a/1.yaml')).toBe(plain);
    // worker threads get a structured clone of the run's configuration: the same answers
    const clone = structuredClone(c);
    expect(configFor(clone, '/repo/a/1.yaml')).toEqual(own);
  });
});

describe('per-folder severities on the command line', () => {
  it('each file gets the rules, then the overrides that match it, in order (json: rule, severity, position)', async () => {
    const dir = tree();
    const r = await platlint(['--format', 'json', '.'], { cwd: dir });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    expect(findings(r.stdout, dir)).toEqual(EXPECTED);
  });
  it('standard input matches the overrides by --stdin-filename (from the working folder); without it, none', async () => {
    const dir = tree();
    mkdirSync(join(dir, 'prod', 'app'), { recursive: true });
    const named = await platlint(['--format', 'json', '--stdin-filename', 'role.yaml', '-'], { cwd: join(dir, 'prod', 'app'), input: ROLE });
    expect(findings(named.stdout, dir)).toEqual(['prod/app/role.yaml schema/unknown-field 1 6:3', 'prod/app/role.yaml security/no-pod-exec 2 9:17', 'prod/app/role.yaml security/no-wildcard-verbs 2 10:13']);
    const unnamed = await platlint(['--format', 'json', '-'], { cwd: join(dir, 'prod', 'app'), input: ROLE });
    expect(findings(unnamed.stdout, dir)).toEqual(['<text> schema/unknown-field 1 6:3', '<text> security/no-pod-exec 1 9:17']);
  });
  it('a file outside the configuration folder gets the rules and no override', async () => {
    const dir = tree();
    const outside = scratch();
    mkdirSync(join(outside, 'prod'));
    writeFileSync(join(outside, 'prod', 'role.yaml'), ROLE);
    const r = await platlint(['--format', 'json', '--config', join(dir, 'platlint.config.yaml'), join(outside, 'prod', 'role.yaml')], { cwd: dir });
    expect(findings(r.stdout, outside)).toEqual(['prod/role.yaml schema/unknown-field 1 6:3', 'prod/role.yaml security/no-pod-exec 1 9:17']);
  });
  it('the checks across files take the severity of the file they report in', async () => {
    const role = 'apiVersion: rbac.authorization.plat.io/v1\nkind: ClusterRole\nmetadata:\n  name: reader\nrules: []\n';
    const dir = tree(
      'deployments:\n  - name: all\n    files: ["**/*.yaml"]\noverrides:\n  - files: ["prod/**"]\n    rules:\n      set/*: error\n  - files: ["dev/**"]\n    rules:\n      set/duplicate-object: "off"\n',
      [],
    );
    for (const f of ['prod/a.yaml', 'dev/b.yaml', 'c.yaml']) {
      mkdirSync(dirname(join(dir, f)), { recursive: true });
      writeFileSync(join(dir, f), role);
    }
    const r = await platlint(['--format', 'json', '.'], { cwd: dir });
    expect(findings(r.stdout, dir)).toEqual(['c.yaml set/duplicate-object 1 4:9', 'prod/a.yaml set/duplicate-object 2 4:9']);
  });
  it('platlint flags applies the overrides to files of flags', async () => {
    const dir = tree('overrides:\n  - files: ["prod/**"]\n    rules:\n      flags/*: error\n', []);
    for (const f of ['prod/node.flags', 'dev/node.flags']) {
      mkdirSync(dirname(join(dir, f)), { recursive: true });
      writeFileSync(join(dir, f), '--max-pods=150\n');
    }
    const r = await platlint(['flags', '--format', 'json', 'prod/node.flags', 'dev/node.flags'], { cwd: dir });
    expect(findings(r.stdout, dir)).toEqual(['dev/node.flags flags/deprecated 1 1:1', 'prod/node.flags flags/deprecated 2 1:1']);
  });
});

describe('--rule ID=SEVERITY', () => {
  it('wins over the configuration file and its overrides; a later --rule wins over an earlier one', async () => {
    const dir = tree();
    const off = await platlint(['--format', 'json', '--rule', 'security/no-pod-exec=off', '.'], { cwd: dir });
    expect(findings(off.stdout, dir)).toEqual(EXPECTED.filter((f) => !f.includes('security/no-pod-exec')));
    const later = await platlint(['--format', 'json', '--rule', 'security/no-pod-exec=off', '--rule', 'security/*=warn', '--rule', 'schema/unknown-field=error', 'dev/role.yaml', 'prod/role.yaml'], { cwd: dir });
    expect(findings(later.stdout, dir)).toEqual([
      'dev/role.yaml schema/unknown-field 2 6:3',
      'dev/role.yaml security/no-pod-exec 1 9:17',
      'dev/role.yaml security/no-wildcard-verbs 1 10:13',
      'prod/role.yaml schema/unknown-field 2 6:3',
      'prod/role.yaml security/no-pod-exec 1 9:17',
      'prod/role.yaml security/no-wildcard-verbs 1 10:13',
    ]);
    expect(later.code).toBe(1);
  });
  it('works without a configuration file; a wildcard does not turn on a rule off by default, its id does', async () => {
    const dir = tree();
    const wildcard = await platlint(['--format', 'json', '--no-config', '--rule', 'document/*=error', 'role.yaml'], { cwd: dir });
    expect(findings(wildcard.stdout, dir)).toEqual(['role.yaml schema/unknown-field 2 6:3', 'role.yaml security/no-pod-exec 1 9:17', 'role.yaml security/no-wildcard-verbs 1 10:13']);
    const named = await platlint(['--format', 'json', '--no-config', '--rule', 'document/unchecked-group=warn', '--rule', 'document/*=error', '--rule', 'security/*=off', 'role.yaml'], { cwd: dir });
    expect(findings(named.stdout, dir)).toEqual(['role.yaml schema/unknown-field 2 6:3', 'role.yaml document/unchecked-group 2 12:13']);
  });
  it('an unknown rule, area or severity is a usage error (exit 2) with a suggestion', async () => {
    const dir = tree();
    const cases: [string, string][] = [
      ['security/no-pod-exce=off', 'platlint: --rule security/no-pod-exce=off: unknown rule `security/no-pod-exce`; did you mean `security/no-pod-exec`? (platlint rules lists them)\n'],
      ['secutiry/*=off', 'platlint: --rule secutiry/*=off: unknown rule area `secutiry` in `secutiry/*`; did you mean `security/*`? (platlint rules lists them)\n'],
      ['security/no-pod-exec=warning', 'platlint: --rule security/no-pod-exec=warning: the severity is off, warn or error, got "warning"; did you mean warn?\n'],
      ['security/no-pod-exec=2', 'platlint: --rule security/no-pod-exec=2: the severity is off, warn or error, got "2"; did you mean error?\n'],
      ['security/no-pod-exec=loud', 'platlint: --rule security/no-pod-exec=loud: the severity is off, warn or error, got "loud"\n'],
      ['security/no-pod-exec', 'platlint: --rule takes ID=SEVERITY (a rule id or AREA/*, and off, warn or error), got "security/no-pod-exec"\n'],
    ];
    for (const [arg, stderr] of cases) expect(await platlint(['--rule', arg, '.'], { cwd: dir })).toEqual({ code: 2, stdout: '', stderr });
  });
});

/** Every rule's severity when nothing is configured, from the rule metadata. */
function defaults(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const id of [...ALL_RULES.keys()].sort()) {
    const meta = ALL_RULES.get(id)!;
    out[id] = meta.defaultOff ? 'off' : meta.severity === 'warning' ? 'warn' : 'error';
  }
  return out;
}

describe('--print-config FILE', () => {
  it('prints the file, the configuration file, the matching overrides, --rule and every rule severity, sorted; exit 0', async () => {
    const dir = tree();
    const r = await platlint(['--print-config', 'prod/sandbox.yaml', '--rule', 'yaml/*=error'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const printed = JSON.parse(r.stdout) as { rules: Record<string, string> };
    const area = (name: string, severity: string) => Object.fromEntries([...RULE_IDS].filter((id) => id.startsWith(`${name}/`)).map((id) => [id, severity]));
    expect(printed).toEqual({
      file: 'prod/sandbox.yaml',
      configFile: 'platlint.config.yaml',
      ignored: false,
      overrides: [
        { index: 1, files: ['prod/**', '!prod/legacy/**'] },
        { index: 2, files: ['**/sandbox.yaml'] },
      ],
      commandLineRules: ['yaml/*=error'],
      // rules: schema/unknown-field; override 1: security/* error, document/* warn (unchecked-group stays off);
      // override 2: security/* off, unchecked-group warn; --rule: yaml/* error
      rules: { ...defaults(), 'schema/unknown-field': 'warn', ...area('document', 'warn'), ...area('security', 'off'), ...area('yaml', 'error') },
    });
    expect(Object.keys(printed.rules)).toEqual([...RULE_IDS].sort());
    // two-space JSON and a final newline, as ESLint prints it
    expect(r.stdout).toBe(`${JSON.stringify(printed, null, 2)}\n`);
  });
  it('agrees with the lint: every finding of every file has the severity printed for its rule', async () => {
    const dir = tree();
    const results = JSON.parse((await platlint(['--format', 'json', '.'], { cwd: dir })).stdout) as JsonResult[];
    let compared = 0;
    for (const result of results) {
      const printed = JSON.parse((await platlint(['--print-config', result.filePath], { cwd: dir })).stdout) as { rules: Record<string, string> };
      for (const m of result.messages) {
        expect(`${m.ruleId} ${printed.rules[m.ruleId]}`).toBe(`${m.ruleId} ${m.severity === 2 ? 'error' : 'warn'}`);
        compared++;
      }
    }
    expect(compared).toBe(EXPECTED.length);
  });
  it('works with --config and --no-config, for a file that does not exist, and says when ignores leave the file out', async () => {
    const dir = tree(`${CONFIG}ignores: ["dev/generated/**"]\n`);
    const none = JSON.parse((await platlint(['--print-config', 'dev/role.yaml', '--no-config'], { cwd: dir })).stdout) as Record<string, unknown>;
    expect(none).toEqual({ file: 'dev/role.yaml', configFile: null, ignored: false, overrides: [], commandLineRules: [], rules: defaults() });
    // --resolve-refs turns on set/role-ref-unresolved, off by default, as it does for a run
    expect(none.rules).toMatchObject({ 'set/role-ref-unresolved': 'off' });
    const refs = JSON.parse((await platlint(['--print-config', 'dev/role.yaml', '--no-config', '--resolve-refs'], { cwd: dir })).stdout) as { rules: Record<string, string> };
    expect(refs.rules).toEqual({ ...defaults(), 'set/role-ref-unresolved': 'warn' });
    const sub = join(dir, 'dev');
    const named = JSON.parse((await platlint(['--print-config', 'generated/new.yaml', '--config', '../platlint.config.yaml'], { cwd: sub })).stdout) as Record<string, unknown>;
    expect({ ...named, rules: undefined }).toEqual({ file: 'generated/new.yaml', configFile: '../platlint.config.yaml', ignored: true, overrides: [{ index: 0, files: ['dev/**'] }], commandLineRules: [], rules: undefined });
  });
  it('is a usage error beside paths to lint, and a configuration error exits 2 with positions', async () => {
    const dir = tree();
    expect(await platlint(['--print-config', 'role.yaml', 'role.yaml'], { cwd: dir })).toEqual({ code: 2, stdout: '', stderr: 'platlint: --print-config prints the configuration of one file and lints nothing: give no other paths\n' });
    writeFileSync(join(dir, 'platlint.config.yaml'), 'overrides:\n  - files: ["dev/**"]\n    rules:\n      secutiry/*: error\n');
    expect(await platlint(['--print-config', 'role.yaml'], { cwd: dir })).toEqual({
      code: 2,
      stdout: '',
      stderr: `platlint: invalid configuration file ${join(dir, 'platlint.config.yaml')}\n  ${join(dir, 'platlint.config.yaml')}:4:7  unknown rule area \`secutiry\` in \`secutiry/*\`; did you mean \`security/*\`?\n`,
    });
  });
  it('the example of docs/configuration.md is what it prints', async () => {
    const page = readFileSync(join(ROOT, 'docs', 'configuration.md'), 'utf8');
    const section = page.slice(page.indexOf('## Tuning per folder'));
    const yaml = /```yaml\n([\s\S]*?)```/.exec(section)![1]!;
    const command = /```sh\n\$ (platlint --print-config .*)\n```/.exec(section)![1]!.split(' ').slice(1);
    const json = /```json\n([\s\S]*?)```/.exec(section)![1]!;
    const dir = tree(yaml, []);
    const r = await platlint(command.map((a) => a.replace(/^'(.*)'$/, '$1')), { cwd: dir });
    expect(r.code).toBe(0);
    // the page shows some of the rules (`…` stands for the others): each line it shows is printed as shown
    const shown = json.split('\n').filter((l) => l.trim() !== '' && !l.includes('…'));
    const printed = r.stdout.split('\n');
    const missing = shown.filter((l) => !printed.includes(l));
    expect(missing).toEqual([]);
  });
});

describe('worker threads and --cache', () => {
  it('give the same results as one thread; a changed --rule or override is not answered from the cache', async () => {
    // 35 files per folder: with --concurrency 3, two worker threads lint batches of 32 files beside the main thread
    const files = ['dev', 'prod', 'prod/legacy'].flatMap((d) => Array.from({ length: 35 }, (_, i) => `${d}/r${String(i).padStart(2, '0')}.yaml`));
    const dir = tree(CONFIG, files);
    const run = async (...args: string[]) => {
      const r = await platlint(['--format', 'json', ...args, '.'], { cwd: dir });
      expect(r.stderr).toBe('');
      return findings(r.stdout, dir);
    };
    const one = await run('--concurrency', 'off');
    const perFile = (d: string) => one.filter((f) => f.startsWith(`${d}/r00.yaml `)).map((f) => f.slice(f.indexOf(' ') + 1));
    expect(perFile('dev')).toEqual(['security/no-pod-exec 2 9:17']);
    expect(perFile('prod')).toEqual(['schema/unknown-field 1 6:3', 'security/no-pod-exec 2 9:17', 'security/no-wildcard-verbs 2 10:13']);
    expect(perFile('prod/legacy')).toEqual(['schema/unknown-field 1 6:3', 'security/no-pod-exec 1 9:17']);
    expect(one).toHaveLength(35 * 6);
    expect(await run('--concurrency', '3')).toEqual(one);
    expect(await run('--cache', '--concurrency', '3')).toEqual(one);
    expect(existsSync(join(dir, '.platlintcache'))).toBe(true);
    expect(await run('--cache', '--concurrency', 'off')).toEqual(one);
    // another --rule, then another override: the cached results of the first configuration are not used
    expect(await run('--cache', '--rule', 'security/no-pod-exec=off')).toEqual(one.filter((f) => !f.includes('security/no-pod-exec')));
    writeFileSync(join(dir, 'platlint.config.yaml'), CONFIG.replace('      schema/*: "off"\n', '      schema/*: error\n'));
    const changed = await run('--cache');
    expect(changed.filter((f) => f.startsWith('dev/r00.yaml '))).toEqual(['dev/r00.yaml schema/unknown-field 2 6:3', 'dev/r00.yaml security/no-pod-exec 2 9:17']);
    expect(await run('--cache', '--concurrency', '3')).toEqual(changed);
  });
});

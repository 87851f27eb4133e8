// The CI report formats (sarif, github, junit, gitlab, compact), each checked against its real consumer's
// schema: SARIF 2.1.0 (Ajv, draft 2020-12), Jenkins' junit-10.xsd (xmllint-wasm), and a GitLab Code Quality
// schema written from CONVENTIONS.md 3.5. Fixed inputs, exact outputs.
import { existsSync, mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import { validateXML } from 'xmllint-wasm';
import { fileLevelResult, lintText, type LintResult } from '../src/lint/lint.js';
import { ALL_RULES } from '../src/check/registry.js';
import { FORMATTERS, type FormatContext } from '../src/report/index.js';
import { escapeData, escapeProperty, formatGithub, stepSummary } from '../src/report/github.js';
import { formatCompact } from '../src/report/compact.js';
import { formatJunit } from '../src/report/junit.js';
import { codeQualitySeverity, toCodeQuality } from '../src/report/gitlab.js';
import { toSarif } from '../src/report/sarif.js';
import { fingerprinter, repoPath } from '../src/report/ci-common.js';
import { DOCS_BASE, REPOSITORY_URL, docsBase, repositoryWebUrl, ruleDocsUrl } from '../src/report/rule-url.js';
import { rulePagePath } from '../src/check/rule-docs.js';
import { VERSION } from '../src/version.js';
import { ROOT } from './helpers/fixtures.js';
import { platlint } from './helpers/cli.js';
import { sarifValidator } from './helpers/sarif.js';
import { DOCS } from './helpers/docs-url.js';

const DATA = join(ROOT, 'test', 'data');
const CWD = '/repo';
const ctx: FormatContext = { cwd: CWD, color: 0, checked: 6, skipped: 1, dryRun: false, env: {} };

/** A made-up key (base64 of `secret-short-key`, 16 bytes where aescbc needs 32): it must never be printed. */
const SECRET = 'c2VjcmV0LXNob3J0LWtleQ==';
const SECRET_DECODED = 'secret-short-key';

const TEXTS: Record<string, string> = {
  'config/authz.yaml': `apiVersion: apiserver.config.plat.io/v1alpha1
kind: AuthorizationConfiguration
authorizers:
  - type: Node
    name: node
    authorizer: x
  - type: RBAC
    name: node
`,
  'config/suppressed.yaml': `apiVersion: apiserver.config.plat.io/v1alpha1
kind: AuthorizationConfiguration
authorizers:
  - type: RBAC
    name: rbac
    # platlint-disable-next-line schema/unknown-field -- read by our deploy wrapper
    extra: 1
`,
  'config/broken.yaml': `apiVersion: apiserver.config.plat.io/v1alpha1
kind: AuthorizationConfiguration
authorizers: [
`,
  'config/encryption.yaml': `apiVersion: apiserver.config.plat.io/v1
kind: EncryptionConfiguration
resources:
  - resources:
      - secrets
    providers:
      - secretbox:
          keys:
            - name: k1
              secret: ${SECRET}
      - identity: {}
`,
  'config/clean.yaml': `apiVersion: apiserver.config.plat.io/v1alpha1
kind: AuthorizationConfiguration
authorizers:
  - type: RBAC
    name: rbac
---
apiVersion: apiserver.config.plat.io/v1alpha1
kind: AuthorizationConfiguration
authorizers:
  - type: Node
    name: node
`,
  'other/priority.yaml': `apiVersion: scheduling.plat.io/v1
kind: PriorityClass
value: 1000
`,
  'ci/workflow.yaml': `name: build
on: push
`,
};

/** document/unchecked-group is off by default; the sample turns it on for its one warning of a plat group platlint does not check. */
const UNCHECKED_ON = { rules: { 'document/unchecked-group': 'warn' as const }, ignores: [], baseDir: CWD };

function sample(): LintResult[] {
  const results = Object.entries(TEXTS).map(([p, t]) => lintText(t, { filePath: `${CWD}/${p}`, ...(p.startsWith('other/') ? { config: UNCHECKED_ON } : {}) }));
  results.push(fileLevelResult(`${CWD}/bin/blob.yaml`, { ruleId: 'input/binary', severity: 'error', message: 'the file is binary (a NUL byte at offset 3)', path: [], range: { start: 0, end: 0 }, document: -1, fatal: true }));
  return results;
}

/** A finding whose message and path hold every character the formats must escape. */
function awkward(): LintResult {
  return fileLevelResult(`${CWD}/odd/a,b:c <&>.yaml`, { ruleId: 'input/encoding', severity: 'error', message: '100% "bad" <x> & y | z\r\nnext: line, too', path: [], range: { start: 0, end: 0 }, document: -1, fatal: true });
}

describe('the sample run', () => {
  it('has the findings the formats below are pinned to', () => {
    const lines = sample().flatMap((r) => [
      ...r.diagnostics.map((d) => `${repoPath(r.filePath, CWD)} ${d.ruleId} ${d.severity} ${d.line}:${d.column}-${d.endLine}:${d.endColumn}`),
      ...r.suppressed.map((d) => `${repoPath(r.filePath, CWD)} ${d.ruleId} suppressed ${d.line}:${d.column}-${d.endLine}:${d.endColumn}`),
    ]);
    expect(lines).toEqual([
      'config/authz.yaml schema/unknown-field error 6:5-6:15',
      'config/authz.yaml authz/authorizer-name-unique error 8:11-8:15',
      'config/suppressed.yaml schema/unknown-field suppressed 7:5-7:10',
      'config/broken.yaml yaml/syntax error 4:1-4:2',
      'config/encryption.yaml encryption/key-length error 10:23-10:47',
      'other/priority.yaml document/unchecked-group warning 1:13-1:34',
      'bin/blob.yaml input/binary error 1:1-1:1',
    ]);
  });

  it('never prints the secret, in any format', () => {
    const results = sample();
    for (const [name, format] of Object.entries(FORMATTERS)) {
      const out = format(results, ctx);
      expect(out, name).not.toContain(SECRET);
      expect(out, name).not.toContain(SECRET_DECODED);
    }
    expect(stepSummary(results, ctx)).not.toContain(SECRET);
  });
});

describe('repository-relative paths', () => {
  it('are relative to the working folder, with / and no ./; outside it they stay absolute', () => {
    expect(repoPath('/repo/config/a.yaml', '/repo')).toBe('config/a.yaml');
    expect(repoPath('/repo/config/a.yaml', '/repo/')).toBe('config/a.yaml');
    expect(repoPath('/elsewhere/a.yaml', '/repo')).toBe('/elsewhere/a.yaml');
    expect(repoPath('<text>', '/repo')).toBe('<text>');
    expect(repoPath('./config/a.yaml', '/repo')).toBe('config/a.yaml');
  });
});

describe('compact', () => {
  it('prints file:line:col: severity message [rule], then ESLint\'s problem count', () => {
    expect(formatCompact(sample(), ctx)).toBe(
      [
        'bin/blob.yaml:1:1: error the file is binary (a NUL byte at offset 3) [input/binary]',
        'config/authz.yaml:6:5: error unknown field `authorizer` in `authorizers[0]`; allowed fields: `type`, `name`, `webhook` [schema/unknown-field]',
        'config/authz.yaml:8:11: error name `node` is already used by authorizers[0].name; authorizer names must be unique [authz/authorizer-name-unique]',
        'config/broken.yaml:4:1: error Parsing error: flow sequence in block collection must be sufficiently indented and end with a ] [yaml/syntax]',
        'config/encryption.yaml:10:23: error the key decodes to 16 bytes; secretbox keys are 32 bytes [encryption/key-length]',
        'other/priority.yaml:1:13: warning group `scheduling.plat.io` is not checked by platlint [document/unchecked-group]',
        '',
        '6 problems',
        '',
      ].join('\n'),
    );
  });
  it('prints nothing for a clean run and keeps a finding on one line', () => {
    expect(formatCompact([lintText(TEXTS['config/clean.yaml']!, { filePath: `${CWD}/c.yaml` })], ctx)).toBe('');
    expect(formatCompact([awkward()], ctx)).toBe('odd/a,b:c <&>.yaml:1:1: error 100% "bad" <x> & y | z next: line, too [input/encoding]\n\n1 problem\n');
  });
  it('matches the problem matcher pattern of a GitHub or VS Code problem matcher', () => {
    const pattern = /^(.+):(\d+):(\d+): (error|warning) (.*) \[([a-z0-9-]+\/[a-z0-9-]+)\]$/;
    const lines = formatCompact(sample(), ctx).split('\n').filter((l) => l.includes(': error ') || l.includes(': warning '));
    expect(lines).toHaveLength(6);
    for (const l of lines) expect(l).toMatch(pattern);
  });
});

describe('github', () => {
  it('prints annotations, errors first, with file, line, endLine, col, endColumn and title', () => {
    expect(formatGithub(sample(), ctx)).toBe(
      [
        '::error file=bin/blob.yaml,line=1,endLine=1,col=1,endColumn=1,title=input/binary::1:1 the file is binary (a NUL byte at offset 3) [input/binary]',
        '::error file=config/authz.yaml,line=6,endLine=6,col=5,endColumn=15,title=schema/unknown-field::6:5 unknown field `authorizer` in `authorizers[0]`; allowed fields: `type`, `name`, `webhook` [schema/unknown-field]',
        '::error file=config/authz.yaml,line=8,endLine=8,col=11,endColumn=15,title=authz/authorizer-name-unique::8:11 name `node` is already used by authorizers[0].name; authorizer names must be unique [authz/authorizer-name-unique]',
        '::error file=config/broken.yaml,line=4,endLine=4,col=1,endColumn=2,title=yaml/syntax::4:1 Parsing error: flow sequence in block collection must be sufficiently indented and end with a ] [yaml/syntax]',
        '::error file=config/encryption.yaml,line=10,endLine=10,col=23,endColumn=47,title=encryption/key-length::10:23 the key decodes to 16 bytes; secretbox keys are 32 bytes [encryption/key-length]',
        '::warning file=other/priority.yaml,line=1,endLine=1,col=13,endColumn=34,title=document/unchecked-group::1:13 group `scheduling.plat.io` is not checked by platlint [document/unchecked-group]',
        'platlint: 5 errors and 1 warning in 8 files (6 documents checked, 1 skipped as not plat, 1 of plat groups platlint does not check)',
        '',
      ].join('\n'),
    );
  });
  it('escapes data (%, CR, LF) and properties (also : and ,)', () => {
    expect(escapeData('100% a\r\nb: c, d')).toBe('100%25 a%0D%0Ab: c, d');
    expect(escapeProperty('100% a\r\nb: c, d')).toBe('100%25 a%0D%0Ab%3A c%2C d');
    expect(formatGithub([awkward()], ctx)).toBe(
      '::error file=odd/a%2Cb%3Ac <&>.yaml,line=1,endLine=1,col=1,endColumn=1,title=input/encoding::1:1 100%25 "bad" <x> & y | z%0D%0Anext: line, too [input/encoding]\n' +
        'platlint: 1 error and 0 warnings in 1 file (6 documents checked, 1 skipped as not plat)\n',
    );
  });
  it('says when GitHub\'s cap of 10 annotations per level will drop some', () => {
    // 12 unknown fields (errors) and 11 ambiguous scalars (warnings) in one file
    const text = [
      'apiVersion: apiserver.config.plat.io/v1alpha1',
      'kind: AuthorizationConfiguration',
      'authorizers:',
      '  - type: RBAC',
      '    name: rbac',
      ...Array.from({ length: 12 }, (_, i) => `    bogus${i}: x`),
    ].join('\n') + '\n';
    const warnText = ['apiVersion: scheduling.plat.io/v1', 'kind: PriorityClass', 'value: 1'].join('\n');
    const results = [lintText(text, { filePath: `${CWD}/many.yaml` }), ...Array.from({ length: 11 }, (_, i) => lintText(warnText, { filePath: `${CWD}/w${String(i).padStart(2, '0')}.yaml`, config: UNCHECKED_ON }))];
    const lines = formatGithub(results, ctx).split('\n');
    expect(lines[0]).toBe('::notice title=platlint::3 more findings not annotated: GitHub shows 10 errors and 10 warnings per step; every finding is in the job summary and the SARIF report (--format sarif:PATH).');
    expect(lines.slice(1, 13).every((l) => l.startsWith('::error file=many.yaml,'))).toBe(true);
    expect(lines.slice(13, 24).every((l) => l.startsWith('::warning file=w'))).toBe(true);
    expect(lines[24]).toBe('platlint: 12 errors and 11 warnings in 12 files (6 documents checked, 1 skipped as not plat, 11 of plat groups platlint does not check)');
    expect(lines).toHaveLength(26);
    // no note when everything fits
    expect(formatGithub(sample(), ctx)).not.toContain('::notice');
  });
  it('stepSummary: a Markdown table of the findings, cells escaped, rules linked', () => {
    expect(stepSummary([...sample(), awkward()], ctx)).toBe(
      [
        '### platlint',
        '',
        '6 errors and 1 warning in 9 files (6 documents checked, 1 skipped as not plat, 1 of plat groups platlint does not check)',
        '',
        '| Severity | File | Line | Rule | Message |',
        '| --- | --- | --- | --- | --- |',
        `| error | <code>bin/blob.yaml</code> | 1:1 | [<code>input/binary</code>](${DOCS}input/binary.md) | the file is binary (a NUL byte at offset 3) |`,
        `| error | <code>config/authz.yaml</code> | 6:5 | [<code>schema/unknown-field</code>](${DOCS}schema/unknown-field.md) | unknown field \`authorizer\` in \`authorizers[0]\`; allowed fields: \`type\`, \`name\`, \`webhook\` |`,
        `| error | <code>config/authz.yaml</code> | 8:11 | [<code>authz/authorizer-name-unique</code>](${DOCS}authz/authorizer-name-unique.md) | name \`node\` is already used by authorizers[0].name; authorizer names must be unique |`,
        `| error | <code>config/broken.yaml</code> | 4:1 | [<code>yaml/syntax</code>](${DOCS}yaml/syntax.md) | Parsing error: flow sequence in block collection must be sufficiently indented and end with a ] |`,
        `| error | <code>config/encryption.yaml</code> | 10:23 | [<code>encryption/key-length</code>](${DOCS}encryption/key-length.md) | the key decodes to 16 bytes; secretbox keys are 32 bytes |`,
        `| error | <code>odd/a,b:c &lt;&amp;&gt;.yaml</code> | 1:1 | [<code>input/encoding</code>](${DOCS}input/encoding.md) | 100% "bad" &lt;x&gt; &amp; y \\| z next: line, too |`,
        `| warning | <code>other/priority.yaml</code> | 1:13 | [<code>document/unchecked-group</code>](${DOCS}document/unchecked-group.md) | group \`scheduling.plat.io\` is not checked by platlint |`,
        '',
        '',
      ].join('\n'),
    );
    expect(stepSummary([], { ...ctx, checked: 0, skipped: 0 })).toBe('### platlint\n\nno problems in 0 files (0 documents checked, 0 skipped as not plat)\n\n');
  });
});

async function validateJunit(xml: string) {
  return validateXML({ xml: { fileName: 'report.xml', contents: xml }, schema: { fileName: 'junit-10.xsd', contents: readFileSync(join(DATA, 'junit-10.xsd'), 'utf8') } });
}

describe('junit', () => {
  const EXPECTED = `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="platlint" tests="9" failures="3" errors="2" time="0">
  <testsuite name="bin/blob.yaml" tests="1" failures="0" errors="1" skipped="0" time="0" file="bin/blob.yaml">
    <testcase classname="bin/blob.yaml" name="input/binary bin/blob.yaml:1:1" time="0">
      <error type="input/binary" message="the file is binary (a NUL byte at offset 3)">bin/blob.yaml:1:1 error the file is binary (a NUL byte at offset 3) (input/binary)</error>
    </testcase>
  </testsuite>
  <testsuite name="config/authz.yaml" tests="2" failures="2" errors="0" skipped="0" time="0" file="config/authz.yaml">
    <testcase classname="config/authz.yaml" name="schema/unknown-field config/authz.yaml:6:5" time="0">
      <failure type="schema/unknown-field" message="unknown field \`authorizer\` in \`authorizers[0]\`; allowed fields: \`type\`, \`name\`, \`webhook\`">config/authz.yaml:6:5 error unknown field \`authorizer\` in \`authorizers[0]\`; allowed fields: \`type\`, \`name\`, \`webhook\` (schema/unknown-field)</failure>
    </testcase>
    <testcase classname="config/authz.yaml" name="authz/authorizer-name-unique config/authz.yaml:8:11" time="0">
      <failure type="authz/authorizer-name-unique" message="name \`node\` is already used by authorizers[0].name; authorizer names must be unique">config/authz.yaml:8:11 error name \`node\` is already used by authorizers[0].name; authorizer names must be unique (authz/authorizer-name-unique)</failure>
    </testcase>
  </testsuite>
  <testsuite name="config/broken.yaml" tests="1" failures="0" errors="1" skipped="0" time="0" file="config/broken.yaml">
    <testcase classname="config/broken.yaml" name="yaml/syntax config/broken.yaml:4:1" time="0">
      <error type="yaml/syntax" message="Parsing error: flow sequence in block collection must be sufficiently indented and end with a ]">config/broken.yaml:4:1 error Parsing error: flow sequence in block collection must be sufficiently indented and end with a ] (yaml/syntax)</error>
    </testcase>
  </testsuite>
  <testsuite name="config/clean.yaml" tests="2" failures="0" errors="0" skipped="0" time="0" file="config/clean.yaml">
    <testcase classname="config/clean.yaml" name="config/clean.yaml clean document 1 of 2" time="0"/>
    <testcase classname="config/clean.yaml" name="config/clean.yaml clean document 2 of 2" time="0"/>
  </testsuite>
  <testsuite name="config/encryption.yaml" tests="1" failures="1" errors="0" skipped="0" time="0" file="config/encryption.yaml">
    <testcase classname="config/encryption.yaml" name="encryption/key-length config/encryption.yaml:10:23" time="0">
      <failure type="encryption/key-length" message="the key decodes to 16 bytes; secretbox keys are 32 bytes">config/encryption.yaml:10:23 error the key decodes to 16 bytes; secretbox keys are 32 bytes (encryption/key-length)</failure>
    </testcase>
  </testsuite>
  <testsuite name="config/suppressed.yaml" tests="1" failures="0" errors="0" skipped="0" time="0" file="config/suppressed.yaml">
    <testcase classname="config/suppressed.yaml" name="config/suppressed.yaml clean document 1 of 1" time="0"/>
  </testsuite>
  <testsuite name="other/priority.yaml" tests="1" failures="0" errors="0" skipped="0" time="0" file="other/priority.yaml">
    <testcase classname="other/priority.yaml" name="document/unchecked-group other/priority.yaml:1:13" time="0">
      <system-out>other/priority.yaml:1:13 warning group \`scheduling.plat.io\` is not checked by platlint (document/unchecked-group)</system-out>
    </testcase>
  </testsuite>
</testsuites>
`;
  it('one suite per file, a failing case per error, a passing case per warning (in system-out), an error per parse failure, a passing case per clean document', async () => {
    const xml = formatJunit(sample(), ctx);
    expect(xml).toBe(EXPECTED);
    const v = await validateJunit(xml);
    expect(v.errors).toEqual([]);
    expect(v.valid).toBe(true);
  });
  it('escapes XML and keeps case names unique (GitLab keeps only the first of duplicates)', async () => {
    const twice = awkward();
    twice.diagnostics.push({ ...twice.diagnostics[0]! });
    const xml = formatJunit([twice], ctx);
    expect(xml).toContain('<testsuite name="odd/a,b:c &lt;&amp;&gt;.yaml" tests="2" failures="0" errors="2"');
    expect(xml).toContain('name="input/encoding odd/a,b:c &lt;&amp;&gt;.yaml:1:1" time="0"');
    expect(xml).toContain('name="input/encoding odd/a,b:c &lt;&amp;&gt;.yaml:1:1 (2)" time="0"');
    expect(xml).toContain('message="100% &quot;bad&quot; &lt;x&gt; &amp; y | z&#13;&#10;next: line, too"');
    expect(xml).toContain('>odd/a,b:c &lt;&amp;&gt;.yaml:1:1 error 100% &quot;bad&quot; &lt;x&gt; &amp; y | z\r\nnext: line, too (input/encoding)</error>');
    expect((await validateJunit(xml)).valid).toBe(true);
  });
  it('the XSD really rejects a broken report (the validator is live)', async () => {
    const broken = formatJunit(sample(), ctx).replace(' tests="2" failures="2" errors="0"', ' failures="2" errors="0"');
    const v = await validateJunit(broken);
    expect(v.valid).toBe(false);
    expect(v.errors[0]!.message).toContain("The attribute 'tests' is required but missing");
  });
  it('an empty run is a valid, empty report', async () => {
    const xml = formatJunit([], ctx);
    expect(xml).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="platlint" tests="0" failures="0" errors="0" time="0">\n</testsuites>\n');
    expect((await validateJunit(xml)).valid).toBe(true);
  });
});

function gitlabValidator() {
  const ajv = new Ajv({ allErrors: true, strict: true });
  return ajv.compile(JSON.parse(readFileSync(join(DATA, 'gitlab-codequality.schema.json'), 'utf8')));
}

describe('gitlab', () => {
  it('Code Quality issues: description, check_name, fingerprint, severity, repo-relative path, 1-based positions', async () => {
    const issues = toCodeQuality(sample(), ctx);
    const validate = gitlabValidator();
    expect(validate(issues), JSON.stringify(validate.errors)).toBe(true);
    expect(issues.map(({ fingerprint, ...rest }) => ({ ...rest, fingerprint: fingerprint.length }))).toEqual([
      { type: 'issue', check_name: 'input/binary', description: 'the file is binary (a NUL byte at offset 3)', severity: 'blocker', fingerprint: 64, location: { path: 'bin/blob.yaml', positions: { begin: { line: 1, column: 1 }, end: { line: 1, column: 1 } } } },
      { type: 'issue', check_name: 'schema/unknown-field', description: 'unknown field `authorizer` in `authorizers[0]`; allowed fields: `type`, `name`, `webhook`', severity: 'major', fingerprint: 64, location: { path: 'config/authz.yaml', positions: { begin: { line: 6, column: 5 }, end: { line: 6, column: 15 } } } },
      { type: 'issue', check_name: 'authz/authorizer-name-unique', description: 'name `node` is already used by authorizers[0].name; authorizer names must be unique', severity: 'major', fingerprint: 64, location: { path: 'config/authz.yaml', positions: { begin: { line: 8, column: 11 }, end: { line: 8, column: 15 } } } },
      { type: 'issue', check_name: 'yaml/syntax', description: 'Parsing error: flow sequence in block collection must be sufficiently indented and end with a ]', severity: 'blocker', fingerprint: 64, location: { path: 'config/broken.yaml', positions: { begin: { line: 4, column: 1 }, end: { line: 4, column: 2 } } } },
      { type: 'issue', check_name: 'encryption/key-length', description: 'the key decodes to 16 bytes; secretbox keys are 32 bytes', severity: 'critical', fingerprint: 64, location: { path: 'config/encryption.yaml', positions: { begin: { line: 10, column: 23 }, end: { line: 10, column: 47 } } } },
      { type: 'issue', check_name: 'document/unchecked-group', description: 'group `scheduling.plat.io` is not checked by platlint', severity: 'minor', fingerprint: 64, location: { path: 'other/priority.yaml', positions: { begin: { line: 1, column: 13 }, end: { line: 1, column: 34 } } } },
    ]);
    expect(new Set(issues.map((i) => i.fingerprint)).size).toBe(issues.length);
    const out = await FORMATTERS.gitlab!(sample(), ctx);
    expect(out.charCodeAt(0)).toBe('['.charCodeAt(0)); // no byte-order mark
    expect(JSON.parse(out)).toEqual(issues);
  });
  it('maps severities: error major, warning minor, one step up for security rules, blocker for unparsable files', () => {
    expect(codeQualitySeverity({ ruleId: 'schema/type', severity: 'error' })).toBe('major');
    expect(codeQualitySeverity({ ruleId: 'yaml/ambiguous-scalar', severity: 'warning' })).toBe('minor');
    expect(codeQualitySeverity({ ruleId: 'encryption/key-length', severity: 'error' })).toBe('critical');
    expect(codeQualitySeverity({ ruleId: 'security/no-pod-exec', severity: 'warning' })).toBe('major');
    expect(codeQualitySeverity({ ruleId: 'yaml/syntax', severity: 'error', fatal: true })).toBe('blocker');
  });
  it('fingerprints do not change when lines move, and identical findings still differ', () => {
    const text = TEXTS['config/authz.yaml']!;
    const before = toCodeQuality([lintText(text, { filePath: `${CWD}/config/authz.yaml` })], ctx);
    const moved = toCodeQuality([lintText(`# a comment\n# another\n${text}`, { filePath: `${CWD}/config/authz.yaml` })], ctx);
    expect(moved.map((i) => i.location.positions.begin.line)).toEqual([8, 10]);
    expect(moved.map((i) => i.fingerprint)).toEqual(before.map((i) => i.fingerprint));
    // another file: other fingerprints
    const elsewhere = toCodeQuality([lintText(text, { filePath: `${CWD}/config/other.yaml` })], ctx);
    expect(elsewhere[0]!.fingerprint).not.toBe(before[0]!.fingerprint);
    // positions written into a message (set/duplicate-object names the other definition's file:line:col) are left out
    const d = { ruleId: 'set/duplicate-object', document: 0, path: ['metadata', 'name'], message: 'Role `r` is defined more than once: also at config/b.yaml:3:7' };
    expect(fingerprinter()('config/a.yaml', d)).toBe(fingerprinter()('config/a.yaml', { ...d, message: 'Role `r` is defined more than once: also at config/b.yaml:12:7' }));
    expect(fingerprinter()('config/a.yaml', d)).not.toBe(fingerprinter()('config/a.yaml', { ...d, message: 'Role `r` is defined more than once: also at config/c.yaml:3:7' }));
    // two identical findings (same file, rule, document, path and message)
    const twice = awkward();
    twice.diagnostics.push({ ...twice.diagnostics[0]! });
    const [a, b] = toCodeQuality([twice], ctx);
    expect(a!.fingerprint).not.toBe(b!.fingerprint);
  });
  it('the schema really rejects a 0-based line and a missing fingerprint (the validator is live)', () => {
    const validate = gitlabValidator();
    const [issue] = toCodeQuality(sample(), ctx);
    expect(validate([{ ...issue, location: { ...issue!.location, positions: { begin: { line: 0, column: 1 } } } }])).toBe(false);
    const { fingerprint: _, ...noFingerprint } = issue!;
    expect(validate([noFingerprint])).toBe(false);
  });
});

describe('sarif', () => {
  it('validates against the SARIF 2.1.0 schema: findings, suppressed, related locations, a parse error, a file-level finding', async () => {
    const log = JSON.parse(await FORMATTERS.sarif!([...sample(), awkward()], ctx));
    const validate = sarifValidator();
    expect(validate(log), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
  });
  it('the schema really rejects a result without a message (the validator is live)', () => {
    const log = toSarif(sample(), ctx) as unknown as { runs: { results: Record<string, unknown>[] }[] };
    delete log.runs[0]!.results[0]!.message;
    expect(sarifValidator()(log)).toBe(false);
  });
  it('describes the rules its results refer to, and only those: descriptions, help text and markdown, help URI, default level', () => {
    const log = toSarif([...sample(), awkward()], ctx);
    const { driver } = log.runs[0]!.tool;
    expect(driver).toMatchObject({ name: 'platlint', version: VERSION, semanticVersion: VERSION, informationUri: 'https://github.com/PLACEHOLDER-OWNER/platlint' });
    // in the registry's order (engine findings by stage, then rule modules)
    expect(driver.rules.map((r) => r.id)).toEqual(['input/binary', 'input/encoding', 'yaml/syntax', 'document/unchecked-group', 'schema/unknown-field', 'authz/authorizer-name-unique', 'encryption/key-length']);
    expect(driver.rules.map((r) => r.id)).toEqual([...ALL_RULES.keys()].filter((id) => driver.rules.some((r) => r.id === id)));
    for (const r of driver.rules) {
      const meta = ALL_RULES.get(r.id)!;
      expect(r.shortDescription.text).toBe(meta.description);
      expect(r.fullDescription.text).toBe(`${meta.description} ${meta.docs.rationale}`);
      expect(r.help.text).toContain(meta.docs.remediation);
      expect(r.help.markdown).toContain(`## ${r.id}`);
      expect(r.helpUri).toBe(ruleDocsUrl(r.id));
      expect(r.defaultConfiguration.level).toBe(meta.severity);
    }
    expect(driver.rules.find((r) => r.id === 'schema/unknown-field')).toEqual({
      id: 'schema/unknown-field',
      name: 'SchemaUnknownField',
      shortDescription: { text: 'A field is not part of the kind.' },
      fullDescription: { text: 'A field is not part of the kind. The platform decodes configuration files strictly: an unknown field (often a typo) is an error.' },
      help: {
        text: `The platform decodes configuration files strictly: an unknown field (often a typo) is an error.\n\nFix: Remove the field or correct its name.\n\nDocumentation: ${DOCS}schema/unknown-field.md`,
        markdown: expect.stringMatching(/^## schema\/unknown-field\n\nA field is not part of the kind\.\n[^]*\[Documentation\]\(https:\/\/github\.com\/PLACEHOLDER-OWNER\/platlint\/blob\/HEAD\/docs\/rules\/schema\/unknown-field\.md\)\n$/),
      },
      helpUri: `${DOCS}schema/unknown-field.md`,
      defaultConfiguration: { level: 'error' },
      properties: { tags: ['schema'], precision: 'very-high' },
    });
    // security-relevant rules are tagged so that GitHub lists them as security alerts
    expect(driver.rules.find((r) => r.id === 'encryption/key-length')!.properties).toEqual({ tags: ['encryption', 'security'], precision: 'very-high', 'security-severity': '7.0' });
    const broad = lintText('apiVersion: rbac.authorization.plat.io/v1\nkind: ClusterRoleBinding\nmetadata:\n  name: b\nroleRef:\n  apiGroup: rbac.authorization.plat.io\n  kind: ClusterRole\n  name: cluster-admin\nsubjects:\n  - kind: Group\n    apiGroup: rbac.authorization.plat.io\n    name: system:authenticated\n', { filePath: `${CWD}/rbac.yaml` });
    const broadRules = toSarif([broad], ctx).runs[0]!.tool.driver.rules;
    expect(broadRules.map((r) => r.id)).toContain('security/no-admin-binding-to-broad-groups');
    expect(broadRules.find((r) => r.id === 'security/no-admin-binding-to-broad-groups')!.properties).toEqual({ tags: ['security'], precision: 'very-high', 'security-severity': '4.0' });
    expect(log.runs[0]!.invocations).toEqual([{ executionSuccessful: true, toolExecutionNotifications: expect.any(Array) }]);
  });
  it('a run without findings describes no rule', () => {
    const run = toSarif([lintText(TEXTS['config/clean.yaml']!, { filePath: `${CWD}/config/clean.yaml` })], ctx).runs[0]!;
    expect(run.tool.driver.rules).toEqual([]);
    expect(run.results).toEqual([]);
    expect(run.invocations).toEqual([{ executionSuccessful: true, toolExecutionNotifications: [] }]);
    const validate = sarifValidator();
    expect(validate(JSON.parse(JSON.stringify(toSarif([], ctx)))), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
  });
  it('every ruleIndex, and every notification\'s rule index, points at the descriptor of its rule', () => {
    const run = toSarif([...sample(), awkward()], ctx).runs[0]!;
    const rules = run.tool.driver.rules;
    expect(run.results.length).toBe(8);
    for (const r of run.results) expect(rules[r.ruleIndex]!.id).toBe(r.ruleId);
    for (const n of run.invocations[0]!.toolExecutionNotifications) expect(rules[n.associatedRule!.index]!.id).toBe(n.associatedRule!.id);
    // each descriptor is referred to (no rule without a result)
    expect(new Set(run.results.map((r) => r.ruleIndex)).size).toBe(rules.length);
  });
  it('PLATLINT_DOCS_URL points the links at another copy of the docs/rules folder', () => {
    const env = { PLATLINT_DOCS_URL: 'https://git.example.com/acme/platlint/-/blob/v1.2.0/docs/rules' };
    const rule = toSarif(sample(), { ...ctx, env }).runs[0]!.tool.driver.rules.find((r) => r.id === 'yaml/syntax')!;
    expect(rule.helpUri).toBe('https://git.example.com/acme/platlint/-/blob/v1.2.0/docs/rules/yaml/syntax.md');
    expect(rule.help.text).toContain('Documentation: https://git.example.com/acme/platlint/-/blob/v1.2.0/docs/rules/yaml/syntax.md');
    expect(stepSummary(sample(), { ...ctx, env })).toContain('[<code>yaml/syntax</code>](https://git.example.com/acme/platlint/-/blob/v1.2.0/docs/rules/yaml/syntax.md)');
    // a trailing slash (or several) and a fragment are left out
    expect(docsBase({ PLATLINT_DOCS_URL: ' https://example.com/platlint/docs/rules//#top ' })).toBe('https://example.com/platlint/docs/rules');
    // empty: the default
    expect(stepSummary(sample(), { ...ctx, env: { PLATLINT_DOCS_URL: '' } })).toContain(`(${DOCS}yaml/syntax.md)`);
  });
  it('every result: rule id and index, level, message, a repo-relative location with a full region, fingerprints', () => {
    const run = toSarif(sample(), ctx).runs[0]!;
    const rules = run.tool.driver.rules;
    expect(run.columnKind).toBe('utf16CodeUnits');
    expect(run.originalUriBaseIds).toEqual({ '%SRCROOT%': { uri: 'file:///repo/' } });
    const at = (uri: string, startLine: number, startColumn: number, endLine: number, endColumn: number) => ({
      physicalLocation: { artifactLocation: { uri, uriBaseId: '%SRCROOT%' }, region: { startLine, startColumn, endLine, endColumn } },
    });
    const fp = { 'platlint/v1': expect.stringMatching(/^[0-9a-f]{64}$/) };
    expect(run.results).toEqual([
      { ruleId: 'input/binary', ruleIndex: rules.findIndex((r) => r.id === 'input/binary'), level: 'error', message: { text: 'the file is binary (a NUL byte at offset 3)' }, locations: [at('bin/blob.yaml', 1, 1, 1, 1)], partialFingerprints: fp },
      { ruleId: 'schema/unknown-field', ruleIndex: rules.findIndex((r) => r.id === 'schema/unknown-field'), level: 'error', message: { text: 'unknown field `authorizer` in `authorizers[0]`; allowed fields: `type`, `name`, `webhook`' }, locations: [at('config/authz.yaml', 6, 5, 6, 15)], partialFingerprints: fp },
      {
        ruleId: 'authz/authorizer-name-unique',
        ruleIndex: rules.findIndex((r) => r.id === 'authz/authorizer-name-unique'),
        level: 'error',
        message: { text: 'name `node` is already used by authorizers[0].name; authorizer names must be unique' },
        locations: [at('config/authz.yaml', 8, 11, 8, 15)],
        partialFingerprints: fp,
        relatedLocations: [{ id: 1, message: { text: 'first authorizer named `node`' }, physicalLocation: { artifactLocation: { uri: 'config/authz.yaml', uriBaseId: '%SRCROOT%' }, region: { startLine: 5, startColumn: 5, endLine: 5, endColumn: 9 } } }],
      },
      { ruleId: 'yaml/syntax', ruleIndex: rules.findIndex((r) => r.id === 'yaml/syntax'), level: 'error', message: { text: 'Parsing error: flow sequence in block collection must be sufficiently indented and end with a ]' }, locations: [at('config/broken.yaml', 4, 1, 4, 2)], partialFingerprints: fp },
      { ruleId: 'encryption/key-length', ruleIndex: rules.findIndex((r) => r.id === 'encryption/key-length'), level: 'error', message: { text: 'the key decodes to 16 bytes; secretbox keys are 32 bytes' }, locations: [at('config/encryption.yaml', 10, 23, 10, 47)], partialFingerprints: fp },
      { ruleId: 'document/unchecked-group', ruleIndex: rules.findIndex((r) => r.id === 'document/unchecked-group'), level: 'warning', message: { text: 'group `scheduling.plat.io` is not checked by platlint' }, locations: [at('other/priority.yaml', 1, 13, 1, 34)], partialFingerprints: fp },
      {
        ruleId: 'schema/unknown-field',
        ruleIndex: rules.findIndex((r) => r.id === 'schema/unknown-field'),
        level: 'error',
        message: { text: 'unknown field `extra` in `authorizers[0]`; allowed fields: `type`, `name`, `webhook`' },
        locations: [at('config/suppressed.yaml', 7, 5, 7, 10)],
        partialFingerprints: fp,
        suppressions: [{ kind: 'inSource', justification: 'read by our deploy wrapper' }],
      },
    ].sort((a, b) => (a.locations[0]!.physicalLocation.artifactLocation.uri < b.locations[0]!.physicalLocation.artifactLocation.uri ? -1 : 1)));
    // the parse failures are also tool execution notifications
    expect(run.invocations[0]!.toolExecutionNotifications.map((n) => [n.associatedRule?.id, n.message.text])).toEqual([
      ['input/binary', 'bin/blob.yaml: the file is binary (a NUL byte at offset 3)'],
      ['yaml/syntax', 'config/broken.yaml: Parsing error: flow sequence in block collection must be sufficiently indented and end with a ]'],
    ]);
  });
  it('fixable findings carry their fix; paths with odd characters are percent-encoded; files outside the folder are file URIs', () => {
    const typo = lintText('apiVersion: apiserver.config.plat.io/v1alpha1\nkind: AuthorizationConfiguration\nauthorizers:\n  - type: Rbac\n    name: rbac\n', { filePath: `${CWD}/my dir/a#b.yaml` });
    const outside = lintText(TEXTS['config/authz.yaml']!, { filePath: '/elsewhere/authz.yaml' });
    const run = toSarif([typo, outside], ctx).runs[0]!;
    const fixable = run.results.find((r) => r.fixes);
    expect(fixable?.fixes).toEqual([
      {
        description: { text: 'Replace with RBAC' },
        artifactChanges: [{ artifactLocation: { uri: 'my%20dir/a%23b.yaml', uriBaseId: '%SRCROOT%' }, replacements: [{ deletedRegion: { startLine: 4, startColumn: 11, endLine: 4, endColumn: 15 }, insertedContent: { text: 'RBAC' } }] }],
      },
    ]);
    expect(run.results.map((r) => r.locations[0]!.physicalLocation.artifactLocation)).toContainEqual({ uri: 'file:///elsewhere/authz.yaml' });
    const validate = sarifValidator();
    expect(validate(JSON.parse(JSON.stringify({ $schema: 'https://json.schemastore.org/sarif-2.1.0.json', version: '2.1.0', runs: [run] }))), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
  });
});

describe('the version', () => {
  it('is package.json\'s', () => {
    expect(VERSION).toBe(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version);
  });
});

describe('the documentation links', () => {
  it('go to the rule\'s page in docs/rules/ of the repository package.json names', () => {
    expect(REPOSITORY_URL).toBe(repositoryWebUrl(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).repository));
    expect(DOCS_BASE).toBe(`${REPOSITORY_URL}/blob/HEAD/docs/rules`);
    expect(ruleDocsUrl('schema/unknown-field')).toBe(`${DOCS}schema/unknown-field.md`);
    // every rule's link names its page, which exists, and whose heading is the rule's id
    for (const id of ALL_RULES.keys()) {
      const page = ruleDocsUrl(id).slice(DOCS.length);
      expect(page, id).toBe(rulePagePath(id));
      expect(readFileSync(join(ROOT, 'docs', 'rules', page), 'utf8'), id).toContain(`\n# ${id}\n`);
    }
  });
  it('repositoryWebUrl reads the forms package.json allows', () => {
    expect(repositoryWebUrl({ type: 'git', url: 'git+https://github.com/acme/platlint.git' })).toBe('https://github.com/acme/platlint');
    expect(repositoryWebUrl('https://github.com/acme/platlint/')).toBe('https://github.com/acme/platlint');
    expect(repositoryWebUrl('github:acme/platlint')).toBe('https://github.com/acme/platlint');
    expect(repositoryWebUrl('acme/platlint')).toBe('https://github.com/acme/platlint');
    expect(repositoryWebUrl('gitlab:acme/platlint')).toBe('https://gitlab.com/acme/platlint');
    expect(repositoryWebUrl('git@github.com:acme/platlint.git')).toBe('https://github.com/acme/platlint');
    expect(repositoryWebUrl('git://github.com/acme/platlint.git')).toBe('https://github.com/acme/platlint');
    expect(repositoryWebUrl(undefined)).toBeUndefined();
    expect(repositoryWebUrl({ type: 'git' })).toBeUndefined();
    expect(repositoryWebUrl('not a url')).toBeUndefined();
  });
});

describe('the command line (built: npm run build)', () => {
  const scratch = () => {
    const dir = mkdtempSync(join(tmpdir(), 'platlint-formats-'));
    mkdirSync(join(dir, 'config'));
    for (const name of ['config/authz.yaml', 'config/encryption.yaml', 'config/clean.yaml', 'config/suppressed.yaml', 'config/broken.yaml']) writeFileSync(join(dir, name), TEXTS[name]!);
    return dir;
  };

  it('writes several reports in one run, each valid for its consumer', async () => {
    const dir = scratch();
    const r = await platlint(['--format', 'sarif:out.sarif', '--format', 'junit:out.xml', '--format', 'gitlab:gl-code-quality-report.json', '--format', 'compact', 'config'], { cwd: dir });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(
      [
        'config/authz.yaml:6:5: error unknown field `authorizer` in `authorizers[0]`; allowed fields: `type`, `name`, `webhook` [schema/unknown-field]',
        'config/authz.yaml:8:11: error name `node` is already used by authorizers[0].name; authorizer names must be unique [authz/authorizer-name-unique]',
        'config/broken.yaml:4:1: error Parsing error: flow sequence in block collection must be sufficiently indented and end with a ] [yaml/syntax]',
        'config/encryption.yaml:10:23: error the key decodes to 16 bytes; secretbox keys are 32 bytes [encryption/key-length]',
        '',
        '4 problems',
        '',
      ].join('\n'),
    );
    for (const f of ['out.sarif', 'out.xml', 'gl-code-quality-report.json']) {
      expect(existsSync(join(dir, f)), f).toBe(true);
      const text = readFileSync(join(dir, f), 'utf8');
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain(SECRET_DECODED);
    }
    const sarif = JSON.parse(readFileSync(join(dir, 'out.sarif'), 'utf8'));
    const validate = sarifValidator();
    expect(validate(sarif), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    expect(sarif.runs[0].results.map((x: { ruleId: string; locations: { physicalLocation: { artifactLocation: { uri: string } } }[]; suppressions?: unknown }) => `${x.locations[0]!.physicalLocation.artifactLocation.uri} ${x.ruleId}${x.suppressions ? ' suppressed' : ''}`)).toEqual([
      'config/authz.yaml schema/unknown-field',
      'config/authz.yaml authz/authorizer-name-unique',
      'config/broken.yaml yaml/syntax',
      'config/encryption.yaml encryption/key-length',
      'config/suppressed.yaml schema/unknown-field suppressed',
    ]);
    const junit = await validateJunit(readFileSync(join(dir, 'out.xml'), 'utf8'));
    expect(junit.errors).toEqual([]);
    expect(readFileSync(join(dir, 'out.xml'), 'utf8')).toContain('<testsuites name="platlint" tests="7" failures="3" errors="1" time="0">');
    const gitlab = gitlabValidator();
    expect(gitlab(JSON.parse(readFileSync(join(dir, 'gl-code-quality-report.json'), 'utf8')))).toBe(true);
  });

  it('PLATLINT_DOCS_URL points the links of the SARIF report and the job summary elsewhere', async () => {
    const dir = scratch();
    const summary = join(dir, 'summary.md');
    writeFileSync(summary, '');
    const env = { PLATLINT_DOCS_URL: 'https://example.com/fork/docs/rules/', GITHUB_STEP_SUMMARY: summary };
    const r = await platlint(['--format', 'github', '--format', 'sarif:out.sarif', 'config/authz.yaml'], { cwd: dir, env });
    expect(r.code).toBe(1);
    const rules = JSON.parse(readFileSync(join(dir, 'out.sarif'), 'utf8')).runs[0].tool.driver.rules as { id: string; helpUri: string }[];
    expect(rules.map((x) => [x.id, x.helpUri])).toEqual([
      ['schema/unknown-field', 'https://example.com/fork/docs/rules/schema/unknown-field.md'],
      ['authz/authorizer-name-unique', 'https://example.com/fork/docs/rules/authz/authorizer-name-unique.md'],
    ]);
    expect(readFileSync(summary, 'utf8')).toContain('| error | <code>config/authz.yaml</code> | 6:5 | [<code>schema/unknown-field</code>](https://example.com/fork/docs/rules/schema/unknown-field.md) |');
  });

  it('GITHUB_ACTIONS=true without --format prints annotations', async () => {
    const dir = scratch();
    const r = await platlint(['config/authz.yaml'], { cwd: dir, env: { GITHUB_ACTIONS: 'true' } });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(
      '::error file=config/authz.yaml,line=6,endLine=6,col=5,endColumn=15,title=schema/unknown-field::6:5 unknown field `authorizer` in `authorizers[0]`; allowed fields: `type`, `name`, `webhook` [schema/unknown-field]\n' +
        '::error file=config/authz.yaml,line=8,endLine=8,col=11,endColumn=15,title=authz/authorizer-name-unique::8:11 name `node` is already used by authorizers[0].name; authorizer names must be unique [authz/authorizer-name-unique]\n' +
        'platlint: 2 errors and 0 warnings in 1 file (1 document checked, 0 skipped as not plat)\n',
    );
  });
});

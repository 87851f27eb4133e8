// `platlint flags`: the readers of the four input forms (exact offsets through quotes, escapes and
// continuations), the argument parser, lintFlagsArgs, suppression comments and odd input.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintFlagsArgs, lintFlagsText } from '../src/flags/lint.js';
import { detectForm, parseArgs, readArgs, readEnvFile, readFlagsFile, readSystemdUnit, type Word } from '../src/flags/read.js';
import { checkValue, parseGoInt } from '../src/kinds/flag-values.js';
import { FLAG_BY_NAME, FLAGS, UNLISTED_FLAGS } from '../src/kinds/flag-table.js';
import { RULES } from '../rules/index.js';
import { ROOT, asExpectation } from './helpers/fixtures.js';
import { platlint } from './helpers/cli.js';
import { fixText } from '../src/files/fix.js';
import { isSecretFlag, redactDiagnostic } from '../src/redact.js';
import { FORMATTERS } from '../src/report/index.js';

/** The text each word's offsets point at, character by character: must equal the word where nothing was unquoted. */
function at(text: string, w: Word): string {
  return w.offsets.slice(0, -1).map((o) => text[o]).join('');
}

function found(text: string, filePath?: string): string[] {
  return lintFlagsText(text, filePath ? { filePath } : {}).diagnostics.map((d) => `${asExpectation(d)}`);
}

describe('flag table', () => {
  it('has every flag once, named with two dashes', () => {
    expect(new Set(FLAGS.map((f) => f.name)).size).toBe(FLAGS.length);
    for (const f of FLAGS) expect(f.name).toMatch(/^--[a-z0-9][a-z0-9-]*$/);
  });
  it('has the spec flag count and its removal versions', () => {
    expect(FLAGS.length).toBe(129); // the rows of the spec's table
    expect(FLAG_BY_NAME.get('--pod-infra-container-image')?.removal).toBe('1.35');
    expect(FLAG_BY_NAME.get('--experimental-mounter-path')?.removal).toBe('1.25 or later');
  });
  it('knows the container monitor flags the platform accepts on Linux, outside the spec table, and never suggests them', () => {
    for (const f of UNLISTED_FLAGS) {
      expect(FLAGS.some((g) => g.name === f.name), f.name).toBe(false);
      expect(FLAG_BY_NAME.get(f.name), f.name).toBe(f);
      expect(f.name).toMatch(/^--[a-z0-9][a-z0-9-]*$/);
    }
    expect(UNLISTED_FLAGS.filter((f) => !f.deprecated).map((f) => f.name)).toEqual(['--housekeeping-interval']);
    expect(found('--containerd-namespac=k8s.io\n', 'x.flags')).toEqual(['flags/unknown --containerd-namespac 1:1']);
  });
  it('gives every enum its values and every default a parsable value', () => {
    for (const f of FLAGS) {
      if (f.type === 'enum' || f.type === 'enums') expect(f.values?.length, f.name).toBeGreaterThan(0);
      if (f.default !== undefined && !['string', 'map'].includes(f.type)) expect(checkValue(f, f.default), f.name).toEqual([]);
    }
  });
});

describe('readers', () => {
  it('reads a file of flags: comments, several flags a line, quotes and continuations', () => {
    const text = '# gpu pool\n/usr/bin/platlet --max-pods=20 \\\n  --node-labels="a=b" # labels\n--v 2\n';
    const { words, found: ok } = readFlagsFile(text);
    expect(ok).toBe(true);
    expect(words.map((w) => w.text)).toEqual(['--max-pods=20', '--node-labels=a=b', '--v', '2']);
    expect(at(text, words[0]!)).toBe('--max-pods=20');
    // the quotes are gone from the text but every character keeps its own offset
    expect(at(text, words[1]!)).toBe('--node-labels=a=b');
    expect(text.slice(words[1]!.offsets[14]!, words[1]!.offsets.at(-1))).toBe('a=b"');
  });

  it('ends on a backslash before a lone carriage return (a file with CR line ends): a continuation, not an endless loop', () => {
    const text = '/usr/bin/platlet --max-pods=20 \\\r--v 2\r\\\r';
    expect(readFlagsFile(text).words.map((w) => w.text)).toEqual(['--max-pods=20', '--v', '2']);
    const result = lintFlagsText(text.repeat(200), { form: 'flags' });
    expect(result.fatalErrorCount).toBe(0);
  });

  it('reads an environment file: PLATLET_..._ARGS lines in order, quoted or not', () => {
    const text = 'HOME=/root\nPLATLET_PLATADM_ARGS="--cgroup-driver=systemd --max-pods=50"\nexport PLATLET_EXTRA_ARGS=--v=2 # verbose\nOTHER_ARGS=--x\n';
    const { words } = readEnvFile(text);
    expect(words.map((w) => w.text)).toEqual(['--cgroup-driver=systemd', '--max-pods=50', '--v=2']);
    for (const w of words) expect(at(text, w)).toBe(w.text);
  });

  it('reads a systemd drop-in: continuations, Environment= values, $VAR and ${VAR}, ExecStart reset', () => {
    const text = [
      '[Service]',
      'Environment="PLATLET_CONFIG_ARGS=--config=/var/lib/platlet/config.yaml" "NODE=--node-ip=10.0.0.7"',
      "Environment='PLATLET_EXTRA_ARGS=--v=2 --max-pods=30'",
      'ExecStart=/usr/bin/wrong --x',
      'ExecStart=',
      'ExecStart=/usr/bin/platlet $PLATLET_CONFIG_ARGS \\',
      '# a comment inside the continuation',
      '  ${NODE} $UNDEFINED --root-dir=/data/%%platlet \\',
      '  --hostname-override=%H',
      'ExecStartPost=/bin/true',
    ].join('\n');
    const { words, found: ok } = readSystemdUnit(text);
    expect(ok).toBe(true);
    expect(words.map((w) => w.text)).toEqual(['--config=/var/lib/platlet/config.yaml', '--node-ip=10.0.0.7', '--root-dir=/data/%platlet', '--hostname-override=%H', '--v=2', '--max-pods=30']);
    for (const w of words) if (!w.text.includes('%platlet')) expect(at(text, w)).toBe(w.text);
    const root = words[2]!;
    expect(text.slice(root.offsets[0], root.offsets.at(-1))).toBe('--root-dir=/data/%%platlet');
  });

  it('reads an ExecStart with a prefix and a unit without the node agent', () => {
    expect(readSystemdUnit('[Service]\nExecStart=-/usr/local/bin/platlet --v=1\n').words.map((w) => w.text)).toEqual(['--v=1']);
    expect(readSystemdUnit('[Service]\nExecStart=/usr/bin/containerd\n').found).toBe(false);
  });

  it('reads CRLF line ends and unquoted Environment= words as systemd does', () => {
    const text = '[Service]\r\nEnvironment=PLATLET_EXTRA_ARGS=--v=2 --max-pods=30\r\nExecStart=/usr/bin/platlet \\\r\n  --root-dir=/data\r\n';
    const { words } = readSystemdUnit(text);
    // `--max-pods=30` is a second word of Environment=, not part of the variable: systemd drops it
    expect(words.map((w) => w.text)).toEqual(['--root-dir=/data', '--v=2']);
    for (const w of words) expect(at(text, w)).toBe(w.text);
    expect(found('--max-pods=abc\r\n--v=x\r\n', 'crlf.flags')).toEqual(['flags/deprecated --max-pods 1:1', 'flags/value-type --max-pods 1:12', 'flags/value-type --v 2:5']);
  });

  it('detects the form by extension, then by content', () => {
    expect(detectForm('', 'a/platlet.service')).toBe('systemd');
    expect(detectForm('', '10-platadm.conf')).toBe('systemd');
    expect(detectForm('', 'platlet.env')).toBe('env');
    expect(detectForm('[Service]\nExecStart=/usr/bin/platlet\n')).toBe('systemd');
    expect(detectForm('PLATLET_EXTRA_ARGS=--v=2\n')).toBe('env');
    expect(detectForm('--v=2 --max-pods=20\n')).toBe('flags');
  });
});

describe('parseArgs', () => {
  const parse = (args: string[]) => parseArgs(readArgs(args).words);
  it('reads --f=v, --f v, bool --f, -v 2, -v=2, -v2 and --', () => {
    const p = parse(['/usr/bin/platlet', '--max-pods=20', '--root-dir', '/data', '--fail-swap-on', '-v', '2', '-v=3', '-v4', '--max_pods', '30', '--', '--v=5']);
    expect(p.occurrences.map((o) => [o.key, o.value])).toEqual([
      ['--max-pods', '20'],
      ['--root-dir', '/data'],
      ['--fail-swap-on', null],
      ['--v', '2'],
      ['--v', '3'],
      ['--v', '4'],
      ['--max-pods', '30'],
    ]);
    expect(p.positional.map((x) => [x.text, x.afterDashDash])).toEqual([['--v=5', true]]);
  });
  it('does not take the next word as a bool flag value', () => {
    const p = parse(['--fail-swap-on', 'false']);
    expect(p.occurrences[0]!.value).toBeNull();
    expect(p.positional[0]).toMatchObject({ text: 'false', after: '--fail-swap-on' });
  });
  it('takes the next word as the value of an unknown flag unless it starts with a dash, as the platform parser skips unknown flags', () => {
    const p = parse(['--container-runtime', 'docker', '--network-plugin', 'cni', '--enable-turbo', '--v=2', '--gone']);
    expect(p.occurrences.map((o) => [o.key, o.value])).toEqual([
      ['--container-runtime', 'docker'],
      ['--network-plugin', 'cni'],
      ['--enable-turbo', null],
      ['--v', '2'],
      ['--gone', null],
    ]);
    expect(p.positional).toEqual([]);
  });
  it('takes a negative number as the value of a flag that needs one', () => {
    expect(parse(['--oom-score-adj', '-999']).occurrences.map((o) => o.value)).toEqual(['-999']);
  });
  it('parses Go integers', () => {
    expect([parseGoInt('0x10'), parseGoInt('010'), parseGoInt('1_000'), parseGoInt('-7'), parseGoInt('1e3')]).toEqual([16, 8, 1000, -7, undefined]);
  });
});

describe('lintFlagsArgs', () => {
  it('reports at columns of the arguments joined by single spaces', () => {
    const r = lintFlagsArgs(['/usr/bin/platlet', '--max-pod=20', '--cgroup-driver=system', '--fail-swap-on', 'false']);
    expect(r.filePath).toBe('<command line>');
    expect(r.diagnostics.map((d) => `${asExpectation(d)} ${d.severity}`)).toEqual([
      'flags/unknown --max-pod 1:18 error',
      'flags/deprecated --cgroup-driver 1:31 warning',
      'flags/value-type --cgroup-driver 1:47 error',
      'flags/deprecated --fail-swap-on 1:54 warning',
      'flags/unexpected-argument args[0] 1:69 error',
    ]);
    expect(r.errorCount).toBe(3);
    expect(r.warningCount).toBe(2);
    expect(r.diagnostics[0]!.message).toContain('did you mean `--max-pods`?');
  });
  it('applies the configuration: severities and rules turned off', () => {
    const config = { rules: { 'flags/deprecated': 'off', 'flags/unknown': 'warn' } as const, ignores: [], baseDir: ROOT };
    const r = lintFlagsArgs(['--max-pod=20', '--max-pods=20'], { config });
    expect(r.diagnostics.map((d) => `${d.ruleId} ${d.severity}`)).toEqual(['flags/unknown warning']);
  });
  it('is clean on an empty command line', () => {
    expect(lintFlagsArgs([]).diagnostics).toEqual([]);
  });
  it('suggests the platform\'s flag for a flag of the upstream project (kube -> plat), not the nearest-looking one', () => {
    const r = lintFlagsArgs(['--kubeconfig=/etc/plat/platlet.conf', '-kubeconfig=/x', '--kube-api-qps=20', '--kube-reserved=cpu=1', '--kube_api_burst=30', '--bootstrap-kubeconfig=/y', '--kubeconfg=/z', '--kube-turbo']);
    expect(r.diagnostics.map((d) => `${asExpectation(d)} ${d.message}`)).toEqual([
      "flags/unknown --kubeconfig 1:1 unknown flag `--kubeconfig`; did you mean `--platconfig`? (the platform's name for the upstream flag)",
      "flags/unknown -kubeconfig 1:37 unknown flag `-kubeconfig`; did you mean `--platconfig`? (the platform's name for the upstream flag)",
      "flags/unknown --kube-api-qps 1:52 unknown flag `--kube-api-qps`; did you mean `--plat-api-qps`? (the platform's name for the upstream flag)",
      "flags/unknown --kube-reserved 1:70 unknown flag `--kube-reserved`; did you mean `--plat-reserved`? (the platform's name for the upstream flag)",
      "flags/unknown --kube-api-burst 1:92 unknown flag `--kube-api-burst`; did you mean `--plat-api-burst`? (the platform's name for the upstream flag)",
      "flags/unknown --bootstrap-kubeconfig 1:112 unknown flag `--bootstrap-kubeconfig`; did you mean `--bootstrap-platconfig`? (the platform's name for the upstream flag)",
      // a misspelt upstream name: the nearest flag as the platform spells it, without the note
      'flags/unknown --kubeconfg 1:138 unknown flag `--kubeconfg`; did you mean `--platconfig`?',
      'flags/unknown --kube-turbo 1:153 unknown flag `--kube-turbo`',
    ]);
  });
  it('renames an upstream flag to the platform\'s with --fix', () => {
    const { output, fixed } = fixText('--kubeconfig=/etc/plat/platlet.conf\n--kube-api-qps=20\n', { filePath: 'node.flags' }, (text, o) => lintFlagsText(text, { filePath: 'node.flags', ...(o.config ? { config: o.config } : {}) }));
    expect(output).toBe('--platconfig=/etc/plat/platlet.conf\n--plat-api-qps=20\n');
    expect(fixed).toBe(2);
  });
  it('platlint flags -- --kubeconfig=... suggests --platconfig', async () => {
    const r = await platlint(['flags', '--format', 'json', '--', '--kubeconfig=/etc/plat/platlet.conf']);
    expect(r.code).toBe(1);
    const [file] = JSON.parse(r.stdout) as { messages: { ruleId: string; line: number; column: number; message: string }[] }[];
    expect(file!.messages.map((m) => `${m.ruleId} ${m.line}:${m.column} ${m.message}`)).toEqual([
      "flags/unknown 1:1 unknown flag `--kubeconfig`; did you mean `--platconfig`? (the platform's name for the upstream flag)",
    ]);
  });
});

describe('lintFlagsText', () => {
  it('applies next-line and file suppression comments, and reports unused ones', () => {
    const text = [
      '# platlint-disable-next-line flags/deprecated -- the config file migration is tracked in OPS-2231',
      '--max-pods=50',
      '# platlint-disable-next-line flags/unknown -- nothing to suppress here',
      '--config=/var/lib/platlet/config.yaml',
    ].join('\n');
    const r = lintFlagsText(text, { filePath: 'platlet.flags' });
    expect(r.suppressed.map((d) => d.ruleId)).toEqual(['flags/deprecated']);
    expect(r.diagnostics.map(asExpectation)).toEqual(['suppression/unused - 3:1']);
  });
  it('positions a finding inside a quoted value of a unit through a continuation', () => {
    const text = '[Service]\nExecStart=/usr/bin/platlet --config=/c.yaml \\\n    --node-labels="pool=gpu,zone=eu west"\n';
    expect(found(text, 'platlet.service')).toEqual(['flags/value-type --node-labels 3:34']);
  });
  it('lints the file fixtures under fixtures/flags without findings', () => {
    for (const f of ['platadm-drop-in.conf', 'platlet.env', 'worker.flags']) {
      const text = readFileSync(join(ROOT, 'fixtures', 'flags', f), 'utf8');
      const r = lintFlagsText(text, { filePath: f });
      expect(r.diagnostics.map((d) => `${asExpectation(d)} ${d.message}`), f).toEqual([]);
      expect(r.documentsChecked, f).toBe(1);
    }
  });
  it('survives odd input', () => {
    const empty = lintFlagsText('', { filePath: 'empty.flags' });
    expect(empty.diagnostics).toEqual([]);
    expect(empty.documentsChecked).toBe(0);
    const binary = lintFlagsText('\u0000\u0001\u00ff"\'\\\n\\', { filePath: 'garbage.flags' });
    expect(binary.diagnostics.every((d) => d.ruleId === 'flags/unexpected-argument')).toBe(true);
    for (const form of ['systemd', 'env', 'flags'] as const) lintFlagsText('"\'\\\n[Service\nExecStart="/usr/bin/platlet \\', { form });
    const big = Array.from({ length: 40000 }, (_, i) => `--node-labels=pool${i}=x`).join('\n');
    expect(big.length).toBeGreaterThan(1_000_000);
    const t = Date.now();
    const r = lintFlagsText(big, { filePath: 'big.flags' });
    expect(r.diagnostics.length).toBe(0);
    expect(Date.now() - t).toBeLessThan(10000);
  });
  it('has a rule module for every flags/ id it can report', () => {
    expect(RULES.filter((r) => r.id.startsWith('flags/')).length).toBe(13);
  });
});

describe('secrets on a command line (issue 23)', () => {
  const FORMATS = Object.keys(FORMATTERS);

  it('knows which flags hold a secret: a name that says password, token, secret or key, not a path, a string value', () => {
    const secret = ['--storage-driver-password', '--token', '-token', '--password', '--api-key', '--api_key', '--apikey', '--client-key', '--secret-key', '--bearer-token', '--db-passwd', '--bootstrap-tokens'];
    const not = ['--tls-private-key-file', '--token-auth-file', '--service-account-key-file', '--image-credential-provider-config', '--authentication-token-webhook', '--authentication-token-webhook-cache-ttl', '--storage-driver-user', '--keyring', '--monkey', '--max-pods', '--kubeconfig'];
    expect(secret.filter((f) => !isSecretFlag(f))).toEqual([]);
    expect(not.filter((f) => isSecretFlag(f))).toEqual([]);
    // of the node agent's own flags (spec 2 and the container monitor's), only the database password
    expect([...FLAG_BY_NAME.keys()].filter(isSecretFlag)).toEqual(['--storage-driver-password']);
  });

  it('redacts a secret flag\'s value wherever a message quotes it as `--flag=value`, and the words of the text that hold one', () => {
    const d = (message: string, text?: string) => redactDiagnostic({ ruleId: 'x/y', message, range: { start: 0, end: 0 }, path: [] }, text).message;
    expect(d('only the last one, `--storage-driver-password=S3cr3t`, takes effect')).toBe('only the last one, `--storage-driver-password=[redacted]`, takes effect');
    expect(d('write `--token=ab` or `--api-key=cd,ef`; `--max-pods=20` stays')).toBe('write `--token=[redacted]` or `--api-key=[redacted]`; `--max-pods=20` stays');
    // a piece of a value a message quotes (a word of the value, read as an argument)
    expect(d('unexpected argument `S3cr3tValue`', '-- --token "S3cr3tValue"\n')).toBe('unexpected argument `[redacted]`');
    expect(d('unexpected argument `S3cr3tValue`', 'PLATLET_ARGS="--password=S3cr3tValue"\n')).toBe('unexpected argument `[redacted]`');
    expect(d('unexpected argument `/etc/tls.key`', '--tls-private-key-file /etc/tls.key\n')).toBe('unexpected argument `/etc/tls.key`');
    expect(d('unexpected argument `--max-pods`', '--token --max-pods\n')).toBe('unexpected argument `--max-pods`');
  });

  it('platlint flags -- --storage-driver-password= --storage-driver-password=S3cr3t: the repeated flag without its value, in every format', async () => {
    const args = ['--storage-driver-password=', '--storage-driver-password=S3cr3t'];
    const json = await platlint(['flags', '--format', 'json', '--', ...args]);
    expect(json.code).toBe(0);
    const [file] = JSON.parse(json.stdout) as { messages: { ruleId: string; path: string; line: number; column: number; message: string }[] }[];
    expect(file!.messages.map((m) => `${m.ruleId} ${m.path} ${m.line}:${m.column} ${m.message}`)).toEqual([
      'flags/deprecated --storage-driver-password 1:28 `--storage-driver-password` is deprecated: a flag of the container monitor built into the node agent, registered by mistake, accepted on Linux nodes only and to be removed; remove it',
      'flags/repeated --storage-driver-password[1] 1:28 `--storage-driver-password` is given 2 times; only the last one, `--storage-driver-password=[redacted]`, takes effect',
    ]);
    for (const format of FORMATS) {
      const r = await platlint(['flags', '--format', format, '--', ...args]);
      expect(r.stdout, format).toContain('flags/repeated');
      expect(r.stdout + r.stderr, format).not.toContain('S3cr3t');
    }
  });

  it('platlint flags -- -- --token S3cr3t: the word after the flag, in every format', async () => {
    const json = await platlint(['flags', '--format', 'json', '--', '--', '--token', 'S3cr3t', '--password=S3cr3t2']);
    expect(json.code).toBe(1);
    const [file] = JSON.parse(json.stdout) as { messages: { ruleId: string; path: string; line: number; column: number; message: string }[] }[];
    expect(file!.messages.map((m) => `${m.ruleId} ${m.path} ${m.line}:${m.column} ${m.message}`)).toEqual([
      'flags/unexpected-argument args[0] 1:4 unexpected argument `--token` after `--`; the node agent takes no positional arguments',
      'flags/unexpected-argument args[1] 1:12 unexpected argument `[redacted]` after `--`; the node agent takes no positional arguments',
      'flags/unexpected-argument args[2] 1:19 unexpected argument `--password=[redacted]` after `--`; the node agent takes no positional arguments',
    ]);
    for (const format of FORMATS) {
      const r = await platlint(['flags', '--format', format, '--', '--', '--token', 'S3cr3t', '--password=S3cr3t2']);
      expect(r.stdout, format).toContain('flags/unexpected-argument');
      expect(r.stdout + r.stderr, format).not.toContain('S3cr3t');
    }
    // the word after a bool flag is its misplaced value, not a secret: it is shown
    expect(lintFlagsArgs(['--authentication-token-webhook', 'yes']).diagnostics.map((d) => d.message)).toContain(
      'unexpected argument `yes`: the bool flag `--authentication-token-webhook` takes its value only after `=`; write `--authentication-token-webhook=yes`',
    );
  });

  it('flag files (a unit, an environment file, a file of flags) never show the secret, in any format', async () => {
    const files = [
      'fixtures/rules/flags/repeated/invalid/secret-value-emptied-then-set.flags',
      'fixtures/rules/flags/repeated/invalid/secret-value-in-two-env-lines.env',
      'fixtures/rules/flags/unexpected-argument/invalid/secret-after-dash-dash.service',
    ];
    for (const f of files) expect(readFileSync(join(ROOT, f), 'utf8'), f).toContain('made-up-');
    for (const format of FORMATS) {
      const r = await platlint(['flags', '--format', format, ...files]);
      expect(r.stdout, format).toMatch(/flags\/repeated[\s\S]*flags\/unexpected-argument|flags\/unexpected-argument[\s\S]*flags\/repeated/);
      expect(r.stdout + r.stderr, format).not.toContain('made-up-');
    }
  });
});

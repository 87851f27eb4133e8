// What a message may quote of a file (issue 28, "What 1.3 million fuzzed inputs found"): a value at, under or above
// the place of a secret is described by its type and length, never quoted; a syntax message quotes one line of at
// most about 40 characters of the token it is about; a URL's password is everything between the `:` and the last
// `@`; a flag that holds a secret is redacted wherever it is written, inside another flag's value too. And a broken
// text with a syntax problem per character is read at the usual rate. Each input is one the fuzzer found.
import { describe, expect, it, vi } from 'vitest';
import { lintFlagsText } from '../src/flags/lint.js';
import { NAMES_PLAT_API_VERSION } from '../src/kinds/kinds.js';
import { lintText } from '../src/lint/lint.js';
import type { LintResult } from '../src/lint/lint.js';
import { quoteSource } from '../src/parse/compose.js';
import { read } from '../src/parse/reading.js';
import { allOutputs } from './fuzz/core.js';

/** The findings of a result: rule, line, column, message. */
function findings(r: LintResult): [string, number, number, string][] {
  return r.diagnostics.map((d) => [d.ruleId, d.line, d.column, d.message]);
}

/** Every output of a result (every report format and the language server's diagnostics) holds none of `secret`'s pieces of 8 characters. */
function expectNowhere(r: LintResult, text: string, secret: string): void {
  const out = allOutputs([r], text);
  for (let i = 0; i + 8 <= secret.length; i++) expect(out, `a piece of the secret at ${i}`).not.toContain(secret.slice(i, i + 8));
}

const KEY = 'c2VjcmV0IGlzIHNlY3VyZSBhbmQgbG9uZyBlbm91Z2g=';

describe('a value at, under or above the place of a secret is never quoted', () => {
  it('the key material of an encryption key written where the list of keys was expected: its type and length', () => {
    const text = `apiVersion: apiserver.config.plat.io/v1\nkind: EncryptionConfiguration\nresources:\n- resources:\n  - secrets\n  providers:\n  - aescbc:\n      keys: name=key1 secret=${KEY}\n`;
    const r = lintText(text);
    expect(findings(r)).toEqual([['schema/type', 8, 13, '`keys` must be a list, got a string of 61 characters']]);
    expectNowhere(r, text, KEY);
  });

  it('a list where an encryption key was expected: not one item of it', () => {
    const text = `apiVersion: apiserver.config.plat.io/v1\nkind: EncryptionConfiguration\nresources:\n- resources: [secrets]\n  providers:\n  - secretbox:\n      keys:\n      - name: k\n        secret: [${KEY}]\n`;
    const r = lintText(text);
    expect(findings(r)).toEqual([['schema/type', 9, 17, '`secret` must be base64-encoded bytes, got a list']]);
    expectNowhere(r, text, KEY);
  });

  it('an exec credential whose status is a string, and whose token is a number', () => {
    const token = 'c2VjcmV0IGlzIHNlY3VyZSBhbmQgbG9uZyBlbm91Z2g';
    const text = `apiVersion: client.authentication.plat.io/v1\nkind: ExecCredential\nstatus: token=${token}\n`;
    const r = lintText(text);
    expect(findings(r)).toEqual([['schema/type', 3, 9, '`status` must be a mapping, got a string of 49 characters']]);
    expectNowhere(r, text, token);
    const number = lintText('apiVersion: client.authentication.plat.io/v1\nkind: ExecCredential\nstatus:\n  token: 12345678901\n');
    expect(findings(number)).toEqual([['schema/type', 4, 10, '`token` must be a string, got an integer of 11 characters']]);
  });

  it('a string at a path beside the place of a secret is still quoted', () => {
    const text = 'apiVersion: apiserver.config.plat.io/v1\nkind: EncryptionConfiguration\nresources:\n- resources: secrets\n  providers:\n  - identity: {}\n';
    expect(findings(lintText(text))).toEqual([['schema/type', 4, 14, '`resources` must be a list, got a string (`secrets`)']]);
  });
});

describe('a syntax message quotes one line of at most about 40 characters', () => {
  it('with bare carriage returns as line breaks, the token is quoted to the end of its line, not of the file', () => {
    const text = '|\rapiVersion:plat.io/kind: EncryptionConfiguration\rsecret: YWJjZGVmZ2hpamtsbW5vcHFyc3R1dnd4';
    const r = lintText(text);
    expect(findings(r)).toEqual([['yaml/syntax', 1, 2, 'Parsing error: not a YAML token: apiVersion:plat.io/kind: EncryptionConf…']]);
    expectNowhere(r, text, 'YWJjZGVmZ2hpamtsbW5vcHFyc3R1dnd4');
  });

  it('a secret field on the line the token starts with is redacted, not the words of the message', () => {
    const text = 'apiVersion: apiserver.config.plat.io/v1\nkind: EncryptionConfiguration\nx: |\rtoken: YWJjZGVmZ2hpamtsbW5vcHFyc3R1dnd4\n';
    const r = lintText(text);
    expect(findings(r)).toEqual([['yaml/syntax', 3, 5, 'Parsing error: not a YAML token: token: [redacted]']]);
    expectNowhere(r, text, 'YWJjZGVmZ2hpamtsbW5vcHFyc3R1dnd4');
  });

  it('a token is quoted from its first character that is no line break or blank, to the end of that line, at most 40 characters', () => {
    expect(quoteSource('"metrics.plat.i\r\napiVersion: "')).toBe('"metrics.plat.i…');
    expect(quoteSource('\r  token: x')).toBe('token: x');
    expect(quoteSource('|s3cr3t')).toBe('|s3cr3t');
    expect(quoteSource('x'.repeat(40))).toBe('x'.repeat(40));
    expect(quoteSource('x'.repeat(41))).toBe(`${'x'.repeat(39)}…`);
    // never half of a surrogate pair
    expect(quoteSource(`${'x'.repeat(38)}😀${'x'.repeat(10)}`)).toBe(`${'x'.repeat(38)}…`);
  });
});

describe('a URL password is everything between the colon and the last @', () => {
  it('a backtick in the password of a kind', () => {
    const r = lintText('apiVersion: rbac.authorization.plat.io/v1\nkind: x://:pwZq7x6SXQN`qMDKBAZ@host\n');
    expect(findings(r)).toEqual([
      ['document/unknown-kind', 2, 7, '`rbac.authorization.plat.io/v1` has no kind `x://:[redacted]@host`; valid kinds: `ClusterRole`, `ClusterRoleBinding`, `ClusterRoleBindingList`, `ClusterRoleList`, `Role`, `RoleBinding`, `RoleBindingList`, `RoleList`'],
    ]);
  });

  it('a quote in the password of a flag value', () => {
    const text = `--authentication_token_webhook_cache_ttl="x://:pwZq'QzHtugHTAPPNS@"\n`;
    const r = lintFlagsText(text, { filePath: 'platlet.flags' });
    expect(findings(r)).toEqual([
      ['flags/deprecated', 1, 1, '`--authentication-token-webhook-cache-ttl` is deprecated; set its value in the configuration file named by `--config` instead'],
      ['flags/value-type', 1, 43, '`x://:[redacted]@` is not valid for `--authentication-token-webhook-cache-ttl`, which takes a duration such as `2m0s` or `2h45m`'],
    ]);
    expectNowhere(r, text, "pwZq'QzHtugHTAPPNS");
  });
});

describe('a flag that holds a secret, written inside another flag', () => {
  it('as another flag\'s value (a space forgotten)', () => {
    const text = '--cluster-dns=--password=Zq7fax5LZtJVmZ7c\n';
    const r = lintFlagsText(text, { filePath: 'platlet.flags' });
    expect(findings(r)).toEqual([
      ['flags/deprecated', 1, 1, '`--cluster-dns` is deprecated; set its value in the configuration file named by `--config` instead'],
      ['flags/value-type', 1, 15, '`--password=[redacted]` is not an IP address; `--cluster-dns` takes a comma-separated list of IP addresses such as `10.96.0.10`'],
    ]);
    expectNowhere(r, text, 'Zq7fax5LZtJVmZ7c');
  });

  it('as a feature gate, and as the value a repeated flag keeps', () => {
    const text = '--feature-gates=--token=Zq7fax5LZtJVmZ7c\n--platconfig=a --platconfig=--client-secret=Zq7fax5LZtJVmZ7c\n';
    const r = lintFlagsText(text, { filePath: 'platlet.flags' });
    expect(findings(r)).toEqual([
      ['flags/value-type', 1, 25, 'feature gate `--token` is set to `[redacted]`; write `--token=[redacted]` or `--token=[redacted]`'],
      ['flags/repeated', 2, 16, '`--platconfig` is given 2 times; only the last one, `--platconfig=--client-secret=[redacted]`, takes effect'],
    ]);
    expectNowhere(r, text, 'Zq7fax5LZtJVmZ7c');
  });
});

describe('a syntax problem per character', () => {
  /** The input: a quote left open across a bare carriage return, then 80,000 nested brackets. */
  const slow = `  name${' '.repeat(1020)}: metrics-reader\nrules:\n  - apiGroups: ["metrics.plat.i\r\napiVersion: "${'['.repeat(80000)}1${']'.repeat(80000)}"`;

  it('a run of tokens the parser cannot place is one problem, not one per bracket', () => {
    expect(read(slow).problems.length).toBeLessThan(10);
    expect(lintText(slow).diagnostics).toEqual([]);
  });

  it('a broken document is sniffed for a plat apiVersion once, not once per problem', () => {
    const text = `x: [${','.repeat(2000)}]\n`;
    expect(read(text).problems.length).toBeGreaterThan(1000);
    const sniff = vi.spyOn(NAMES_PLAT_API_VERSION, 'test');
    try {
      expect(lintText(text).diagnostics).toEqual([]);
      expect(sniff.mock.calls.length).toBeLessThanOrEqual(3);
    } finally {
      sniff.mockRestore();
    }
  });
});

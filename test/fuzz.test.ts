// The fuzz test (issue 9, "Nothing crashes"): a few thousand mutated copies of the fixtures per run, from a
// fixed seed, each linted with the fast readers on and off and rendered in every output format. No exception
// and no internal/error finding, no input slower than a bound, no planted secret in any output, and the same
// result from both readings. The inputs and checks are in test/fuzz/core.ts; a bigger run by hand:
// `node test/fuzz/run.mjs --count=100000 --seed=N`.
import { describe, expect, it } from 'vitest';
import { lintText } from '../src/lint/lint.js';
import { checkInput, loadCorpus, makeInput, runRange, SECRET_MARKERS, type Problem, type Seed } from './fuzz/core.js';
import { platlint } from './helpers/cli.js';
import { ROOT } from './helpers/fixtures.js';
import { share } from './helpers/depth.js';
import { readComposed } from './helpers/readers.js';

const corpus = loadCorpus(ROOT);
/** Inputs per run: about two per fixture, and at least 2,000. */
// a quarter outside the deep suite (test/helpers/depth.ts)
const COUNT = share(Math.max(2000, corpus.length * 2));
const SEED = 20261125;

/**
 * Inputs the fuzzer (or a user) found crashing, hanging or leaking once, kept so that they stay fixed: each
 * is checked like a fuzzed input, and its secrets are planted in the text itself.
 */
const KNOWN: { name: string; text: string; as?: 'yaml' | 'flags'; fileName?: string }[] = [
  {
    name: 'a password in a URL in a name (printed by the name rules)',
    text: 'apiVersion: rbac.authorization.plat.io/v1\nkind: ClusterRole\nmetadata:\n  name: "https://bob:S3cr3tPa55w0rd@example.com"\nrules: []\n',
  },
  {
    name: 'a private key block pasted into a name',
    text: 'apiVersion: rbac.authorization.plat.io/v1\nkind: ClusterRoleBinding\nmetadata:\n  name: "-----BEGIN EC PRIVATE KEY-----\\nMIIEsecretKEYbody/+AAAA\\n-----END EC PRIVATE KEY-----"\nroleRef: {apiGroup: rbac.authorization.plat.io, kind: ClusterRole, name: view}\nsubjects:\n- kind: Group\n  apiGroup: rbac.authorization.plat.io\n  name: x\n',
  },
  {
    name: 'a private key block split into words by a broken quote in a file of flags',
    text: 'PLATLET_EXTRA_ARGS=yes"--:config=/var/lib/platlet/config.yaml --cert-dir="-----BEGIN PRIVATE KEY----- MIIEsecretKEYbody838 -----END PRIVATE KEY-----"\n',
    as: 'flags',
    fileName: 'platlet.env',
  },
  {
    name: 'a broken block scalar header in an encryption secret (the syntax message quotes the token)',
    text: 'apiVersion: apiserver.config.plat.io/v1\nkind: EncryptionConfiguration\nresources:\n- resources: [secrets]\n  providers:\n  - aescbc:\n      keys:\n      - name: k\n        secret: |Br0kenQu0teS3cret\n',
  },
  {
    name: 'an unknown tag on an ExecCredential token (the warning quotes the tag)',
    text: 'apiVersion: client.authentication.plat.io/v1\nkind: ExecCredential\nstatus:\n  token: !Br0kenQu0teS3cret\n',
  },
  {
    name: 'a bearer token in an audience given twice (the uniqueness rule quotes it)',
    text: 'apiVersion: apiserver.config.plat.io/v1beta1\nkind: AuthenticationConfiguration\njwt:\n- issuer:\n    url: https://issuer.example.com\n    audiences: ["Bearer eyJzZWNyZXQiOiJ0b2tlbiJ9.abc", "Bearer eyJzZWNyZXQiOiJ0b2tlbiJ9.abc"]\n  claimMappings:\n    username: {claim: sub, prefix: ""}\n',
  },
  {
    name: 'a URL with a password as a taint: the message quotes the taint\'s effect, a piece of the URL after a colon',
    text: '--register-with-taints=https://admin:S3cr3tPa55w0rd663@auth.example.com/x\n',
    as: 'flags',
    fileName: 'platlet.flags',
  },
  {
    name: 'a bearer token split from its scheme by a broken quote in a file of flags',
    text: 'PLATLET_EXTRA_ARGS=!!str "--config="Bearer eyJzZWNyZXQiOiJ0b2tlbiJ9805" --exit-on-lock-contention false"\n',
    as: 'flags',
    fileName: 'platlet.env',
  },
  {
    name: 'a secret field inside a multi-line token a YAML syntax message quotes',
    text: 'apiVersion: authorization.plat.io/v1\nkind: SelfSubjectRulesReview\nmetadata:\n  labels:\n    canary: }"\n    Tier: Frontend\n    clientKeyData: [Br0kenQu0teS3cret\nspec:\n  namespace: payments\n',
  },
  {
    name: 'a URL with a password in the reason of a suppression comment (printed as the justification)',
    text: 'apiVersion: rbac.authorization.plat.io/v1\nkind: Role\nmetadata: {name: r, namespace: ns}\nrules:\n- verbs: [get]\n  apiGroups: [""]\n  resources: [pods]\n  # platlint-disable-next-line schema/unknown-field -- see https://ops:S3cr3tPa55w0rd@wiki.example.com/x\n  resourceName: [x]\n  foo: 1\n',
  },
  {
    name: 'a secret flag given twice (flags/repeated quoted the last value)',
    text: '--storage-driver-password=\n--storage-driver-password=S3cr3tPa55w0rd\n',
    as: 'flags',
    fileName: 'platlet.flags',
  },
  {
    name: 'a secret flag and its value after `--` (flags/unexpected-argument quoted the words)',
    text: 'PLATLET_ARGS="--config=/c.yaml -- --token S3cr3tPa55w0rd --password=S3cr3tPa55w0rd2"\n',
    as: 'flags',
    fileName: 'platlet.env',
  },
  {
    name: 'a secret flag given twice in a unit, the second value quoted',
    text: '[Service]\nExecStart=/usr/bin/platlet --storage-driver-password S3cr3tPa55w0rd1 \\\n  --storage-driver-password "S3cr3tPa55w0rd 2"\n',
    as: 'flags',
    fileName: 'platlet.service',
  },
  {
    name: 'key material written where the list of keys was expected (a type message quoted 40 of its characters; issue 28)',
    text: 'apiVersion: apiserver.config.plat.io/v1\nkind: EncryptionConfiguration\nresources:\n- resources:\n  - secrets\n  providers:\n  - aescbc:\n      keys: name=key1 secret=S2V5TWF0ZXJpYWwKc2VjcmV0IGlzIHNlY3VyZQ==\n',
  },
  {
    name: 'key material under the place of a secret and above it, as a list and a mapping',
    text: 'apiVersion: client.authentication.plat.io/v1\nkind: ExecCredential\nstatus:\n  token: [S2V5TWF0ZXJpYWwK1]\n---\napiVersion: client.authentication.plat.io/v1\nkind: ExecCredential\nstatus: token=S2V5TWF0ZXJpYWwK2\n',
  },
  {
    name: 'bare carriage returns as line breaks: the syntax message quoted the rest of the file (issue 28)',
    text: '|\rapiVersion:plat.io/kind: EncryptionConfiguration\rsecret: Br0kenQu0teS3cretYWJjZGVmZ2hpamts',
  },
  {
    name: 'a secret field on the line a broken token starts with, after a bare carriage return',
    text: 'apiVersion: apiserver.config.plat.io/v1\nkind: EncryptionConfiguration\nx: |\r  clientKeyData: Br0kenQu0teS3cret\n',
  },
  {
    name: 'a backtick in the password of a URL (issue 28)',
    text: 'apiVersion: rbac.authorization.plat.io/v1\nkind: x://:S3cr3tPa55w0rd7x6`qMDKBAZ@host\n',
  },
  {
    name: 'a quote in the password of a URL in a flag value (issue 28)',
    text: `--authentication_token_webhook_cache_ttl="x://:S3cr3tPa55w0rd'QzHtugHTAPPNS@"\n`,
    as: 'flags',
    fileName: 'platlet.flags',
  },
  {
    name: 'a flag that holds a secret as the value of other flags: an IP list, the feature gates, a repeated flag (issue 28)',
    text: '--cluster-dns=--password=S3cr3tPa55w0rd1\n--feature-gates=--token=S3cr3tPa55w0rd2\n--platconfig=a --platconfig=--client-secret=S3cr3tPa55w0rd3\n',
    as: 'flags',
    fileName: 'platlet.flags',
  },
  {
    name: 'a password in a flag value',
    text: 'PLATLET_ARGS="--bootstrap-kubeconfig=https://u:S3cr3tPa55w0rd@h/x --unknown-flag=https://u:S3cr3tPa55w0rd@h"\n',
    as: 'flags',
    fileName: 'platlet.env',
  },
];

/**
 * Failures the fuzzer found inside the YAML and flags readers (src/parse/compose.ts, src/parse/lines.ts, a syntax-tree
 * reader since removed, src/flags/read.ts), each as its minimal input: fixed, and kept as regressions. Each must lint
 * without an internal error, give the same findings with and without the fast readers, and (flags) end.
 */
const READER_REGRESSIONS: { what: string; text: string }[] = [
  { what: 'a merge key of a scalar alias', text: 'a: &a 1\nb:\n  <<: *a\n' },
  { what: 'a merge key of no anchor', text: '<<: *a\nx: 1\n' },
  { what: 'a merge key of a list holding a scalar alias', text: 'a: &x 1\nb:\n  <<: [*x]\n' },
  { what: 'a list nested in a list item', text: 'kind: AuthorizationConfiguration\napiVersion: apiserver.config.plat.io/v1\nauthorizers:\n  - - []\n' },
  { what: 'U+0002 after a flow sequence', text: 's: []\u0002\n' },
  { what: 'U+001F after a flow sequence', text: 's: ["x"]\u001f\n' },
  { what: 'a line of U+001F', text: 'a: 1\n\u001f\n' },
  { what: 'U+001F alone', text: '\u001f\n' },
  { what: 'a flow mapping with an empty key', text: 'x: {: y}\n' },
  { what: 'an empty flow mapping key alone', text: '{:}\n' },
];

function failsInternally(text: string): boolean {
  return lintText(text).diagnostics.some((d) => d.ruleId === 'internal/error') || lintText(text, { reader: readComposed }).diagnostics.some((d) => d.ruleId === 'internal/error');
}

function describeProblems(problems: Problem[]): string {
  return problems.map((p) => `${p.kind}: ${p.detail}`).join('\n');
}

describe('fuzz', () => {
  it('has every fixture in its corpus, YAML and flags files alike', () => {
    expect(corpus.length).toBeGreaterThan(700);
    expect(corpus.some((s) => s.as === 'flags')).toBe(true);
    expect(corpus.some((s) => s.kind === 'JSONPatch')).toBe(true);
  });

  it('makes the same input from the same seed and index, and different inputs otherwise', () => {
    expect(makeInput(corpus, SEED, 17).text).toBe(makeInput(corpus, SEED, 17).text);
    const texts = new Set(Array.from({ length: 200 }, (_, i) => makeInput(corpus, SEED, i).text));
    expect(texts.size).toBeGreaterThan(190);
  });

  it('finds planted secrets: the check itself works (an unredacted message is caught)', () => {
    const r = lintText('apiVersion: rbac.authorization.plat.io/v1\nkind: ClusterRole\nmetadata:\n  name: "a/S3cr3tPa55w0rd"\nrules: []\n');
    // not a URL: the name is printed, and the marker would be caught in the output
    expect(r.diagnostics.map((d) => d.message).join('\n')).toContain(SECRET_MARKERS[0]);
  });

  for (const k of KNOWN) {
    it(`known case: ${k.name}`, () => {
      const seed = { name: k.name, text: k.text, as: k.as ?? 'yaml', fileName: k.fileName ?? 'known.yaml' } as const;
      const r = k.as === 'flags' ? undefined : lintText(k.text);
      if (r) expect(r.diagnostics.length).toBeGreaterThan(0);
      const problems = checkInput(seed, k.text, { planted: true, formats: true });
      expect(problems, describeProblems(problems)).toEqual([]);
    });
  }

  for (const r of READER_REGRESSIONS) {
    it(`reader regression: ${r.what}`, () => {
      expect(failsInternally(r.text)).toBe(false);
      expect(JSON.stringify(lintText(r.text).diagnostics)).toBe(JSON.stringify(lintText(r.text, { reader: readComposed }).diagnostics));
    });
  }

  it('reader regression: a JSON text with bare carriage returns as line breaks is read alike by both readers', () => {
    // JSON's whitespace, but no line break to the composer: the reading of a JSON text that is not plat without
    // composing it (src/parse/reading.ts) said it was read, the composer that it was not
    const text = '{\r  "apiVersion": "authorization.plaio/v1",\r  "kind": "SubjectAccessReview"\r}\r';
    const problems = checkInput({ name: 'cr.json', text, as: 'yaml', fileName: 'cr.json' }, text, { planted: false });
    expect(problems, describeProblems(problems)).toEqual([]);
  });

  it('reader regression: platlint flags ends on a backslash before a carriage return', async () => {
    const r = await platlint(['flags', '--no-config', '-'], { input: '--a\\\rb\n' });
    expect(r.code).not.toBeNull();
    expect(r.stderr).toBe('');
  });

  it(`runs ${COUNT} mutated fixtures with no exception, hang, leaked secret or fast/full difference`, () => {
    const failures: string[] = [];
    runRange(
      corpus,
      SEED,
      0,
      COUNT,
      (i, text, name, problems) => {
        if (failures.length < 5) failures.push(`input ${i} (seed ${SEED}, from ${name}):\n${JSON.stringify(text)}\n${describeProblems(problems)}`);
        else failures.push(`input ${i}`);
      },
      // a bound for a hang, loose enough for a loaded machine
      { slowMs: 5000 },
    );
    expect(failures, failures.slice(0, 5).join('\n\n')).toEqual([]);
  }, 120_000);
});

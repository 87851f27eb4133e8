// The policies of a job's files evaluated together (src/lint/lint.ts PolicyBatch, stageText): the same findings as
// a lint file by file, on documents, the items of list kinds, the items of a core List and the legacy
// EncryptionConfig; the batch is what evaluates them; a failure is only its own file's.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig, type Config } from '../src/config/config.js';
import { lintText, PolicyBatch, stageText, type LintResult } from '../src/lint/lint.js';
import { RULE_IDS, suggestRuleIds } from '../src/check/registry.js';
import type { PolicySource } from '../src/check/policies/spec.js';
import { asExpectation, read, ROOT, yamlFiles } from './helpers/fixtures.js';

const EXAMPLES = join(ROOT, 'fixtures', 'examples', 'policies');
const CONFIG = parseConfig(read(join(EXAMPLES, 'platlint.config.yaml')), join(EXAMPLES, 'platlint.config.yaml'), RULE_IDS, suggestRuleIds);

function shown(r: LintResult): string[] {
  return r.diagnostics.map((d) => `${asExpectation(d)} ${d.severity} ${d.message}`);
}

/** The texts linted in one batch, each finished after the batch ran. */
function batched(texts: readonly [string, string][], config: Config): LintResult[] {
  const batch = new PolicyBatch();
  const finish = texts.map(([filePath, text]) => stageText(text, { filePath, config }, batch));
  batch.run();
  return finish.map((f) => f());
}

/** A ClusterRoleBinding's fields below `kind`, indented by `indent`, that binds `view` to the user jane. */
const binding = (name: string, indent: string) =>
  `metadata:
  name: ${name}
roleRef:
  apiGroup: rbac.authorization.plat.io
  kind: ClusterRole
  name: view
subjects:
  - kind: User
    name: jane
    apiGroup: rbac.authorization.plat.io
`.replace(/^(?=.)/gm, indent);

const BINDING = (name: string, indent = '') => `${indent}apiVersion: rbac.authorization.plat.io/v1\n${indent}kind: ClusterRoleBinding\n${binding(name, indent)}`;

const PARTS: [string, string][] = [
  // the items of a list kind
  ['binding-list.yaml', `apiVersion: rbac.authorization.plat.io/v1\nkind: ClusterRoleBindingList\nitems:\n  - ${binding('readers', '    ').trimStart()}`],
  // the items of a core List, each naming its kind
  ['core-list.yaml', `apiVersion: v1\nkind: List\nitems:\n- ${BINDING('ops', '  ').trimStart()}`],
  // the legacy name of an EncryptionConfiguration
  [
    'legacy.yaml',
    `apiVersion: v1
kind: EncryptionConfig
resources:
  - resources: [secrets]
    providers:
      - identity: {}
`,
  ],
];

describe('policies evaluated in batches (PolicyBatch)', () => {
  const files: [string, string][] = [
    ...['invalid', 'valid'].flatMap((d) => yamlFiles(join(EXAMPLES, d))).map((f): [string, string] => [f, read(f)]),
    ['binding.yaml', BINDING('readers')],
    ...PARTS,
  ];

  it('find what a lint file by file finds, at the same places', () => {
    const one = files.map(([filePath, text]) => shown(lintText(text, { filePath, config: CONFIG })));
    expect(batched(files, CONFIG).map(shown)).toEqual(one);
    // the 6 of the invalid examples, the binding's and the 3 of the parts
    expect(one.flat().filter((d) => d.startsWith('acme/'))).toHaveLength(10);
  });

  it('place the findings of the items of list kinds, of a core List and of the legacy EncryptionConfig from the document', () => {
    const [list, core, legacy] = batched(PARTS, CONFIG);
    expect(shown(list!)).toEqual([
      'acme/bind-groups-not-users items[0].subjects[0].name 12:15 warning binding readers gives view to the user jane; bind an oidc: group, so that leaving the team removes the access',
    ]);
    expect(shown(core!).filter((d) => d.startsWith('acme/'))).toEqual([
      'acme/bind-groups-not-users items[0].subjects[0].name 14:13 warning binding ops gives view to the user jane; bind an oidc: group, so that leaving the team removes the access',
    ]);
    expect(shown(legacy!).filter((d) => d.startsWith('acme/'))).toEqual([
      'acme/secrets-encrypted-by-kms resources[0].providers[0] 6:9 error resources secrets are encrypted first by a key stored beside them; put a kms provider first (the other providers stay, to read older data)',
    ]);
  });

  it('are evaluated by the batch: a file finished before it runs has no finding of a policy', () => {
    const batch = new PolicyBatch();
    const early = stageText(BINDING('readers'), { filePath: 'binding.yaml', config: CONFIG }, batch)();
    expect(shown(early)).toEqual([]);
    batch.run();
  });

  it('keep a failure of platlint in a policy to its own file', () => {
    // a policy whose compile fails once the kinds' environment is built (it reads every policy first): the file
    // of its kind gets an internal error, as a bug of platlint would give it, the other file of the batch its findings
    const source = CONFIG.policies!.policies.find((p) => p.id === 'acme/authz-webhooks-fail-closed')!;
    const broken = { ...source } as PolicySource;
    let reads = 0;
    Object.defineProperty(broken, 'validations', {
      get() {
        if (reads++ > 0) throw new Error('broken policy');
        return source.validations;
      },
    });
    const policies = { ...CONFIG.policies!, policies: CONFIG.policies!.policies.map((p) => (p.id === broken.id ? broken : p)) };
    const config: Config = { ...CONFIG, policies };
    const authz = join(EXAMPLES, 'invalid', 'authorization-webhooks.yaml');
    const rbac = join(EXAMPLES, 'invalid', 'rbac-bindings.yaml');
    const [a, b] = batched(
      [
        [authz, read(authz)],
        [rbac, read(rbac)],
      ],
      config,
    );
    expect(a!.diagnostics.map((d) => `${d.ruleId} ${d.line}:${d.column} ${d.message}`)).toEqual([
      expect.stringMatching(/^internal\/error 1:1 .*broken policy/),
    ]);
    expect(shown(b!)).toEqual(shown(lintText(read(rbac), { filePath: rbac, config: CONFIG })));
    expect(shown(b!).some((d) => d.includes('oidc'))).toBe(true);
  });
});

// The language server's hover on a binding's roleRef or subjects: what the binding grants, from the open
// document's RBAC objects and the platform's bootstrap policy (src/access/hover.ts), before the field's description.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { LspClient } from './helpers/lsp-client.js';

let dir: string;
const clients: LspClient[] = [];
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'platlint-lsp-access-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => {
  for (const c of clients.splice(0)) c.kill();
});

async function opened(name: string, text: string): Promise<{ c: LspClient; uri: string }> {
  const c = LspClient.start();
  clients.push(c);
  await c.initialize({}, {}, pathToFileURL(dir).href);
  const uri = pathToFileURL(join(dir, name)).href;
  await c.open(uri, text);
  await c.diagnostics(uri);
  return { c, uri };
}

const hover = (c: LspClient, uri: string, line: number, character: number) =>
  c.request<{ contents: { kind: string; value: string }; range?: unknown } | null>('textDocument/hover', { textDocument: { uri }, position: { line, character } });

const TEAM = `apiVersion: rbac.authorization.plat.io/v1
kind: Role
metadata:
  name: settings-editor
  namespace: prod
rules:
  - apiGroups: [""]
    resources: [configmaps]
    resourceNames: [settings]
    verbs: [get, update, patch]
---
apiVersion: rbac.authorization.plat.io/v1
kind: RoleBinding
metadata:
  name: settings-editor
  namespace: prod
roleRef:
  apiGroup: rbac.authorization.plat.io
  kind: Role
  name: settings-editor
subjects:
  - kind: User
    apiGroup: rbac.authorization.plat.io
    name: jane
  - kind: ServiceAccount
    name: deployer
`;

const VIEW = `apiVersion: rbac.authorization.plat.io/v1
kind: ClusterRoleBindingList
items:
  - metadata:
      name: viewers
    roleRef:
      apiGroup: rbac.authorization.plat.io
      kind: ClusterRole
      name: view
    subjects:
      - kind: Group
        name: auditors
  - metadata:
      name: broken
    roleRef:
      apiGroup: rbac.authorization.plat.io
      kind: ClusterRole
      name: defined-elsewhere
    subjects:
      - kind: ServiceAccount
        name: ci
`;

/** The part of a hover before the field's description. */
const accessPart = (value: string) => value.split('\n\n---\n\n')[0];

describe('hover on a binding', () => {
  test('on roleRef: what the binding grants its subjects, then the field', async () => {
    const { c, uri } = await opened('team.yaml', TEAM);
    const onRef = await hover(c, uri, 19, 9);
    expect(onRef).toEqual({
      contents: {
        kind: 'markdown',
        value: [
          '**RoleBinding `prod/settings-editor`** grants User `jane`, ServiceAccount `prod/deployer`, in namespace `prod`:',
          '',
          '- get, update, patch on configmaps named settings (core)',
          '',
          'through Role `prod/settings-editor` (this document)',
          '',
          '---',
          '',
          '**name** · `string` · required',
          '',
          'Name of the referenced role; a path segment name (not `.` or `..`, without `/` or `%`).',
          '',
          '- Minimum length: 1',
          '- Pattern: `^(?!\\.\\.?$)[^/%]*$`',
          '',
          '`roleRef.name` of RoleBinding (rbac.authorization.plat.io/v1)',
        ].join('\n'),
      },
      range: { start: { line: 19, character: 2 }, end: { line: 19, character: 6 } },
    });
    // anywhere in roleRef: the same grant
    expect(accessPart((await hover(c, uri, 16, 3))!.contents.value)).toBe(accessPart(onRef!.contents.value));
  });

  test('on a subject: what the binding grants that subject (a ServiceAccount in the binding\'s namespace)', async () => {
    const { c, uri } = await opened('team.yaml', TEAM);
    const h = await hover(c, uri, 25, 10);
    expect(accessPart(h!.contents.value)).toBe(
      ['**RoleBinding `prod/settings-editor`** grants ServiceAccount `prod/deployer`, in namespace `prod`:', '', '- get, update, patch on configmaps named settings (core)', '', 'through Role `prod/settings-editor` (this document)'].join('\n'),
    );
    expect(h!.contents.value.split('\n').at(-1)).toBe('`subjects[1].name` of RoleBinding (rbac.authorization.plat.io/v1)');
    // on the role itself, or the binding's name: the field alone
    expect((await hover(c, uri, 14, 10))!.contents.value).not.toContain('grants');
    expect((await hover(c, uri, 3, 10))!.contents.value).not.toContain('grants');
  });

  test('the platform\'s roles, aggregated; a list kind\'s items; a role the document does not define', async () => {
    const { c, uri } = await opened('view.yaml', VIEW);
    const view = accessPart((await hover(c, uri, 8, 12))!.contents.value)!.split('\n');
    expect(view[0]).toBe('**ClusterRoleBinding `viewers`** grants Group `auditors`, cluster-wide:');
    expect(view.filter((l) => l.startsWith('- '))).toHaveLength(10);
    expect(view).toContain('- get, list, watch on cronjobs, cronjobs/status, jobs, jobs/status (batch)');
    expect(view.at(-1)).toBe("through ClusterRole `view` (the platform's bootstrap policy, aggregated from 1 ClusterRole)");
    const broken = accessPart((await hover(c, uri, 19, 10))!.contents.value);
    expect(broken).toBe(
      [
        '**ClusterRoleBinding `broken`** grants ServiceAccount `ci` (it stands for nobody: a ServiceAccount needs a namespace), cluster-wide:',
        '',
        'nothing: its roleRef names ClusterRole `defined-elsewhere`, which neither this document nor the platform defines (clusterrole.rbac.authorization.plat.io "defined-elsewhere" not found)',
      ].join('\n'),
    );
  });

  test('a RoleBinding to a ClusterRole with URLs: they are not granted; a long role is cut at 12 rules', async () => {
    const rules = Array.from({ length: 14 }, (_, i) => `  - {apiGroups: [""], resources: [r${i}], verbs: [get]}`).join('\n');
    const text = `apiVersion: rbac.authorization.plat.io/v1\nkind: ClusterRole\nmetadata:\n  name: big\nrules:\n${rules}\n  - {nonResourceURLs: ["/metrics"], verbs: [get]}\n---\napiVersion: rbac.authorization.plat.io/v1\nkind: RoleBinding\nmetadata:\n  name: b\n  namespace: dev\nroleRef: {apiGroup: rbac.authorization.plat.io, kind: ClusterRole, name: big}\nsubjects: [{kind: User, name: ann}]\n`;
    const { c, uri } = await opened('big.yaml', text);
    const lines = accessPart((await hover(c, uri, 26, 70))!.contents.value)!.split('\n');
    expect(lines.slice(0, 3)).toEqual(['**RoleBinding `dev/b`** grants User `ann`, in namespace `dev`:', '', '- get on r0 (core)']);
    expect(lines.slice(-4)).toEqual(['- get on r11 (core)', '- and 2 more rules', '', 'through ClusterRole `big` (this document) (its non-resource URLs are not granted: a RoleBinding grants no URL)']);
  });
});

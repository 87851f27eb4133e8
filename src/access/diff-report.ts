// `platlint access diff` as text, JSON, Markdown and SARIF (docs/access.md describes each): the permissions granted
// and revoked, each with the binding and rule that give it on its side (the new files' for what is granted, the
// old revision's for what is revoked).
import { host } from '../services/host.js';
import { VERSION } from '../version.js';
import type { Cluster } from './cluster.js';
import type { AccessDiff, Held, Permission, PermissionSubject } from './diff.js';
import type { Grant } from './authorize.js';
import type { Origin } from './model.js';
import { bindingText, grantJson, mdCell, mdCode, mdText, mdWhere, noteJson, problemLines, roleText, ruleText, unresolvedJson, where, type ReportContext } from './report.js';

/** One set of files compared: the new files' cluster and the old revision's. */
export interface DiffAnswer {
  readonly deployment: string | null;
  readonly noDeployment?: boolean;
  /** The cluster of the base revision's files, and of the files compared with it (the working tree's). */
  readonly base: Cluster;
  readonly head: Cluster;
  readonly diff: AccessDiff;
}

export interface DiffReport {
  /** The old side: the revision as given (`main`, `HEAD~1`) and its commit; null for texts compared without git. */
  readonly base: { readonly revision: string | null; readonly commit: string | null };
  readonly answers: readonly DiffAnswer[];
}

/** What a `--fail-on` asks about. */
export type FailOn = 'granted' | 'revoked' | 'any';

export function diffFails(report: DiffReport, failOn: FailOn | undefined): boolean {
  if (failOn === undefined) return false;
  return report.answers.some((a) => ((failOn === 'granted' || failOn === 'any') && a.diff.granted.length > 0) || ((failOn === 'revoked' || failOn === 'any') && a.diff.revoked.length > 0));
}

const GROUP_WORDS = (g: string) => (g === '' ? 'core' : g === '*' ? 'every group' : g);

/** `list on secrets (core)`, `get on deployments/scale named web (apps)`, `get /metrics`. */
export function permissionText(p: Permission): string {
  if (p.path !== undefined) return `${p.verb} ${p.path}`;
  const resource = p.subresource === '' ? p.resource : `${p.resource}/${p.subresource}`;
  return `${p.verb} on ${resource}${p.name === '' ? '' : ` named ${p.name}`} (${GROUP_WORDS(p.group)})`;
}

function subjectWords(s: PermissionSubject): string {
  return s.kind === 'ServiceAccount' ? `ServiceAccount ${s.namespace}/${s.name}` : `${s.kind} ${s.name}`;
}

function scopeWords(p: Permission): string {
  return p.namespace === '' ? 'cluster-wide' : p.namespace === null ? 'in the namespace its RoleBinding is applied in' : `in namespace ${p.namespace}`;
}

function sideLabels(report: DiffReport): { new: string; old: string } {
  return report.base.revision === null ? { new: 'the head files', old: 'the base files' } : { new: 'the working tree', old: report.base.revision };
}

/** File names of the old side: `REV:file` (git's notation for a file at a revision). */
function oldContext(report: DiffReport, ctx: ReportContext): ReportContext {
  const rev = report.base.revision;
  return rev === null ? ctx : { file: (p) => `${rev}:${ctx.file(p)}` };
}

function grantLine(g: Grant, ctx: ReportContext): string {
  const role = g.role.kind !== g.rule.owner.kind || g.role.name !== g.rule.owner.name ? `, role ${roleText(g.role)}` : '';
  return `by ${bindingText(g.binding, g.namespace)} (${where(g.binding.origin, ctx)})${role}, rule ${ruleText(g.rule)} (${where(g.rule.origin, ctx)})`;
}

/** Permissions that differ only in their verb and are granted by the same rules of the same bindings, as one. */
interface Merged {
  readonly permission: Permission;
  readonly verbs: string[];
  readonly grants: readonly Grant[];
}

function merged(list: readonly Held[]): Merged[] {
  const out: Merged[] = [];
  const same = (a: Merged, h: Held) => {
    const p = a.permission;
    const q = h.permission;
    return (
      p.subject.kind === q.subject.kind && p.subject.name === q.subject.name && p.subject.namespace === q.subject.namespace && p.namespace === q.namespace &&
      p.path === q.path && p.group === q.group && p.resource === q.resource && p.subresource === q.subresource && p.name === q.name &&
      a.grants.length === h.grants.length && a.grants.every((g, i) => g.binding === h.grants[i]!.binding && g.rule === h.grants[i]!.rule && g.subject === h.grants[i]!.subject)
    );
  };
  for (const h of list) {
    const last = out.at(-1);
    if (last && same(last, h)) last.verbs.push(h.permission.verb);
    else out.push({ permission: h.permission, verbs: [h.permission.verb], grants: h.grants });
  }
  return out;
}

/** `permissionText` of merged permissions: their verbs, then the rest. */
function mergedText(m: Merged): string {
  return permissionText({ ...m.permission, verb: m.verbs.join(', ') });
}

function heldLines(list: readonly Held[], ctx: ReportContext): string[] {
  const out: string[] = [];
  let group = '';
  for (const m of merged(list)) {
    const p = m.permission;
    const head = `${subjectWords(p.subject)} ${scopeWords(p)}`;
    if (head !== group) out.push(`  ${(group = head)}`);
    out.push(`    ${mergedText(m)}`, ...m.grants.map((g) => `      ${grantLine(g, ctx)}`));
  }
  return out;
}

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function diffText(report: DiffReport, ctx: ReportContext): string {
  const labels = sideLabels(report);
  const old = oldContext(report, ctx);
  const out: string[] = [];
  for (const a of report.answers) {
    const scope = a.deployment !== null ? `deployment ${a.deployment}: ` : a.noDeployment ? 'files of no deployment: ' : '';
    out.push(`${scope}${labels.new} (${count(a.head.files, 'file')}) against ${labels.old} (${count(a.base.files, 'file')}):`);
    const { granted, revoked, unknown } = a.diff;
    if (granted.length === 0 && revoked.length === 0) out.push(`  no access granted or revoked`);
    if (granted.length > 0) out.push(`granted: ${count(granted.length, 'permission')}`, ...heldLines(granted, ctx));
    if (revoked.length > 0) out.push(`revoked: ${count(revoked.length, 'permission')}`, ...heldLines(revoked, old));
    for (const u of unknown) {
      const c = u.side === 'head' ? ctx : old;
      const what = u.why === 'error' ? 'to a role that does not exist' : 'to a role whose rules are not known';
      out.push(`unknown: ${bindingText(u.binding, u.namespace)} (${where(u.binding.origin, c)}) ${u.side === 'head' ? 'now binds' : 'no longer binds'} ${u.subject.kind} ${u.subject.name} ${what}: ${u.message}`);
    }
    // the notes of the new files that the old ones did not have
    const before = new Set(a.base.notes.map((n) => n.message));
    out.push(...problemLines([], [], a.head.notes.filter((n) => !before.has(n.message)), ctx, ''));
  }
  return `${out.join('\n')}\n`;
}

function permissionJson(p: Permission) {
  const subject = { kind: p.subject.kind, name: p.subject.name, namespace: p.subject.namespace };
  return p.path !== undefined
    ? { subject, namespace: p.namespace, verb: p.verb, path: p.path }
    : { subject, namespace: p.namespace, verb: p.verb, group: p.group, resource: p.resource, subresource: p.subresource, name: p.name };
}

/** The JSON of a diff; the files of both sides are named alike (those of what is revoked are the old revision's). */
export function diffJson(report: DiffReport, ctx: ReportContext) {
  return {
    base: report.base,
    granted: report.answers.reduce((n, a) => n + a.diff.granted.length, 0),
    revoked: report.answers.reduce((n, a) => n + a.diff.revoked.length, 0),
    answers: report.answers.map((a) => ({
      deployment: a.deployment,
      noDeployment: a.noDeployment === true,
      files: { base: a.base.files, head: a.head.files },
      granted: a.diff.granted.map((h) => ({ ...permissionJson(h.permission), grantedBy: h.grants.map((g) => grantJson(g, ctx)) })),
      revoked: a.diff.revoked.map((h) => ({ ...permissionJson(h.permission), grantedBy: h.grants.map((g) => grantJson(g, ctx)) })),
      unknown: a.diff.unknown.map((u) => ({ side: u.side, why: u.why, ...unresolvedJson(u, ctx) })),
      notes: { base: a.base.notes.map((n) => noteJson(n, ctx)), head: a.head.notes.map((n) => noteJson(n, ctx)) },
    })),
  };
}

function mdOldWhere(o: Origin, old: ReportContext): string {
  return o.source === 'bootstrap' ? 'bootstrap policy' : mdCode(where(o, old));
}

function mdRows(list: readonly Held[], place: (o: Origin) => string): string[] {
  const rows: string[] = [];
  for (const h of merged(list)) {
    const p = h.permission;
    const s = p.subject;
    const who = s.kind === 'ServiceAccount' ? `ServiceAccount ${mdCode(`${s.namespace}/${s.name}`)}` : `${s.kind} ${mdCode(s.name)}`;
    const scope = p.namespace === '' ? 'cluster-wide' : p.namespace === null ? 'namespace set when applied' : mdCode(p.namespace);
    for (const g of h.grants) {
      const binding = `${g.binding.kind} ${mdCode(g.binding.kind === 'RoleBinding' ? `${g.namespace === '' ? '(set when applied)' : g.namespace}/${g.binding.name}` : g.binding.name)} (${place(g.binding.origin)})`;
      const rule = `${mdCode(`${g.rule.owner.name} rules[${g.rule.index}]`)} (${place(g.rule.origin)})`;
      rows.push(`| ${mdCell(who)} | ${scope} | ${mdCell(mdText(mergedText(h)))} | ${mdCell(binding)} | ${mdCell(rule)} |`);
    }
  }
  return rows;
}

export function diffMarkdown(report: DiffReport, ctx: ReportContext): string {
  const labels = sideLabels(report);
  const old = oldContext(report, ctx);
  const out: string[] = [];
  const head = '| Subject | Where | Permission | Binding | Rule |\n| --- | --- | --- | --- | --- |';
  for (const a of report.answers) {
    const scope = a.deployment !== null ? ` (deployment ${mdCode(a.deployment)})` : a.noDeployment ? ' (files of no deployment)' : '';
    out.push(`### Access granted and revoked against ${report.base.revision === null ? labels.old : mdCode(labels.old)}${scope}`, '');
    const { granted, revoked, unknown } = a.diff;
    if (granted.length === 0 && revoked.length === 0) out.push('No access granted or revoked.', '');
    if (granted.length > 0) out.push(`#### Granted: ${count(granted.length, 'permission')}`, '', head, ...mdRows(granted, (o) => mdWhere(o, ctx)), '');
    if (revoked.length > 0) out.push(`#### Revoked: ${count(revoked.length, 'permission')}`, '', head, ...mdRows(revoked, (o) => mdOldWhere(o, old)), '');
    const items = unknown.map((u) => {
      const place = u.side === 'head' ? mdWhere(u.binding.origin, ctx) : mdOldWhere(u.binding.origin, old);
      return `- unknown: ${u.binding.kind} ${mdCode(u.binding.name)} (${place}) ${u.side === 'head' ? 'now binds' : 'no longer binds'} ${u.subject.kind} ${mdCode(u.subject.name)} ${u.why === 'error' ? 'to a role that does not exist' : 'to a role whose rules are not known'}: ${mdCell(u.message)}`;
    });
    if (items.length > 0) out.push(...items, '');
  }
  return out.join('\n');
}

// ---- SARIF ----

/** What the SARIF log needs from the command line: the links and the folder the paths are relative to. */
export interface SarifContext extends ReportContext {
  /** A file URL of the working folder, ending in `/` (the `%SRCROOT%` the artifact URIs are relative to). */
  readonly srcRoot: string;
  readonly informationUri: string;
  /** The page that documents `access diff`. */
  readonly helpUri: string;
  /** `error` when the run fails on granted permissions (`--fail-on granted` or `any`), else `note`. */
  readonly level: 'error' | 'note';
}

const RULE_ID = 'access/granted';

function region(o: Origin): { startLine: number; startColumn: number; endLine: number; endColumn: number } | undefined {
  if (o.source !== 'file') return undefined;
  const s = o.span();
  return { startLine: s.line, startColumn: s.column, endLine: s.endLine, endColumn: s.endColumn };
}

function artifact(o: Origin, ctx: ReportContext) {
  if (o.source !== 'file') throw new Error('a bootstrap origin has no file');
  return { uri: ctx.file(o.file).split('/').map(encodeURIComponent).join('/'), uriBaseId: '%SRCROOT%' };
}

/**
 * The SARIF 2.1.0 log of a diff for code scanning: one result per granted permission, at the rule that grants it
 * (its first grant's; the binding's roleRef when the rule is the platform's own), with the binding and the subject
 * as related locations and a fingerprint made of the permission (stable when lines move). What is revoked is not
 * a result (its rules are not in the working tree).
 */
export function diffSarif(report: DiffReport, ctx: SarifContext) {
  const results = [];
  for (const a of report.answers) {
    for (const h of a.diff.granted) {
      const g = h.grants[0]!;
      const at = [g.rule.origin, g.binding.roleRefOrigin, g.role.origin, g.subject.origin].find((o) => o.source === 'file');
      if (!at) continue;
      const related = [
        { o: g.binding.origin, text: `the binding: ${bindingText(g.binding, g.namespace)}` },
        { o: g.subject.origin, text: `the subject: ${g.subject.kind} ${g.subject.name}` },
      ].filter((r) => r.o.source === 'file' && r.o !== at);
      const p = h.permission;
      const deployment = a.deployment !== null ? ` (deployment ${a.deployment})` : '';
      const against = report.base.revision === null ? 'the base files' : report.base.revision;
      results.push({
        ruleId: RULE_ID,
        ruleIndex: 0,
        level: ctx.level,
        message: { text: `${subjectWords(p.subject)} may ${permissionText(p)} ${scopeWords(p)}${deployment}, which ${against} did not allow: granted by ${bindingText(g.binding, g.namespace)}, rule ${ruleText(g.rule)}` },
        locations: [{ physicalLocation: { artifactLocation: artifact(at, ctx), region: region(at)! } }],
        ...(related.length > 0 ? { relatedLocations: related.map((r, i) => ({ id: i + 1, message: { text: r.text }, physicalLocation: { artifactLocation: artifact(r.o, ctx), region: region(r.o)! } })) } : {}),
        partialFingerprints: { 'platlint/v1': host().sha256Hex(JSON.stringify(['platlint/v1', RULE_ID, a.deployment, permissionJson(p)])) },
      });
    }
  }
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0' as const,
    runs: [
      {
        tool: {
          driver: {
            name: 'platlint',
            version: VERSION,
            semanticVersion: VERSION,
            informationUri: ctx.informationUri,
            rules: [
              {
                id: RULE_ID,
                name: 'AccessGranted',
                shortDescription: { text: 'A permission the working tree grants and the base revision did not' },
                fullDescription: { text: 'A subject may do something (a verb on a resource in a namespace, or on a non-resource URL) that the RBAC files of the base revision did not allow, as the platform\'s RBAC authorizer evaluates them.' },
                help: {
                  text: `Check that the subject should be allowed this; the result is at the rule that grants it. Documentation: ${ctx.helpUri}`,
                  markdown: `Check that the subject should be allowed this; the result is at the rule that grants it.\n\n[Documentation](${ctx.helpUri})\n`,
                },
                helpUri: ctx.helpUri,
                defaultConfiguration: { level: ctx.level },
                properties: { tags: ['access', 'security'], precision: 'very-high' },
              },
            ],
          },
        },
        invocations: [{ executionSuccessful: true }],
        originalUriBaseIds: { '%SRCROOT%': { uri: ctx.srcRoot } },
        columnKind: 'utf16CodeUnits' as const,
        results,
      },
    ],
  };
}

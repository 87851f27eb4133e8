// The answers as text, JSON and Markdown (docs/access.md describes each shape). Positions are 1-based lines and
// columns (UTF-16 units) of the name of a binding, subject or role, and of the first key of a rule.
import { describeGrant, PRIVILEGED_GROUP, ruleSummary, type Decision, type Grant, type Grantee, type RulesAnswer, type Unresolved, type WhoCanAnswer, type WhoCanScope } from './authorize.js';
import { describe, type Cluster, type Note } from './cluster.js';
import { isResourceRequest, type AccessRequest, type Binding, type Origin, type Role, type Rule, type Subject, type UserInfo } from './model.js';
import { resourceText } from './request.js';

/** One set of files answered together: a deployment of the configuration, or the files given (null). */
export interface Scope {
  readonly deployment: string | null;
  /** The files of no deployment, where the configuration declares deployments (deployment null). */
  readonly noDeployment?: boolean;
  readonly cluster: Cluster;
}

export interface ReportContext {
  /** How a file is named in the output (the command line: relative to its working folder). */
  readonly file: (path: string) => string;
}

export interface Answered<T> extends Scope {
  readonly answer: T;
}

// ---- shared pieces ----

const BOOTSTRAP_WHERE = "the platform's bootstrap policy";

export function where(o: Origin, ctx: ReportContext): string {
  if (o.source === 'bootstrap') return BOOTSTRAP_WHERE;
  const p = o.position();
  return `${ctx.file(o.file)}:${p.line}:${p.column}`;
}

/** A place as JSON: file, line, column (null for the bootstrap policy) and whether it is the bootstrap policy's. */
function placeJson(o: Origin, ctx: ReportContext): { file: string | null; line: number | null; column: number | null; bootstrap: boolean } {
  if (o.source === 'bootstrap') return { file: null, line: null, column: null, bootstrap: true };
  const p = o.position();
  return { file: ctx.file(o.file), line: p.line, column: p.column, bootstrap: false };
}

function bindingJson(b: Binding, namespace: string, ctx: ReportContext) {
  return { kind: b.kind, name: b.name, namespace: b.kind === 'RoleBinding' ? namespace : '', ...placeJson(b.origin, ctx) };
}

function subjectNamespace(s: Subject, namespace: string): string {
  return s.kind === 'ServiceAccount' ? (s.namespace !== '' ? s.namespace : namespace) : s.namespace;
}

function subjectJson(s: Subject, namespace: string, ctx: ReportContext) {
  return { kind: s.kind, name: s.name, namespace: subjectNamespace(s, namespace), index: s.index, ...placeJson(s.origin, ctx) };
}

function roleJson(r: Role, ctx: ReportContext) {
  return { kind: r.kind, name: r.name, namespace: r.namespace, ...placeJson(r.origin, ctx), aggregated: r.aggregation !== undefined && r.aggregation.problem === undefined };
}

function ruleJson(r: Rule, ctx: ReportContext) {
  return {
    kind: r.owner.kind,
    name: r.owner.name,
    namespace: r.owner.namespace,
    index: r.index,
    ...placeJson(r.origin, ctx),
    verbs: r.verbs,
    apiGroups: r.apiGroups,
    resources: r.resources,
    resourceNames: r.resourceNames,
    nonResourceURLs: r.nonResourceURLs,
  };
}

export function grantJson(g: Grant, ctx: ReportContext) {
  return { binding: bindingJson(g.binding, g.namespace, ctx), subject: subjectJson(g.subject, g.namespace, ctx), role: roleJson(g.role, ctx), rule: ruleJson(g.rule, ctx) };
}

export function unresolvedJson(u: Unresolved, ctx: ReportContext) {
  return { message: u.message, binding: bindingJson(u.binding, u.namespace, ctx), roleRef: { ...u.binding.roleRef, ...placeJson(u.binding.roleRefOrigin, ctx) }, ...(u.subject ? { subject: subjectJson(u.subject, u.namespace, ctx) } : {}) };
}

export function noteJson(n: Note, ctx: ReportContext) {
  return { message: n.message, ...(n.at ? placeJson(n.at, ctx) : { file: n.file !== undefined ? ctx.file(n.file) : null, line: null, column: null, bootstrap: false }) };
}

export function requestJson(request: AccessRequest) {
  return isResourceRequest(request)
    ? { verb: request.verb, resource: request.resource, group: request.group, subresource: request.subresource, name: request.name, namespace: request.namespace }
    : { verb: request.verb, path: request.path };
}

function userJson(user: UserInfo, added: readonly string[]) {
  return { name: user.name, groups: user.groups, addedGroups: added };
}

/** `get secrets named x in namespace prod`, `get /healthz`. */
export function requestText(request: AccessRequest): string {
  if (!isResourceRequest(request)) return `${request.verb} ${request.path}`;
  const name = request.name === '' ? '' : ` named ${request.name}`;
  const ns = request.namespace === '' ? ' cluster-wide' : ` in namespace ${request.namespace}`;
  return `${request.verb} ${resourceText(request)}${name}${ns}`;
}

function userText(user: UserInfo): string {
  return `User ${user.name}${user.groups.length > 0 ? ` (groups ${user.groups.join(', ')})` : ''}`;
}

export function bindingText(b: Binding, namespace: string): string {
  return describe({ kind: b.kind, name: b.name, namespace: b.kind === 'RoleBinding' ? namespace : '' }).replace(/`/g, '');
}

function subjectText(s: Subject, namespace: string): string {
  const ns = subjectNamespace(s, namespace);
  return `${s.kind} ${s.kind === 'ServiceAccount' ? `${ns}/${s.name}` : s.name}`;
}

export function roleText(r: Role): string {
  return `${describe(r).replace(/`/g, '')}${r.aggregation && r.aggregation.problem === undefined ? ' (aggregated)' : ''}`;
}

export function ruleText(r: Rule): string {
  return `${describe(r.owner).replace(/`/g, '')} rules[${r.index}]`;
}

function grantLines(g: Grant, ctx: ReportContext, indent: string): string[] {
  return [
    `${indent}binding ${bindingText(g.binding, g.namespace)} (${where(g.binding.origin, ctx)})`,
    `${indent}  subject ${subjectText(g.subject, g.namespace)} (${where(g.subject.origin, ctx)})`,
    `${indent}  role    ${roleText(g.role)} (${where(g.role.origin, ctx)})`,
    `${indent}  rule    ${ruleText(g.rule)} (${where(g.rule.origin, ctx)}): ${ruleSummary(g.rule)}`,
  ];
}

export function problemLines(errors: readonly Unresolved[], unknown: readonly Unresolved[], notes: readonly Note[], ctx: ReportContext, indent: string): string[] {
  const out: string[] = [];
  for (const e of errors) out.push(`${indent}evaluation error: ${e.message} (${bindingText(e.binding, e.namespace)}, roleRef at ${where(e.binding.roleRefOrigin, ctx)})`);
  for (const u of unknown) out.push(`${indent}unknown: ${bindingText(u.binding, u.namespace)} (${where(u.binding.origin, ctx)}) binds ${u.subject ? subjectText(u.subject, u.namespace) : 'its subjects'} to a role whose rules are not known: ${u.message}`);
  for (const n of notes) out.push(`${indent}note: ${n.file !== undefined ? `${ctx.file(n.file)}: ` : ''}${n.message}${n.at ? ` (${where(n.at, ctx)})` : ''}`);
  return out;
}

export function scopeHeader(s: Scope): string {
  const files = `${s.cluster.files} file${s.cluster.files === 1 ? '' : 's'}`;
  return s.deployment !== null ? `deployment ${s.deployment} (${files})` : s.noDeployment ? `files of no deployment (${files})` : files;
}

function mdScope(s: Scope): string {
  return s.deployment !== null ? ` (deployment ${mdCode(s.deployment)})` : s.noDeployment ? ' (files of no deployment)' : '';
}

export function mdCode(s: string): string {
  return s.includes('`') ? `\`\` ${s} \`\`` : `\`${s}\``;
}

export function mdWhere(o: Origin, ctx: ReportContext): string {
  if (o.source === 'bootstrap') return 'bootstrap policy';
  const p = o.position();
  const file = ctx.file(o.file);
  return `[${file}:${p.line}:${p.column}](${file.replace(/ /g, '%20')}#L${p.line})`;
}

/** Plain text in Markdown: its emphasis and link characters escaped (`* on *`). */
export function mdText(s: string): string {
  return s.replace(/[\\*_[\]<>]/g, '\\$&');
}

export function mdCell(s: string): string {
  return s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

// ---- can-i ----

export interface CanIReport {
  readonly user: UserInfo;
  /** Groups the platform adds to the user given (a service account's). */
  readonly addedGroups: readonly string[];
  readonly request: AccessRequest;
  readonly answers: readonly Answered<Decision>[];
}

/** Whether every set of files answered allows the request. */
export function allAllowed(report: CanIReport): boolean {
  return report.answers.every((a) => a.answer.allowed);
}

export function canIJson(report: CanIReport, ctx: ReportContext) {
  return {
    user: userJson(report.user, report.addedGroups),
    request: requestJson(report.request),
    allowed: allAllowed(report),
    answers: report.answers.map((a) => ({
      deployment: a.deployment,
      noDeployment: a.noDeployment === true,
      files: a.cluster.files,
      status: { allowed: a.answer.allowed, reason: a.answer.reason, ...(a.answer.evaluationError !== undefined ? { evaluationError: a.answer.evaluationError } : {}) },
      decidedBy: a.answer.decidedBy,
      grantedBy: a.answer.grants.map((g) => grantJson(g, ctx)),
      evaluationErrors: a.answer.errors.map((e) => unresolvedJson(e, ctx)),
      unknown: a.answer.unknown.map((u) => unresolvedJson(u, ctx)),
      notes: a.cluster.notes.map((n) => noteJson(n, ctx)),
    })),
  };
}

/** What the text of an answer leaves out: the notes about the files (`access review` prints them once, at the end). */
export interface TextOptions {
  readonly notes?: boolean;
}

export function canIText(report: CanIReport, ctx: ReportContext, options: TextOptions = {}): string {
  const out: string[] = [];
  const several = report.answers.length > 1;
  for (const a of report.answers) {
    const d = a.answer;
    const indent = several ? '  ' : '';
    if (several) out.push(`${scopeHeader(a)}: ${d.allowed ? 'yes' : 'no'}`);
    else out.push(d.allowed ? 'yes' : 'no', ...(a.deployment !== null || a.noDeployment ? [scopeHeader(a)] : []));
    if (d.decidedBy === 'privileged-group') out.push(`${indent}allowed before RBAC: the API server allows the group ${PRIVILEGED_GROUP} everything (its privileged group authorizer)`);
    if (d.grants.length > 0) {
      out.push(`${indent}${d.decidedBy === 'rbac' ? d.reason : `RBAC: allowed by ${describeGrant(d.grants[0]!)}`}`);
      d.grants.forEach((g) => out.push(...grantLines(g, ctx, indent)));
    } else if (!d.allowed) {
      out.push(`${indent}no rule of a binding of ${userText(report.user)} allows ${requestText(report.request)} (RBAC; the API server's other authorizers are not asked)`);
    }
    // a role whose rules are not known can only turn a no into a yes
    out.push(...problemLines(d.errors, d.allowed ? [] : d.unknown, options.notes === false ? [] : a.cluster.notes, ctx, indent));
  }
  if (report.addedGroups.length > 0) out.push(`note: ${report.user.name} is a service account: its tokens carry the groups ${report.addedGroups.join(', ')} too`);
  return `${out.join('\n')}\n`;
}

// ---- who-can ----

export interface WhoCanReport {
  readonly request: AccessRequest;
  readonly scope: WhoCanScope;
  readonly answers: readonly Answered<WhoCanAnswer>[];
}

function scopeText(request: AccessRequest, scope: WhoCanScope): string {
  if (!isResourceRequest(request)) return `${request.verb} ${request.path}`;
  const name = request.name === '' ? '' : ` named ${request.name}`;
  const where = scope.allNamespaces ? ' in any namespace' : scope.namespace ? ` in namespace ${scope.namespace}` : ' cluster-wide';
  return `${request.verb} ${resourceText(request)}${name}${where}`;
}

function granteeText(g: Grantee): string {
  return g.kind === 'ServiceAccount' ? `ServiceAccount ${g.namespace}/${g.name} (${g.username})` : `${g.kind} ${g.name}`;
}

export function whoCanJson(report: WhoCanReport, ctx: ReportContext) {
  return {
    request: requestJson(report.request),
    scope: report.scope.allNamespaces ? { allNamespaces: true } : report.scope.namespace ? { namespace: report.scope.namespace } : { clusterWide: true },
    answers: report.answers.map((a) => ({
      deployment: a.deployment,
      noDeployment: a.noDeployment === true,
      files: a.cluster.files,
      subjects: a.answer.grantees.map((g) => ({
        kind: g.kind,
        name: g.name,
        namespace: g.namespace,
        ...(g.username !== undefined ? { username: g.username } : {}),
        privileged: g.privileged,
        grantedBy: g.grants.map((x) => grantJson(x, ctx)),
      })),
      ...(a.answer.evaluationError !== undefined ? { evaluationError: a.answer.evaluationError } : {}),
      evaluationErrors: a.answer.errors.map((e) => unresolvedJson(e, ctx)),
      unknown: a.answer.unknown.map((u) => unresolvedJson(u, ctx)),
      ignored: a.answer.ignored.map((i) => ({ why: i.why, binding: bindingJson(i.binding, i.binding.namespace, ctx), subject: subjectJson(i.subject, i.binding.namespace, ctx) })),
      notes: a.cluster.notes.map((n) => noteJson(n, ctx)),
    })),
  };
}

export function whoCanText(report: WhoCanReport, ctx: ReportContext): string {
  const out: string[] = [];
  for (const a of report.answers) {
    out.push(`who can ${scopeText(report.request, report.scope)} (${scopeHeader(a)}):`);
    for (const g of a.answer.grantees) {
      out.push(granteeText(g));
      if (g.privileged) out.push(`  allowed before RBAC: the API server allows the group ${PRIVILEGED_GROUP} everything (its privileged group authorizer)`);
      for (const x of g.grants) {
        const ns = x.binding.kind === 'RoleBinding' && x.namespace === '' ? ' (its namespace is set when it is applied)' : '';
        out.push(`  binding ${bindingText(x.binding, x.namespace)} (${where(x.binding.origin, ctx)})${ns}`);
        out.push(`    role ${roleText(x.role)} (${where(x.role.origin, ctx)}), rule ${ruleText(x.rule)} (${where(x.rule.origin, ctx)}): ${ruleSummary(x.rule)}`);
      }
    }
    for (const i of a.answer.ignored) out.push(`ignored: ${subjectText(i.subject, i.binding.namespace)} of ${bindingText(i.binding, i.binding.namespace)} (${where(i.subject.origin, ctx)}): ${i.why}`);
    out.push(...problemLines(a.answer.errors, a.answer.unknown, a.cluster.notes, ctx, ''));
  }
  return `${out.join('\n')}\n`;
}

export function whoCanMarkdown(report: WhoCanReport, ctx: ReportContext): string {
  const out: string[] = [];
  for (const a of report.answers) {
    out.push(`### Who can ${mdCell(scopeText(report.request, report.scope))}${mdScope(a)}`, '');
    out.push('| Subject | Binding | Role | Rule |', '| --- | --- | --- | --- |');
    for (const g of a.answer.grantees) {
      const who = mdCell(g.kind === 'ServiceAccount' ? `ServiceAccount ${mdCode(`${g.namespace}/${g.name}`)}` : `${g.kind} ${mdCode(g.name)}`);
      if (g.privileged) out.push(`| ${who} | allowed before RBAC (the API server's privileged group) | | |`);
      for (const x of g.grants) {
        const binding = `${x.binding.kind} ${mdCode(x.binding.kind === 'RoleBinding' ? `${x.namespace === '' ? '(set when applied)' : x.namespace}/${x.binding.name}` : x.binding.name)} (${mdWhere(x.binding.origin, ctx)})`;
        const role = `${x.role.kind} ${mdCode(x.role.name)}${x.role.aggregation && x.role.aggregation.problem === undefined ? ', aggregated' : ''} (${mdWhere(x.role.origin, ctx)})`;
        const rule = `${mdCode(`${x.rule.owner.name} rules[${x.rule.index}]`)} (${mdWhere(x.rule.origin, ctx)}): ${mdText(ruleSummary(x.rule))}`;
        out.push(`| ${who} | ${mdCell(binding)} | ${mdCell(role)} | ${mdCell(rule)} |`);
      }
    }
    out.push(...mdProblems(a.answer.errors, a.answer.unknown, a.cluster.notes, ctx));
    out.push('');
  }
  return `${out.join('\n')}`;
}

function mdProblems(errors: readonly Unresolved[], unknown: readonly Unresolved[], notes: readonly Note[], ctx: ReportContext): string[] {
  const items = [
    ...errors.map((e) => `- evaluation error: ${mdCell(e.message)} (${e.binding.kind} ${mdCode(e.binding.name)}, ${mdWhere(e.binding.roleRefOrigin, ctx)})`),
    ...unknown.map((u) => `- unknown: ${u.binding.kind} ${mdCode(u.binding.name)} (${mdWhere(u.binding.origin, ctx)}): ${mdCell(u.message)}`),
    ...notes.map((n) => `- note: ${n.file !== undefined ? `${mdCell(ctx.file(n.file))}: ` : ''}${mdCell(n.message)}${n.at ? ` (${mdWhere(n.at, ctx)})` : ''}`),
  ];
  return items.length > 0 ? ['', ...items] : [];
}

// ---- rules ----

export interface RulesReport {
  readonly user: UserInfo;
  readonly addedGroups: readonly string[];
  readonly namespace: string;
  readonly answers: readonly Answered<RulesAnswer>[];
}

export function rulesJson(report: RulesReport, ctx: ReportContext) {
  return {
    user: userJson(report.user, report.addedGroups),
    namespace: report.namespace,
    answers: report.answers.map((a) => ({
      deployment: a.deployment,
      noDeployment: a.noDeployment === true,
      files: a.cluster.files,
      status: {
        resourceRules: a.answer.resourceRules.map((g) => ({ verbs: g.rule.verbs, apiGroups: g.rule.apiGroups, resources: g.rule.resources, resourceNames: g.rule.resourceNames, grantedBy: grantJson(g, ctx) })),
        nonResourceRules: a.answer.nonResourceRules.map((g) => ({ verbs: g.rule.verbs, nonResourceURLs: g.rule.nonResourceURLs, grantedBy: grantJson(g, ctx) })),
        incomplete: a.answer.incomplete,
        ...(a.answer.evaluationError !== undefined ? { evaluationError: a.answer.evaluationError } : {}),
      },
      privileged: a.answer.privileged,
      evaluationErrors: a.answer.errors.map((e) => unresolvedJson(e, ctx)),
      unknown: a.answer.unknown.map((u) => unresolvedJson(u, ctx)),
      notes: a.cluster.notes.map((n) => noteJson(n, ctx)),
    })),
  };
}

export function rulesText(report: RulesReport, ctx: ReportContext, options: TextOptions = {}): string {
  const out: string[] = [];
  for (const a of report.answers) {
    const r = a.answer;
    out.push(`rules of ${userText(report.user)} in namespace ${report.namespace} (${scopeHeader(a)})${r.incomplete ? ', incomplete' : ''}:`);
    if (r.privileged) out.push(`  the API server allows the group ${PRIVILEGED_GROUP} everything before RBAC, whatever these rules say`);
    out.push(`resource rules: ${r.resourceRules.length === 0 ? 'none' : ''}`.trimEnd());
    for (const g of r.resourceRules) out.push(`  ${ruleSummary(g.rule)}`, `    ${ruleText(g.rule)} (${where(g.rule.origin, ctx)}) by ${bindingText(g.binding, g.namespace)} (${where(g.binding.origin, ctx)})`);
    out.push(`non-resource rules: ${r.nonResourceRules.length === 0 ? 'none' : ''}`.trimEnd());
    for (const g of r.nonResourceRules) out.push(`  ${g.rule.verbs.join(', ')} ${g.rule.nonResourceURLs.join(', ')}`, `    ${ruleText(g.rule)} (${where(g.rule.origin, ctx)}) by ${bindingText(g.binding, g.namespace)} (${where(g.binding.origin, ctx)})`);
    out.push(...problemLines(r.errors, r.unknown, options.notes === false ? [] : a.cluster.notes, ctx, ''));
  }
  if (report.addedGroups.length > 0) out.push(`note: ${report.user.name} is a service account: its tokens carry the groups ${report.addedGroups.join(', ')} too`);
  return `${out.join('\n')}\n`;
}

export function rulesMarkdown(report: RulesReport, ctx: ReportContext): string {
  const out: string[] = [];
  const list = (xs: readonly string[]) => (xs.length === 0 ? '' : xs.map((x) => mdCode(x === '' ? '""' : x)).join(', '));
  for (const a of report.answers) {
    const r = a.answer;
    out.push(`### Rules of User ${mdCode(report.user.name)} in namespace ${mdCode(report.namespace)}${mdScope(a)}`, '');
    if (r.privileged) out.push(`The API server allows the group ${mdCode(PRIVILEGED_GROUP)} everything before RBAC, whatever these rules say.`, '');
    out.push('| Verbs | API groups | Resources | Names | Rule | Binding |', '| --- | --- | --- | --- | --- | --- |');
    for (const g of r.resourceRules) {
      out.push(`| ${list(g.rule.verbs)} | ${list(g.rule.apiGroups)} | ${list(g.rule.resources)} | ${list(g.rule.resourceNames)} | ${mdCell(`${mdCode(`${g.rule.owner.name} rules[${g.rule.index}]`)} (${mdWhere(g.rule.origin, ctx)})`)} | ${mdCell(`${g.binding.kind} ${mdCode(g.binding.name)} (${mdWhere(g.binding.origin, ctx)})`)} |`);
    }
    if (r.nonResourceRules.length > 0) {
      out.push('', '| Verbs | Non-resource URLs | Rule | Binding |', '| --- | --- | --- | --- |');
      for (const g of r.nonResourceRules) out.push(`| ${list(g.rule.verbs)} | ${list(g.rule.nonResourceURLs)} | ${mdCell(`${mdCode(`${g.rule.owner.name} rules[${g.rule.index}]`)} (${mdWhere(g.rule.origin, ctx)})`)} | ${mdCell(`${g.binding.kind} ${mdCode(g.binding.name)} (${mdWhere(g.binding.origin, ctx)})`)} |`);
    }
    if (r.incomplete) out.push('', '**Incomplete:** a bound role is not defined in these files.');
    out.push(...mdProblems(r.errors, r.unknown, a.cluster.notes, ctx));
    out.push('');
  }
  return out.join('\n');
}

// The playground's page: two CodeMirror editors (the file, its platlint.config.yaml), the findings the worker
// (worker.ts, platlint's browser bundle) gives for them, fixes with a preview, share links, examples, the rules'
// documentation and the reports to download. See docs/playground.md.
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { yaml } from '@codemirror/lang-yaml';
import { bracketMatching, defaultHighlightStyle, foldGutter, foldKeymap, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { lintGutter, lintKeymap, setDiagnostics, type Diagnostic as EditorDiagnostic } from '@codemirror/lint';
import { EditorSelection, EditorState, type Extension, type Text } from '@codemirror/state';
import { drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers, placeholder } from '@codemirror/view';
import type { JsonMessage } from 'platlint/browser';
import { EXAMPLES, type Example } from 'platlint-playground:examples';
import { diffLines } from './diff.js';
import { CANCELLED, LintClient } from './lint-client.js';
import { renderMarkdown } from './markdown.js';
import type { AccessAnswer, AccessInput, ConfigProblem, LintInput, LintOutcome, RuleSummary } from './protocol.js';
import { decodeShare, encodeShare, type SharedState } from './share.js';

const $ = <T extends HTMLElement>(id: string): T => {
  const element = document.getElementById(id);
  if (!element) throw new Error(`the page has no #${id}`);
  return element as T;
};

const ui = {
  example: $<HTMLSelectElement>('example'),
  filename: $<HTMLInputElement>('filename'),
  fixAll: $<HTMLButtonElement>('fix-all'),
  share: $<HTMLButtonElement>('share'),
  downloadJson: $<HTMLButtonElement>('download-json'),
  downloadSarif: $<HTMLButtonElement>('download-sarif'),
  summary: $<HTMLParagraphElement>('summary'),
  findings: $<HTMLOListElement>('findings'),
  configStatus: $<HTMLDivElement>('config-status'),
  configProblems: $<HTMLUListElement>('config-problems'),
  rule: $<HTMLSelectElement>('rule'),
  ruleDocs: $<HTMLDivElement>('rule-docs'),
  version: $<HTMLSpanElement>('version'),
  preview: $<HTMLDialogElement>('fix-preview'),
  previewHeading: $<HTMLHeadingElement>('fix-preview-heading'),
  previewSummary: $<HTMLParagraphElement>('fix-preview-summary'),
  previewDiff: $<HTMLPreElement>('fix-preview-diff'),
  previewApply: $<HTMLButtonElement>('fix-apply'),
  previewCancel: $<HTMLButtonElement>('fix-cancel'),
  accessForm: $<HTMLFormElement>('access-form'),
  accessVerb: $<HTMLInputElement>('access-verb'),
  accessResource: $<HTMLInputElement>('access-resource'),
  accessName: $<HTMLInputElement>('access-name'),
  accessNamespace: $<HTMLInputElement>('access-namespace'),
  accessUser: $<HTMLInputElement>('access-user'),
  accessGroups: $<HTMLInputElement>('access-groups'),
  accessSummary: $<HTMLParagraphElement>('access-summary'),
  accessAnswer: $<HTMLUListElement>('access-answer'),
};

/** What the empty configuration pane shows (greyed, not its text). */
const CONFIG_HINT = 'No configuration: platlint\'s defaults. For example:\n\nrules:\n  schema/unknown-field-ignored: error\n  security/*: "off"';

// ---- the editors ----------------------------------------------------------------------------------------

function editorExtensions(label: string, onChange: () => void, hint = ''): Extension[] {
  return [
    ...(hint ? [placeholder(hint)] : []),
    lineNumbers(),
    highlightActiveLineGutter(),
    foldGutter(),
    lintGutter(),
    history(),
    drawSelection(),
    indentOnInput(),
    bracketMatching(),
    highlightActiveLine(),
    syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
    yaml(),
    // Tab is left to the browser (it moves the focus on), as CodeMirror leaves it by default
    keymap.of([...defaultKeymap, ...historyKeymap, ...foldKeymap, ...lintKeymap]),
    EditorView.contentAttributes.of({ 'aria-label': label, spellcheck: 'false', autocapitalize: 'off', autocorrect: 'off' }),
    EditorView.updateListener.of((update) => {
      if (update.docChanged) onChange();
    }),
  ];
}

const fileView = new EditorView({ parent: $('editor'), state: EditorState.create({ doc: '', extensions: editorExtensions('File', () => lintSoon()) }) });
const configView = new EditorView({ parent: $('config-editor'), state: EditorState.create({ doc: '', extensions: editorExtensions('platlint.config.yaml', () => lintSoon(true), CONFIG_HINT) }) });

/** The offset of a 1-based line and column (UTF-16 units, as the CLI's JSON counts them), within the text. */
function offsetOf(doc: Text, line: number, column: number): number {
  if (line < 1) return 0;
  if (line > doc.lines) return doc.length;
  const l = doc.line(line);
  return Math.min(l.from + Math.max(column, 1) - 1, l.to);
}

function rangeOf(doc: Text, p: { line: number; column: number; endLine: number; endColumn: number }): { from: number; to: number } {
  const from = offsetOf(doc, p.line, p.column);
  return { from, to: Math.max(from, offsetOf(doc, p.endLine, p.endColumn)) };
}

function select(view: EditorView, range: { from: number; to: number }): void {
  view.dispatch({ selection: EditorSelection.single(range.from, range.to), effects: EditorView.scrollIntoView(range.from, { y: 'center' }) });
  view.focus();
}

/** Replaces the whole text of an editor by `text`, as one change of the lines that differ (undo restores it). */
function replaceText(view: EditorView, text: string): void {
  const old = view.state.doc.toString();
  if (old === text) return;
  let start = 0;
  while (start < old.length && start < text.length && old[start] === text[start]) start++;
  let end = 0;
  while (end < old.length - start && end < text.length - start && old[old.length - 1 - end] === text[text.length - 1 - end]) end++;
  view.dispatch({ changes: { from: start, to: old.length - end, insert: text.slice(start, text.length - end) } });
}

// ---- linting ----------------------------------------------------------------------------------------------

const client = new LintClient(new URL('./worker.js', import.meta.url), (message) => {
  ui.summary.textContent = `The engine could not start: ${message}`;
  ui.findings.setAttribute('aria-busy', 'false');
});

let rules = new Map<string, RuleSummary>();
let rulesConfig: string | undefined;
/** The version of the texts last sent to lint, and what the page shows. */
let version = 0;
let outcome: LintOutcome | undefined;
let shownInput: LintInput | undefined;
let firstFindings = true;
let queued = false;

function currentInput(): LintInput {
  return { filename: ui.filename.value.trim() || 'playground.yaml', text: fileView.state.doc.toString(), config: configView.state.doc.toString() };
}

/** Lints the texts as they are once this task ends (changes made together are linted once, at once). */
function lintSoon(configChanged = false): void {
  if (configChanged) rulesConfig = undefined;
  if (queued) return;
  queued = true;
  queueMicrotask(() => {
    queued = false;
    void lintNow();
  });
}

async function lintNow(): Promise<void> {
  const mine = ++version;
  const input = currentInput();
  ui.findings.setAttribute('aria-busy', 'true');
  document.body.dataset.lint = 'pending';
  void updateFragment(input);
  const reply = await client.lint(input);
  if (reply === CANCELLED || mine !== version) return;
  shownInput = input;
  if (reply.type === 'lint') {
    outcome = reply.outcome;
    showConfigProblems([]);
    showFindings(reply.outcome, input);
  } else if (reply.type === 'config-error') {
    outcome = undefined;
    showConfigProblems(reply.problems);
    showFindings(undefined, input, `The configuration has ${reply.problems.length === 1 ? 'a problem' : `${reply.problems.length} problems`}: as the command line does, platlint lints nothing until ${reply.problems.length === 1 ? 'it is' : 'they are'} fixed.`);
  } else if (reply.type === 'failed') {
    outcome = undefined;
    showFindings(undefined, input, `platlint failed on this text (a bug; please report it with this page's share link): ${reply.message}`);
  }
  ui.findings.dataset.filename = input.filename;
  ui.findings.setAttribute('aria-busy', 'false');
  document.body.dataset.lint = 'ready';
  if (firstFindings) {
    firstFindings = false;
    performance.mark('platlint:first-findings');
    document.body.dataset.firstFindingsMs = String(Math.round(performance.now()));
  }
  if (rulesConfig !== input.config) void loadRules(input.config);
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

function showFindings(result: LintOutcome | undefined, input: LintInput, problem?: string): void {
  const doc = fileView.state.doc;
  const messages = result?.messages ?? [];
  ui.findings.replaceChildren(...messages.map((m, i) => findingRow(m, i)));
  const diagnostics: EditorDiagnostic[] = messages.map((m) => ({
    ...rangeOf(doc, m),
    severity: m.severity === 2 ? 'error' : 'warning',
    message: m.message,
    renderMessage: () => hoverContent(m),
    ...(m.fix ? { actions: [{ name: 'Fix', apply: () => previewOneFix(m) }] } : {}),
  }));
  fileView.dispatch(setDiagnostics(fileView.state, diagnostics));
  if (problem) ui.summary.textContent = problem;
  else if (result) {
    const errors = messages.filter((m) => m.severity === 2).length;
    const warnings = messages.length - errors;
    const counts = messages.length === 0 ? 'No findings' : [errors ? plural(errors, 'error') : '', warnings ? plural(warnings, 'warning') : ''].filter(Boolean).join(', ');
    const suppressed = result.suppressed > 0 ? `, ${result.suppressed} suppressed` : '';
    ui.summary.textContent = `${counts} in ${input.filename} (${plural(result.documentsChecked, 'plat document')} checked${suppressed}).`;
  }
  ui.fixAll.disabled = !messages.some((m) => m.fix);
  ui.downloadJson.disabled = ui.downloadSarif.disabled = result === undefined;
}

function findingRow(m: JsonMessage, index: number): HTMLLIElement {
  const severity = m.severity === 2 ? 'error' : 'warning';
  const li = document.createElement('li');
  li.className = `finding ${severity}`;
  li.tabIndex = index === 0 ? 0 : -1;
  Object.assign(li.dataset, { rule: m.ruleId ?? '', severity, line: String(m.line), column: String(m.column), endLine: String(m.endLine), endColumn: String(m.endColumn) });
  const sev = document.createElement('span');
  sev.className = 'severity';
  // a sign and a word, not only a colour
  sev.textContent = severity === 'error' ? '✖ error' : '⚠ warning';
  const pos = document.createElement('span');
  pos.className = 'position';
  pos.textContent = `${m.line}:${m.column}`;
  pos.setAttribute('aria-label', `line ${m.line}, column ${m.column}`);
  const message = document.createElement('span');
  message.className = 'message';
  message.textContent = m.message;
  const rule = document.createElement('button');
  rule.type = 'button';
  rule.className = 'rule';
  rule.textContent = m.ruleId ?? '';
  rule.title = `Show the documentation of ${m.ruleId ?? ''}`;
  rule.addEventListener('click', () => void showRule(m.ruleId ?? '', true));
  li.append(sev, ' ', pos, ' ', message, ' ', rule);
  if (m.fix) {
    const fix = document.createElement('button');
    fix.type = 'button';
    fix.className = 'fix';
    fix.textContent = 'Fix';
    fix.setAttribute('aria-label', `Fix: ${m.message}`);
    fix.addEventListener('click', () => previewOneFix(m));
    li.append(' ', fix);
  }
  const go = () => select(fileView, rangeOf(fileView.state.doc, m));
  li.addEventListener('click', (event) => {
    if (!(event.target as HTMLElement).closest('button')) go();
  });
  li.addEventListener('keydown', (event) => {
    if (event.target !== li) return;
    const rows = [...ui.findings.querySelectorAll<HTMLLIElement>('li.finding')];
    const at = rows.indexOf(li);
    const move = (to: number) => {
      const row = rows[Math.max(0, Math.min(rows.length - 1, to))];
      if (!row) return;
      for (const r of rows) r.tabIndex = r === row ? 0 : -1;
      row.focus();
    };
    if (event.key === 'Enter' || event.key === ' ') go();
    else if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(rows.length - 1);
    else return;
    event.preventDefault();
  });
  return li;
}

/** What hovering an underline shows: the message, the rule with its documentation, and the fix. */
function hoverContent(m: JsonMessage): Node {
  const box = document.createElement('div');
  box.className = 'hover';
  const message = document.createElement('div');
  message.textContent = m.message;
  const rule = document.createElement('div');
  rule.className = 'hover-rule';
  const id = document.createElement('code');
  id.textContent = m.ruleId ?? '';
  rule.append(id);
  const explain = document.createElement('button');
  explain.type = 'button';
  explain.textContent = 'Explain';
  explain.addEventListener('click', () => void showRule(m.ruleId ?? '', true));
  rule.append(' ', explain);
  const url = rules.get(m.ruleId ?? '')?.url;
  if (url) {
    const link = document.createElement('a');
    link.href = url;
    link.target = '_blank';
    link.rel = 'noopener noreferrer';
    link.textContent = 'Documentation';
    rule.append(' ', link);
  }
  box.append(message, rule);
  return box;
}

function showConfigProblems(problems: readonly ConfigProblem[]): void {
  const doc = configView.state.doc;
  configView.dispatch(setDiagnostics(configView.state, problems.map((p) => ({ ...rangeOf(doc, p), severity: 'error', message: p.code ? `${p.message} (${p.code})` : p.message }))));
  ui.configProblems.replaceChildren(
    ...problems.map((p) => {
      const li = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'config-problem';
      button.textContent = `${p.line}:${p.column} ${p.message}${p.code ? ` (${p.code})` : ''}`;
      button.addEventListener('click', () => select(configView, rangeOf(configView.state.doc, p)));
      li.append(button);
      return li;
    }),
  );
  ui.configStatus.textContent = problems.length === 0 ? '' : `${plural(problems.length, 'problem')} in the configuration:`;
  ui.configStatus.className = problems.length === 0 ? '' : 'error';
}

// ---- fixes ----------------------------------------------------------------------------------------------

/** Shows the diff from the editor's text to `after`; applies it when the person chooses Apply. */
function preview(title: string, summary: string, after: string): void {
  const before = fileView.state.doc.toString();
  ui.previewHeading.textContent = title;
  ui.previewSummary.textContent = summary;
  ui.previewDiff.replaceChildren(
    ...diffLines(before, after).map((line) => {
      const span = document.createElement('span');
      span.className = { ' ': 'same', '-': 'removed', '+': 'added', '@': 'hunk', '\\': 'hunk' }[line.op];
      span.textContent = `${line.op === '@' ? '' : line.op}${line.text}\n`;
      return span;
    }),
  );
  ui.previewApply.onclick = () => {
    ui.preview.close();
    // applied only to the text it was made from
    if (fileView.state.doc.toString() === before) replaceText(fileView, after);
    fileView.focus();
  };
  ui.preview.showModal();
  ui.previewApply.focus();
}

function previewOneFix(m: JsonMessage): void {
  if (!m.fix) return;
  const text = fileView.state.doc.toString();
  // the offsets of a fix count from after a byte-order mark
  const shift = text.startsWith('\uFEFF') ? 1 : 0;
  const [from, to] = m.fix.range;
  preview('Fix', `${m.ruleId ?? ''} at ${m.line}:${m.column}: ${m.message}`, text.slice(0, from + shift) + m.fix.text + text.slice(to + shift));
}

async function previewFixAll(): Promise<void> {
  const input = currentInput();
  const reply = await client.fix(input);
  if (reply.type !== 'fix') return;
  if (reply.output === undefined) {
    ui.summary.textContent = 'No safe fix applies to this text.';
    return;
  }
  preview('Fix all', `${reply.fixed === 1 ? 'One safe fix' : `${reply.fixed} safe fixes`} (what platlint --fix writes).`, reply.output);
}

ui.previewCancel.addEventListener('click', () => ui.preview.close());
ui.fixAll.addEventListener('click', () => void previewFixAll());

// ---- share links, examples, downloads ----------------------------------------------------------------------

let fragment = '';

async function updateFragment(input: LintInput): Promise<void> {
  const hash = await encodeShare({ filename: input.filename, text: input.text, config: input.config });
  if (hash === fragment || input.text !== fileView.state.doc.toString()) return;
  fragment = hash;
  try {
    window.history.replaceState(null, '', hash);
  } catch {
    // an address longer than the browser keeps (megabytes): the page goes on without a share link
  }
}

function load(state: SharedState): void {
  ui.filename.value = state.filename;
  // the menu names the example the state is, if it is one
  ui.example.value = EXAMPLES.find((e) => e.name === state.filename && e.text === state.text && e.config === state.config)?.name ?? '';
  replaceText(configView, state.config);
  replaceText(fileView, state.text);
  fileView.dispatch({ selection: EditorSelection.cursor(0) });
  lintSoon(true);
}

async function loadFragment(): Promise<boolean> {
  if (location.hash === '' || location.hash === fragment) return location.hash !== '';
  const state = await decodeShare(location.hash);
  if (!state) return false;
  fragment = location.hash;
  load(state);
  return true;
}

window.addEventListener('hashchange', () => void loadFragment());

ui.share.addEventListener('click', async () => {
  await updateFragment(currentInput());
  try {
    await navigator.clipboard.writeText(location.href);
    ui.summary.textContent = 'The share link is copied: it holds the file and the configuration.';
  } catch {
    ui.summary.textContent = "The share link is this page's address: copy it from the address bar.";
  }
});

for (const group of ['', 'mistakes-', 'policies/']) {
  const inGroup = (e: Example) => (group === '' ? !e.name.startsWith('mistakes-') && !e.name.startsWith('policies/') : e.name.startsWith(group));
  const optgroup = document.createElement('optgroup');
  optgroup.label = { '': 'One file per kind', 'mistakes-': 'Files with mistakes', 'policies/': 'Policies (with their configuration)' }[group]!;
  for (const e of EXAMPLES.filter(inGroup)) {
    const option = document.createElement('option');
    option.value = e.name;
    option.textContent = e.name;
    optgroup.append(option);
  }
  ui.example.append(optgroup);
}
ui.example.addEventListener('change', () => {
  const e = EXAMPLES.find((x) => x.name === ui.example.value);
  if (e) load({ filename: e.name, text: e.text, config: e.config });
});
ui.filename.addEventListener('input', () => lintSoon());

function download(text: string, name: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const reportName = (extension: string) => `${(shownInput?.filename ?? 'playground').replace(/^.*\//, '').replace(/\.[^.]*$/, '')}.platlint${extension}`;
ui.downloadJson.addEventListener('click', () => outcome && download(outcome.json, reportName('.json'), 'application/json'));
ui.downloadSarif.addEventListener('click', () => outcome && download(outcome.sarif, reportName('.sarif'), 'application/sarif+json'));

// ---- rule documentation ---------------------------------------------------------------------------------

async function loadRules(config: string): Promise<void> {
  const reply = await client.rules(config);
  if (reply.type !== 'rules') return;
  rulesConfig = config;
  rules = new Map(reply.rules.map((r) => [r.id, r]));
  ui.version.textContent = `platlint ${reply.version}.`;
  const selected = ui.rule.value;
  ui.rule.replaceChildren(
    ...reply.rules.map((r) => {
      const option = document.createElement('option');
      option.value = r.id;
      option.textContent = `${r.id} (${r.severity})`;
      option.title = r.description;
      return option;
    }),
  );
  const first = outcome?.messages[0]?.ruleId;
  if (selected && rules.has(selected)) ui.rule.value = selected;
  else if (first && rules.has(first)) ui.rule.value = first;
  void showRule(ui.rule.value, false);
}

async function showRule(id: string, focus: boolean): Promise<void> {
  if (id === '') return;
  if (rules.has(id)) ui.rule.value = id;
  const reply = await client.explain(id, configView.state.doc.toString());
  if (reply.type !== 'explain') return;
  ui.ruleDocs.replaceChildren(reply.text === undefined ? document.createTextNode(`No documentation for ${id}.`) : renderMarkdown(reply.text));
  const url = rules.get(id)?.url;
  if (url) {
    const p = document.createElement('p');
    const link = document.createElement('a');
    link.href = url;
    link.target = '_blank';
    link.rel = 'noopener noreferrer';
    link.textContent = `The page of ${id}, with examples`;
    p.append(link);
    ui.ruleDocs.append(p);
  }
  ui.ruleDocs.dataset.rule = id;
  if (focus) {
    const heading = ui.ruleDocs.querySelector<HTMLElement>('h3');
    if (heading) {
      heading.tabIndex = -1;
      heading.focus();
    }
  }
}
ui.rule.addEventListener('change', () => void showRule(ui.rule.value, false));

// ---- access ----------------------------------------------------------------------------------------------

/** A place of an access answer (`platlint access … --format json`): 1-based, null for the platform's bootstrap policy. */
interface Place {
  file: string | null;
  line: number | null;
  column: number | null;
  bootstrap: boolean;
}
type Grant = Extract<AccessAnswer, { mode: 'can-i' }>['json']['answers'][number]['grantedBy'][number];
type Unresolved = Extract<AccessAnswer, { mode: 'can-i' }>['json']['answers'][number]['unknown'][number];

const accessMode = (): 'can-i' | 'who-can' => (new FormData(ui.accessForm).get('access-mode') === 'who-can' ? 'who-can' : 'can-i');

function accessInput(): AccessInput {
  return {
    ...currentInput(),
    mode: accessMode(),
    verb: ui.accessVerb.value,
    resource: ui.accessResource.value,
    name: ui.accessName.value,
    namespace: ui.accessNamespace.value,
    user: ui.accessUser.value,
    groups: ui.accessGroups.value.split(/[\s,]+/).filter((g) => g !== ''),
  };
}

/** Where a place is: a button that selects it in the editor (the line from its column), or the bootstrap policy. */
function placeNode(p: Place, what: string): Node {
  if (p.bootstrap || p.line === null || p.column === null) return document.createTextNode("(the platform's bootstrap policy)");
  const line = p.line;
  const column = p.column;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'place';
  button.textContent = `${line}:${column}`;
  button.setAttribute('aria-label', `${what}: line ${line}, column ${column}, select it in the editor`);
  Object.assign(button.dataset, { line: String(line), column: String(column) });
  button.addEventListener('click', () => {
    const doc = fileView.state.doc;
    const from = offsetOf(doc, line, column);
    select(fileView, { from, to: line <= doc.lines ? doc.line(line).to : from });
  });
  return button;
}

const named = (o: { kind: string; name: string; namespace: string }) => `${o.kind} ${o.namespace ? `${o.namespace}/` : ''}${o.name}`;

function ruleSummary(r: Grant['rule']): string {
  if (r.nonResourceURLs.length > 0) return `${r.verbs.join(', ')} ${r.nonResourceURLs.join(', ')}`;
  const groups = r.apiGroups.map((g) => (g === '' ? 'core' : g)).join(', ');
  return `${r.verbs.join(', ')} on ${r.resources.join(', ')}${r.resourceNames.length ? ` named ${r.resourceNames.join(', ')}` : ''} (${groups})`;
}

function item(...parts: (Node | string)[]): HTMLLIElement {
  const li = document.createElement('li');
  li.append(...parts);
  return li;
}

/** A binding that grants, with its subject, role and rule, each with the place it is written at. */
function grantItem(g: Grant): HTMLLIElement {
  const li = item(`binding ${named(g.binding)} `, placeNode(g.binding, `binding ${g.binding.name}`));
  li.className = 'grant';
  const parts = document.createElement('ul');
  parts.append(
    item(`subject ${g.subject.kind} ${g.subject.namespace ? `${g.subject.namespace}/` : ''}${g.subject.name} `, placeNode(g.subject, `subject ${g.subject.name}`)),
    item(`role ${named(g.role)}${g.role.aggregated ? ' (aggregated)' : ''} `, placeNode(g.role, `role ${g.role.name}`)),
  );
  const rule = item(`rule ${named(g.rule)} rules[${g.rule.index}] `, placeNode(g.rule, `rule ${g.rule.index} of ${g.rule.name}`), `: ${ruleSummary(g.rule)}`);
  rule.className = 'rule';
  parts.append(rule);
  li.append(parts);
  return li;
}

function unresolvedItem(u: Unresolved, label: string): HTMLLIElement {
  const li = item(`${label}: ${u.message} (roleRef `, placeNode(u.roleRef, `roleRef of ${u.binding.name}`), ')');
  li.className = 'unresolved';
  return li;
}

function showAccess(answer: AccessAnswer): void {
  const list: HTMLLIElement[] = [];
  if (answer.mode === 'can-i') {
    const a = answer.json.answers[0]!;
    ui.accessSummary.textContent = `${a.status.allowed ? 'yes' : 'no'}: ${a.status.reason}`;
    ui.accessSummary.className = a.status.allowed ? 'yes' : 'no';
    ui.accessSummary.dataset.allowed = String(a.status.allowed);
    list.push(...a.grantedBy.map(grantItem));
    list.push(...a.evaluationErrors.map((e) => unresolvedItem(e, 'evaluation error')), ...a.unknown.map((u) => unresolvedItem(u, 'unknown')));
  } else {
    const a = answer.json.answers[0]!;
    ui.accessSummary.textContent = a.subjects.length === 1 ? 'One subject may.' : `${a.subjects.length} subjects may.`;
    ui.accessSummary.className = '';
    delete ui.accessSummary.dataset.allowed;
    for (const s of a.subjects) {
      const li = item(`${s.kind} ${s.namespace ? `${s.namespace}/` : ''}${s.name}${s.privileged ? ' (allowed before RBAC: the privileged group)' : ''}`);
      li.className = 'subject';
      Object.assign(li.dataset, { kind: s.kind, name: s.name, namespace: s.namespace });
      if (s.grantedBy.length > 0) {
        const grants = document.createElement('ul');
        grants.append(...s.grantedBy.map(grantItem));
        li.append(grants);
      }
      list.push(li);
    }
    list.push(...a.evaluationErrors.map((e) => unresolvedItem(e, 'evaluation error')), ...a.unknown.map((u) => unresolvedItem(u, 'unknown')));
  }
  ui.accessAnswer.replaceChildren(...list);
}

async function ask(): Promise<void> {
  const input = accessInput();
  ui.accessAnswer.setAttribute('aria-busy', 'true');
  document.body.dataset.access = 'pending';
  const reply = await client.access(input);
  ui.accessSummary.className = 'no';
  delete ui.accessSummary.dataset.allowed;
  if (reply.type === 'access') showAccess(reply.answer);
  else {
    ui.accessAnswer.replaceChildren();
    if (reply.type === 'access-error') ui.accessSummary.textContent = `The question cannot be asked: ${reply.message}`;
    else if (reply.type === 'config-error') ui.accessSummary.textContent = `The configuration is not valid: ${reply.message}`;
    else if (reply.type === 'failed') ui.accessSummary.textContent = `platlint failed on this question (a bug): ${reply.message}`;
  }
  ui.accessAnswer.setAttribute('aria-busy', 'false');
  document.body.dataset.access = 'ready';
}

ui.accessForm.addEventListener('submit', (event) => {
  event.preventDefault();
  void ask();
});
ui.accessForm.addEventListener('change', () => ui.accessForm.classList.toggle('who-can', accessMode() === 'who-can'));

// ---- start ----------------------------------------------------------------------------------------------

/** For the console and the tests: the editors and the engine's client. */
(window as unknown as { platlintPlayground: unknown }).platlintPlayground = { file: fileView, config: configView, client };

if (!(await loadFragment())) {
  const first = EXAMPLES.find((e) => e.name.startsWith('mistakes-')) ?? EXAMPLES[0];
  if (first) {
    load({ filename: first.name, text: first.text, config: first.config });
  } else lintSoon(true);
}

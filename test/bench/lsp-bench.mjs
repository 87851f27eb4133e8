// npm run bench:lsp: how long the language server takes to re-lint a document after a change, measured as an
// editor sees it: from sending textDocument/didChange to receiving the publishDiagnostics of that version, over
// stdio with a real JSON-RPC client (the server has no debounce: this is the whole latency). Median and p95 of
// 20 changes per document, for 200, 2,000 and 10,000 lines, clean and with one error; printed, never asserted.
// Then what the lint thread (src/lsp/lint-thread.ts) is for: the latency of a hover sent right after a change
// of a 10,000-line document, while that change is being linted (beside the same hover on an idle server); the
// server's start-up; and what a new lint thread costs (the lint after the thread died, beside a warm one),
// which is how long a stale lint is left to run before it is abandoned (ABANDON_MS in src/lsp/server.ts).
// Last, what a document over the size limit (16 MB) costs the other documents: a hover on a small document sent
// right after the large one's didOpen or didChange (`npm run bench:lsp -- large` runs that part alone).
// Needs the build (npm run build).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import rpc from 'vscode-jsonrpc/node';
import exitOnMarker from './exit-on-marker.cjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const server = join(root, 'bin', 'platlint-language-server.js');
const RUNS = 20;
const WARM_UP = 10;
const SIZES = [200, 2000, 10000];

/** An audit Policy of about `lines` lines: rules of 7 lines each; `level` of the first rule is at line 5. */
function policy(lines) {
  const head = ['apiVersion: audit.plat.io/v1', 'kind: Policy', 'omitStages:', '  - RequestReceived', 'rules:'];
  const out = [...head];
  for (let i = 0; out.length + 7 <= lines; i++) {
    out.push('  - level: Metadata', `    users: ["user-${i}"]`, '    verbs: ["get", "list", "watch"]', '    resources:', '      - group: ""', `        resources: ["pods", "configmaps-${i}"]`, `    namespaces: ["ns-${i}"]`);
  }
  return { text: out.join('\n') + '\n', line: 5, good: 'Metadata', bad: 'metadata' };
}

/** A RoleList of about `lines` lines: roles of 10 lines each; the first rule's `verbs` key is at line 11. */
function roleList(lines) {
  const out = ['apiVersion: rbac.authorization.plat.io/v1', 'kind: RoleList', 'items:'];
  for (let i = 0; out.length + 10 <= lines; i++) {
    out.push(
      '  - apiVersion: rbac.authorization.plat.io/v1',
      '    kind: Role',
      '    metadata:',
      `      name: role-${i}`,
      '      namespace: team',
      '    rules:',
      '      - apiGroups: [""]',
      `        resources: ["pods", "secrets-${i}"]`,
      '        verbs:',
      '          - get',
    );
  }
  return { text: out.join('\n') + '\n', line: 11, good: 'verbs:', bad: 'verbz:' };
}

/**
 * The RoleList with one block scalar (an annotation written with `|`) in its first role: the shape of every
 * CEL-heavy file. The lexer reader reads it (a block scalar and its lines are one unit of its line cache).
 */
function roleListBlock(lines) {
  const doc = roleList(lines - 3);
  const at = doc.text.indexOf('      namespace: team\n') + '      namespace: team\n'.length;
  const text = `${doc.text.slice(0, at)}      annotations:\n        description: |\n          written as a block scalar\n${doc.text.slice(at)}`;
  return { ...doc, text, line: doc.line + 3 };
}

/** The RoleList with one flow mapping (labels written `{team: a}`) in its first role: the lexer reader reads it. */
function roleListFlow(lines) {
  const doc = roleList(lines - 1);
  const at = doc.text.indexOf('      namespace: team\n') + '      namespace: team\n'.length;
  const text = `${doc.text.slice(0, at)}      labels: {team: a}\n${doc.text.slice(at)}`;
  return { ...doc, text, line: doc.line + 1 };
}

/**
 * The RoleList with an anchor and an alias (the first role's namespace written `&ns team`, the second's `*ns`):
 * outside the lexer reader's subset, so the server composes it whole for each lint and for the first hover after
 * a change. Its rows show what such a document costs; the targets are checked with and without it.
 */
function roleListAnchor(lines) {
  const doc = roleList(lines);
  const first = doc.text.indexOf('      namespace: team\n');
  const second = doc.text.indexOf('      namespace: team\n', first + 1);
  const text = `${doc.text.slice(0, first)}      namespace: &ns team\n${doc.text.slice(first + 22, second)}      namespace: *ns\n${doc.text.slice(second + 22)}`;
  return { ...doc, text };
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux); undefined elsewhere. */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return undefined;
  }
}

/** The nearest-rank percentile `p` (0-100) of some numbers. */
function percentile(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.max(0, Math.ceil((p / 100) * s.length) - 1)];
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/**
 * lintText alone on the same texts, in this process (the built library): the engine's share of the latency.
 * `whole`: without a line cache (as the command line lints); `cached`: with one (as the server lints), each text
 * after the other, one line apart; `opened`: with a new cache (the first lint of an opened document).
 */
async function engineOnly(doc) {
  const { lintText, LineCache } = await import(pathToFileURL(join(root, 'dist', 'lib', 'index.js')).href);
  const lines = doc.text.split('\n');
  const texts = [doc.text, [...lines.slice(0, doc.line), lines[doc.line].replace(doc.good, doc.bad), ...lines.slice(doc.line + 1)].join('\n')];
  const times = (options) => {
    const out = [];
    for (let i = 0; i < RUNS + WARM_UP; i++) {
      const o = options();
      const t0 = process.hrtime.bigint();
      lintText(texts[i % 2], { filePath: 'bench.yaml', ...o });
      if (i >= WARM_UP) out.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
    return median(out);
  };
  const cache = new LineCache();
  return { whole: times(() => ({})), cached: times(() => ({ lineCache: cache })), opened: times(() => ({ lineCache: new LineCache() })) };
}

/**
 * A language server over stdio (bin/platlint-language-server.js, or another launcher of the built server): its
 * connection, and the publishDiagnostics of a version as a promise.
 */
async function startServer(launcher = server) {
  const proc = spawn(process.execPath, [launcher, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const conn = rpc.createMessageConnection(new rpc.StreamMessageReader(proc.stdout), new rpc.StreamMessageWriter(proc.stdin));
  const waiting = new Map();
  conn.onNotification('textDocument/publishDiagnostics', (p) => {
    const w = waiting.get(`${p.uri} ${p.version}`);
    if (w) w(p);
  });
  conn.listen();
  await conn.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {}, initializationOptions: {} });
  await conn.sendNotification('initialized', {});
  const published = (uri, version) => new Promise((resolve) => waiting.set(`${uri} ${version}`, resolve));
  const stop = async () => {
    await conn.sendRequest('shutdown');
    await conn.sendNotification('exit');
    conn.dispose();
  };
  return { proc, conn, published, stop };
}

/** The text of a document with line `at` replaced, and the change that does it (as editors send it). */
function edit(lines, at, text) {
  const range = { start: { line: at, character: 0 }, end: { line: at, character: lines[at].length } };
  lines[at] = text;
  return { range, text };
}

/**
 * Hover while linting: RUNS times (after WARM_UP), a change of the document's edited line (a new text each
 * time: the server keeps the last texts it read for hover and completion), and right after it (without
 * waiting for anything) a hover on the first field of that line; the hover's latency, and whether it was
 * answered before the change's diagnostics; then, as soon as the hover is answered, a completion at the same
 * place (it reads the text with a marker written in). Then the same hover on the idle server, for comparison.
 */
async function hoverWhileLinting(name, doc) {
  const { conn, published, stop } = await startServer();
  const uri = pathToFileURL(join(root, `bench-hover-${name}.yaml`)).href;
  const lines = doc.text.split('\n');
  const original = lines[doc.line];
  const position = { line: doc.line, character: original.search(/[a-z]/) };
  let version = 1;
  let done = published(uri, 1);
  await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text: doc.text } });
  await done;
  const busy = [];
  const completing = [];
  const idle = [];
  const lint = [];
  let before = 0;
  for (let i = 0; i < RUNS + WARM_UP; i++) {
    const change = edit(lines, doc.line, `${original} # edited ${i}`);
    version++;
    let linted = false;
    done = published(uri, version).then(() => (linted = true));
    const t0 = process.hrtime.bigint();
    const sent = conn.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [change] });
    const hover = await conn.sendRequest('textDocument/hover', { textDocument: { uri }, position });
    const hoverMs = Number(process.hrtime.bigint() - t0) / 1e6;
    const answeredFirst = !linted;
    const t2 = process.hrtime.bigint();
    const completion = await conn.sendRequest('textDocument/completion', { textDocument: { uri }, position });
    const completionMs = Number(process.hrtime.bigint() - t2) / 1e6;
    if (!(completion?.items?.length > 0)) throw new Error(`no completion at ${position.line}:${position.character} of ${name}`);
    await sent;
    await done;
    const lintMs = Number(process.hrtime.bigint() - t0) / 1e6;
    if (!hover) throw new Error(`no hover at ${position.line}:${position.character} of ${name}`);
    const t1 = process.hrtime.bigint();
    await conn.sendRequest('textDocument/hover', { textDocument: { uri }, position });
    const idleMs = Number(process.hrtime.bigint() - t1) / 1e6;
    if (i < WARM_UP) continue;
    busy.push(hoverMs);
    completing.push(completionMs);
    idle.push(idleMs);
    lint.push(lintMs);
    if (answeredFirst) before++;
  }
  await stop();
  const n = doc.text.split('\n').length - 1;
  const f = (x) => x.toFixed(1).padStart(7);
  console.log(`${name.padEnd(9)} ${String(n).padStart(6)}  ${f(median(busy))}  ${f(percentile(busy, 95))}  ${f(Math.max(...busy))}  ${f(median(completing))}  ${f(percentile(completing, 95))}  ${f(median(idle))}  ${f(percentile(idle, 95))}  ${`${before}/${RUNS}`.padStart(8)}  ${f(median(lint))}`);
}

/** About `bytes` bytes of ClusterRoles, one YAML document each (9 lines, about 150 bytes): about a million lines for 16 MB. */
function clusterRoles(bytes) {
  const parts = [];
  for (let n = 0, i = 0; n < bytes; i++) {
    const doc = `---\napiVersion: rbac.authorization.plat.io/v1\nkind: ClusterRole\nmetadata:\n  name: role-${i}\nrules:\n  - apiGroups: [""]\n    resources: ["pods", "secrets-${i}"]\n    verbs: ["get", "list"]\n`;
    parts.push(doc);
    n += doc.length;
  }
  return parts.join('');
}

/** About `bytes` bytes of one ClusterRole whose `verbs` list has an item per line of 8 bytes: two million lines for 16 MB. */
function shortLines(bytes) {
  const head = 'apiVersion: rbac.authorization.plat.io/v1\nkind: ClusterRole\nmetadata:\n  name: many-verbs\nrules:\n  - apiGroups: [""]\n    resources: ["pods"]\n    verbs:\n';
  return head + '    - a\n'.repeat(Math.ceil((bytes - head.length) / 8));
}

/** CPU time (user + system, ms) a process's main thread has used so far, from /proc (Linux); undefined elsewhere. */
function mainThreadCpuMs(pid) {
  return cpuMs(`${pid}/task/${pid}`);
}

/**
 * A document over the size limit is not linted (one input/too-large diagnostic); what it costs the other
 * documents. On a server with a small document B open, `runs` times (after one unmeasured), a 16 MB message
 * and right after it (without waiting for anything) a hover on B: the hover's latency, and the CPU time of the
 * server's main thread (the one that answers hover) from the message until it is handled (A's diagnostics of
 * that version, or the hover's answer). The messages: one the server has no handler for (a `$/` method:
 * receiving and parsing 16 MB, the floor); the didOpen of the large document A (a new URI each time); a
 * one-line change of A in its middle, and one at its end (small messages). A hover sent a little later than
 * right after would wait for the rest of that CPU time: the hover's own latency depends on when it arrives.
 */
async function largeDocument(name, text, runs = 9) {
  const { proc, conn, published, stop } = await startServer();
  const small = pathToFileURL(join(root, 'bench-large-small.yaml')).href;
  const smallText = 'apiVersion: rbac.authorization.plat.io/v1\nkind: ClusterRole\nmetadata:\n  name: small\nrules:\n  - apiGroups: [""]\n    resources: ["pods"]\n    verbs: ["get"]\n';
  const done = published(small, 1);
  await conn.sendNotification('textDocument/didOpen', { textDocument: { uri: small, languageId: 'yaml', version: 1, text: smallText } });
  await done;
  const position = { line: 7, character: 5 };
  /** Sends `message` and right after it a hover on B: the hover's latency and the main thread's CPU time until `handled`. */
  const hoverAfter = async (message, handled) => {
    const cpu0 = mainThreadCpuMs(proc.pid);
    const t0 = process.hrtime.bigint();
    const sent = message();
    const hover = await conn.sendRequest('textDocument/hover', { textDocument: { uri: small }, position });
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    if (!hover) throw new Error('no hover on the small document');
    await sent;
    const p = await handled;
    if (p && (p.diagnostics.length !== 1 || p.diagnostics[0].code !== 'input/too-large')) throw new Error(`the large document got ${JSON.stringify(p.diagnostics).slice(0, 200)}`);
    const cpu1 = mainThreadCpuMs(proc.pid);
    return { ms, cpu: cpu0 === undefined || cpu1 === undefined ? NaN : cpu1 - cpu0 };
  };
  const lines = text.split('\n').length - 1;
  const rows = { floor: [], open: [], middle: [], end: [] };
  for (let i = 0; i <= runs; i++) {
    const results = { floor: await hoverAfter(() => conn.sendNotification('$/platlint/bench-ignored', { text })) };
    const uri = pathToFileURL(join(root, `bench-large-${name}-${i}.yaml`)).href;
    results.open = await hoverAfter(() => conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text } }), published(uri, 1));
    let version = 1;
    for (const [row, line] of [['middle', Math.floor(lines / 2)], ['end', lines - 1]]) {
      version++;
      const change = { range: { start: { line, character: 0 }, end: { line, character: 0 } }, text: '# edited\n' };
      results[row] = await hoverAfter(() => conn.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [change] }), published(uri, version));
    }
    await conn.sendNotification('textDocument/didClose', { textDocument: { uri } });
    if (i > 0) for (const [row, r] of Object.entries(results)) rows[row].push(r);
  }
  await stop();
  const f = (x) => x.toFixed(1).padStart(7);
  const mean = (xs) => xs.reduce((a, x) => a + x, 0) / xs.length;
  const mb = (Buffer.byteLength(text) / 2 ** 20).toFixed(1);
  const cell = (rs) => `${f(median(rs.map((r) => r.ms)))} ${f(Math.max(...rs.map((r) => r.ms)))} ${f(mean(rs.map((r) => r.cpu)))}`;
  console.log(`${name.padEnd(12)} ${mb.padStart(5)} ${String(lines).padStart(8)}  ${cell(rows.floor)}  ${cell(rows.open)}  ${cell(rows.middle)}  ${cell(rows.end)}`);
}

/** Start-up: from spawning the server to the initialize answer, and to the first diagnostics of a document. */
async function startUp(doc, runs = 5) {
  const init = [];
  const first = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    const { conn, published, stop } = await startServer();
    init.push(Number(process.hrtime.bigint() - t0) / 1e6);
    const uri = pathToFileURL(join(root, 'bench-start.yaml')).href;
    const done = published(uri, 1);
    await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text: doc.text } });
    await done;
    first.push(Number(process.hrtime.bigint() - t0) / 1e6);
    await stop();
  }
  return { init: median(init), first: median(first) };
}

/**
 * What a new lint thread costs, as the editor sees it: the lint of a change right after the thread died (the
 * server of lsp-exiting-thread.cjs: a text holding the marker makes the thread exit), beside the lint of the
 * same change by a warm thread.
 */
async function restartCost(name, doc, runs = 5) {
  const { proc, conn, published, stop } = await startServer(join(root, 'test', 'bench', 'lsp-exiting-thread.cjs'));
  const MARKER = exitOnMarker.MARKER;
  const uri = pathToFileURL(join(root, `bench-restart-${name}.yaml`)).href;
  const lines = doc.text.split('\n');
  const original = lines[doc.line];
  let version = 1;
  let done = published(uri, 1);
  await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text: doc.text } });
  await done;
  const change = async (text) => {
    version++;
    done = published(uri, version);
    const t0 = process.hrtime.bigint();
    const cpu0 = cpuMs(proc.pid);
    await conn.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [edit(lines, doc.line, text)] });
    const p = await done;
    const cpu1 = cpuMs(proc.pid);
    return { ms: Number(process.hrtime.bigint() - t0) / 1e6, cpu: cpu0 === undefined || cpu1 === undefined ? NaN : cpu1 - cpu0, p };
  };
  const warm = [];
  const cold = [];
  for (let i = 0; i < WARM_UP; i++) await change(i % 2 ? original : `${original} # edited`);
  for (let i = 0; i < runs; i++) {
    warm.push(await change(`${original} # warm ${i}`));
    const { p } = await change(`${original} # ${MARKER}`);
    if (p.diagnostics[0]?.code !== 'internal/error') throw new Error('the lint thread did not exit');
    cold.push(await change(`${original} # cold ${i}`));
  }
  await stop();
  const n = doc.text.split('\n').length - 1;
  const f = (x) => x.toFixed(1).padStart(7);
  const [wMs, cMs, wCpu, cCpu] = [warm.map((r) => r.ms), cold.map((r) => r.ms), warm.map((r) => r.cpu), cold.map((r) => r.cpu)].map(median);
  console.log(`${name.padEnd(9)} ${String(n).padStart(6)}  ${f(wMs)}  ${f(cMs)}  ${f(cMs - wMs)}  ${f(wCpu)}  ${f(cCpu)}  ${f(cCpu - wCpu)}`);
}

/**
 * One server, one document: RUNS changes that keep it clean (a comment added and removed on the edited line),
 * then RUNS that keep exactly the one mistake on that line (the wrong value, with and without the comment),
 * each after WARM_UP unmeasured ones (an editor's server is long-running: its code is compiled).
 */
async function measure(name, doc) {
  const proc = spawn(process.execPath, [server, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const conn = rpc.createMessageConnection(new rpc.StreamMessageReader(proc.stdout), new rpc.StreamMessageWriter(proc.stdin));
  const waiting = new Map();
  conn.onNotification('textDocument/publishDiagnostics', (p) => {
    const w = waiting.get(p.version);
    if (w) w(p);
  });
  conn.listen();
  await conn.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {}, initializationOptions: {} });
  await conn.sendNotification('initialized', {});
  const uri = pathToFileURL(join(root, `bench-${name}.yaml`)).href;
  const published = (version) => new Promise((resolve) => waiting.set(version, resolve));
  const lines = doc.text.split('\n');
  const original = lines[doc.line];
  let version = 1;
  let done = published(1);
  await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text: doc.text } });
  await done;
  const rows = [];
  for (const mode of ['clean', 'one error']) {
    const value = mode === 'clean' ? original : original.replace(doc.good, doc.bad);
    const times = [];
    const findings = new Set();
    let cpuStart;
    for (let i = 0; i < RUNS + WARM_UP; i++) {
      if (i === WARM_UP) cpuStart = cpuMs(proc.pid);
      const line = i % 2 === 0 ? `${value} # edited` : value;
      const range = { start: { line: doc.line, character: 0 }, end: { line: doc.line, character: lines[doc.line].length } };
      lines[doc.line] = line;
      version++;
      done = published(version);
      const t0 = process.hrtime.bigint();
      await conn.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ range, text: line }] });
      const p = await done;
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      if (i >= WARM_UP) times.push(ms);
      findings.add(p.diagnostics.length);
    }
    const cpuEnd = cpuMs(proc.pid);
    const cpu = cpuStart === undefined || cpuEnd === undefined ? 'n/a' : ((cpuEnd - cpuStart) / RUNS).toFixed(1);
    rows.push({ mode, p50: median(times), p95: percentile(times, 95), max: Math.max(...times), cpu, findings: [...findings].join('/') });
  }
  await conn.sendRequest('shutdown');
  await conn.sendNotification('exit');
  conn.dispose();
  const engine = await engineOnly(doc);
  const n = doc.text.split('\n').length - 1;
  for (const r of rows) {
    console.log(
      `${name.padEnd(9)} ${String(n).padStart(6)}  ${r.mode.padEnd(9)}  ${r.p50.toFixed(1).padStart(7)}  ${r.p95.toFixed(1).padStart(7)}  ${r.max.toFixed(1).padStart(7)}  ${String(r.cpu).padStart(7)}  ${String(r.findings).padStart(8)}  ${[engine.whole, engine.cached, engine.opened].map((x) => x.toFixed(1).padStart(7)).join('  ')}`,
    );
  }
  return rows.map((r) => ({ name, lines: n, ...r }));
}

const only = process.argv[2];
if (only !== undefined && only !== 'large') throw new Error(`unknown part ${only}: the parts are the whole bench (no argument) and large`);
console.log(`load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} (other processes slow the wall-clock numbers down; the server's CPU time per change is less affected)`);
if (only === undefined) {
  console.log(`didChange -> publishDiagnostics, ms, ${RUNS} changes each after ${WARM_UP} warm-up ones; CPU: the server's per change; lintText: the engine alone (median, clean and wrong alternating) without a line cache (as the command line), with one after a one-line change (as the server), and with a new one (a document just opened)`);
  console.log('document   lines  mode           p50      p95      max  CPU ms  findings lintText   cached   opened');
  const results = [];
  for (const size of SIZES) for (const [name, make] of [['Policy', policy], ['RoleList', roleList], ['RoleBlock', roleListBlock], ['RoleFlow', roleListFlow], ['RoleAnchor', roleListAnchor]]) results.push(...(await measure(name, make(size))));
  /** The issue's targets: p50 at 2,000 lines <= 30 ms clean and <= 45 ms with one error; at 10,000 lines <= 120 ms with one error. */
  const TARGETS = [
    [2000, 'clean', 30],
    [2000, 'one error', 45],
    [10000, 'one error', 120],
  ];
  for (const [label, rows] of [
    ['documents the lexer reader reads (Policy, RoleList, RoleBlock, RoleFlow)', results.filter((r) => r.name !== 'RoleAnchor')],
    ['every document (RoleAnchor, composed whole, included)', results],
  ]) {
    for (const [lines, mode, limit] of TARGETS) {
      const worst = Math.max(...rows.filter((r) => Math.abs(r.lines - lines) <= 10 && r.mode === mode).map((r) => r.p50));
      console.log(`target, ${label}: ${lines} lines, ${mode}, p50 <= ${limit} ms -> ${worst <= limit ? 'met' : 'NOT met'} (worst p50 ${worst.toFixed(1)} ms)`);
    }
  }

  console.log(`\nhover sent right after didChange, while that change is linted (ms, ${RUNS} each after ${WARM_UP} warm-up ones); completion: sent when the hover is answered; idle: the same hover once the diagnostics are in; before: hovers answered before the change's diagnostics; lint: didChange -> publishDiagnostics; RoleAnchor: the RoleList with an anchor and an alias, which the server composes whole`);
  console.log('document   lines    hover      p95      max  complete     p95     idle      p95    before     lint');
  for (const [name, make] of [['Policy', policy], ['RoleList', roleList], ['RoleBlock', roleListBlock], ['RoleFlow', roleListFlow]]) await hoverWhileLinting(name, make(10000));
  // outside the lexer reader's subset (anchors, tags, multi-line plain or quoted scalars, nested flow collections): composed whole
  for (const size of [2000, 10000]) await hoverWhileLinting('RoleAnchor', roleListAnchor(size));

  const start = await startUp(policy(200));
  console.log(`\nstart-up (median of 5): initialize answered ${start.init.toFixed(1)} ms after spawn; first diagnostics of a 200-line document ${start.first.toFixed(1)} ms after spawn`);

  console.log('\na new lint thread: didChange -> publishDiagnostics by a warm thread and right after the thread died, and the server\'s CPU time (all threads) for it (median of 5, ms)');
  console.log('document   lines     warm      new     cost CPU warm  CPU new CPU cost');
  for (const size of [200, 2000, 10000]) await restartCost('Policy', policy(size));
}

console.log(`\na document over the size limit (8 MB), not linted (input/too-large): a hover on a small document sent right after a message: its latency (median and max of 9 after one unmeasured, ms) and the CPU time of the server's main thread until the message is handled (mean, ms; in ticks of 10 ms); ignored: a 16 MB message the server has no handler for (receiving and parsing it: the floor); didOpen of the 16 MB document; a one-line didChange of it in its middle, at its end`);
console.log('                                  ---- ignored ----------  ---- didOpen ----------  ---- change, middle ---  ---- change, end ------');
console.log('document        MB    lines      hover     max     CPU      hover     max     CPU      hover     max     CPU      hover     max     CPU');
await largeDocument('ClusterRoles', clusterRoles(16 * 2 ** 20));
await largeDocument('short lines', shortLines(16 * 2 ** 20));

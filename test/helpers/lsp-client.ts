// A headless LSP client with vscode-jsonrpc that records what the server publishes. The server runs in this
// process over in-memory streams (the built server's main with its own streams, folder, environment and exit;
// its lints in the built lint thread), or, for the tests of real programs, spawned the way an editor starts it
// (`node bin/platlint-language-server.js --stdio`).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';
import type * as Server from '../../src/lsp/server.js';

export const ROOT = join(import.meta.dirname, '..', '..');
export const SERVER = join(ROOT, 'bin', 'platlint-language-server.js');

let built: typeof Server | undefined;
/**
 * The built server (npm test builds first), the bundle bin/platlint-language-server.js runs: it loads in tens
 * of milliseconds where its source takes seconds to transform and load, and it starts its lint thread from
 * beside itself (dist/lsp-worker.cjs) as the real one does.
 */
function server(): typeof Server {
  return (built ??= createRequire(import.meta.url)(join(ROOT, 'dist', 'lsp.cjs')) as typeof Server);
}

/** What the language server's entry point does with `args` in this process: its code and what it wrote (no server is left running). */
export function serverMain(args: readonly string[]): { status: number; stdout: string; stderr: string } {
  const [stdin, stdout, stderr] = [new PassThrough(), new PassThrough(), new PassThrough()];
  let code: number | undefined;
  const status = server().main(args, { stdin, stdout, stderr, cwd: ROOT, env: process.env, exit: (c) => (code = c) });
  // a server started by `--stdio` ends with its input
  stdin.end();
  const text = (s: PassThrough) => String(s.read() ?? '');
  return { status: code ?? status, stdout: text(stdout), stderr: text(stderr) };
}

export interface LspPosition {
  line: number;
  character: number;
}
export interface LspRange {
  start: LspPosition;
  end: LspPosition;
}
export interface LspDiagnostic {
  range: LspRange;
  severity?: number;
  code?: string | number;
  codeDescription?: { href: string };
  source?: string;
  message: string;
  tags?: number[];
  relatedInformation?: { location: { uri: string; range: LspRange }; message: string }[];
  data?: unknown;
}
export interface Published {
  uri: string;
  version?: number;
  diagnostics: LspDiagnostic[];
}

export class LspClient {
  readonly published: Published[] = [];
  readonly stderr: string[] = [];
  /** window/showMessage notifications: {type, message}. */
  readonly messages: { type: number; message: string }[] = [];
  /** client/registerCapability requests: their registrations (answered with null, as an editor does). */
  readonly registrations: { id: string; method: string; registerOptions?: unknown }[] = [];
  /** How many workspace/diagnostic/refresh requests the server sent (answered with null, as an editor does). */
  refreshes = 0;
  private refreshWaiters: { count: number; resolve: () => void }[] = [];
  private waiters: { test: (p: Published) => boolean; resolve: (p: Published) => void }[] = [];
  /** The server's exit code once it has exited (null: killed by a signal). */
  private exitCode: number | null | undefined;
  private exitListeners = new Set<(code: number | null) => void>();

  private constructor(
    readonly connection: MessageConnection,
    /** Ends the server whatever it is doing. */
    private readonly end: () => void,
  ) {}

  /**
   * A server in this process, as `node bin/platlint-language-server.js <args>` would run in `cwd` with `env`
   * added to the environment: its standard streams are in-memory, its exit is recorded. `inject`: the failures
   * and waits a test injects into its lints (test/helpers/lint-thread-faults.cjs).
   */
  static start(args: readonly string[] = ['--stdio'], cwd = ROOT, env: Record<string, string> = {}, inject: { onText?: (text: string) => void; lintThreadOnText?: string } = {}): LspClient {
    const [toServer, toClient, stderr] = [new PassThrough(), new PassThrough(), new PassThrough()];
    const client = LspClient.over(toClient, toServer, stderr, () => toServer.end());
    const code = server().main(args, { stdin: toServer, stdout: toClient, stderr, cwd, env: { ...process.env, ...env }, exit: (c) => client.exited(c) }, inject);
    // a launcher whose server did not start exits with its code (bin/platlint-language-server.js)
    if (code !== 0) client.exited(code);
    return client;
  }

  /** The server as an editor starts it: a process running bin/platlint-language-server.js. */
  static spawn(args: readonly string[] = ['--stdio'], cwd = ROOT, env: Record<string, string> = {}): LspClient {
    const proc = spawn(process.execPath, [SERVER, ...args], { cwd, stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    const client = LspClient.over(proc.stdout!, proc.stdin!, proc.stderr!, () => {
      if (proc.exitCode === null) proc.kill();
    });
    proc.on('exit', (code) => client.exited(code));
    return client;
  }

  private static over(fromServer: Readable, toServer: NodeJS.WritableStream, stderr: Readable, end: () => void): LspClient {
    const connection = createMessageConnection(new StreamMessageReader(fromServer), new StreamMessageWriter(toServer));
    const client = new LspClient(connection, end);
    stderr.on('data', (b: Buffer) => client.stderr.push(b.toString()));
    connection.onNotification('textDocument/publishDiagnostics', (p: Published) => {
      client.published.push(p);
      client.waiters = client.waiters.filter((w) => {
        if (!w.test(p)) return true;
        w.resolve(p);
        return false;
      });
    });
    connection.onNotification('window/logMessage', () => {});
    connection.onNotification('window/showMessage', (m: { type: number; message: string }) => {
      client.messages.push(m);
    });
    connection.onRequest('client/registerCapability', (p: { registrations: { id: string; method: string; registerOptions?: unknown }[] }) => {
      client.registrations.push(...p.registrations);
      return null;
    });
    connection.onRequest('workspace/diagnostic/refresh', () => {
      client.refreshes++;
      client.refreshWaiters = client.refreshWaiters.filter((w) => (w.count <= client.refreshes ? (w.resolve(), false) : true));
      return null;
    });
    connection.listen();
    return client;
  }

  private exited(code: number | null): void {
    if (this.exitCode !== undefined) return;
    this.exitCode = code;
    for (const listener of this.exitListeners) listener(code);
    this.exitListeners.clear();
  }

  /** Calls `listener` when the server exits (at once if it has); returns how to stop listening. */
  private onExit(listener: (code: number | null) => void): () => void {
    if (this.exitCode !== undefined) {
      listener(this.exitCode);
      return () => {};
    }
    this.exitListeners.add(listener);
    return () => this.exitListeners.delete(listener);
  }

  async initialize(capabilities: Record<string, unknown> = {}, initializationOptions: Record<string, unknown> = {}, rootUri: string | null = null): Promise<{ capabilities: Record<string, unknown>; serverInfo?: { name: string; version?: string } }> {
    const result = await this.request('initialize', { processId: process.pid, rootUri, capabilities, initializationOptions });
    await this.connection.sendNotification('initialized', {});
    return result as { capabilities: Record<string, unknown> };
  }

  /** The next publishDiagnostics for `uri` that passes `test` (one already received counts). */
  diagnostics(uri: string, test: (p: Published) => boolean = () => true, timeoutMs = 10000): Promise<Published> {
    const ok = (p: Published) => p.uri === uri && test(p);
    const already = this.published.find(ok);
    if (already) return Promise.resolve(already);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no diagnostics for ${uri} within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({ test: ok, resolve: (p) => (clearTimeout(timer), resolve(p)) });
    });
  }

  /** Resolves once the server has sent `count` workspace/diagnostic/refresh requests in all. */
  refreshed(count: number, timeoutMs = 10000): Promise<void> {
    if (this.refreshes >= count) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${this.refreshes} workspace/diagnostic/refresh requests within ${timeoutMs} ms, not ${count}`)), timeoutMs);
      this.refreshWaiters.push({ count, resolve: () => (clearTimeout(timer), resolve()) });
    });
  }

  /** The diagnostics a pull (textDocument/diagnostic) gets for `uri`. */
  async pull(uri: string): Promise<LspDiagnostic[]> {
    const report = await this.request<{ kind: string; items: LspDiagnostic[] }>('textDocument/diagnostic', { textDocument: { uri } });
    if (report.kind !== 'full') throw new Error(`a pull of ${uri} answered ${JSON.stringify(report)}`);
    return report.items;
  }

  open(uri: string, text: string, version = 1, languageId = 'yaml'): Promise<void> {
    return this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version, text } });
  }

  change(uri: string, version: number, text: string): Promise<void> {
    return this.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text }] });
  }

  /** A request that fails (instead of hanging) when the server dies or does not answer in time. */
  request<T>(method: string, params?: unknown, timeoutMs = 10000): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer to ${method} within ${timeoutMs} ms; stderr: ${this.stderr.join('')}`)), timeoutMs);
      const off = this.onExit(() => reject(new Error(`the server exited during ${method}; stderr: ${this.stderr.join('')}`)));
      (this.connection.sendRequest(method, params) as Promise<T>).then(
        (r) => (clearTimeout(timer), off(), resolve(r)),
        (e: unknown) => (clearTimeout(timer), off(), reject(e)),
      );
    });
  }

  /** shutdown, exit; resolves with the server's exit code. */
  async stop(): Promise<number | null> {
    const exited = new Promise<number | null>((resolve) => this.onExit(resolve));
    await this.request('shutdown');
    await this.connection.sendNotification('exit');
    const code = await exited;
    this.connection.dispose();
    return code;
  }

  kill(): void {
    this.connection.dispose();
    if (this.exitCode === undefined) this.end();
  }
}

// A headless LSP client over stdio with vscode-jsonrpc: spawns the built language server the way an editor
// does (`node bin/platlint-language-server.js --stdio`) and records what it publishes.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';

export const ROOT = join(import.meta.dirname, '..', '..');
export const SERVER = join(ROOT, 'bin', 'platlint-language-server.js');

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

  private constructor(
    readonly proc: ChildProcess,
    readonly connection: MessageConnection,
  ) {}

  static start(args: readonly string[] = ['--stdio'], cwd = ROOT, env: Record<string, string> = {}): LspClient {
    const proc = spawn(process.execPath, [SERVER, ...args], { cwd, stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    const connection = createMessageConnection(new StreamMessageReader(proc.stdout!), new StreamMessageWriter(proc.stdin!));
    const client = new LspClient(proc, connection);
    proc.stderr!.on('data', (b: Buffer) => client.stderr.push(b.toString()));
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
      const exit = () => reject(new Error(`the server exited during ${method}; stderr: ${this.stderr.join('')}`));
      this.proc.once('exit', exit);
      (this.connection.sendRequest(method, params) as Promise<T>).then(
        (r) => (clearTimeout(timer), this.proc.off('exit', exit), resolve(r)),
        (e: unknown) => (clearTimeout(timer), this.proc.off('exit', exit), reject(e)),
      );
    });
  }

  /** shutdown, exit; resolves with the process's exit code. */
  async stop(): Promise<number | null> {
    const exited = new Promise<number | null>((resolve) => {
      if (this.proc.exitCode !== null) resolve(this.proc.exitCode);
      else this.proc.on('exit', (code) => resolve(code));
    });
    await this.request('shutdown');
    await this.connection.sendNotification('exit');
    const code = await exited;
    this.connection.dispose();
    return code;
  }

  kill(): void {
    this.connection.dispose();
    if (this.proc.exitCode === null) this.proc.kill();
  }
}

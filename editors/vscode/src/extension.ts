// The platlint extension for VS Code: starts the platlint language server and connects it to the editor through
// vscode-languageclient, which turns the server's diagnostics, hovers, completions and code actions into VS Code's.
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { workspace, type ExtensionContext, type WorkspaceFolder } from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';

/** Where the server came from: the `platlint.server.path` setting, the workspace's node_modules, or the extension. */
export type ServerSource = 'setting' | 'workspace' | 'bundled';

export interface ServerChoice {
  source: ServerSource;
  /** A JavaScript file run with the editor's Node.js, or an executable. */
  path: string;
}

/** The language server's launcher in an installed platlint package (its package.json `bin`), if there is one. */
function installedServer(packageDir: string): string | undefined {
  try {
    const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { bin?: Record<string, string> | string };
    const bin = typeof manifest.bin === 'object' ? manifest.bin['platlint-language-server'] : undefined;
    const file = bin ? join(packageDir, bin) : undefined;
    return file && existsSync(file) ? file : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The server to run: the setting when it is set (a relative path from the workspace folder), else the
 * platlint installed in the workspace's node_modules, else the copy inside the extension (server/).
 */
export function chooseServer(setting: string, folder: string | undefined, extensionPath: string): ServerChoice {
  if (setting.trim() !== '') return { source: 'setting', path: folder && !isAbsolute(setting) ? resolve(folder, setting) : setting };
  const local = folder ? installedServer(join(folder, 'node_modules', 'platlint')) : undefined;
  if (local) return { source: 'workspace', path: local };
  return { source: 'bundled', path: join(extensionPath, 'server', 'bin', 'platlint-language-server.cjs') };
}

/** How vscode-languageclient starts a server: a JavaScript file in a Node.js process, or an executable. */
function serverOptions(choice: ServerChoice): ServerOptions {
  if (/\.[cm]?js$/.test(choice.path)) return { module: choice.path, transport: TransportKind.stdio };
  return { command: choice.path, args: ['--stdio'], transport: TransportKind.stdio };
}

let client: LanguageClient | undefined;

function firstFolder(): WorkspaceFolder | undefined {
  return workspace.workspaceFolders?.[0];
}

async function start(context: ExtensionContext): Promise<void> {
  const folder = firstFolder()?.uri.fsPath;
  const settings = workspace.getConfiguration('platlint');
  const choice = chooseServer(settings.get<string>('server.path', ''), folder, context.extensionPath);
  const configFile = settings.get<string>('configFile', '').trim();
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'yaml' },
      { scheme: 'file', language: 'json' },
      { scheme: 'untitled', language: 'yaml' },
      { scheme: 'untitled', language: 'json' },
    ],
    // The server publishes each document's diagnostics when its lint ends (it lints in a thread of its own).
    initializationOptions: {
      diagnostics: 'push',
      ...(configFile ? { configFile: folder && !isAbsolute(configFile) ? resolve(folder, configFile) : configFile } : {}),
    },
  };
  client = new LanguageClient('platlint', 'platlint', serverOptions(choice), clientOptions);
  client.info(`platlint: starting the language server ${choice.path} (${choice.source})`);
  await client.start();
}

async function stop(): Promise<void> {
  const running = client;
  client = undefined;
  if (running) await running.stop();
}

export async function activate(context: ExtensionContext): Promise<void> {
  context.subscriptions.push(
    workspace.onDidChangeConfiguration(async (e) => {
      if (!e.affectsConfiguration('platlint.server.path') && !e.affectsConfiguration('platlint.configFile')) return;
      await stop();
      await start(context);
    }),
  );
  await start(context);
}

export function deactivate(): Promise<void> {
  return stop();
}

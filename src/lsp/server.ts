// platlint's language server: LSP over stdio with vscode-languageserver, on the CLI's engine and
// configuration (lintText with the platlint.config.yaml found above the document, cached per folder).
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createConnection,
  DocumentDiagnosticReportKind,
  DidChangeWatchedFilesNotification,
  MessageType,
  ShowMessageNotification,
  ProposedFeatures,
  TextDocuments,
  TextDocumentSyncKind,
  type Connection,
  type Diagnostic as LspDiagnostic,
  type InitializeParams,
  type InitializeResult,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { CONFIG_FILE_NAME, ConfigError, DEFAULT_CONFIG, type Config } from '../config.js';
import { resolveConfig } from '../files.js';
import { lintText } from '../lint.js';
import { lintFlagsText } from '../flags/lint.js';
import { codeActions } from './actions.js';
import { completions } from './completion.js';
import { toLspDiagnostics } from './diagnostics.js';
import { hoverAt } from './hover.js';
import { SchemaDocs } from './schema-docs.js';
import { VERSION } from '../version.js';
import { ignoreMatcher } from '../discover.js';
import { checkSet } from '../sets.js';

/** Milliseconds of quiet after a change before the document is linted again (initializationOptions.debounce). */
export const DEFAULT_DEBOUNCE_MS = 150;

export interface ServerOptions {
  /** Overrides initializationOptions.debounce (tests, benchmarks). */
  debounce?: number;
}

/** The file path of a `file:` URI, or undefined for other schemes (untitled buffers …). */
function filePathOf(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}


/** Whether a document is YAML or JSON, by its language or its file name. */
function isYamlOrJson(document: TextDocument): boolean {
  return /^(?:yaml|json|jsonc)$/.test(document.languageId) || /\.(?:ya?ml|json)$/i.test(document.uri);
}

/** A client that refuses a request or a closed stream is not worth crashing the server for. */
const ignore = () => {};

/** Whether a configured ignore pattern (relative to the configuration's folder) matches a file, as the CLI's discovery decides. */
export function startServer(connection: Connection = createConnection(ProposedFeatures.all), options: ServerOptions = {}): Connection {
  const documents = new TextDocuments(TextDocument);
  const schemas = new SchemaDocs();
  /** Configuration by folder (documents without a file path use the workspace root's). */
  const configs = new Map<string, Config>();
  /** Configuration problems already shown, by configuration file. */
  const reported = new Set<string>();
  const timers = new Map<string, NodeJS.Timeout>();
  /** The last published diagnostics, by URI, with the version they belong to. */
  const published = new Map<string, { version: number; diagnostics: LspDiagnostic[] }>();
  let debounce = options.debounce ?? DEFAULT_DEBOUNCE_MS;
  let pull = false;
  let watch = false;
  let snippets = false;
  let rootPath: string | undefined;

  function configFor(filePath: string | undefined): Config {
    const dir = filePath ? dirname(filePath) : (rootPath ?? process.cwd());
    let config = configs.get(dir);
    if (!config) {
      try {
        config = resolveConfig(dir);
      } catch (err) {
        // a broken configuration: lint with the defaults, and say why once
        if (!(err instanceof ConfigError)) throw err;
        if (!reported.has(err.filePath)) {
          reported.add(err.filePath);
          const first = err.problems[0];
          const where = first ? `${err.filePath}:${first.line}:${first.column}: ${first.message}` : err.filePath;
          connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Error, message: `platlint: ${err.message} (${where}); using the default configuration` }).catch(ignore);
        }
        config = { ...DEFAULT_CONFIG, baseDir: dir };
      }
      configs.set(dir, config);
    }
    return config;
  }

  /** Lints a document's current text; cached per version (a pull, a push and code actions share it). */
  function diagnosticsOf(document: TextDocument): LspDiagnostic[] {
    const cached = published.get(document.uri);
    if (cached && cached.version === document.version) return cached.diagnostics;
    const filePath = filePathOf(document.uri);
    const config = configFor(filePath);
    let diagnostics: LspDiagnostic[] = [];
    if (!(filePath && ignoreMatcher(config)(filePath))) {
      const options = { filePath: filePath ?? document.uri, config };
      // YAML and JSON documents are plat objects; anything else an editor sends (a systemd unit, an environment
      // file, a file of flags) is read as a node agent command line, as `platlint flags` reads it
      // the checks across documents run over the file alone (a duplicate role, a roleRef to a role of the file)
      const result = isYamlOrJson(document) ? checkSet([lintText(document.getText(), options)], { config })[0]! : lintFlagsText(document.getText(), options);
      diagnostics = toLspDiagnostics(document, result);
    }
    published.set(document.uri, { version: document.version, diagnostics });
    return diagnostics;
  }

  function publish(uri: string): void {
    timers.delete(uri);
    const document = documents.get(uri);
    if (!document) return;
    let diagnostics: LspDiagnostic[];
    try {
      diagnostics = diagnosticsOf(document);
    } catch (err) {
      connection.console.error(`platlint: internal error while linting ${uri}: ${String((err as Error)?.message).split('\n')[0]}`);
      return;
    }
    connection.sendDiagnostics({ uri, version: document.version, diagnostics }).catch(ignore);
  }

  /** Lints after `debounce` ms of quiet; a newer change restarts the wait, so only the latest version is linted. */
  function schedule(uri: string, delay: number): void {
    if (pull) return;
    const pending = timers.get(uri);
    if (pending) clearTimeout(pending);
    if (delay <= 0) {
      timers.delete(uri);
      setImmediate(() => publish(uri));
      return;
    }
    timers.set(uri, setTimeout(() => publish(uri), delay));
  }

  function relintAll(): void {
    configs.clear();
    reported.clear();
    published.clear();
    if (pull) connection.languages.diagnostics.refresh().catch(ignore);
    else for (const d of documents.all()) schedule(d.uri, 0);
  }

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    const init = (params.initializationOptions ?? {}) as { debounce?: unknown; diagnostics?: unknown };
    if (options.debounce === undefined && typeof init.debounce === 'number' && init.debounce >= 0) debounce = init.debounce;
    // pull diagnostics when the client asks for them (LSP 3.17), unless told to push; never both (editors would show them twice)
    pull = init.diagnostics !== 'push' && !!params.capabilities.textDocument?.diagnostic;
    watch = !!params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration;
    snippets = !!params.capabilities.textDocument?.completion?.completionItem?.snippetSupport;
    const root = params.workspaceFolders?.[0]?.uri ?? params.rootUri ?? undefined;
    rootPath = root ? filePathOf(root) : undefined;
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        hoverProvider: true,
        completionProvider: { triggerCharacters: [' ', ':', '-'], resolveProvider: false },
        codeActionProvider: { codeActionKinds: ['quickfix'] },
        ...(pull ? { diagnosticProvider: { identifier: 'platlint', interFileDependencies: false, workspaceDiagnostics: false } } : {}),
      },
      serverInfo: { name: 'platlint-language-server', version: VERSION },
    };
  });

  connection.onInitialized(() => {
    if (watch) connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: `**/${CONFIG_FILE_NAME}` }] }).catch(ignore);
  });

  connection.onDidChangeWatchedFiles((params) => {
    if (params.changes.some((c) => c.uri.endsWith(`/${CONFIG_FILE_NAME}`))) relintAll();
  });

  // fired on open too: a document not linted yet is linted at once, later changes after the debounce
  documents.onDidChangeContent((e) => {
    const uri = e.document.uri;
    schedule(uri, published.has(uri) || timers.has(uri) ? debounce : 0);
  });
  documents.onDidSave((e) => {
    if (e.document.uri.endsWith(`/${CONFIG_FILE_NAME}`) && !watch) relintAll();
  });
  documents.onDidClose((e) => {
    const pending = timers.get(e.document.uri);
    if (pending) clearTimeout(pending);
    timers.delete(e.document.uri);
    published.delete(e.document.uri);
    if (!pull) connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] }).catch(ignore);
  });

  connection.languages.diagnostics.on((params) => {
    const document = documents.get(params.textDocument.uri);
    return { kind: DocumentDiagnosticReportKind.Full, items: document ? diagnosticsOf(document) : [] };
  });

  connection.onHover((params) => {
    const document = documents.get(params.textDocument.uri);
    if (!document || !isYamlOrJson(document)) return null;
    try {
      return hoverAt(document, document.offsetAt(params.position), schemas);
    } catch (err) {
      connection.console.error(`platlint: hover failed: ${String((err as Error)?.message).split('\n')[0]}`);
      return null;
    }
  });

  connection.onCompletion((params) => {
    const document = documents.get(params.textDocument.uri);
    if (!document || !isYamlOrJson(document)) return [];
    try {
      return { isIncomplete: false, items: completions(document, document.offsetAt(params.position), schemas, { snippets }) };
    } catch (err) {
      connection.console.error(`platlint: completion failed: ${String((err as Error)?.message).split('\n')[0]}`);
      return [];
    }
  });

  connection.onCodeAction((params) => {
    const document = documents.get(params.textDocument.uri);
    if (!document) return [];
    return codeActions(document, params.context.diagnostics);
  });

  documents.listen(connection);
  connection.listen();
  return connection;
}

/** Entry point of the bundle (bin/platlint-language-server.js): `--stdio` is the only transport. */
export function main(argv: readonly string[]): number {
  if (argv.includes('--version')) {
    process.stdout.write(`${VERSION}\n`);
    return 0;
  }
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write('Usage: platlint-language-server --stdio\n\nThe platlint language server: diagnostics, hover, completion and quick fixes for plat configuration files, over LSP on standard input and output.\n');
    return 0;
  }
  if (!argv.includes('--stdio')) {
    process.stderr.write('platlint-language-server: only --stdio is supported (run it as `platlint-language-server --stdio`)\n');
    return 2;
  }
  startServer();
  return 0;
}

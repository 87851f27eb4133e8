// platlint's language server: LSP over stdio with vscode-languageserver, on the CLI's engine and
// configuration (lintText with the platlint.config.yaml found above the document, cached per folder).
import { statSync } from 'node:fs';
import { basename, dirname } from 'node:path';
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
import { CONFIG_FILE_NAME, ConfigError, DEFAULT_CONFIG, findConfig, parseConfig, type Config } from '../config.js';
import { knownRuleIds, RULE_IDS, suggestRuleIds } from '../rule-registry.js';
import { resolveConfig } from '../files.js';
import { fileLevelResult, injectedFault, lintText, type LintResult } from '../lint.js';
import { DEFAULT_MAX_FILE_SIZE, tooLarge } from '../read.js';
import { lintFlagsText } from '../flags/lint.js';
import { codeActions } from './actions.js';
import { completions } from './completion.js';
import { configErrorDiagnostic, configFileDiagnostics, failureDiagnostic, toLspDiagnostics } from './diagnostics.js';
import { hoverAt } from './hover.js';
import { SchemaDocs } from './schema-docs.js';
import { VERSION } from '../version.js';
import { ignoreMatcher } from '../discover.js';
import { checkSet } from '../sets.js';

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

/** A document's size in UTF-8 bytes, computed only when it could be over `limit` (a UTF-16 unit is 1 to 3 bytes). */
function sizeOver(text: string, limit: number): number | undefined {
  if (text.length * 3 <= limit) return undefined;
  const size = text.length > limit ? text.length : Buffer.byteLength(text, 'utf8');
  return size > limit ? size : undefined;
}

/** A configuration as loaded for a folder: the file it came from (with its stamp) and its error, if any. */
interface LoadedConfig {
  config: Config;
  /** The configuration file found above the folder, if any. */
  file?: string;
  /** The file's modification time and size when it was read: a different stamp means it changed. */
  stamp?: string;
  /** Why the file could not be used (the defaults apply). */
  error?: ConfigError;
}

function stampOf(file: string): string | undefined {
  try {
    const s = statSync(file);
    return `${s.mtimeMs}:${s.size}`;
  } catch {
    return undefined;
  }
}

export function startServer(connection: Connection = createConnection(ProposedFeatures.all)): Connection {
  const documents = new TextDocuments(TextDocument);
  const schemas = new SchemaDocs();
  /** Configuration by folder (documents without a file path use the workspace root's). */
  const configs = new Map<string, LoadedConfig>();
  /** Configuration problems already shown, by configuration file. */
  const reported = new Set<string>();
  /** The last published diagnostics, by URI, with the version they belong to. */
  const published = new Map<string, { version: number; diagnostics: LspDiagnostic[] }>();
  /** Documents whose newest version is not linted yet, in the order they first changed. */
  const dirty = new Set<string>();
  /** Whether a turn of `pump` is scheduled, and whether a change arrived since it was. */
  let pumping = false;
  let changed = false;
  let pull = false;
  let watch = false;
  let snippets = false;
  let rootPath: string | undefined;

  function load(dir: string): LoadedConfig {
    const file = findConfig(dir);
    const stamp = file ? stampOf(file) : undefined;
    try {
      return { config: resolveConfig(dir), ...(file ? { file } : {}), ...(stamp ? { stamp } : {}) };
    } catch (err) {
      // a broken configuration: lint with the defaults, say why once in a message and in every document
      if (!(err instanceof ConfigError)) throw err;
      if (!reported.has(err.filePath)) {
        reported.add(err.filePath);
        const first = err.problems[0];
        const where = first ? `${err.filePath}:${first.line}:${first.column}: ${first.message}` : err.filePath;
        connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Error, message: `platlint: ${err.message} (${where}); using the default configuration` }).catch(ignore);
      }
      return { config: { ...DEFAULT_CONFIG, baseDir: dir }, ...(file ? { file } : {}), ...(stamp ? { stamp } : {}), error: err };
    }
  }

  /**
   * The configuration of a document. Its file's modification time is checked once per call (one stat), so a
   * file edited outside the editor takes effect at the next lint even in clients that do not watch files (in
   * those, a folder without one is searched again, so a file created later is found too);
   * a changed file drops every cached configuration and diagnostics, and the other open documents are re-linted.
   */
  function configFor(filePath: string | undefined, uri: string): LoadedConfig {
    const dir = filePath ? dirname(filePath) : (rootPath ?? process.cwd());
    let loaded = configs.get(dir);
    // a file created where none was found: without a watcher, look again (one stat per folder up to the root)
    const created = !watch && loaded !== undefined && !loaded.file && findConfig(dir) !== undefined;
    if (loaded && (created || (loaded.file && stampOf(loaded.file) !== loaded.stamp))) {
      if (loaded.file) reported.delete(loaded.file);
      configs.clear();
      published.clear();
      for (const d of documents.all()) if (d.uri !== uri) schedule(d.uri);
      if (pull) connection.languages.diagnostics.refresh().catch(ignore);
      loaded = undefined;
    }
    if (!loaded) configs.set(dir, (loaded = load(dir)));
    return loaded;
  }

  /** Whether a document is over its configuration's size limit: it is not linted, and hover, completion and code actions skip it. */
  function tooLargeDocument(document: TextDocument): boolean {
    try {
      const limit = configFor(filePathOf(document.uri), document.uri).config.maxFileSize ?? DEFAULT_MAX_FILE_SIZE;
      return sizeOver(document.getText(), limit) !== undefined;
    } catch {
      return false;
    }
  }

  /** Lints a text under a configuration; whatever fails inside ends in one `internal/error` finding. */
  function lintDocument(document: TextDocument, filePath: string | undefined, config: Config): LintResult {
    const options = { filePath: filePath ?? document.uri, config };
    const text = document.getText();
    // the CLI's size limit applies here too: a finding instead of a lint of many seconds
    const limit = config.maxFileSize ?? DEFAULT_MAX_FILE_SIZE;
    const size = sizeOver(text, limit);
    if (size !== undefined) return fileLevelResult(options.filePath, tooLarge(size, limit, 'maxFileSize in platlint.config.yaml'));
    // YAML and JSON documents are plat objects; anything else an editor sends (a systemd unit, an environment
    // file, a file of flags) is read as a node agent command line, as `platlint flags` reads it
    // the checks across documents run over the file alone (a duplicate role, a roleRef to a role of the file)
    if (isYamlOrJson(document)) return checkSet([lintText(text, options)], { config })[0]!;
    // the flags reader has no guard of its own (diagnosticsOf's is the one); the tests' fault reaches it here
    injectedFault(text);
    return lintFlagsText(text, options);
  }

  /**
   * Lints a document's current text; cached per version (a pull, a push and code actions share it). Never
   * throws: any failure (configuration, reader, engine, set checks, conversion) becomes one `internal/error`
   * diagnostic, so the previous version's diagnostics are always replaced.
   */
  function diagnosticsOf(document: TextDocument): LspDiagnostic[] {
    let diagnostics: LspDiagnostic[];
    try {
      const filePath = filePathOf(document.uri);
      if (filePath && basename(filePath) === CONFIG_FILE_NAME) return configDiagnostics(document, filePath);
      const loaded = configFor(filePath, document.uri);
      const cached = published.get(document.uri);
      if (cached && cached.version === document.version) return cached.diagnostics;
      diagnostics = [];
      if (!(filePath && ignoreMatcher(loaded.config)(filePath))) {
        diagnostics = toLspDiagnostics(document, lintDocument(document, filePath, loaded.config));
        if (loaded.error) diagnostics.unshift(configErrorDiagnostic(loaded.error));
      }
    } catch (err) {
      connection.console.error(`platlint: internal error while linting ${document.uri}: ${String((err as Error)?.message).split('\n')[0]}`);
      diagnostics = [failureDiagnostic(document, err)];
    }
    published.set(document.uri, { version: document.version, diagnostics });
    return diagnostics;
  }

  /**
   * The diagnostics of an open `platlint.config.yaml`, from the editor's text (not the disk): one per problem,
   * at its position. The documents under it keep the configuration saved on disk (what the command line reads):
   * an unsaved edit of the configuration does not re-lint them; saving it does (its modification time, the
   * save, or the file watcher).
   */
  function configDiagnostics(document: TextDocument, filePath: string): LspDiagnostic[] {
    const cached = published.get(document.uri);
    if (cached && cached.version === document.version) return cached.diagnostics;
    let diagnostics: LspDiagnostic[] = [];
    try {
      parseConfig(document.getText(), filePath, RULE_IDS, suggestRuleIds);
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      diagnostics = configFileDiagnostics(err);
    }
    published.set(document.uri, { version: document.version, diagnostics });
    return diagnostics;
  }

  function publish(uri: string): void {
    const document = documents.get(uri);
    if (!document) return;
    const diagnostics = diagnosticsOf(document);
    connection.sendDiagnostics({ uri, version: document.version, diagnostics }).catch(ignore);
  }

  /**
   * Marks a document for linting. No fixed debounce: an idle server lints at once (a turn of the event loop
   * later); while messages are still being handled (a burst of changes that arrived during a lint), only the
   * newest version of each document is kept, and it is linted as soon as they are all in. A burst thus costs
   * about two lints, and steady typing gets diagnostics after every lint.
   */
  function schedule(uri: string): void {
    if (pull) return;
    dirty.add(uri);
    changed = true;
    if (!pumping) {
      pumping = true;
      setImmediate(pump);
    }
  }

  /**
   * One turn: if a change arrived since the last turn, the JSON-RPC connection may hold more (it hands over
   * one message per turn), so wait a turn; otherwise lint the document that has waited longest. One lint
   * per turn lets requests (hover, completion) be answered between the documents.
   */
  function pump(): void {
    if (changed) {
      changed = false;
      setImmediate(pump);
      return;
    }
    const uri = dirty.values().next().value;
    if (uri !== undefined) {
      dirty.delete(uri);
      publish(uri);
    }
    if (dirty.size > 0) setImmediate(pump);
    else pumping = false;
  }

  function relintAll(): void {
    configs.clear();
    reported.clear();
    published.clear();
    if (pull) connection.languages.diagnostics.refresh().catch(ignore);
    else for (const d of documents.all()) schedule(d.uri);
  }

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    const init = (params.initializationOptions ?? {}) as { diagnostics?: unknown };
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

  // fired on open too
  documents.onDidChangeContent((e) => schedule(e.document.uri));
  documents.onDidSave((e) => {
    if (e.document.uri.endsWith(`/${CONFIG_FILE_NAME}`) && !watch) relintAll();
  });
  documents.onDidClose((e) => {
    dirty.delete(e.document.uri);
    published.delete(e.document.uri);
    if (!pull) connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] }).catch(ignore);
  });

  connection.languages.diagnostics.on((params) => {
    const document = documents.get(params.textDocument.uri);
    return { kind: DocumentDiagnosticReportKind.Full, items: document ? diagnosticsOf(document) : [] };
  });

  connection.onHover((params) => {
    const document = documents.get(params.textDocument.uri);
    if (!document || !isYamlOrJson(document) || tooLargeDocument(document)) return null;
    try {
      return hoverAt(document, document.offsetAt(params.position), schemas);
    } catch (err) {
      connection.console.error(`platlint: hover failed: ${String((err as Error)?.message).split('\n')[0]}`);
      return null;
    }
  });

  connection.onCompletion((params) => {
    const document = documents.get(params.textDocument.uri);
    if (!document || !isYamlOrJson(document) || tooLargeDocument(document)) return [];
    try {
      return { isIncomplete: false, items: completions(document, document.offsetAt(params.position), schemas, { snippets }) };
    } catch (err) {
      connection.console.error(`platlint: completion failed: ${String((err as Error)?.message).split('\n')[0]}`);
      return [];
    }
  });

  connection.onCodeAction((params) => {
    const document = documents.get(params.textDocument.uri);
    if (!document || tooLargeDocument(document)) return [];
    return codeActions(document, params.context.diagnostics, knownRuleIds(configFor(filePathOf(document.uri), document.uri).config));
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

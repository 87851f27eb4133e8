// lsp/: an editor's LSP messages in, diagnostics, hover, completion and code actions out.
// platlint's language server: LSP over stdio with vscode-languageserver, on the CLI's engine and
// configuration (lintText with the platlint.config.yaml found above the document, cached per folder).
import { statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Readable, Writable } from 'node:stream';
import { createConnection as connectionOf, type WatchDog } from 'vscode-languageserver';
import {
  createConnection,
  createProtocolConnection,
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
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { SUPPRESSIONS_FILE_NAME } from '../files/baseline.js';
import { CONFIG_FILE_NAME, ConfigError, DEFAULT_CONFIG, parseConfig, type Config } from '../config/config.js';
import { findConfig } from '../files/config-file.js';
import { knownRuleIds, RULE_IDS, suggestRuleIds } from '../check/registry.js';
import { resolveConfig } from '../files/lint-files.js';
import { fileLevelResult } from '../lint/lint.js';
import { DEFAULT_MAX_FILE_SIZE, tooLarge } from '../read/bytes.js';
import { codeActions } from './actions.js';
import { completions } from './completion.js';
import { configErrorDiagnostic, configFileDiagnostics, failureDiagnostic, toLspDiagnostics } from './diagnostics.js';
import { hoverAt } from './hover.js';
import { SchemaDocs } from '../files/schema-docs.js';
import { VERSION } from '../version.js';
import { ignoreMatcher } from '../files/discover.js';
import { lintJob, type LintJob, type OnText } from './lint-job.js';
import { LintThread, lintWorkerEntry } from './lint-thread.js';
import { useNodeHost } from '../files/node-host.js';
import { LazyTextDocuments } from './text-document.js';

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

/**
 * A document's size in UTF-8 bytes (what the message says), computed only when it could be over `limit` (a UTF-16
 * unit is 1 to 3 bytes): about 2 ms for 16 MB.
 */
function sizeOver(text: string, limit: number): number | undefined {
  if (text.length * 3 <= limit) return undefined;
  const size = Buffer.byteLength(text, 'utf8');
  return size > limit ? size : undefined;
}

/** A configuration as loaded for a folder: the file it came from (with its stamp) and its error, if any. */
interface LoadedConfig {
  /** Its number for the lint thread, which keeps one object per configuration (and so its caches). */
  id: number;
  config: Config;
  /** The configuration file found above the folder, if any. */
  file?: string;
  /** The file's modification time and size when it was read: a different stamp means it changed. */
  stamp?: string;
  /** Why the file could not be used (the defaults apply). */
  error?: ConfigError;
}

/** A lint running in the lint thread: its document's version and the configurations' generation. */
interface Running {
  uri: string;
  document: TextDocument;
  version: number;
  generation: number;
  /** performance.now() when it was handed to the thread. */
  started: number;
  /** When it is to be abandoned (its result is stale). */
  timer?: ReturnType<typeof setTimeout>;
}

/**
 * How long a lint whose result will be dropped may still run before the thread is terminated with it. Its
 * remaining time is unknown, so the server waits about as long as a new thread costs and only then pays that
 * cost (as in the ski-rental problem: never more than twice the least time it could have lost). A new thread
 * costs its bundle's loading and the next lint's compiling again what the old thread had compiled: about
 * 80-190 ms of CPU time (npm run bench:lsp, "a new lint thread"). A lint of a few thousand lines ends
 * before that; a long one (a document of megabytes, a pathological one) is abandoned.
 */
const ABANDON_MS = 200;

function stampOf(file: string): string | undefined {
  try {
    const s = statSync(file);
    return `${s.mtimeMs}:${s.size}`;
  } catch {
    return undefined;
  }
}

/**
 * What a server takes from the process it runs in, passed in so that several servers can run in one process
 * (the tests'); each defaults to the process's own. The tests also inject failures and lints that wait.
 */
export interface ServerOptions {
  /** The folder of documents without a file path when the client names no workspace root. */
  cwd?: string;
  /** The lint thread's environment. */
  env?: NodeJS.ProcessEnv;
  /** Aborted when the server ends: its lint thread is terminated and nothing more is scheduled. */
  signal?: AbortSignal;
  /** Called with the text of each lint run on the server's own thread before it is read (src/lsp/lint-job.ts OnText). */
  onText?: OnText;
  /** A module whose `onText` export the lint thread calls the same way (a function cannot go to a thread). */
  lintThreadOnText?: string;
  /**
   * The lint thread's module (default: dist/lsp-worker.cjs beside the server's bundle; none when the server
   * runs from its source, which then lints on its own thread): the built one, for a caller running the source.
   */
  lintWorker?: string;
}

export function startServer(connection: Connection = createConnection(ProposedFeatures.all), options: ServerOptions = {}): Connection {
  useNodeHost();
  // the open documents, their lines indexed only as far as asked (src/lsp/text-document.ts): a document of
  // megabytes costs its changes the lines they are on, not an index of every line
  const documents = new TextDocuments(LazyTextDocuments);
  const schemas = new SchemaDocs();
  /** Configuration by folder (documents without a file path use the workspace root's). */
  const configs = new Map<string, LoadedConfig>();
  /** Configuration problems already shown, by configuration file. */
  const reported = new Set<string>();
  /** The last published diagnostics, by URI, with the version they belong to. */
  const published = new Map<string, { version: number; diagnostics: LspDiagnostic[] }>();
  /** Documents whose newest version is not linted yet, in the order they first changed. */
  const dirty = new Set<string>();
  /** Pull requests (textDocument/diagnostic) waiting for a document's diagnostics, by URI. */
  const pulls = new Map<string, ((diagnostics: LspDiagnostic[]) => void)[]>();
  /** Whether a turn of `pump` is scheduled, and whether a change arrived since it was. */
  let pumping = false;
  let changed = false;
  /** The lint thread (none when the server runs from its source: lints then run on this thread). */
  const workerEntry = options.lintWorker ?? lintWorkerEntry();
  const thread = workerEntry ? new LintThread(workerEntry, (line) => connection.console.log(line), options.lintThreadOnText !== undefined ? { onTextModule: options.lintThreadOnText } : {}, options.env ?? process.env) : undefined;
  /** The lint running in the thread, if any. */
  let running: Running | undefined;
  /** Bumped whenever the configurations are dropped: a lint under an older one is stale. */
  let generation = 0;
  let configIds = 0;
  /**
   * The suppressions files the documents' lints named, with their stamps when last checked (undefined: the
   * file did not exist): a different stamp re-lints the open documents.
   */
  const suppressionStamps = new Map<string, string | undefined>();
  let shutDown = false;
  let pull = false;
  /** Whether the client takes `workspace/diagnostic/refresh` (it then pulls every open document again). */
  let refreshable = false;
  let watch = false;
  let snippets = false;
  let rootPath: string | undefined;
  /** initializationOptions.configFile: the one configuration of every document (instead of the nearest platlint.config.yaml). */
  let configFile: string | undefined;
  const cwd = options.cwd ?? process.cwd();
  options.signal?.addEventListener('abort', () => {
    shutDown = true;
    thread?.abandon();
  });

  function load(dir: string): LoadedConfig {
    const file = configFile ?? findConfig(dir);
    const stamp = file ? stampOf(file) : undefined;
    try {
      return { id: ++configIds, config: resolveConfig(dir, file), ...(file ? { file } : {}), ...(stamp ? { stamp } : {}) };
    } catch (err) {
      // a broken configuration: lint with the defaults, say why once in a message and in every document
      if (!(err instanceof ConfigError)) throw err;
      if (!reported.has(err.filePath)) {
        reported.add(err.filePath);
        const first = err.problems[0];
        const where = first ? `${err.filePath}:${first.line}:${first.column}: ${first.message}` : err.filePath;
        connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Error, message: `platlint: ${err.message} (${where}); using the default configuration` }).catch(ignore);
      }
      return { id: ++configIds, config: { ...DEFAULT_CONFIG, baseDir: dir }, ...(file ? { file } : {}), ...(stamp ? { stamp } : {}), error: err };
    }
  }

  /**
   * The configuration of a document. Its file's modification time is checked once per call (one stat), so a
   * file edited outside the editor takes effect at the next lint even in clients that do not watch files (in
   * those, a folder without one is searched again, so a file created later is found too);
   * a changed file drops every cached configuration and diagnostics, and the open documents are re-linted (but
   * `linting`, the one whose lint asks).
   */
  function configFor(filePath: string | undefined, linting?: string): LoadedConfig {
    const dir = filePath ? dirname(filePath) : (rootPath ?? cwd);
    let loaded = configs.get(dir);
    // a file created where none was found: without a watcher, look again (one stat per folder up to the root)
    const created = !watch && configFile === undefined && loaded !== undefined && !loaded.file && findConfig(dir) !== undefined;
    if (loaded && (created || (loaded.file && stampOf(loaded.file) !== loaded.stamp))) {
      if (loaded.file) reported.delete(loaded.file);
      configs.clear();
      published.clear();
      generation++;
      dropStale();
      for (const d of documents.all()) if (d.uri !== linting) schedule(d.uri);
      refreshPulls();
      loaded = undefined;
    }
    if (!loaded) configs.set(dir, (loaded = load(dir)));
    return loaded;
  }

  /** Whether a document is over its configuration's size limit: it is not linted, and hover, completion and code actions skip it. */
  function tooLargeDocument(document: TextDocument): boolean {
    try {
      const limit = configFor(filePathOf(document.uri)).config.maxFileSize ?? DEFAULT_MAX_FILE_SIZE;
      return sizeOver(document.getText(), limit) !== undefined;
    } catch {
      return false;
    }
  }

  /**
   * The suppressions file of a document, where the command line finds it without --suppressions-location:
   * beside the configuration file (an invalid one too: the documents are linted with the defaults, the
   * baseline still applies), else in the working folder, which for an editor is the workspace root (when the
   * document is inside it; else the document's folder). None for a document without a file path.
   */
  function suppressionsOf(loaded: LoadedConfig, filePath: string | undefined): string | undefined {
    if (!filePath) return undefined;
    if (loaded.file) return join(dirname(loaded.file), SUPPRESSIONS_FILE_NAME);
    const dir = dirname(filePath);
    const fromRoot = rootPath === undefined ? undefined : relative(rootPath, dir);
    const inRoot = fromRoot !== undefined && fromRoot.split(sep)[0] !== '..' && !isAbsolute(fromRoot);
    return join(inRoot ? rootPath! : dir, SUPPRESSIONS_FILE_NAME);
  }

  /**
   * Checks a suppressions file's stamp (one stat, before each lint, and when a watcher or a save reports it):
   * when it was created, changed or deleted since the last check, the diagnostics are dropped and the open
   * documents re-linted (but `linting`, the one whose lint asks). The configurations are kept: the lint thread
   * keeps its compiled policies. The file itself is read by the lint (src/files/baseline.ts applyBaselineOf).
   */
  function checkSuppressions(file: string, linting?: string): void {
    const stamp = stampOf(file);
    const known = suppressionStamps.has(file);
    const before = suppressionStamps.get(file);
    suppressionStamps.set(file, stamp);
    if (!known || before === stamp) return;
    published.clear();
    generation++;
    dropStale();
    for (const d of documents.all()) if (d.uri !== linting) schedule(d.uri);
    refreshPulls();
  }

  /**
   * After a change of the configuration or of a suppressions file, a client that pulls diagnostics is asked to
   * pull them again (a pushing client gets them as its documents are linted again). A client that cannot be
   * asked gets the new diagnostics at its next pull (on its next change of a document): the cached ones are
   * dropped, so no pull answers with the old ones.
   */
  function refreshPulls(): void {
    if (pull && refreshable) connection.languages.diagnostics.refresh().catch(ignore);
  }

  /** Adds the diagnostic of an invalid configuration file (the defaults applied) before a document's own. */
  function withConfigError(loaded: LoadedConfig, diagnostics: LspDiagnostic[]): LspDiagnostic[] {
    return loaded.error ? [configErrorDiagnostic(loaded.error), ...diagnostics] : diagnostics;
  }

  /** The `internal/error` diagnostic of a document platlint failed on, logged for the client too. */
  function failed(document: TextDocument, err: unknown): LspDiagnostic {
    connection.console.error(`platlint: internal error while linting ${document.uri}: ${String((err as Error)?.message).split('\n')[0]}`);
    return failureDiagnostic(document, err);
  }

  /**
   * What the main thread decides before a lint: the configuration (loaded, its file's stamp checked), the
   * diagnostics cached for this version, an ignored file, a document over the size limit (a finding instead of
   * a lint of many seconds, as on the command line). Either the diagnostics at once, or the lint to run.
   * Never throws: any failure becomes one `internal/error` diagnostic, so the previous version's diagnostics
   * are always replaced.
   */
  function prepare(document: TextDocument): { diagnostics: LspDiagnostic[] } | { job: LintJob; loaded: LoadedConfig } {
    try {
      const filePath = filePathOf(document.uri);
      if (filePath && basename(filePath) === CONFIG_FILE_NAME) return { diagnostics: configDiagnostics(document, filePath) };
      const loaded = configFor(filePath, document.uri);
      const suppressions = suppressionsOf(loaded, filePath);
      if (suppressions) checkSuppressions(suppressions, document.uri);
      const cached = published.get(document.uri);
      if (cached && cached.version === document.version) return { diagnostics: cached.diagnostics };
      const text = document.getText();
      if (filePath && basename(filePath) === SUPPRESSIONS_FILE_NAME) {
        // its own diagnostics, from the editor's text (see LintJob.baselineFile), whatever the ignores and the
        // size limit (the command line reads it whatever they are); not under the configuration's error, which
        // is about documents linted with the defaults. As with platlint.config.yaml, the documents linted under
        // it keep the file saved on disk (what the command line reads): an unsaved edit does not re-lint them;
        // saving it does (its modification time, the save, or the file watcher).
        const job: LintJob = { uri: document.uri, languageId: document.languageId, version: document.version, text, filePath, yaml: true, baselineFile: true };
        return { job, loaded: { id: loaded.id, config: loaded.config } };
      }
      if (filePath && ignoreMatcher(loaded.config)(filePath)) return { diagnostics: [] };
      const path = filePath ?? document.uri;
      const limit = loaded.config.maxFileSize ?? DEFAULT_MAX_FILE_SIZE;
      const size = sizeOver(text, limit);
      if (size !== undefined) {
        const result = fileLevelResult(path, tooLarge(size, limit, 'maxFileSize in platlint.config.yaml'));
        return { diagnostics: withConfigError(loaded, toLspDiagnostics(document, result)) };
      }
      const job: LintJob = { uri: document.uri, languageId: document.languageId, version: document.version, text, filePath: path, yaml: isYamlOrJson(document), ...(suppressions ? { suppressions } : {}) };
      return { job, loaded };
    } catch (err) {
      return { diagnostics: [failed(document, err)] };
    }
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

  /** A version's diagnostics: cached (a pull, a push share them), pushed, and handed to the pulls waiting. */
  function finish(document: TextDocument, diagnostics: LspDiagnostic[]): void {
    const { uri, version } = document;
    published.set(uri, { version, diagnostics });
    if (!pull) connection.sendDiagnostics({ uri, version, diagnostics }).catch(ignore);
    const waiting = pulls.get(uri);
    pulls.delete(uri);
    for (const w of waiting ?? []) w(diagnostics);
  }

  /** Whether the result of a lint would be dropped: its document changed or closed, or the configuration did. */
  function isStale(lint: Running): boolean {
    const document = documents.get(lint.uri);
    return document !== lint.document || document.version !== lint.version || lint.generation !== generation;
  }

  /**
   * Lints a document's newest version: at once when the main thread knows the answer (see prepare), in the
   * lint thread otherwise (on this thread when the server runs without one: from its source). The thread's
   * result is published only if it is still the newest version's under the same configuration.
   */
  function lint(uri: string): void {
    const document = documents.get(uri);
    if (!document) return;
    const prepared = prepare(document);
    if ('diagnostics' in prepared) return finish(document, prepared.diagnostics);
    const { job, loaded } = prepared;
    if (!thread) {
      let diagnostics: LspDiagnostic[];
      try {
        diagnostics = withConfigError(loaded, lintJob(job, loaded.config, options.onText));
      } catch (err) {
        diagnostics = [failed(document, err)];
      }
      return finish(document, diagnostics);
    }
    const current: Running = { uri, document, version: document.version, generation, started: performance.now() };
    running = current;
    void thread.run(job, loaded.id, loaded.config).then((outcome) => {
      clearTimeout(current.timer);
      if (running === current) running = undefined;
      if (!('abandoned' in outcome) && !isStale(current)) {
        finish(document, 'error' in outcome ? [failed(document, outcome.error)] : withConfigError(loaded, outcome.diagnostics));
      } else if (pulls.has(uri)) {
        // a pull waits for the newest version's diagnostics (pushed documents are marked already)
        dirty.add(uri);
      }
      kick();
    });
  }

  /**
   * Abandons the running lint once its result is known to be dropped and it has run for ABANDON_MS: the
   * thread is terminated with it and restarted. A shorter lint is left to finish (its result dropped): a new
   * thread costs more than the rest of it (see ABANDON_MS).
   */
  function dropStale(): void {
    const current = running;
    if (!current || !thread || current.timer || !isStale(current)) return;
    const abandon = () => {
      if (running !== current) return;
      const ms = Math.round(performance.now() - current.started);
      connection.console.log(`platlint: abandoned the lint of ${current.uri} (version ${current.version}) after ${ms} ms: its result would be stale; the lint thread restarts`);
      thread.abandon();
    };
    const wait = ABANDON_MS - (performance.now() - current.started);
    if (wait <= 0) abandon();
    else current.timer = setTimeout(abandon, wait);
  }

  /**
   * Marks a document for linting. No fixed debounce: an idle server lints at once (a turn of the event loop
   * later); while messages are still being handled (a burst of changes), and while a lint runs in the thread,
   * only the newest version of each document is kept, and it is linted as soon as they are all in and the
   * thread is free. A burst thus costs about two lints; typing gets the diagnostics of every lint that ends
   * before the next keystroke (a lint overtaken by a change is never published).
   */
  function schedule(uri: string): void {
    if (pull) return;
    dirty.add(uri);
    changed = true;
    kick();
  }

  function kick(): void {
    if (pumping || shutDown) return;
    pumping = true;
    setImmediate(pump);
  }

  /**
   * One turn: if a change arrived since the last turn, the JSON-RPC connection may hold more (it hands over
   * one message per turn), so wait a turn; otherwise, unless the thread is busy (its lint's end turns again),
   * lint the document that has waited longest. One document per turn lets requests be answered between them.
   */
  function pump(): void {
    pumping = false;
    if (changed) {
      changed = false;
      kick();
      return;
    }
    if (running) return;
    const uri = dirty.values().next().value;
    if (uri === undefined) return;
    dirty.delete(uri);
    lint(uri);
    if (dirty.size > 0) kick();
  }

  function relintAll(): void {
    configs.clear();
    reported.clear();
    published.clear();
    generation++;
    dropStale();
    if (pull) refreshPulls();
    else for (const d of documents.all()) schedule(d.uri);
  }

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    const init = (params.initializationOptions ?? {}) as { diagnostics?: unknown; configFile?: unknown };
    // pull diagnostics when the client asks for them (LSP 3.17), unless told to push; never both (editors would show them twice)
    pull = init.diagnostics !== 'push' && !!params.capabilities.textDocument?.diagnostic;
    refreshable = !!params.capabilities.workspace?.diagnostics?.refreshSupport;
    watch = !!params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration;
    snippets = !!params.capabilities.textDocument?.completion?.completionItem?.snippetSupport;
    const root = params.workspaceFolders?.[0]?.uri ?? params.rootUri ?? undefined;
    rootPath = root ? filePathOf(root) : undefined;
    // a configuration named by the client (relative to the workspace's root)
    if (typeof init.configFile === 'string' && init.configFile !== '') configFile = isAbsolute(init.configFile) ? init.configFile : join(rootPath ?? cwd, init.configFile);
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
    // the thread loads while the client opens its first documents
    thread?.start();
    if (watch) {
      const watchers = [{ globPattern: `**/${CONFIG_FILE_NAME}` }, { globPattern: `**/${SUPPRESSIONS_FILE_NAME}` }];
      connection.client.register(DidChangeWatchedFilesNotification.type, { watchers }).catch(ignore);
    }
  });

  connection.onDidChangeWatchedFiles((params) => {
    if (params.changes.some((c) => c.uri.endsWith(`/${CONFIG_FILE_NAME}`))) relintAll();
    for (const c of params.changes) {
      const file = c.uri.endsWith(`/${SUPPRESSIONS_FILE_NAME}`) ? filePathOf(c.uri) : undefined;
      if (file) checkSuppressions(file);
    }
  });

  connection.onShutdown(() => {
    shutDown = true;
    thread?.abandon();
  });

  // fired on open too
  documents.onDidChangeContent((e) => {
    schedule(e.document.uri);
    dropStale();
  });
  documents.onDidSave((e) => {
    if (e.document.uri.endsWith(`/${CONFIG_FILE_NAME}`) && !watch) relintAll();
    const suppressions = e.document.uri.endsWith(`/${SUPPRESSIONS_FILE_NAME}`) && !watch ? filePathOf(e.document.uri) : undefined;
    if (suppressions) checkSuppressions(suppressions);
  });
  documents.onDidClose((e) => {
    dirty.delete(e.document.uri);
    published.delete(e.document.uri);
    dropStale();
    const waiting = pulls.get(e.document.uri);
    pulls.delete(e.document.uri);
    for (const w of waiting ?? []) w([]);
    if (!pull) connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] }).catch(ignore);
  });

  // a pull is answered when the document's lint ends (at once when its version's diagnostics are cached)
  connection.languages.diagnostics.on((params) => {
    const uri = params.textDocument.uri;
    if (!documents.get(uri)) return { kind: DocumentDiagnosticReportKind.Full, items: [] };
    return new Promise((resolve) => {
      pulls.set(uri, [...(pulls.get(uri) ?? []), (items) => resolve({ kind: DocumentDiagnosticReportKind.Full, items })]);
      dirty.add(uri);
      kick();
    });
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

/** The process a server runs in: its standard streams, folder and environment, and how it ends. */
export interface ServerIo {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Ends the process with a code: after the `exit` notification (0 after `shutdown`, else 1), or when standard input ends. */
  exit: (code: number) => void;
}

/**
 * A connection over a pair of streams that belongs to its server alone. vscode-languageserver's node
 * connection is one per process: it keeps whether `shutdown` was received for the whole process, exits the
 * process on `exit` or when its input ends, watches the client's process id with a timer, and redirects the
 * process's console. Here `exit` is told the code instead, and the server's `signal` is aborted.
 */
function connectionOver(io: ServerIo, end: AbortController): Connection {
  let ended = false;
  let protocol: ReturnType<typeof createProtocolConnection> | undefined;
  const exit = (code: number) => {
    if (ended) return;
    ended = true;
    end.abort();
    try {
      protocol?.end();
      protocol?.dispose();
    } catch {
      // the client may have closed its side already
    }
    io.exit(code);
  };
  const watchDog: WatchDog = { shutdownReceived: false, initialize: () => {}, exit };
  const connection = connectionOf(
    (logger) => (protocol = createProtocolConnection(io.stdin, io.stdout, logger)),
    watchDog,
    ProposedFeatures.all,
  );
  for (const event of ['end', 'close']) io.stdin.on(event, () => exit(watchDog.shutdownReceived ? 0 : 1));
  return connection;
}

/**
 * Entry point of the bundle (bin/platlint-language-server.js): `--stdio` is the only transport. With `io`, the
 * server runs on those streams beside others in the same process (the tests'); without, on the process's own.
 */
export function main(argv: readonly string[], io?: ServerIo, options: Pick<ServerOptions, 'onText' | 'lintThreadOnText'> = {}): number {
  const stdout = io?.stdout ?? process.stdout;
  const stderr = io?.stderr ?? process.stderr;
  if (argv.includes('--version')) {
    stdout.write(`${VERSION}\n`);
    return 0;
  }
  if (argv.includes('--help') || argv.includes('-h')) {
    stdout.write('Usage: platlint-language-server --stdio\n\nThe platlint language server: diagnostics, hover, completion and quick fixes for plat configuration files, over LSP on standard input and output.\n');
    return 0;
  }
  if (!argv.includes('--stdio')) {
    stderr.write('platlint-language-server: only --stdio is supported (run it as `platlint-language-server --stdio`)\n');
    return 2;
  }
  if (!io) {
    startServer();
    return 0;
  }
  const end = new AbortController();
  startServer(connectionOver(io, end), { ...options, cwd: io.cwd, env: io.env, signal: end.signal });
  return 0;
}

// A stand-in for the `vscode` module, for test/clients/vscode.test.ts: just enough of VS Code's extension API for
// vscode-languageclient to start a server, send it the documents opened, and hand back what VS Code would show.
// It records instead of showing: the diagnostics the client sets, the providers it registers (which the test then
// calls as VS Code would), the lines of the output channel and the messages shown. It is not VS Code: no editor,
// no extension host, no rendering; a part of the API the client does not reach in these tests is left out (and
// reaching it fails the test with a TypeError).
import { fileURLToPath, pathToFileURL } from 'node:url';

type Listener<T> = (e: T) => unknown;

export class Disposable {
  constructor(private readonly onDispose: () => void = () => {}) {}
  static from(...items: { dispose(): unknown }[]): Disposable {
    return new Disposable(() => items.forEach((i) => i.dispose()));
  }
  dispose(): void {
    this.onDispose();
  }
}

export class EventEmitter<T> {
  private listeners: Listener<T>[] = [];
  readonly event = (listener: Listener<T>): Disposable => {
    this.listeners.push(listener);
    return new Disposable(() => (this.listeners = this.listeners.filter((l) => l !== listener)));
  };
  fire(e: T): void {
    for (const l of [...this.listeners]) l(e);
  }
  dispose(): void {
    this.listeners = [];
  }
}

export class Uri {
  private constructor(
    readonly scheme: string,
    private readonly href: string,
  ) {}
  static parse(value: string): Uri {
    return new Uri(value.slice(0, value.indexOf(':')), value);
  }
  static file(path: string): Uri {
    return new Uri('file', pathToFileURL(path).href);
  }
  get fsPath(): string {
    return fileURLToPath(this.href);
  }
  get path(): string {
    return new URL(this.href).pathname;
  }
  toString(): string {
    return this.href;
  }
  toJSON(): string {
    return this.href;
  }
}

export class Position {
  constructor(
    readonly line: number,
    readonly character: number,
  ) {}
}

export class Range {
  readonly start: Position;
  readonly end: Position;
  constructor(a: Position | number, b: Position | number, c?: number, d?: number) {
    this.start = typeof a === 'number' ? new Position(a, b as number) : a;
    this.end = typeof a === 'number' ? new Position(c!, d!) : (b as Position);
  }
}

export class Location {
  constructor(
    readonly uri: Uri,
    readonly range: Range,
  ) {}
}

export enum DiagnosticSeverity {
  Error = 0,
  Warning = 1,
  Information = 2,
  Hint = 3,
}

export enum DiagnosticTag {
  Unnecessary = 1,
  Deprecated = 2,
}

export class Diagnostic {
  code?: string | number | { value: string | number; target: Uri };
  source?: string;
  relatedInformation?: DiagnosticRelatedInformation[];
  tags?: DiagnosticTag[];
  constructor(
    readonly range: Range,
    readonly message: string,
    readonly severity: DiagnosticSeverity = DiagnosticSeverity.Error,
  ) {}
}

export class DiagnosticRelatedInformation {
  constructor(
    readonly location: Location,
    readonly message: string,
  ) {}
}

export class MarkdownString {
  isTrusted?: boolean;
  supportHtml?: boolean;
  supportThemeIcons?: boolean;
  constructor(public value = '') {}
  appendText(text: string): this {
    this.value += text.replace(/[\\`*_{}[\]()#+\-.!]/g, '\\$&');
    return this;
  }
  appendMarkdown(text: string): this {
    this.value += text;
    return this;
  }
}

export class Hover {
  readonly contents: MarkdownString[];
  constructor(
    contents: MarkdownString | MarkdownString[],
    readonly range?: Range,
  ) {
    this.contents = Array.isArray(contents) ? contents : [contents];
  }
}

export class CodeActionKind {
  static readonly Empty = new CodeActionKind('');
  static readonly QuickFix = new CodeActionKind('quickfix');
  static readonly Refactor = new CodeActionKind('refactor');
  static readonly RefactorExtract = new CodeActionKind('refactor.extract');
  static readonly RefactorInline = new CodeActionKind('refactor.inline');
  static readonly RefactorRewrite = new CodeActionKind('refactor.rewrite');
  static readonly Source = new CodeActionKind('source');
  static readonly SourceOrganizeImports = new CodeActionKind('source.organizeImports');
  constructor(readonly value: string) {}
  append(part: string): CodeActionKind {
    return new CodeActionKind(this.value ? `${this.value}.${part}` : part);
  }
  contains(other: CodeActionKind): boolean {
    return this.value === '' || other.value === this.value || other.value.startsWith(`${this.value}.`);
  }
  intersects(other: CodeActionKind): boolean {
    return this.contains(other) || other.contains(this);
  }
}

export class CancellationError extends Error {}

export class CancellationTokenSource {
  private readonly emitter = new EventEmitter<void>();
  readonly token = { isCancellationRequested: false, onCancellationRequested: this.emitter.event };
  cancel(): void {
    this.token.isCancellationRequested = true;
    this.emitter.fire();
  }
  dispose(): void {}
}

/** Classes the client extends when it is loaded, and the kinds it names; none of them is used by these tests. */
class Unused {}
export const CallHierarchyItem = class extends Unused {};
export const CodeLens = class extends Unused {};
export const CompletionItem = class extends Unused {};
export const DocumentLink = class extends Unused {};
export const InlayHint = class extends Unused {};
export const SymbolInformation = class extends Unused {};
export const TypeHierarchyItem = class extends Unused {};
export class TextEdit {
  constructor(
    readonly range: Range,
    readonly newText: string,
  ) {}
}

/** The text edits of a workspace edit, by document URI. */
export class WorkspaceEdit {
  readonly edits = new Map<string, TextEdit[]>();
  set(uri: Uri, edits: (TextEdit | [TextEdit, unknown])[]): void {
    this.edits.set(uri.toString(), edits.map((e) => (Array.isArray(e) ? e[0] : e)));
  }
}

export class CodeAction {
  edit?: WorkspaceEdit;
  diagnostics?: Diagnostic[];
  isPreferred?: boolean;
  constructor(
    readonly title: string,
    public kind?: CodeActionKind,
  ) {}
}

export enum CodeActionTriggerKind {
  Invoke = 1,
  Automatic = 2,
}
export enum LogLevel {
  Off = 0,
  Trace = 1,
  Debug = 2,
  Info = 3,
  Warning = 4,
  Error = 5,
}

/** An open document, as VS Code's TextDocument offers it to the client. */
export class TextDocument {
  readonly isClosed = false;
  readonly isDirty = false;
  readonly isUntitled = false;
  constructor(
    readonly uri: Uri,
    readonly languageId: string,
    readonly version: number,
    private readonly text: string,
  ) {}
  get fileName(): string {
    return this.uri.fsPath;
  }
  getText(): string {
    return this.text;
  }
}

export interface DocumentFilter {
  language?: string;
  scheme?: string;
  pattern?: string;
}

/** What the client showed, as the stand-in recorded it. */
export interface Shown {
  /** The diagnostics the client set, by document URI (the latest set of each). */
  diagnostics: Map<string, Diagnostic[]>;
  /** Lines written to the client's output channel. */
  output: string[];
  /** Messages shown to the user (error, warning and information). */
  messages: string[];
  /** Hover providers registered with their document selectors. */
  hovers: { selector: DocumentFilter[]; provider: { provideHover(d: TextDocument, p: Position, t: unknown): Promise<Hover | undefined> } }[];
  /** Code action providers registered with their document selectors. */
  codeActions: {
    selector: DocumentFilter[];
    provider: { provideCodeActions(d: TextDocument, r: Range, c: { diagnostics: Diagnostic[]; only?: CodeActionKind; triggerKind: CodeActionTriggerKind }, t: unknown): Promise<CodeAction[] | undefined> };
  }[];
  /** Called when the diagnostics of a document are set. */
  onDiagnostics: EventEmitter<string>;
}

/**
 * The `vscode` module's stand-in: a workspace of one folder with the given settings; `logLevel` is the output
 * channels' level (what a user sets with the channel's "Set Log Level").
 */
export function vscodeStandIn(folder: string, settings: Record<string, unknown>, logLevel = LogLevel.Info) {
  const shown: Shown = { diagnostics: new Map(), output: [], messages: [], hovers: [], codeActions: [], onDiagnostics: new EventEmitter() };
  const documents: TextDocument[] = [];
  const opened = new EventEmitter<TextDocument>();
  const noEvent = new EventEmitter<never>().event;
  const show = (text: string) => {
    shown.messages.push(text);
    return Promise.resolve(undefined);
  };
  const log = (line: string) => shown.output.push(line);
  const folders = [{ uri: Uri.file(folder), name: 'workspace', index: 0 }];

  const match = (selector: (DocumentFilter | string)[], document: TextDocument): number =>
    selector.some((f) => typeof f !== 'string' && (!f.language || f.language === document.languageId) && (!f.scheme || f.scheme === document.uri.scheme)) ? 10 : 0;

  const api = {
    version: '1.91.0',
    Disposable,
    EventEmitter,
    Uri,
    Position,
    Range,
    Location,
    Diagnostic,
    DiagnosticSeverity,
    DiagnosticTag,
    DiagnosticRelatedInformation,
    MarkdownString,
    Hover,
    CodeActionKind,
    CodeActionTriggerKind,
    TextEdit,
    WorkspaceEdit,
    CancellationError,
    CancellationTokenSource,
    CallHierarchyItem,
    CodeLens,
    CompletionItem,
    DocumentLink,
    InlayHint,
    SymbolInformation,
    TypeHierarchyItem,
    CodeAction,
    LogLevel,
    env: { appName: 'vscode stand-in', language: 'en', machineId: 'stand-in', sessionId: 'stand-in' },
    workspace: {
      workspaceFolders: folders,
      getWorkspaceFolder: () => folders[0],
      textDocuments: documents,
      notebookDocuments: [],
      getConfiguration: (section?: string) => ({
        get: <T>(key: string, fallback?: T): T | undefined => {
          const name = section ? `${section}.${key}` : key;
          return name in settings ? (settings[name] as T) : fallback;
        },
      }),
      onDidOpenTextDocument: opened.event,
      onDidChangeTextDocument: noEvent,
      onDidCloseTextDocument: noEvent,
      onDidSaveTextDocument: noEvent,
      onWillSaveTextDocument: noEvent,
      onDidChangeConfiguration: noEvent,
      onDidChangeWorkspaceFolders: noEvent,
      onDidOpenNotebookDocument: noEvent,
      onDidChangeNotebookDocument: noEvent,
      onDidSaveNotebookDocument: noEvent,
      onDidCloseNotebookDocument: noEvent,
      createFileSystemWatcher: () => ({ onDidCreate: noEvent, onDidChange: noEvent, onDidDelete: noEvent, dispose() {} }),
    },
    window: {
      activeTextEditor: undefined,
      visibleTextEditors: [],
      onDidChangeActiveTextEditor: noEvent,
      onDidChangeVisibleTextEditors: noEvent,
      tabGroups: { all: [], onDidChangeTabs: noEvent },
      createOutputChannel: (name: string) => ({
        name,
        logLevel,
        onDidChangeLogLevel: noEvent,
        append: log,
        appendLine: log,
        replace: log,
        trace: log,
        debug: log,
        info: log,
        warn: log,
        error: (e: string | Error) => log(String(e)),
        clear() {},
        show() {},
        hide() {},
        dispose() {},
      }),
      showErrorMessage: show,
      showWarningMessage: show,
      showInformationMessage: show,
    },
    languages: {
      match,
      createDiagnosticCollection: (name?: string) => ({
        name,
        set(uri: Uri, diagnostics: Diagnostic[] | undefined) {
          shown.diagnostics.set(uri.toString(), diagnostics ?? []);
          shown.onDiagnostics.fire(uri.toString());
        },
        delete(uri: Uri) {
          shown.diagnostics.delete(uri.toString());
        },
        clear() {
          shown.diagnostics.clear();
        },
        dispose() {},
      }),
      registerHoverProvider: (selector: DocumentFilter[], provider: Shown['hovers'][number]['provider']) => {
        shown.hovers.push({ selector, provider });
        return new Disposable();
      },
      registerCompletionItemProvider: () => new Disposable(),
      registerCodeActionsProvider: (selector: DocumentFilter[], provider: Shown['codeActions'][number]['provider']) => {
        shown.codeActions.push({ selector, provider });
        return new Disposable();
      },
    },
    commands: { registerCommand: () => new Disposable(), executeCommand: () => Promise.resolve(undefined) },
  };

  /** Opens a document as VS Code does when the user opens a file: it joins workspace.textDocuments, then the event fires. */
  function open(path: string, languageId: string, text: string): TextDocument {
    const document = new TextDocument(Uri.file(path), languageId, 1, text);
    documents.push(document);
    opened.fire(document);
    return document;
  }

  return { api, shown, open };
}

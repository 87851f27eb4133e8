// One lint of the language server, as a plain function of plain data: the document's text and the
// configuration in, LSP diagnostics out. It runs in the lint worker thread (src/lsp/lint-worker.ts), or on
// the main thread when there is no worker to run it in (the server loaded from source); nothing here touches
// the connection, the open documents or the configuration cache, which stay on the main thread. The one file
// it reads is the suppressions file the server names (src/files/baseline.ts applyBaselineOf, read again only when it
// changes). An open suppressions file is checked here too (its text, not a lint).
import type { Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { applyBaselineOf, baselineTextProblems } from '../files/baseline.js';
import type { Config } from '../config/config.js';
import { lintFlagsText } from '../flags/lint.js';
import { LineCache } from '../parse/lines.js';
import { lintText, type LintResult } from '../lint/lint.js';
import { checkSet } from '../files/across-files.js';
import { baselineErrorDiagnostic, baselineFileDiagnostics, toLspDiagnostics } from './diagnostics.js';

/** What a lint needs to know of a document. */
export interface LintJob {
  uri: string;
  languageId: string;
  version: number;
  text: string;
  /** The file's path, or the URI for documents that have none (untitled buffers). */
  filePath: string;
  /** YAML and JSON documents are plat objects; anything else is read as a node agent command line. */
  yaml: boolean;
  /**
   * The suppressions file whose recorded findings are left out (platlint-suppressions.json beside the
   * configuration); none for a document without a file path.
   */
  suppressions?: string;
  /**
   * The document is a suppressions file (platlint-suppressions.json): its diagnostics are the problems of its
   * text that make the command line refuse it (src/files/baseline.ts baselineTextProblems), not a lint. Checked here
   * rather than on the server's thread: our own JSON reader takes a few hundred milliseconds on a broken file
   * of a megabyte, which hover and completion must not wait for.
   */
  baselineFile?: boolean;
}

/**
 * Called with the text of each lint before it is read (src/lint/lint.ts LintOptions onText): what it throws
 * becomes the document's `internal/error` diagnostic. What the server's caller injects (the tests: a failure,
 * a lint that waits for them, a thread that exits).
 */
export type OnText = (text: string) => void;

/**
 * Lints a document's text. May throw (the flags reader has no guard of its own, a set check or the
 * conversion may fail): the caller turns that into the document's `internal/error` diagnostic.
 */
export function lintJob(job: LintJob, config: Config, onText?: OnText): LspDiagnostic[] {
  const document = TextDocument.create(job.uri, job.languageId, job.version, job.text);
  if (job.baselineFile) return baselineFileDiagnostics(document, baselineTextProblems(job.text));
  const result = lintResult(job, config, onText);
  if (job.suppressions === undefined) return toLspDiagnostics(document, result);
  // after the checks across documents, as the command line applies it to the final results
  const applied = applyBaselineOf(result, job.suppressions);
  const diagnostics = toLspDiagnostics(document, applied.result);
  return applied.error ? [baselineErrorDiagnostic(job.suppressions, applied.error), ...diagnostics] : diagnostics;
}

function lintResult(job: LintJob, config: Config, onText: OnText | undefined): LintResult {
  const options = { filePath: job.filePath, config, ...(onText ? { onText } : {}) };
  // the checks across documents run over the file alone (a duplicate role, a roleRef to a role of the file); not
  // set/role-ref-unresolved, even where the configuration turns it on: a role of another file is not seen here,
  // so every binding to one would be reported
  if (job.yaml) {
    try {
      return checkSet([lintText(job.text, { ...options, lineCache: lineCaches.of(job.uri) })], { config, resolveRefs: 'never' })[0]!;
    } finally {
      lineCaches.bound();
    }
  }
  // the flags reader has no guard of its own (the caller's is the one)
  onText?.(job.text);
  return lintFlagsText(job.text, options);
}

/**
 * The lexer reader's line caches (src/parse/lines.ts LineCache) of the documents linted last, by URI: each holds
 * the lines of its document's last text, so a change to one line of 10,000 lexes that line alone. Bounded by
 * documents and by the characters of their lines, the least recently linted dropped first (a closed
 * document's goes when newer ones push it out); a document larger than the bound alone is not cached.
 */
export class LineCaches {
  private readonly caches = new Map<string, LineCache>();

  constructor(
    private readonly maxDocuments: number,
    private readonly maxChars: number,
  ) {}

  /** The cache of a document, now the most recently used. */
  of(uri: string): LineCache {
    let cache = this.caches.get(uri);
    if (cache) this.caches.delete(uri);
    else cache = new LineCache();
    this.caches.set(uri, cache);
    return cache;
  }

  /** Drops the least recently used caches over the bounds (after a lint, when the caches' sizes are known). */
  bound(): void {
    let chars = this.chars();
    for (const [uri, cache] of this.caches) {
      if (this.caches.size <= this.maxDocuments && chars <= this.maxChars) break;
      chars -= cache.chars;
      this.caches.delete(uri);
    }
  }

  /** The documents cached, the least recently used first. */
  uris(): string[] {
    return [...this.caches.keys()];
  }

  /** The characters of all the cached lines. */
  chars(): number {
    let n = 0;
    for (const cache of this.caches.values()) n += cache.chars;
    return n;
  }
}

/** 8 documents, and about one document at the default size limit (src/read/bytes.ts DEFAULT_MAX_FILE_SIZE) or many smaller ones. */
const lineCaches = new LineCaches(8, 8 * 1024 * 1024);

import type { Path } from './path.js';

export type Severity = 'error' | 'warning';

/** A 0-based, end-exclusive range of UTF-16 offsets into the file's text. */
export interface Range {
  start: number;
  end: number;
}

/**
 * A comment of a text as the platform's reader reads it (src/parse/compose.ts): its text from the `#` to the end of its
 * line (trailing blanks included, the line break not) and the offset of the `#`.
 */
export interface Comment {
  text: string;
  start: number;
}

/** Where a diagnostic sits, in 1-based lines and columns (columns count UTF-16 units; end exclusive). */
export interface Position {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

export interface RelatedInfo {
  path: Path;
  message: string;
  /** Where it is in the same file; with 1-based line and column once the lint result is positioned. */
  range?: Range | (Range & Position);
}

/** One finding, as the engine produces it before formatting. */
export interface Diagnostic {
  ruleId: string;
  severity: Severity;
  message: string;
  /** Field path inside the document; empty for file- or document-level findings. */
  path: Path;
  range: Range;
  /** Index of the YAML document inside the file (0-based); -1 for file-level findings. */
  document: number;
  /** A parse error that stopped linting (part of) the file. */
  fatal?: boolean;
  related?: RelatedInfo[];
  /** The edit that fixes the finding, when one is unambiguous (`--fix`, the language server's quick fixes). */
  fix?: Fix;
  /**
   * Edits that may resolve the finding but change what the file means to the platform (a rename in a kind it
   * reads leniently, a misspelt verb that would then grant something): offered to a person (the language
   * server's code actions, the JSON report's `suggestions`), never applied by `--fix`.
   */
  suggestions?: Suggestion[];
  kind?: string;
  apiVersion?: string;
  /** For a finding inside a part checked as its own kind (a `List` item): how many path segments lead to the part. */
  partDepth?: number;
  /**
   * For a finding inside a document embedded in a string (src/lint/embedded.ts): the indexes of the path's
   * segments, before `partDepth`, that are map keys of the object holding the string (`stringData[config.yaml]`).
   */
  holderMapKeys?: readonly number[];
}

/** A safe edit that resolves a finding: replace the text of `range` (offsets into the linted text) by `text`. */
export interface Fix {
  range: Range;
  text: string;
}

/** An edit offered for a person to choose (ESLint's suggestions): what it does, in a few words, and the edit. */
export interface Suggestion {
  desc: string;
  fix: Fix;
}

export interface SuppressedDiagnostic extends Diagnostic {
  justification: string;
  /**
   * The suppressions file (absolute path) when the finding is recorded in the baseline (src/files/baseline.ts)
   * rather than silenced by a `# platlint-disable…` comment.
   */
  baseline?: string;
}

/** The lint result of one file. */
export interface FileResult {
  filePath: string;
  diagnostics: Diagnostic[];
  suppressed: SuppressedDiagnostic[];
  /** Documents recognised as plat kinds and checked. */
  documentsChecked: number;
  /** Documents of no plat group, skipped silently. */
  documentsSkipped: number;
  /** Documents of a plat group platlint does not check (`apps`, `networking.plat.io` …), counted, not reported. */
  documentsUnchecked?: number;
  /**
   * Of `documentsChecked` (and counted in it), the documents embedded in the file's string values: a
   * ConfigMap's `data`, a Secret's `stringData` or base64 `data`, a `files[].content` (src/lint/embedded.ts).
   */
  documentsEmbedded?: number;
  /** The file does not parse and names no plat group (another tool's file: a template, JSON lines …): counted, not reported. */
  notParsed?: boolean;
  /**
   * Documents with template syntax in their YAML structure (Go, Helm or Jinja actions and tags `{{ … }}`,
   * `{% … %}`, ytt annotations): unrendered templates, not linted, counted. The file's other documents are linted.
   */
  documentsTemplated?: number;
}

/**
 * The ruleId of the one finding no rule raises: the warning about a file named on the command line that the
 * configuration ignores (src/files/discover.ts). ESLint gives that message `ruleId: null`: the JSON output does
 * too, SARIF makes it a tool notification, and the text formats show no rule for it.
 */
export const IGNORED_FILE = 'ignored';

// Template syntax in a text another tool renders (Helm and Go templates, Jinja, ytt), by document: where it
// stands in the YAML structure, the document is not what the platform reads (a templated document); where it is
// only data (inside a quoted or block scalar, or in a comment), the document is read as written. Decided by the
// lexer's scalar extents (the platform's: document marker lines end quoted scalars and flow collections), so
// that the scan agrees with the reading about where each scalar and each document starts and ends.
import { lex } from './compose.js';

/**
 * The start of a Go or Jinja action or tag: `{{ .Values.name }}`, `{{- if … }}`, `{{ end }}`, `{{ca_crt}}` (a
 * `sed` placeholder), a Go template comment, `{% for … %}`. Braces around anything else (`{{}}`, `{{ 1 }}`) are
 * a flow mapping the YAML reader reads as such.
 */
const ACTION = /\{\{-?\s*(?:[-.$a-zA-Z_/("'[]|end\b)|\{%-?\s*[a-z]/g;
/** A ytt annotation (`#@ load(…)`, `#@ for …`, `name: #@ data.values.name`): a comment to YAML, the template's structure to ytt. */
const YTT = /^#@[ \t]?[a-zA-Z_(]/;
/** ytt statements that annotate no node: the end of a block, a module's load. */
const YTT_STATEMENT = /^#@[ \t]*(?:end\b|load\()/;
/**
 * A shell or envsubst placeholder that is a whole plain scalar (`${KUBE_VIP_CONTENT}`, `$(RULES)`): standing as
 * the first content of a line, it is a line the YAML reader cannot read as written (what it stands for is more
 * YAML, `envsubst < x.yaml.tmpl`). As a value (`secret: ${KEY}`) it is read, and reported as a placeholder.
 */
const LINE_PLACEHOLDER = /^\$(?:\{[A-Za-z_][A-Za-z0-9_]*(?:[:?+=-][^}\n]*)?\}|\([A-Za-z_][A-Za-z0-9_]*\))$/;
/** A line starting with a shell placeholder's `${` or `$(` (after blanks). */
const LINE_DOLLAR = /^[ \t]*\$[{(]/m;

/**
 * What a text holds before any of the above can be in it (a fast test: most texts hold none): `{{`, `{%`, `#@`,
 * or a line starting with `${` or `$(`. String searches first: one regular expression of the four, its
 * `^[ \t]*` alternative tried at every line, was ~2% of a bulk run (issue 26).
 */
function maybeTemplated(text: string): boolean {
  if (text.includes('{{') || text.includes('{%') || text.includes('#@')) return true;
  return text.includes('$') && LINE_DOLLAR.test(text);
}

/** The lexer's marks that stand for no text (src/parse/compose.ts). */
const DOC_MARK = '\x02';
const FLOW_END_MARK = '\x18';
const SCALAR_MARK = '\x1f';

/** A document's part of a text: from after its `---` (or the text's start, or a `...`) to the next marker. */
interface Region {
  start: number;
  end: number;
  /** It starts with a `---` line (a document even when it holds nothing). */
  marked: boolean;
  /** Where its first lexeme that is not a space, a line break or a comment starts (-1: none). */
  content: number;
  templated: boolean;
}

/** The templated documents of a text. */
export interface TemplateScan {
  /**
   * The text with each templated document's characters replaced by spaces (line breaks kept, so every offset,
   * line and column of the other documents stays as it was, and a document that starts without `---` keeps its
   * place as a `~`, a null document): the text the platform's reader is given instead.
   */
  text: string;
  /** How many documents hold template syntax in their structure (not read: the template tool renders them). */
  templated: number;
}

/**
 * The documents of a text that hold template syntax in their YAML structure: an action or tag outside any
 * scalar (`name: {{ .Values.name }}`, a flow mapping to YAML; a `{{- if … }}` or `{% for … %}` line) or in a
 * plain scalar (`image: repo/{{ .Values.tag }}`), or a ytt annotation (a comment to YAML; an annotation on a
 * line of its own before a document's first content belongs to that document, as `#@ for` before a `---`).
 * Inside a quoted or block scalar, or in another comment, template syntax is data. Undefined when the text
 * holds none (the common case costs one search of the text).
 */
export function scanTemplates(text: string): TemplateScan | undefined {
  if (!maybeTemplated(text)) return undefined;
  const regions: Region[] = [];
  let region: Region = { start: 0, end: text.length, marked: false, content: -1, templated: false };
  const close = (at: number, marked: boolean, next: number) => {
    region.end = at;
    regions.push(region);
    region = { start: next, end: text.length, marked, content: -1, templated: false };
  };
  ACTION.lastIndex = 0;
  let action = ACTION.exec(text);
  let offset = 0;
  let scalarNext = false;
  let blockNext = false;
  /** A ytt annotation on a line of its own waits for the content it annotates. */
  let yttWaiting = false;
  /** The current line holds content (an annotation after it annotates it). */
  let lineContent = false;
  for (const lexeme of lex(text)) {
    if (lexeme === DOC_MARK || lexeme === FLOW_END_MARK) continue;
    if (lexeme === SCALAR_MARK) {
      scalarNext = true;
      continue;
    }
    const start = offset;
    offset += lexeme.length;
    const first = lexeme.charCodeAt(0);
    /** Whether template syntax in this lexeme is data. */
    let data = false;
    if (scalarNext) {
      // a scalar's text: a block scalar's content is data, a plain scalar's is structure
      data = blockNext;
      // a plain scalar that is a placeholder alone on its line stands for YAML another tool writes there
      if (!blockNext && !lineContent && LINE_PLACEHOLDER.test(lexeme)) region.templated = true;
      scalarNext = blockNext = false;
    } else if (lexeme === '---' || lexeme === '...') {
      close(start, lexeme === '---', offset);
      continue;
    } else if (first === 35 /* # */) {
      data = true;
      if (YTT.test(lexeme)) {
        // after content on its line it annotates that content; on a line of its own, the content after it (the
        // next document's when a `---` comes first: `#@ for/end … :`), except a statement that annotates nothing
        // (the block an `#@ end` closes was opened by an annotation of its own)
        if (lineContent) region.templated = true;
        else if (!YTT_STATEMENT.test(lexeme)) yttWaiting = true;
      }
    } else if (first === 34 /* " */ || first === 39 /* ' */) data = true;
    else if (first === 124 /* | */ || first === 62 /* > */) blockNext = true;
    if (first === 10 || first === 13) lineContent = false;
    else if (first !== 35 && first !== 32 && first !== 9 && lexeme !== '') {
      lineContent = true;
      if (region.content === -1) region.content = start;
      if (yttWaiting) {
        region.templated = true;
        yttWaiting = false;
      }
    }
    for (; action !== null && action.index < offset; action = ACTION.exec(text)) {
      if (!data) region.templated = true;
    }
  }
  close(text.length, false, text.length);
  if (offset !== text.length) {
    // the lexemes do not cover the text (never seen): nothing of it is read, as before documents were told apart
    return { text: blank(text, [{ start: 0, end: text.length, marked: false, content: text.search(/\S/), templated: true }]), templated: 1 };
  }
  const templated = regions.filter((r) => r.templated);
  if (templated.length === 0) return undefined;
  return { text: blank(text, templated), templated: templated.length };
}

/**
 * The text with the regions' characters but line breaks replaced by spaces, and a `~` where the content of one
 * that starts without `---` starts. (A region with content holds no directive: the reader takes a `%` line for a
 * directive only before a document's `---`, where no content is.)
 */
function blank(text: string, regions: readonly Region[]): string {
  let out = '';
  let at = 0;
  for (const r of regions) {
    out += text.slice(at, r.start);
    let part = text.slice(r.start, r.end).replace(/[^\r\n]/g, ' ');
    if (!r.marked && r.content >= r.start) part = part.slice(0, r.content - r.start) + '~' + part.slice(r.content - r.start + 1);
    out += part;
    at = r.end;
  }
  return out + text.slice(at);
}

// What the CI report formats (sarif, github, junit, gitlab, compact) share: repository-relative paths,
// one order of findings, and the stable fingerprint of a finding.
import { toPointer } from '../path.js';
import type { LintResult, LocatedDiagnostic } from '../lint/lint.js';
import { host } from '../services/host.js';

/**
 * A file's path as CI tools want it: relative to the working folder (the repository root in CI), with `/`
 * separators and no leading `./`. Files outside the working folder keep their absolute path; names such as
 * `<text>` (standard input) are kept as they are.
 */
export function repoPath(filePath: string, cwd: string): string {
  const { isAbsolute, relative, sep } = host().path;
  if (filePath.startsWith('<') || !isAbsolute(filePath)) return filePath.split(sep).join('/').replace(/^(\.\/)+/, '');
  const rel = relative(cwd, filePath);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return filePath.split(sep).join('/');
  return rel.split(sep).join('/');
}

/** Whether `repoPath` could make the path relative (false for files outside the working folder and `<text>`). */
export function isRepoRelative(path: string): boolean {
  return !path.startsWith('<') && !path.startsWith('/') && !/^[A-Za-z]:[\\/]/.test(path);
}

export interface Finding {
  /** The file's repository-relative path. */
  path: string;
  result: LintResult;
  d: LocatedDiagnostic;
}

/** Compares findings by file, then line, column and rule (the order every report lists them in). */
export function byPosition(a: Finding, b: Finding): number {
  return cmp(a.path, b.path) || a.d.line - b.d.line || a.d.column - b.d.column || cmp(a.d.ruleId, b.d.ruleId) || cmp(a.d.message, b.d.message);
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Every (unsuppressed) finding of a run, with its repository-relative path, sorted by position. */
export function findings(results: readonly LintResult[], cwd: string): Finding[] {
  const out: Finding[] = [];
  for (const result of results) {
    const path = repoPath(result.filePath, cwd);
    for (const d of result.diagnostics) out.push({ path, result, d });
  }
  return out.sort(byPosition);
}

/** Positions written into messages (`config/a.yaml:4:3`, `line 4, column 3`): left out of fingerprints. */
const POSITIONS = /:\d+:\d+\b|\bline \d+(?:, column \d+)?/g;

/**
 * Stable fingerprints of findings: a SHA-256 of the file's path, the rule, the document index, the JSON
 * pointer and the message with any positions in it taken out, so that editing other lines of the file does
 * not change them. Identical findings get distinct fingerprints by their order of occurrence.
 */
export function fingerprinter(): (path: string, d: Pick<LocatedDiagnostic, 'ruleId' | 'document' | 'path' | 'message'>) => string {
  const seen = new Map<string, number>();
  return (path, d) => {
    const base = JSON.stringify(['platlint/v1', path, d.ruleId, d.document, toPointer(d.path), d.message.replace(POSITIONS, ':#')]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return host().sha256Hex(n === 0 ? base : `${base}#${n}`);
  };
}

/**
 * Rule areas whose findings weaken security (data stored unencrypted or with a bad key, broad grants): GitLab
 * ranks them one step higher, SARIF tags them `security` with a `security-severity`.
 */
export const SECURITY_AREAS: readonly string[] = ['encryption/', 'security/'];

export function isSecurityRule(ruleId: string): boolean {
  return SECURITY_AREAS.some((a) => ruleId.startsWith(a));
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * What the run read, for summary lines: `30 documents checked (3 embedded), 4 skipped as not plat, 2 of plat
 * groups platlint does not check, 1 file not plat and not parsed, 3 skipped as unrendered templates`; the
 * embedded documents (counted among those checked: documents in string values, src/lint/embedded.ts) and the
 * last three only when there are any (documents are counted, except the files not parsed).
 */
export function documentCounts(results: readonly Pick<LintResult, 'documentsUnchecked' | 'documentsEmbedded' | 'notParsed' | 'documentsTemplated'>[], checked: number, skipped: number): string {
  let unchecked = 0;
  let embedded = 0;
  let unparsed = 0;
  let templates = 0;
  for (const r of results) {
    unchecked += r.documentsUnchecked ?? 0;
    embedded += r.documentsEmbedded ?? 0;
    if (r.notParsed) unparsed++;
    templates += r.documentsTemplated ?? 0;
  }
  let out = `${plural(checked, 'document')} checked${embedded > 0 ? ` (${embedded} embedded)` : ''}, ${skipped} skipped as not plat`;
  if (unchecked > 0) out += `, ${unchecked} of plat groups platlint does not check`;
  if (unparsed > 0) out += `, ${plural(unparsed, 'file')} not plat and not parsed`;
  if (templates > 0) out += `, ${templates} skipped as unrendered templates`;
  return out;
}

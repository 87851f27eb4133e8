import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { diagnosticPath } from '../../src/kinds/field-path.js';
import type { LocatedDiagnostic } from '../../src/lint/lint.js';

export const ROOT = join(import.meta.dirname, '..', '..');

/** `# expect: <rule> <path> <line>:<col>` lines at the top of an invalid fixture; `<path>` in the platform's notation (src/kinds/field-path.ts). */
export function expectations(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    // the path is everything between the rule id and the position: a map key may hold spaces (`labels[a b]`)
    const m = /^#\s*expect:\s*(\S+)\s+(\S.*?)\s+(\d+:\d+)\s*$/.exec(line);
    if (m) out.push(`${m[1]} ${m[2]} ${m[3]}`);
    else if (/^#\s*expect:/.test(line)) throw new Error(`malformed expect line: ${line}`);
  }
  return out.sort();
}

/** A finding in the shape of an expect line; a document-level finding's path is written `-`. */
export function asExpectation(d: LocatedDiagnostic): string {
  return `${d.ruleId} ${diagnosticPath(d) || '-'} ${d.line}:${d.column}`;
}

/** Node agent command-line fixtures (`platlint flags`): systemd units and drop-ins, environment files, files of flags. */
export const FLAGS_FIXTURE = /\.(flags|service|conf|env)$/;

/** The fixture files of a folder: YAML and JSON documents, and command-line fixtures (FLAGS_FIXTURE). */
export function yamlFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => /\.(ya?ml|json)$/.test(f) || FLAGS_FIXTURE.test(f))
    .sort()
    .map((f) => join(dir, f));
}

/** Every file below a folder, at any depth, whose name matches `names` (default: YAML and JSON documents). */
export function filesBelow(dir: string, names: RegExp = /\.(ya?ml|json)$/): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? filesBelow(p, names) : names.test(n) ? [p] : [];
  });
}

export function read(file: string): string {
  return readFileSync(file, 'utf8');
}

export function rel(file: string): string {
  return relative(ROOT, file);
}

/** Every folder below `dir` that has valid/ or invalid/ children. */
export function caseDirs(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (d: string) => {
    const names = readdirSync(d, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    if (names.includes('valid') || names.includes('invalid')) out.push(d);
    for (const n of names) if (n !== 'valid' && n !== 'invalid') walk(join(d, n));
  };
  walk(dir);
  return out.sort();
}

/** Renders findings one per line for message snapshots. */
export function renderMessages(ds: readonly LocatedDiagnostic[]): string {
  return ds.map((d) => `${d.line}:${d.column}-${d.endLine}:${d.endColumn} ${d.severity} ${d.ruleId} ${diagnosticPath(d) || '-'}: ${d.message}`).join('\n') + '\n';
}

/**
 * The code of the first fenced `language` block after `marker` in a page of the documentation (`page` from the
 * repository's root, such as `docs/editors.md`): the editor tests run exactly what the page shows.
 */
export function docBlock(page: string, marker: string, language: 'lua' | 'elisp'): string {
  const text = readFileSync(join(ROOT, page), 'utf8');
  const at = text.indexOf(marker);
  if (at < 0) throw new Error(`${page} has no ${marker} marker`);
  const m = new RegExp(`^\`\`\`${language}\n([\\s\\S]*?)^\`\`\`$`, 'm').exec(text.slice(at));
  if (!m) throw new Error(`${page} has no ${language} block after ${marker}`);
  return m[1]!;
}

import type { LintResult, LocatedDiagnostic } from '../lint/lint.js';
import type { FormatContext } from './context.js';
import { byPosition, repoPath } from './ci-common.js';

/** Text and attribute values of XML 1.0: the five entities, and characters XML cannot hold dropped. */
export function escapeXml(s: string): string {
  return s
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** An attribute value: escaped, and line breaks kept as character references (parsers normalise raw ones to spaces). */
function attr(s: string): string {
  return escapeXml(s).replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;');
}

function caseName(path: string, d: LocatedDiagnostic): string {
  return `${d.ruleId} ${path}:${d.line}:${d.column}`;
}

interface Suite {
  path: string;
  cases: string[];
  failures: number;
  errors: number;
}

/** One test suite per file: a failing case per error, a passing case per warning and per clean document. */
function suite(result: LintResult, cwd: string): Suite | undefined {
  const path = repoPath(result.filePath, cwd);
  const sorted = result.diagnostics.map((d) => ({ path, result, d })).sort(byPosition);
  // a file with nothing to check (no plat document) and nothing found is left out of the report
  if (sorted.length === 0 && result.documentsChecked === 0) return undefined;
  const cases: string[] = [];
  const names = new Map<string, number>();
  let failures = 0;
  let errors = 0;
  for (const { d } of sorted) {
    // GitLab keys test cases by classname and name and keeps only the first of duplicates
    let name = caseName(path, d);
    const seen = names.get(name) ?? 0;
    names.set(name, seen + 1);
    if (seen > 0) name += ` (${seen + 1})`;
    // parse errors (a file that cannot be read or parsed) are errors and other errors failures; a warning does
    // not fail the run (unless --max-warnings), so its case passes with the warning in its output
    const body = escapeXml(`${path}:${d.line}:${d.column} ${d.severity} ${d.message} (${d.ruleId})`);
    let inner: string;
    if (d.fatal || d.severity === 'error') {
      const element = d.fatal ? 'error' : 'failure';
      if (d.fatal) errors++;
      else failures++;
      inner = `<${element} type="${attr(d.ruleId)}" message="${attr(d.message)}">${body}</${element}>`;
    } else {
      inner = `<system-out>${body}</system-out>`;
    }
    cases.push(`    <testcase classname="${attr(path)}" name="${attr(name)}" time="0">\n      ${inner}\n    </testcase>\n`);
  }
  // checked documents with findings (findings of checked documents carry their kind; suppressed ones do not
  // count); every other checked document passed
  const withFindings = new Set(result.diagnostics.filter((d) => d.document >= 0 && d.kind !== undefined).map((d) => d.document)).size;
  const clean = Math.max(0, result.documentsChecked - withFindings);
  for (let i = 1; i <= clean; i++) {
    cases.push(`    <testcase classname="${attr(path)}" name="${attr(`${path} clean document ${i} of ${clean}`)}" time="0"/>\n`);
  }
  return { path, cases, failures, errors };
}

/**
 * JUnit XML as Jenkins (xunit's junit-10.xsd) and GitLab (`artifacts: reports: junit`) read it: one
 * `testsuite` per file, one `testcase` per finding (unique names: rule, path, line and column) that fails for
 * an error and passes for a warning (the warning in its `system-out`: a warning fails the run only past
 * `--max-warnings`, so it does not fail the report), an `error` for a file that cannot be parsed, and one
 * passing case per clean document so that the totals mean something. Files with no plat document and no finding are left out.
 */
export function formatJunit(results: readonly LintResult[], ctx: Pick<FormatContext, 'cwd'>): string {
  const suites = results.map((r) => suite(r, ctx.cwd)).filter((s): s is Suite => s !== undefined).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  let tests = 0;
  let failures = 0;
  let errors = 0;
  let body = '';
  for (const s of suites) {
    tests += s.cases.length;
    failures += s.failures;
    errors += s.errors;
    body +=
      `  <testsuite name="${attr(s.path)}" tests="${s.cases.length}" failures="${s.failures}" errors="${s.errors}" skipped="0" time="0" file="${attr(s.path)}">\n` +
      s.cases.join('') +
      '  </testsuite>\n';
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="platlint" tests="${tests}" failures="${failures}" errors="${errors}" time="0">\n${body}</testsuites>\n`;
}

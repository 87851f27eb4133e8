import type { LintResult, LocatedDiagnostic } from '../lint/lint.js';
import type { FormatContext } from './context.js';
import { findings, fingerprinter, isSecurityRule } from './ci-common.js';

/** One issue of a GitLab Code Quality report (the Code Climate fields GitLab reads, plus `type`). */
export interface CodeQualityIssue {
  type: 'issue';
  check_name: string;
  description: string;
  severity: 'info' | 'minor' | 'major' | 'critical' | 'blocker';
  fingerprint: string;
  location: {
    path: string;
    positions: { begin: { line: number; column: number }; end: { line: number; column: number } };
  };
}

/**
 * error → major, warning → minor; one step higher for security-relevant rules (`encryption/`, `security/`:
 * critical, major); blocker for a file that cannot be read or parsed.
 */
export function codeQualitySeverity(d: Pick<LocatedDiagnostic, 'ruleId' | 'severity' | 'fatal'>): CodeQualityIssue['severity'] {
  if (d.fatal) return 'blocker';
  const security = isSecurityRule(d.ruleId);
  if (d.severity === 'warning') return security ? 'major' : 'minor';
  return security ? 'critical' : 'major';
}

/** The GitLab Code Quality issues of a run: suppressed findings left out, fingerprints without line numbers. */
export function toCodeQuality(results: readonly LintResult[], ctx: Pick<FormatContext, 'cwd'>): CodeQualityIssue[] {
  const fingerprint = fingerprinter();
  return findings(results, ctx.cwd).map(({ path, d }) => ({
    type: 'issue',
    check_name: d.ruleId,
    description: d.message,
    severity: codeQualitySeverity(d),
    fingerprint: fingerprint(path, d),
    location: {
      path,
      positions: { begin: { line: d.line, column: d.column }, end: { line: d.endLine, column: d.endColumn } },
    },
  }));
}

/** `artifacts: reports: codequality`: a JSON array (no byte-order mark). */
export function formatGitlab(results: readonly LintResult[], ctx: Pick<FormatContext, 'cwd'>): string {
  return JSON.stringify(toCodeQuality(results, ctx), null, 2) + '\n';
}

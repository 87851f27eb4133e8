/**
 * Where a rule's documentation lives. The project has no public home yet: the base is a placeholder that
 * every link goes through (SARIF `helpUri`, the GitHub step summary, the language server's
 * `codeDescription.href`), so changing it here changes them all.
 */
export const DOCS_BASE = 'https://platlint.invalid/docs/rules.md';

/** The tool's home page (SARIF `informationUri`). */
export const HOME_URL = 'https://platlint.invalid/';

/** The anchor of a rule's heading in docs/rules.md (`## schema/unknown-field` → `schemaunknown-field`, as src/check/rule-docs.ts links it). */
export function ruleAnchor(ruleId: string): string {
  return ruleId.replace(/[^a-z0-9-]/g, '');
}

/** The URL of a rule's documentation: its anchor in docs/rules.md. */
export function ruleDocsUrl(ruleId: string): string {
  return `${DOCS_BASE}#${ruleAnchor(ruleId)}`;
}

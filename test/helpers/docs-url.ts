/**
 * Where the reports' and the editor's rule links point: a rule's heading in docs/rules.md of the repository
 * package.json names (its owner a placeholder until the project is published; test/formats.test.ts checks that
 * src/report/rule-url.ts and package.json agree). Append the rule's anchor (`schemaunknown-field`).
 */
export const DOCS = 'https://github.com/PLACEHOLDER-OWNER/platlint/blob/HEAD/docs/rules.md#';

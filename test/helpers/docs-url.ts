/**
 * Where the reports' and the editor's rule links point: the folder of the rules' pages, docs/rules/ of the
 * repository package.json names (its owner a placeholder until the project is published; test/formats.test.ts
 * checks that src/report/rule-url.ts and package.json agree). Append the rule's page, `schema/unknown-field.md`.
 */
export const DOCS = 'https://github.com/PLACEHOLDER-OWNER/platlint/blob/HEAD/docs/rules/';

// The public API of platlint (for Node.js: it installs the Node.js host; src/browser.ts is the browser's).
import { useNodeHost } from './files/node-host.js';

useNodeHost();

export { lintText, lintBytes, type LintOptions, type LintResult, type LocatedDiagnostic, type LocatedSuppressed } from './lint/lint.js';
export { LineCache } from './parse/lines.js';
export { lintFiles, lintFile, lintFlagFiles, resolveConfig, type LintFilesOptions } from './files/lint-files.js';
export { lintFlagsText, lintFlagsArgs, type FlagsLintOptions } from './flags/lint.js';
export { checkSet, type SetOptions } from './files/across-files.js';
export { canI, whoCan, rulesFor, reviewAccess, diffAccess, type AccessQuery, type AccessOptions, type ReviewQuery, type DiffTextsQuery } from './files/access-files.js';
export { AccessQuestionError, type AccessQuestion } from './access/query.js';
export { parseConfig, configFor, ConfigError, type Config, type Override, type SeveritySetting } from './config/config.js';
export { loadConfig, findConfig } from './files/config-file.js';
export { KINDS, CORE_KINDS, COMMAND_KINDS, commandKind, identify, type KindSpec } from './kinds/kinds.js';
export { ALL_RULES } from './check/registry.js';
export { formatPath, type Path } from './path.js';
export { fieldPath, diagnosticPath } from './kinds/field-path.js';
export { toJson, formatJson, type JsonResult, type JsonMessage } from './report/json.js';
export { formatStylish } from './report/stylish.js';
export { renderRuleDocs, rulePagePath, explainRule, allRules, type RuleExamples, type RuleExample } from './check/rule-docs.js';
export type { Diagnostic, Severity, Range, Position } from './finding.js';

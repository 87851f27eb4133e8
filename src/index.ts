// The public API of platlint (for Node.js: it installs the Node.js host; src/browser.ts is the browser's).
import { useNodeHost } from './node-host.js';

useNodeHost();

export { lintText, lintBytes, type LintOptions, type LintResult, type LocatedDiagnostic, type LocatedSuppressed } from './lint.js';
export { LineCache } from './lex-read.js';
export { lintFiles, lintFile, lintFlagFiles, resolveConfig, type LintFilesOptions } from './files.js';
export { lintFlagsText, lintFlagsArgs, type FlagsLintOptions } from './flags/lint.js';
export { checkSet, type SetOptions } from './sets.js';
export { parseConfig, configFor, ConfigError, type Config, type Override, type SeveritySetting } from './config.js';
export { loadConfig, findConfig } from './config-file.js';
export { KINDS, CORE_KINDS, COMMAND_KINDS, commandKind, identify, type KindSpec } from './kinds.js';
export { ALL_RULES } from './rule-registry.js';
export { formatPath, type Path } from './path.js';
export { fieldPath, diagnosticPath } from './field-path.js';
export { toJson, formatJson, type JsonResult, type JsonMessage } from './formatters/json.js';
export { formatStylish } from './formatters/stylish.js';
export { renderRulesDoc, explainRule, allRules, type RuleExamples } from './docs.js';
export type { Diagnostic, Severity, Range, Position } from './types.js';

// The messages between the page (lint-client.ts) and its worker (worker.ts).
import type { canI, JsonMessage, whoCan } from 'platlint/browser';

/** What is linted: the editor's text under the configuration pane's text, with the file's name. */
export interface LintInput {
  filename: string;
  text: string;
  /** The text of platlint.config.yaml; '' for no configuration (the CLI's run without one). */
  config: string;
}

/** A problem of the configuration text (ConfigError's `problems`), 1-based as the CLI prints them. */
export interface ConfigProblem {
  message: string;
  /** config/syntax, config/schema, config/unknown-rule or config/policy ('' when the error has none) */
  code: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/** An access question (the Access pane), asked over the editor's text as one file under the configuration. */
export interface AccessInput extends LintInput {
  mode: 'can-i' | 'who-can';
  verb: string;
  /** `resource[.group][/subresource]`, or a non-resource URL path (starting with `/`). */
  resource: string;
  /** '' for none */
  name: string;
  /** '' for cluster-wide */
  namespace: string;
  /** can-i only */
  user: string;
  groups: string[];
}

/** What `platlint access can-i --format json` / `who-can --format json` print. */
export type AccessAnswer = { mode: 'can-i'; json: ReturnType<typeof canI> } | { mode: 'who-can'; json: ReturnType<typeof whoCan> };

export type Request =
  | ({ type: 'lint'; id: number } & LintInput)
  | ({ type: 'fix'; id: number } & LintInput)
  | { type: 'rules'; id: number; config: string }
  | { type: 'explain'; id: number; rule: string; config: string }
  | ({ type: 'access'; id: number } & AccessInput);

/** A rule as the page lists it (the browser bundle's `rules`, and the configuration's policies). */
export interface RuleSummary {
  id: string;
  description: string;
  /** error, warning, or off (off by default) */
  severity: string;
  /** The rule's page in docs/rules/ (empty for a policy of the configuration). */
  url: string;
}

export interface LintOutcome {
  /** The findings, as `platlint --format json` gives them for the file (the checks across files included). */
  messages: JsonMessage[];
  suppressed: number;
  documentsChecked: number;
  /** The JSON and SARIF reports of the findings. */
  json: string;
  sarif: string;
}

export type Reply =
  | { type: 'ready' }
  | { type: 'lint'; id: number; outcome: LintOutcome }
  | { type: 'fix'; id: number; output: string | undefined; fixed: number }
  | { type: 'rules'; id: number; rules: RuleSummary[]; version: string }
  | { type: 'explain'; id: number; text: string | undefined }
  | { type: 'access'; id: number; answer: AccessAnswer }
  /** The question cannot be asked (no verb, no user …): why, as the CLI says it. */
  | { type: 'access-error'; id: number; message: string }
  /** The configuration text is not valid: the CLI stops (exit 2) and lints nothing. */
  | { type: 'config-error'; id: number; message: string; problems: ConfigProblem[] }
  /** Something failed that should not have (a bug): its message. */
  | { type: 'failed'; id: number; message: string };

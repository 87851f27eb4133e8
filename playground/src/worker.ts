// The playground's module worker: platlint's browser bundle (dist/browser/platlint.mjs, copied beside it as
// platlint.js) lints, fixes and explains here, off the page's thread. The page terminates this worker to cancel a
// lint that a newer text made useless (lint-client.ts); so every request is answered in one synchronous run.
import { canI, checkSet, ConfigError, explain, fixText, formatSarif, lintText, parseConfig, rules, toJson, VERSION, whoCan, type Config } from 'platlint/browser';
import type { Reply, Request } from './protocol.js';

const scope = self as unknown as { postMessage(message: Reply): void; onmessage: ((event: MessageEvent<Request>) => void) | null };

/** The configuration of a text; undefined for none (an empty pane). Throws a ConfigError when it is not valid. */
const configOf = (text: string): Config | undefined => (text.trim() === '' ? undefined : parseConfig(text));

function answer(request: Request): Reply {
  switch (request.type) {
    case 'lint': {
      const config = configOf(request.config);
      const options = { filename: request.filename, ...(config ? { config } : {}) };
      // the checks across files over this one file, as `platlint FILE` runs them
      const results = checkSet([lintText(request.text, options)], config ? { config } : {});
      const json = toJson(results)[0]!;
      return {
        type: 'lint',
        id: request.id,
        outcome: {
          messages: json.messages,
          suppressed: json.suppressedMessages.length,
          documentsChecked: results[0]!.documentsChecked,
          json: JSON.stringify(toJson(results), null, 2),
          sarif: formatSarif(results, config ? { config } : {}),
        },
      };
    }
    case 'fix': {
      const config = configOf(request.config);
      const fixed = fixText(request.text, { filename: request.filename, ...(config ? { config } : {}) });
      return { type: 'fix', id: request.id, output: fixed.output, fixed: fixed.fixed };
    }
    case 'rules': {
      let policies: Config['policies'];
      try {
        policies = configOf(request.config)?.policies;
      } catch {
        policies = undefined;
      }
      const list = rules.map((r) => ({ id: r.id, description: r.description, severity: r.defaultOff ? 'off' : r.severity, url: r.url }));
      const own = (policies?.policies ?? []).map((p) => ({ id: p.id, description: p.description, severity: p.severity, url: '' }));
      return { type: 'rules', id: request.id, rules: [...list, ...own], version: VERSION };
    }
    case 'explain': {
      let config: Config | undefined;
      try {
        config = configOf(request.config);
      } catch {
        config = undefined;
      }
      return { type: 'explain', id: request.id, text: explain(request.rule, config) };
    }
    case 'access': {
      const config = configOf(request.config);
      const r = request;
      const question = {
        verb: r.verb.trim(),
        ...(r.resource.trim().startsWith('/') ? { url: r.resource.trim() } : r.resource.trim() !== '' ? { resource: r.resource.trim() } : {}),
        ...(r.name.trim() !== '' ? { name: r.name.trim() } : {}),
        ...(r.namespace.trim() !== '' ? { namespace: r.namespace.trim() } : {}),
        files: [{ name: r.filename, text: r.text }],
        ...(config ? { config } : {}),
      };
      try {
        return {
          type: 'access',
          id: r.id,
          answer: r.mode === 'can-i' ? { mode: 'can-i', json: canI({ ...question, user: r.user.trim(), groups: r.groups }) } : { mode: 'who-can', json: whoCan(question) },
        };
      } catch (err) {
        // a question that cannot be asked (AccessQuestionError: no verb, no user, a bad resource …)
        if (err instanceof ConfigError) throw err;
        return { type: 'access-error', id: r.id, message: err instanceof Error ? err.message : String(err) };
      }
    }
  }
}

scope.onmessage = (event) => {
  const request = event.data;
  try {
    scope.postMessage(answer(request));
  } catch (err) {
    if (err instanceof ConfigError) {
      const problems = err.problems.map((p) => ({ message: p.message, code: p.code ?? '', line: p.line, column: p.column, endLine: p.endLine ?? p.line, endColumn: p.endColumn ?? p.column }));
      if (problems.length === 0) problems.push({ message: err.message, code: '', line: 1, column: 1, endLine: 1, endColumn: 1 });
      scope.postMessage({ type: 'config-error', id: request.id, message: err.message, problems });
    } else {
      scope.postMessage({ type: 'failed', id: request.id, message: err instanceof Error ? err.message : String(err) });
    }
  }
};
scope.postMessage({ type: 'ready' });

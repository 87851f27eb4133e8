// The language server's lint thread (built into dist/lsp-worker.cjs, started by src/lsp/lint-thread.ts): it
// lints one document at a time, so that the server's own thread is always free to answer hover, completion
// and code actions, however long a lint takes.
import { createRequire } from 'node:module';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { Config } from '../config/config.js';
import { useNodeHost } from '../files/node-host.js';
import { lintJob, type OnText } from './lint-job.js';
import type { LintReply, LintRequest, LintThreadData } from './lint-thread.js';

/**
 * Configurations by the server's id for them: the same object for every lint under one configuration keeps
 * the engine's caches per configuration warm (src/lint/lint.ts enabledIn). Dropped whole when it grows: the server
 * makes a new id only when a configuration file changes.
 */
const configs = new Map<number, Config>();
const MAX_CONFIGS = 64;

function configOf(request: LintRequest): Config {
  let config = configs.get(request.configId);
  if (!config) {
    if (configs.size >= MAX_CONFIGS) configs.clear();
    configs.set(request.configId, (config = request.config));
  }
  return config;
}

/** The `onText` export of the module the server was given for its thread (src/lsp/server.ts ServerOptions), if any. */
function injectedOnText(): OnText | undefined {
  const module = (workerData as LintThreadData | undefined)?.onTextModule;
  return module === undefined ? undefined : (createRequire(import.meta.url)(module) as { onText: OnText }).onText;
}

if (!isMainThread && parentPort) {
  useNodeHost();
  const port = parentPort;
  const onText = injectedOnText();
  port.on('message', (request: LintRequest) => {
    let reply: LintReply;
    try {
      reply = { id: request.id, diagnostics: lintJob(request.job, configOf(request), onText) };
    } catch (err) {
      // the error's name and first line are all the `internal/error` diagnostic shows
      const e = err instanceof Error ? err : new Error(String(err));
      reply = { id: request.id, error: { name: e.name, message: String(e.message) } };
    }
    port.postMessage(reply);
  });
}

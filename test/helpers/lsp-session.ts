// The set-up the language-server tests share: a scratch folder for their projects, and servers started with a
// workspace root, each killed after its test.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { LspClient } from './lsp-client.js';

export interface LspSession {
  /** The scratch folder (made before the file's tests, removed after them). */
  dir(): string;
  /** A server initialized with `root` as its workspace folder and the client's `capabilities`. */
  started(root: string, capabilities?: Record<string, unknown>): Promise<LspClient>;
}

/** Registers the hooks of a test file that starts servers; call it at the file's top level. */
export function lspSession(prefix: string): LspSession {
  let dir: string | undefined;
  const clients: LspClient[] = [];
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), prefix));
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  afterEach(() => {
    for (const c of clients.splice(0)) c.kill();
  });
  return {
    dir: () => dir!,
    async started(root, capabilities = {}) {
      const c = LspClient.start();
      clients.push(c);
      await c.initialize(capabilities, {}, pathToFileURL(root).href);
      return c;
    },
  };
}

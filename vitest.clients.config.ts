import { defineConfig } from 'vitest/config';

// npm run test:clients: the built programs with real clients and processes (test/clients/). pre-commit,
// Neovim, Emacs and Chromium come from the Debian packages .ci/run installs; run npm run build first.
export default defineConfig({
  test: {
    include: ['test/clients/**/*.test.ts'],
    // the engine's modules and paths come from the Node.js host, as in the programs (src/services/host.ts)
    setupFiles: ['test/setup-node-host.ts'],
    pool: 'threads',
    testTimeout: 30000,
  },
});

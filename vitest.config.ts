import { configDefaults, defineConfig } from 'vitest/config';

// The default suite (npm test): everything in-process; it needs Node and npm only. What needs real programs
// or processes (pre-commit, Neovim, Emacs, spawned bin/ checks) is test/clients/: npm run test:clients.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // the tests of real programs (spawned servers, editors): npm run test:clients
    exclude: [...configDefaults.exclude, 'test/clients/**'],
    // the engine's modules and paths come from the Node.js host, as in the programs (src/services/host.ts)
    setupFiles: ['test/setup-node-host.ts'],
    pool: 'threads',
    testTimeout: 30000,
  },
});

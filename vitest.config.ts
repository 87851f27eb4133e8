import { configDefaults, defineConfig } from 'vitest/config';

// The default suite (npm test): everything in-process; it needs Node and npm only. What needs real programs
// or processes (pre-commit, Neovim, Emacs, spawned bin/ checks) is test/clients/: npm run test:clients.
// Test files share their worker's modules (isolate: false: each file would otherwise load the engine again,
// a third of the suite's time), except the files that mock a module or observe what this process loaded.
const ISOLATED = ['test/cel.test.ts', 'test/placement.test.ts', 'test/lsp-lex.test.ts'];
// in the deep suite only (npm run test:deep): inputs large enough to take seconds (vitest.deep.config.ts)
const DEEP_ONLY = ['test/scale.test.ts'];

export default defineConfig({
  test: {
    // the engine's modules and paths come from the Node.js host, as in the programs (src/services/host.ts)
    setupFiles: ['test/setup-node-host.ts'],
    pool: 'threads',
    // every core (vitest's default leaves one free: half the speed on a 2-core machine)
    maxWorkers: '100%',
    testTimeout: 30000,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['test/**/*.test.ts'],
          // the tests of real programs (spawned servers, editors): npm run test:clients
          exclude: [...configDefaults.exclude, 'test/clients/**', ...ISOLATED, ...DEEP_ONLY],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
    ],
  },
});

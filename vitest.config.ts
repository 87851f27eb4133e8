import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // the tests of real programs (spawned servers, editors): npm run test:clients
    exclude: [...configDefaults.exclude, 'test/clients/**'],
    pool: 'threads',
    testTimeout: 30000,
  },
});

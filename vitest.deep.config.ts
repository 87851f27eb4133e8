import { configDefaults, defineConfig } from 'vitest/config';

// npm run test:deep: the reader comparisons and the fuzz run over all their seeded, generated and mutated inputs
// (the default suite, vitest.config.ts, goes through a quarter of them: test/helpers/depth.ts), and the large
// inputs of test/scale.test.ts
export default defineConfig({
  test: {
    include: ['test/lex-read.test.ts', 'test/lex-cache.test.ts', 'test/placement.test.ts', 'test/lsp-lex.test.ts', 'test/fuzz.test.ts', 'test/scale.test.ts'],
    exclude: [...configDefaults.exclude],
    env: { PLATLINT_TEST_DEPTH: 'deep' },
    setupFiles: ['test/setup-node-host.ts'],
    pool: 'threads',
    maxWorkers: '100%',
    testTimeout: 120000,
  },
});

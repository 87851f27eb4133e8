// How much of their seeded, generated and mutated inputs the reader comparisons and the fuzz run go through:
// a quarter in the default suite (npm test), all of them in the deep suite (npm run test:deep, which .ci/run
// runs too: vitest.deep.config.ts sets PLATLINT_TEST_DEPTH). Every fixture is compared in both.
export const DEEP = process.env.PLATLINT_TEST_DEPTH === 'deep';

/** A count of inputs (or a floor the inputs must reach): all of it in the deep suite, a quarter otherwise. */
export function share(n: number): number {
  return DEEP ? n : Math.ceil(n / 4);
}

/** Whether the i-th of a list of generated inputs is gone through: all in the deep suite, every fourth otherwise. */
export function sampled(_: unknown, i: number): boolean {
  return DEEP || i % 4 === 0;
}

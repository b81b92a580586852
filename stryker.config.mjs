// StrykerJS's settings for `npm run test:mutation` (scripts/mutation.ts names the modules and their tests).
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  // The tests reach most guards through the request handler, which vitest's import graph does not see: the
  // test files named per module (scripts/mutation.ts) run whole.
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  coverageAnalysis: 'perTest',
  incremental: true,
  concurrency: 1,
  timeoutMS: 30_000,
  reporters: ['clear-text', 'progress'],
  thresholds: { high: 95, low: 90, break: null },
  checkers: [],
}

import { defineConfig } from 'vitest/config'

// Unit and integration tests run in Node against a fresh SQLite file per test file
// (see tests/setup.ts); the React Router plugin is not needed here.
export default defineConfig({
  test: {
    include: ['app/**/*.test.ts', 'tests/integration/**/*.test.ts', 'db/**/*.test.ts'],
    setupFiles: ['tests/setup.ts'],
    pool: 'forks',
    testTimeout: 20_000,
    // Loading the production build takes seconds, many more on a machine shared with other test runs.
    hookTimeout: 60_000,
  },
})
